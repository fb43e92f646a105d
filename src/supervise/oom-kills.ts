// OOM kills inside a supervised tree, while it runs: the cgroup's oom_kill counter says a kill
// happened, the kernel log says whom (PID, command name, RSS), the sampled tree says who that was
// (main process or worker). Every kill becomes an `oom-kill` event, is listed for its process, and
// under `on_oom_kill: stop` (the default) stops the process: a pool whose worker died can hang.
import { basename } from 'node:path';
import { readCgroupOomKills } from '../probe/host/cgroup.js';
import type { KernelOomKill } from '../probe/host/kernel-log.js';
import { isForkedWithoutExecFlags, readProcStat } from '../probe/host/proc-table.js';
import { formatBytes } from '../units.js';
import { describeKill } from '../verdict/judge.js';
import type { TreeOomKill } from '../verdict/types.js';
import type { Attempt, LiveProcess, RunContext } from './run-context.js';
import { requestStop } from './stop.js';
import { forkedCommandOf, roleOf, type TreeMember } from './tree-members.js';

/** How long a counted kill may stay unnamed before the tree's vanished members stand in for the kernel log. */
export const unnamedKillGraceMs = 1500;

const killKey = (kill: KernelOomKill): string => `${kill.pid}:${kill.line}`;

function isInTree(live: LiveProcess, attempt: Attempt, kill: KernelOomKill): boolean {
  // The kernel names the victim's memory cgroup: headroom's group for this process is proof.
  if (live.group && kill.memcg !== null) return basename(kill.memcg) === basename(live.group.dir);
  return kill.pid === attempt.pid || attempt.members.has(kill.pid);
}

function record(context: RunContext, live: LiveProcess, attempt: Attempt, kill: TreeOomKill): void {
  attempt.oomKills.push(kill);
  live.oomKills.push(kill);
  const limit =
    live.spec.hostMemoryBytes === null ? '' : ` (host limit ${formatBytes(live.spec.hostMemoryBytes)})`;
  const what = `${describeKill(kill)} was`;
  const then =
    (live.spec.onOomKill ?? 'stop') === 'stop' && kill.pid !== attempt.pid && !attempt.stopping
      ? '; stopping it (on_oom_kill: stop)'
      : '';
  context.event('oom-kill', live.spec.name, `${what} killed by the OOM killer${limit}${then}`, {
    pid: kill.pid,
    command: kill.command,
    rssBytes: kill.rssBytes,
    atMs: kill.atMs,
    role: kill.role,
    roleText: kill.roleText,
    source: kill.source,
    ...rankFields(kill),
  });
  if ((live.spec.onOomKill ?? 'stop') === 'stop' && !attempt.isExited && !attempt.stopping) {
    requestStop(context, live.spec.name, attempt, { signal: 'SIGTERM', cause: 'oom-kill' });
  }
}

// A rank's kill carries its rank (read from its environment while it lived).
const rankFields = (kill: TreeOomKill) =>
  kill.rank === undefined ? {} : { rank: kill.rank, localRank: kill.localRank ?? null };

const rankOf = (attempt: Attempt, pid: number) => {
  const rank = attempt.members.get(pid)?.rank;
  return rank ? { rank: rank.rank, localRank: rank.localRank } : {};
};

/**
 * A victim no sample saw alive (it was born and killed between two samples: a loaded machine, or a
 * worker that outgrows the limit at once) is still read from what it left: its zombie, while its
 * parent has not reaped it, gives its parent; and one forked without exec (a multiprocessing fork
 * worker) has its parent's command line, which the tree knows, or the parent, still alive, shows.
 */
function memberFromRemains(
  attempt: Attempt,
  kill: KernelOomKill,
  procRoot: string,
  monotonicMs: number,
): TreeMember | undefined {
  const stat = readProcStat(kill.pid, procRoot);
  // Gone already (reaped), or the PID is someone else's now.
  if (!stat || stat.comm !== kill.processName) return undefined;
  const parent = attempt.members.get(stat.ppid);
  const isFork = isForkedWithoutExecFlags(stat.flags);
  const parentCommand = forkedCommandOf(attempt.members, stat, procRoot);
  const member: TreeMember = {
    pid: kill.pid,
    ppid: stat.ppid,
    comm: stat.comm,
    command: parentCommand ?? stat.comm,
    startTicks: stat.startTicks,
    rssBytes: 0,
    pssBytes: 0,
    // A fork keeps its parent's environment, so its rank too.
    rank: isFork ? (parent?.rank ?? null) : null,
    lastSeenMs: monotonicMs,
    goneAtMs: monotonicMs,
  };
  attempt.members.set(kill.pid, member);
  return member;
}

