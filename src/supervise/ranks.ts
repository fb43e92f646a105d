// The ranks of a multi-rank job (torchrun, accelerate launch) inside one supervised process: every
// tree member whose environment names a RANK belongs to that rank (its DataLoader workers inherit
// it), so each rank's memory is the sum over its members, and the live view, the samples, the
// summary and /metrics can name ranks rather than "the elastic agent's children".
import type { RankIdentity, RankSeen } from '../ranks/rank.js';
import type { TreeMembers } from './tree-members.js';

/** The ranks of a tree by RANK, kept across samples (a rank that has gone keeps its peak). */
export type RanksSeen = Map<number, RankSeen>;

/** Updates `ranks` from one sample's members (`pids`: the tree now). */
export function updateRanks(ranks: RanksSeen, members: TreeMembers, pids: readonly number[]): void {
  const alive = new Set(pids);
  const now = new Map<number, { identity: RankIdentity; pid: number; hostBytes: number }>();
  for (const member of members.values()) {
    if (!member.rank || !alive.has(member.pid)) continue;
    const parentRank = members.get(member.ppid)?.rank?.rank;
    const entry = now.get(member.rank.rank) ?? { identity: member.rank, pid: member.pid, hostBytes: 0 };
    if (parentRank !== member.rank.rank) entry.pid = member.pid;
    entry.hostBytes += member.pssBytes;
    now.set(member.rank.rank, entry);
  }
  for (const [rank, seen] of ranks) {
    if (!now.has(rank)) ranks.set(rank, { ...seen, hostBytes: 0, isGone: true });
  }
  for (const [rank, { identity, pid, hostBytes }] of now) {
    const before = ranks.get(rank);
    ranks.set(rank, {
      rank,
      localRank: identity.localRank,
      pid,
      hostBytes,
      peakHostBytes: Math.max(before?.peakHostBytes ?? 0, hostBytes),
      isGone: false,
    });
  }
}

/** The ranks in order, as plain records. */
export function listRanks(ranks: RanksSeen): RankSeen[] {
  return [...ranks.values()].sort((a, b) => a.rank - b.rank).map((r) => ({ ...r }));
}
