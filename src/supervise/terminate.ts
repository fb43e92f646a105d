// Stopping a tree: a signal to its process group and members, a grace period, then SIGKILL
// for the group, the cgroup's members and any descendant seen, until nothing is left.

import { waitUntil } from '../launch/clock.js';
import type { Clock } from '../launch/types.js';
import { writeCgroupKill } from '../probe/host/cgroup.js';
import { readProcessTable } from '../probe/host/proc-table.js';
import { listTreePids, rememberTreePids, type TreeHandle } from './process-tree.js';

/** Sends `signal` to one PID or, negative, a process group; false when none was there. */
export function sendSignal(target: number, signal: NodeJS.Signals): boolean {
  // kill(0) and kill(-1) would reach headroom's own group or every process: never.
  if (!Number.isInteger(target) || Math.abs(target) <= 1) return false;
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}

/** The tree's live PIDs, read from procRoot now. */
export function readTreePids(tree: TreeHandle, procRoot: string): number[] {
  const table = readProcessTable(procRoot);
  const pids = listTreePids(tree, table);
  rememberTreePids(tree, pids, table);
  return pids;
}

/** Sends `signal` to the tree's group and to every member outside it (setsid'ed grandchildren). */
export function signalTree(tree: TreeHandle, signal: NodeJS.Signals, procRoot: string): number[] {
  const pids = readTreePids(tree, procRoot);
  sendSignal(-tree.pid, signal);
  for (const pid of pids) sendSignal(pid, signal);
  return pids;
}

const maxKillRounds = 20;

/** SIGKILLs the whole tree, again while new members show up (a fork may race a round); returns the PIDs killed. */
export function killTree(tree: TreeHandle, procRoot: string): number[] {
  const killed = new Set<number>();
  for (let round = 0; round < maxKillRounds; round++) {
    if (tree.cgroup) writeCgroupKill(tree.cgroup);
    const pids = signalTree(tree, 'SIGKILL', procRoot);
    const isNew = pids.some((pid) => !killed.has(pid));
    for (const pid of pids) killed.add(pid);
    if (!isNew) break;
  }
  return [...killed];
}

/** SIGKILLs the tree and waits (up to timeoutMs) until none of it is left; returns the PIDs killed. */
export async function killTreeAndWait(options: {
  tree: TreeHandle;
  clock: Clock;
  procRoot: string;
  timeoutMs?: number;
}): Promise<number[]> {
  const { tree, clock, procRoot, timeoutMs = 5000 } = options;
  const killed = new Set(killTree(tree, procRoot));
  if (killed.size === 0) return [];
  // A killed process stays in /proc (not yet a zombie) while the kernel frees its memory.
  await waitUntil({
    isDone: () => {
      for (const pid of killTree(tree, procRoot)) killed.add(pid);
      return readTreePids(tree, procRoot).length === 0;
    },
    timeoutMs,
    pollMs: 20,
    clock,
  });
  return [...killed];
}

/** Signals the tree, waits up to graceMs for it to be gone, then SIGKILLs what is left. */
export async function stopTree(options: {
  tree: TreeHandle;
  signal: NodeJS.Signals;
  graceMs: number;
  clock: Clock;
  procRoot: string;
  /** Aborted (a second Ctrl-C): the grace period ends now, and SIGKILL follows. */
  skipGrace?: AbortSignal;
}): Promise<{ signalledPids: number[]; killedPids: number[] }> {
  const { tree, signal, graceMs, clock, procRoot } = options;
  const signalledPids = signalTree(tree, signal, procRoot);
  const isGone = await waitUntil({
    isDone: () => readTreePids(tree, procRoot).length === 0,
    timeoutMs: graceMs,
    pollMs: 50,
    clock,
    cancel: options.skipGrace,
  });
  return { signalledPids, killedPids: isGone ? [] : await killTreeAndWait({ tree, clock, procRoot }) };
}