function fromKernel(
  attempt: Attempt,
  kill: KernelOomKill,
  nowMs: number,
  remains?: { procRoot: string; monotonicMs: number },
): TreeOomKill {
  const member =
    attempt.members.get(kill.pid) ??
    (remains ? memberFromRemains(attempt, kill, remains.procRoot, remains.monotonicMs) : undefined);
  const { role, roleText } = roleOf(attempt.members, attempt.pid, kill.pid);
  return {
    ...rankOf(attempt, kill.pid),
    pid: kill.pid,
    command: member?.command ?? kill.processName,
    role,
    roleText,
    rssBytes: kill.rssBytes ?? member?.rssBytes ?? 0,
    atMs: nowMs,
    source: 'kernel-log',
  };
}

// The kernel log could not name it: a member that vanished as the kill was counted stands in.
function fromTree(attempt: Attempt, nowMs: number, monotonicMs: number): TreeOomKill {
  const since = (attempt.unnamedSinceMs ?? monotonicMs) - 2000;
  const named = new Set(attempt.oomKills.map((k) => k.pid));
  const vanished = [...attempt.members.values()]
    .filter((m) => m.goneAtMs !== null && m.goneAtMs >= since && !named.has(m.pid))
    .sort((a, b) => b.rssBytes - a.rssBytes)[0];
  if (!vanished) {
    return {
      pid: null,
      command: null,
      role: 'worker',
      roleText: 'a process of its tree',
      rssBytes: 0,
      atMs: nowMs,
      source: 'tree',
    };
  }
  const { role, roleText } = roleOf(attempt.members, attempt.pid, vanished.pid);
  return {
    ...rankOf(attempt, vanished.pid),
    pid: vanished.pid,
    command: vanished.command,
    role,
    roleText,
    rssBytes: vanished.rssBytes,
    atMs: nowMs,
    source: 'tree',
  };
}

// The kills the cgroup counted that nobody has named yet. Counted minus named, not a running tally:
// the kernel log may be read before the counter moves as well as after (a kill named from the log
// first, then counted, is one kill; a tally counted it twice and named the second from the tree).
function countUnnamed(attempt: Attempt, hasCounter: boolean, monotonicMs: number): void {
  if (!hasCounter) return;
  attempt.unnamedOomKills = Math.max(0, attempt.countedOomKills - attempt.oomKills.length);
  if (attempt.unnamedOomKills > 0) attempt.unnamedSinceMs ??= monotonicMs;
}

/** Looks for new OOM kills in one running (or just ended) attempt's tree; `isFinal` names the unnamed ones now. */
export function checkOomKills(
  context: RunContext,
  live: LiveProcess,
  attempt: Attempt,
  options: { isFinal: boolean },
): void {
  const nowMs = context.clock.now();
  // The grace for naming a kill, and tree members' gone-times, are on the monotonic clock.
  const monotonicMs = context.clock.monotonicMs();
  const counter = live.group ? readCgroupOomKills(live.group) : null;
  if (counter !== null && attempt.oomKillCounter !== null && counter > attempt.oomKillCounter)
    attempt.countedOomKills += counter - attempt.oomKillCounter;
  if (counter !== null) attempt.oomKillCounter = counter;
  countUnnamed(attempt, counter !== null, monotonicMs);
  // Draining /dev/kmsg is one non-blocking read when nothing is new; `dmesg` is a process, so it
  // is asked only when a kill was counted or the run has no cgroup to count them.
  const isCheap = context.kernelLog?.source === 'kmsg';
  const isWanted = attempt.unnamedOomKills > 0 || live.group === null || options.isFinal;
  if (context.kernelLog && (isCheap || isWanted)) {
    for (const kill of context.kernelLog.readOomKills()) {
      if (context.attributedKills.has(killKey(kill)) || !isInTree(live, attempt, kill)) continue;
      context.attributedKills.add(killKey(kill));
      // Named from the tree before its kernel line was read: the kernel's word replaces the guess.
      const guessed = attempt.oomKills.find((k) => k.source === 'tree' && k.pid === kill.pid);
      if (guessed) {
        Object.assign(guessed, fromKernel(attempt, kill, guessed.atMs));
        continue;
      }
      record(
        context,
        live,
        attempt,
        fromKernel(attempt, kill, nowMs, { procRoot: context.procRoot, monotonicMs }),
      );
    }
    countUnnamed(attempt, counter !== null, monotonicMs);
  }
  if (attempt.unnamedOomKills === 0) {
    attempt.unnamedSinceMs = null;
    return;
  }
  const isOverdue =
    options.isFinal || monotonicMs - (attempt.unnamedSinceMs ?? monotonicMs) >= unnamedKillGraceMs;
  if (!isOverdue) return;
  while (attempt.unnamedOomKills > 0) {
    attempt.unnamedOomKills -= 1;
    record(context, live, attempt, fromTree(attempt, nowMs, monotonicMs));
  }
  attempt.unnamedSinceMs = null;
}
