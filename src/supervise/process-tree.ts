// Which processes belong to a supervised process: its cgroup's members, its process group,
// its descendants, and descendants seen earlier that have since been reparented (setsid, double fork).
import { type MemoryCgroup, readCgroupPids } from '../probe/host/cgroup.js';
import { indexByPid, type ProcStat, selectDescendants, selectGroup } from '../probe/host/proc-table.js';

/** What headroom holds on to, to find and stop a process's whole tree. */
export interface TreeHandle {
  /** The root's PID, also its process group (spawned with setsid). */
  pid: number;
  cgroup: MemoryCgroup | null;
  /** PID → start ticks of every descendant seen, so a reused PID is never taken for one. */
  seenPids: Map<number, number>;
}

/** The tree's live PIDs now, given a fresh process table (and its cgroup's members, read after the table). */
export function listTreePids(
  tree: TreeHandle,
  table: readonly ProcStat[],
  cgroupPids: readonly number[] = tree.cgroup ? readCgroupPids(tree.cgroup) : [],
): number[] {
  const pids = new Set<number>(cgroupPids);
  const byPid = indexByPid(table);
  if (byPid.has(tree.pid)) pids.add(tree.pid);
  for (const pid of selectGroup(table, tree.pid)) pids.add(pid);
  for (const pid of selectDescendants(table, tree.pid)) pids.add(pid);
  for (const [pid, startTicks] of tree.seenPids) {
    if (byPid.get(pid)?.startTicks === startTicks) pids.add(pid);
  }
  return [...pids];
}

/** Remembers the tree's current members, so they can be found after they are reparented. */
export function rememberTreePids(
  tree: TreeHandle,
  pids: readonly number[],
  table: readonly ProcStat[],
): void {
  const byPid = indexByPid(table);
  for (const pid of pids) {
    const stat = byPid.get(pid);
    if (stat && pid !== tree.pid) tree.seenPids.set(pid, stat.startTicks);
  }
}
