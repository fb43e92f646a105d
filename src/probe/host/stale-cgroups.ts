// Cgroups a previous headroom left behind. headroom removes its groups when a run ends; if it was
// itself killed (SIGKILL, or the OOM killer picking it), they stay, and so may their processes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type MemoryCgroup, readCgroupPids, removeCgroup } from './cgroup.js';
import type { CgroupLocation } from './cgroup-detect.js';
import type { ProcStat } from './proc-table.js';

export interface StaleCgroups {
  /** Empty groups of earlier runs, now removed. */
  removedDirs: string[];
  /** Groups whose processes outlived their supervisor. */
  orphaned: { dir: string; pids: number[] }[];
}

/**
 * Looks at the `headroom-<pid>-*` groups under `parent` whose supervisor (that PID) is gone:
 * empty ones are removed, the processes of the others listed. Groups of a live headroom are
 * never touched, whatever state they are in (one may be empty between a crash and its restart).
 */
export function sweepStaleCgroups(parent: CgroupLocation, table: readonly ProcStat[]): StaleCgroups {
  const result: StaleCgroups = { removedDirs: [], orphaned: [] };
  let names: string[];
  try {
    names = readdirSync(parent.dir);
  } catch {
    return result;
  }
  const alive = new Set(table.map((stat) => stat.pid));
  for (const name of names) {
    const owner = /^headroom-(\d+)-/.exec(name)?.[1];
    if (owner === undefined || alive.has(Number(owner))) continue;
    const group: MemoryCgroup = { version: parent.version, dir: join(parent.dir, name), limitBytes: null };
    const pids = readCgroupPids(group);
    if (pids.length > 0) result.orphaned.push({ dir: group.dir, pids });
    else if (removeCgroup(group) === undefined) result.removedDirs.push(group.dir);
  }
  return result;
}
