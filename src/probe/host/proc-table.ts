// One pass over /proc/*/stat: who is alive, their parent, process group and start time.
// The kernel's /proc/PID/task/TID/children needs CONFIG_PROC_CHILDREN (often off), and a
// process group or a reparented grandchild cannot be found through it, so we scan.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDecimal, procReadBuffer, readProcFile } from './proc-read.js';

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
  /** Field 9, the kernel's PF_* flags (0 where a line is cut short): see isForkedWithoutExecFlags. */
  flags?: number;
}

/** Counters of /proc/PID/stat that move whenever a process's memory mappings may have changed. */
export interface ProcCounters {
  /** Fields 10 and 12, summed over its threads: a page enters its page tables through a fault of its own (mm_account_fault, mm/memory.c). */
  minorFaults: number;
  majorFaults: number;
  /** Field 23: moves on mmap, munmap and brk. */
  vsizeBytes: number;
  /** Field 24: the kernel's running count of resident pages (batched per CPU, so approximate). */
  rssPages: number;
}

/** A stat line as the process table reads it. */
export interface CountedProcStat extends ProcStat, ProcCounters {}

// Indexes of the fields after `)`: state is 0 (field 3 of proc(5)), so field N is at N - 3.
const at = { ppid: 1, pgrp: 2, flags: 6, minorFaults: 7, majorFaults: 9, startTicks: 19, vsize: 20, rss: 21 };
// Reused by every parse: a scan allocates only the results.
const fields = new Float64Array(at.rss + 1);

/** Parses a stat line from bytes; `comm` may hold spaces and parentheses, so fields start after the last `)`. */
export function parseProcStatBytes(bytes: Buffer, length: number): CountedProcStat | undefined {
  const open = bytes.indexOf(0x28); // '('
  const close = bytes.lastIndexOf(0x29, length - 1); // ')'
  if (open < 0 || open >= length || close < open) return undefined;
  let pidEnd = open;
  while (pidEnd > 0 && bytes[pidEnd - 1] === 0x20) pidEnd--;
  const pid = parseDecimal(bytes, 0, pidEnd);
  fields.fill(Number.NaN);
  let field = 0;
  for (let start = close + 2; start < length && field < fields.length; field++) {
    let end = start;
    while (end < length && bytes[end] !== 0x20 && bytes[end] !== 0x0a) end++;
    if (field > 0) fields[field] = parseDecimal(bytes, start, end);
    start = end + 1;
  }
  const [ppid, pgid, startTicks] = [fields[at.ppid], fields[at.pgrp], fields[at.startTicks]] as number[];
  if (![pid, ppid, pgid, startTicks].every(Number.isFinite)) return undefined;
  // A line cut short (or a fixture's) has no counters: 0, which still compares equal tick to tick.
  const counter = (index: number): number => (Number.isFinite(fields[index]) ? (fields[index] as number) : 0);
  return {
    pid,
    comm: bytes.toString('utf8', open + 1, close),
    state: close + 2 < length ? String.fromCharCode(bytes[close + 2] as number) : '?',
    ppid: ppid as number,
    pgid: pgid as number,
    startTicks: startTicks as number,
    flags: counter(at.flags),
    minorFaults: counter(at.minorFaults),
    majorFaults: counter(at.majorFaults),
    vsizeBytes: counter(at.vsize),
    rssPages: counter(at.rss),
  };
}

/** Parses one /proc/PID/stat line of text. */
export function parseProcStat(text: string): CountedProcStat | undefined {
  const bytes = Buffer.from(text, 'utf8');
  return parseProcStatBytes(bytes, bytes.length);
}

/** Reads one process's stat; undefined when it has gone (normal: processes end between reads). */
export function readProcStat(pid: number, procRoot = '/proc'): CountedProcStat | undefined {
  const length = readProcFile(`${procRoot}/${pid}/stat`);
  return length < 0 ? undefined : parseProcStatBytes(procReadBuffer, length);
}

