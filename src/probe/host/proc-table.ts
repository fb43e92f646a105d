// One pass over /proc/*/stat: who is alive, their parent, process group and start time.
// The kernel's /proc/PID/task/TID/children needs CONFIG_PROC_CHILDREN (often off), and a
// process group or a reparented grandchild cannot be found through it, so we scan.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The fields of /proc/PID/stat headroom uses (proc(5)). */
export interface ProcStat {
  pid: number;
  comm: string;
  /** R, S, D, Z (zombie), T, ... */
  state: string;
  ppid: number;
  pgid: number;
  /** Field 22, clock ticks since boot: tells a reused PID from the process we saw. */
  startTicks: number;
}

/** Parses one /proc/PID/stat line; `comm` may hold spaces and parentheses, so split after the last `)`. */
export function parseProcStat(text: string): ProcStat | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  // After `)`: state(3) ppid(4) pgrp(5) session(6) ... starttime(22) → index 19 from state.
  const rest = text.slice(close + 2).split(' ');
  const pid = Number(text.slice(0, open).trim());
  const ppid = Number(rest[1]);
  const pgid = Number(rest[2]);
  const startTicks = Number(rest[19]);
  if (![pid, ppid, pgid, startTicks].every(Number.isFinite)) return undefined;
  return { pid, comm: text.slice(open + 1, close), state: rest[0] ?? '?', ppid, pgid, startTicks };
}

/** Reads one process's stat; undefined when it has gone (normal: processes end between reads). */
export function readProcStat(pid: number, procRoot = '/proc'): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(join(procRoot, String(pid), 'stat'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every live process (zombies excluded), read in one pass over procRoot. */
export function readProcessTable(procRoot = '/proc'): ProcStat[] {
  const table: ProcStat[] = [];
  for (const entry of readdirSync(procRoot)) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const stat = readProcStat(pid, procRoot);
    if (stat && stat.state !== 'Z') table.push(stat);
  }
  return table;
}

/** PIDs of `rootPid`'s live descendants (children, grandchildren, ...), found through ppid links. */
export function selectDescendants(table: readonly ProcStat[], rootPid: number): number[] {
  const childrenOf = childrenIndex(table);
  const found: number[] = [];
  const queue = [...(childrenOf.get(rootPid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    found.push(pid);
    queue.push(...(childrenOf.get(pid) ?? []));
  }
  return found;
}

// One parent → children index per table: a sample asks for many trees out of the same table.
const indexes = new WeakMap<readonly ProcStat[], Map<number, number[]>>();
function childrenIndex(table: readonly ProcStat[]): Map<number, number[]> {
  const cached = indexes.get(table);
  if (cached) return cached;
  const childrenOf = new Map<number, number[]>();
  for (const stat of table) {
    const siblings = childrenOf.get(stat.ppid);
    if (siblings) siblings.push(stat.pid);
    else childrenOf.set(stat.ppid, [stat.pid]);
  }
  indexes.set(table, childrenOf);
  return childrenOf;
}

/** PIDs of the live members of process group `pgid`. */
export function selectGroup(table: readonly ProcStat[], pgid: number): number[] {
  return table.filter((stat) => stat.pgid === pgid).map((stat) => stat.pid);
}

// USER_HZ, the unit of /proc/PID/stat's start time: 100 on every Linux architecture in use
// (proc(5): "divide by sysconf(_SC_CLK_TCK)"; the kernel exports USER_HZ=100 to user space).
const clockTicksPerSecond = 100;

/** When a process started, from its start ticks and the boot time in /proc/stat; undefined when unreadable. */
export function readStartTime(startTicks: number, procRoot = '/proc'): Date | undefined {
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync(join(procRoot, 'stat'), 'utf8'))?.[1];
    if (btime === undefined) return undefined;
    return new Date((Number(btime) + startTicks / clockTicksPerSecond) * 1000);
  } catch {
    return undefined;
  }
}
