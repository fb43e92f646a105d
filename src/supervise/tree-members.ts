// The processes of one supervised tree as the sampler saw them: command line, parent, memory at
// the last sample, and who each one is (the main process, a DataLoader or pool worker), so an
// OOM kill can name its victim after the victim has gone.
import type { ProcessMemory } from '../probe/host/proc-memory.js';
import { indexByPid, isForkedWithoutExecFlags, type ProcStat, readArgv } from '../probe/host/proc-table.js';
import { readRankOf } from '../probe/host/rank-env.js';
import { describeRank, type RankIdentity } from '../ranks/rank.js';
import type { TreeRole } from '../verdict/types.js';

/** One process seen in a tree. */
export interface TreeMember {
  pid: number;
  ppid: number;
  /** /proc/PID/comm: PyTorch 2.x names its DataLoader workers `pt_data_worker`. */
  comm: string;
  /** The command line, read when first seen (or the comm when it cannot be read), again after an exec. */
  command: string;
  /**
   * Seen between its fork and its exec (PF_FORKNOEXEC): its command line then was its parent's, so it is
   * read again once the flag clears, even where the exec kept the comm (python execs python).
   */
  isForkedWithoutExec?: boolean;
  startTicks: number;
  rssBytes: number;
  pssBytes: number;
  /** Its rank in a multi-rank job (RANK/LOCAL_RANK in its environment), read when first seen; null: none. */
  rank: RankIdentity | null;
  /** When the sampler last saw it alive; `goneAtMs` once it has vanished (both on the monotonic clock). */
  lastSeenMs: number;
  goneAtMs: number | null;
}

/** Members of one attempt's tree, by PID. */
export type TreeMembers = Map<number, TreeMember>;

const maxMembers = 4096;
const maxCommandChars = 240;

/** The command line of a PID, NULs as spaces; undefined when it has gone or hides it (kernel threads). */
export function readCommandLine(pid: number, procRoot = '/proc'): string | undefined {
  const text = readArgv(pid, procRoot)?.filter(Boolean).join(' ');
  return text ? text.slice(0, maxCommandChars) : undefined;
}

/**
 * The command line of a fork that never exec'd, whose own cannot be read (a process being torn down,
 * an OOM victim among them, or a zombie, shows an empty cmdline): its parent's at the fork, as the tree
 * or the parent shows it; undefined for any other process.
 */
export function forkedCommandOf(members: TreeMembers, stat: ProcStat, procRoot: string): string | undefined {
  if (!isForkedWithoutExecFlags(stat.flags)) return undefined;
  return members.get(stat.ppid)?.command ?? readCommandLine(stat.ppid, procRoot);
}

/** Records the tree as one sample saw it: new members get their command line, vanished ones a time. */
export function updateMembers(options: {
  members: TreeMembers;
  pids: readonly number[];
  table: readonly ProcStat[];
  memory: readonly ProcessMemory[];
  nowMs: number;
  procRoot: string;
}): void {
  const { members, pids, nowMs, procRoot } = options;
  const stats = indexByPid(options.table);
  const memory = new Map(options.memory.map((m) => [m.pid, m]));
  const alive = new Set(pids);
  for (const pid of pids) {
    const stat = stats.get(pid);
    if (!stat) continue;
    let member = members.get(pid);
    if (!member || member.startTicks !== stat.startTicks) {
      member = {
        pid,
        ppid: stat.ppid,
        comm: stat.comm,
        command: readCommandLine(pid, procRoot) ?? forkedCommandOf(members, stat, procRoot) ?? stat.comm,
        isForkedWithoutExec: isForkedWithoutExecFlags(stat.flags),
        rank: readRankOf(pid, procRoot),
        startTicks: stat.startTicks,
        rssBytes: 0,
        pssBytes: 0,
        lastSeenMs: nowMs,
        goneAtMs: null,
      };
      members.set(pid, member);
    } else if (
      member.comm !== stat.comm ||
      (member.isForkedWithoutExec === true && !isForkedWithoutExecFlags(stat.flags))
    ) {
      // It exec'd (or renamed itself, as PyTorch's workers do) since: read the new command line. A
      // fork that execs the same program (joblib's loky workers: python -m ...loky.backend...) keeps its
      // comm; its cleared PF_FORKNOEXEC says so.
      member.comm = stat.comm;
      member.isForkedWithoutExec = isForkedWithoutExecFlags(stat.flags);
      member.command = readCommandLine(pid, procRoot) ?? stat.comm;
      member.rank = readRankOf(pid, procRoot);
    }
    const held = memory.get(pid);
    if (held) {
      member.rssBytes = held.rssBytes;
      member.pssBytes = held.pssBytes ?? held.rssBytes;
    }
    member.lastSeenMs = nowMs;
    member.goneAtMs = null;
  }
  for (const member of members.values()) {
    if (!alive.has(member.pid) && member.goneAtMs === null) member.goneAtMs = nowMs;
  }
  if (members.size > maxMembers) dropOldestGone(members, members.size - maxMembers);
}

function dropOldestGone(members: TreeMembers, count: number): void {
  const gone = [...members.values()]
    .filter((m) => m.goneAtMs !== null)
    .sort((a, b) => (a.goneAtMs ?? 0) - (b.goneAtMs ?? 0));
  for (const member of gone.slice(0, count)) members.delete(member.pid);
}

/** Who a member is in its tree: the main process (the root), or a worker and what kind. */
export function roleOf(
  members: TreeMembers,
  rootPid: number,
  pid: number,
): { role: TreeRole; roleText: string } {
  if (pid === rootPid) return { role: 'main', roleText: 'the main process' };
  const member = members.get(pid);
  if (!member) return { role: 'worker', roleText: 'a process of its tree' };
  const parent = members.get(member.ppid);
  const command = member.command;
  // A rank of a multi-rank job (torchrun's workers), or a process a rank started (its DataLoader workers).
  if (member.rank) {
    const rank = describeRank(member.rank);
    const isRankRoot = parent?.rank?.rank !== member.rank.rank;
    return { role: 'worker', roleText: isRankRoot ? rank : `a process of ${rank}` };
  }
  // PyTorch (2.1+) renames DataLoader worker processes `pt_data_worker`; CPython's spawn and
  // forkserver start workers as `python -c 'from multiprocessing.spawn import spawn_main; ...'`.
  if (member.comm === 'pt_data_worker') return { role: 'worker', roleText: 'DataLoader worker' };
  if (/multiprocessing[./](spawn|forkserver|resource_tracker)/.test(command))
    return { role: 'worker', roleText: 'multiprocessing worker' };
  // joblib's loky workers run `python -m joblib.externals.loky.backend.popen_loky_posix` (standalone loky:
  // `loky.backend...`); a program merely named after joblib, or given a path with it, is not one.
  if (/(^|[\s/])(joblib\.externals\.)?loky\.backend\./.test(command))
    return { role: 'worker', roleText: 'joblib worker' };
  if (parent && parent.command === command) {
    return {
      role: 'worker',
      roleText: 'forked worker',
    };
  }
  return { role: 'worker', roleText: 'child process' };
}
