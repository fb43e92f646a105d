// A memory cgroup per supervised process, made under headroom's own: limit, members, usage,
// peak and OOM-kill count. File names: kernel docs admin-guide/cgroup-v1/memory.rst and
// admin-guide/cgroup-v2.rst.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CgroupLocation } from './cgroup-detect.js';

/** A cgroup headroom made; `limitBytes` null means it only groups and measures. */
export interface MemoryCgroup extends CgroupLocation {
  limitBytes: number | null;
}

export type CgroupCreation = { ok: true; group: MemoryCgroup } | { ok: false; reason: string };

const describe = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? String(error);

function tryWrite(path: string, value: string): boolean {
  try {
    writeFileSync(path, value);
    return true;
  } catch {
    return false;
  }
}

function readFileOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function readNumber(path: string): number | null {
  const text = readFileOrNull(path);
  const value = text === null ? Number.NaN : Number(text.trim());
  return Number.isFinite(value) ? value : null;
}

// v2: a child gets memory.* files only when the parent delegates the controller.
function checkV2Delegation(parentDir: string): string | undefined {
  const controlPath = join(parentDir, 'cgroup.subtree_control');
  if ((readFileOrNull(controlPath) ?? '').split(/\s+/).includes('memory')) return undefined;
  // Fails with EBUSY while the parent holds processes itself ("no internal processes" rule).
  if (tryWrite(controlPath, '+memory')) return undefined;
  return `cgroup v2: ${parentDir} does not delegate the memory controller (cgroup.subtree_control)`;
}

function applyLimit(group: MemoryCgroup, parentDir: string, limitBytes: number): void {
  if (group.version === 1) {
    writeFileSync(join(group.dir, 'memory.limit_in_bytes'), String(limitBytes));
    // memory+swap limit, so swapping out does not dodge the limit; absent without swap accounting.
    if (existsSync(join(parentDir, 'memory.memsw.limit_in_bytes'))) {
      tryWrite(join(group.dir, 'memory.memsw.limit_in_bytes'), String(limitBytes));
    }
  } else {
    writeFileSync(join(group.dir, 'memory.max'), String(limitBytes));
    tryWrite(join(group.dir, 'memory.swap.max'), '0');
  }
}

/** Makes `<parent>/<name>` and sets its limit; says why not when it cannot. */
export function createMemoryCgroup(options: {
  parent: CgroupLocation;
  name: string;
  limitBytes: number | null;
}): CgroupCreation {
  const { parent, name, limitBytes } = options;
  if (parent.version === 2) {
    const reason = checkV2Delegation(parent.dir);
    if (reason) return { ok: false, reason };
  }
  const group: MemoryCgroup = { version: parent.version, dir: join(parent.dir, name), limitBytes };
  try {
    mkdirSync(group.dir);
  } catch (error) {
    return { ok: false, reason: `cannot create cgroup ${group.dir} (${describe(error)})` };
  }
  try {
    if (limitBytes !== null) applyLimit(group, parent.dir, limitBytes);
  } catch (error) {
    removeCgroup(group);
    return { ok: false, reason: `cannot set the memory limit of ${group.dir} (${describe(error)})` };
  }
  return { ok: true, group };
}

/** Moves a process into the group; throws when the kernel refuses. */
export function addCgroupPid(group: MemoryCgroup, pid: number): void {
  writeFileSync(join(group.dir, 'cgroup.procs'), String(pid));
}

/** The path a process writes its own PID to, to join the group before it execs. */
export const cgroupProcsPath = (group: MemoryCgroup): string => join(group.dir, 'cgroup.procs');

/** PIDs in the group now (empty when it is gone). */
export function readCgroupPids(group: MemoryCgroup): number[] {
  const text = readFileOrNull(join(group.dir, 'cgroup.procs')) ?? '';
  return text.split('\n').filter(Boolean).map(Number).filter(Number.isInteger);
}

/** Bytes charged to the group now, page cache included. */
export function readCgroupUsageBytes(group: CgroupLocation): number | null {
  return readNumber(join(group.dir, group.version === 1 ? 'memory.usage_in_bytes' : 'memory.current'));
}

/** The group's memory limit; null when unreadable or none on v2 ("max"); v1 writes a huge number for none. */
export function readCgroupLimitBytes(group: CgroupLocation): number | null {
  return readNumber(join(group.dir, group.version === 1 ? 'memory.limit_in_bytes' : 'memory.max'));
}

/** Highest charge since creation (v2 memory.peak needs Linux 5.19); page cache included. */
export function readCgroupPeakBytes(group: MemoryCgroup): number | null {
  return readNumber(join(group.dir, group.version === 1 ? 'memory.max_usage_in_bytes' : 'memory.peak'));
}

/** How many processes the OOM killer killed in the group (v1 `oom_kill` needs Linux 4.13). */
export function readCgroupOomKills(group: MemoryCgroup): number | null {
  const file = group.version === 1 ? 'memory.oom_control' : 'memory.events';
  const text = readFileOrNull(join(group.dir, file)) ?? '';
  const match = /^oom_kill (\d+)$/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** v2 only (Linux 5.14): SIGKILLs every process in the group at once; false where unavailable. */
export function writeCgroupKill(group: MemoryCgroup): boolean {
  const path = join(group.dir, 'cgroup.kill');
  return group.version === 2 && existsSync(path) && tryWrite(path, '1');
}

/** Removes the group; it must have no processes left. Returns why not, or undefined. */
export function removeCgroup(group: MemoryCgroup): string | undefined {
  try {
    rmdirSync(group.dir);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : describe(error);
  }
}