/** Every live process (zombies excluded), read in one pass over procRoot. */
export function readProcessTable(procRoot = '/proc'): CountedProcStat[] {
  const table: CountedProcStat[] = [];
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
  for (const pid of childrenOf.get(rootPid) ?? []) found.push(pid);
  // Breadth first, `found` being its own queue.
  for (let next = 0; next < found.length; next++) {
    for (const pid of childrenOf.get(found[next] as number) ?? []) found.push(pid);
  }
  return found;
}

// Indexes built once per table: a sample asks for many trees (and many PIDs) out of the same table.
const childIndexes = new WeakMap<readonly ProcStat[], Map<number, number[]>>();
const groupIndexes = new WeakMap<readonly ProcStat[], Map<number, number[]>>();
const pidIndexes = new WeakMap<readonly ProcStat[], Map<number, ProcStat>>();

function indexBy(
  indexes: WeakMap<readonly ProcStat[], Map<number, number[]>>,
  table: readonly ProcStat[],
  keyOf: (stat: ProcStat) => number,
): Map<number, number[]> {
  const cached = indexes.get(table);
  if (cached) return cached;
  const index = new Map<number, number[]>();
  for (const stat of table) {
    const pids = index.get(keyOf(stat));
    if (pids) pids.push(stat.pid);
    else index.set(keyOf(stat), [stat.pid]);
  }
  indexes.set(table, index);
  return index;
}

const childrenIndex = (table: readonly ProcStat[]) => indexBy(childIndexes, table, (stat) => stat.ppid);

/** PIDs of the live members of process group `pgid`. */
export function selectGroup(table: readonly ProcStat[], pgid: number): number[] {
  return [...(indexBy(groupIndexes, table, (stat) => stat.pgid).get(pgid) ?? [])];
}

/** The table by PID (built once per table). */
export function indexByPid<T extends ProcStat>(table: readonly T[]): ReadonlyMap<number, T> {
  const cached = pidIndexes.get(table);
  if (cached) return cached as Map<number, T>;
  const index = new Map(table.map((stat) => [stat.pid, stat]));
  pidIndexes.set(table, index);
  return index;
}

// USER_HZ, the unit of /proc/PID/stat's start time: 100 on every Linux architecture in use
// (proc(5): "divide by sysconf(_SC_CLK_TCK)"; the kernel exports USER_HZ=100 to user space).
const clockTicksPerSecond = 100;

/** The boot time in seconds since the epoch (/proc/stat `btime`); undefined when unreadable. */
export function readBootTime(procRoot = '/proc'): number | undefined {
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync(join(procRoot, 'stat'), 'utf8'))?.[1];
    return btime === undefined ? undefined : Number(btime);
  } catch {
    return undefined;
  }
}

/** When a process started, from its start ticks and the boot time (readBootTime). */
export function startTimeOf(startTicks: number, bootTimeSeconds: number): Date {
  return new Date((bootTimeSeconds + startTicks / clockTicksPerSecond) * 1000);
}

// PF_FORKNOEXEC, "forked but didn't exec" (include/linux/sched.h, v6.x: 0x00000040), in field 9 of
// /proc/PID/stat (proc(5) "flags"): set at fork, cleared by exec, kept while the process is a zombie.
const forkedNoExecFlag = 0x40;

/** Whether a stat line's flags say forked and never exec'd (its command line is its parent's at the fork). */
export function isForkedWithoutExecFlags(flags: number | undefined): boolean {
  return ((flags ?? 0) & forkedNoExecFlag) !== 0;
}

/**
 * Whether a process (a zombie too) was forked and never exec'd, so its command line is the one its
 * parent had at the fork; undefined when it has gone.
 */
export function isForkedWithoutExec(pid: number, procRoot = '/proc'): boolean | undefined {
  const stat = readProcStat(pid, procRoot);
  return stat ? isForkedWithoutExecFlags(stat.flags) : undefined;
}

/** A process's argv from /proc/PID/cmdline; empty for a kernel thread, undefined when it has gone. */
export function readArgv(pid: number, procRoot = '/proc'): string[] | undefined {
  try {
    const argv = readFileSync(join(procRoot, String(pid), 'cmdline'), 'utf8').split('\0');
    if (argv.at(-1) === '') argv.pop();
    return argv;
  } catch {
    return undefined;
  }
}
