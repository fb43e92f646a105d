// A multi-rank job's ranks from its tree's members: each rank with its own process and its workers'
// memory, kept (with its peak) after it has gone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listRanks, type RanksSeen, updateRanks } from './ranks.js';
import type { TreeMember, TreeMembers } from './tree-members.js';

const MiB = 2 ** 20;
const member = (pid: number, ppid: number, rank: number | null, pssMiB: number): TreeMember => ({
  pid,
  ppid,
  comm: 'python3',
  command: 'python3 train.py',
  rank: rank === null ? null : { rank, localRank: rank, worldSize: 2 },
  startTicks: pid,
  rssBytes: pssMiB * MiB,
  pssBytes: pssMiB * MiB,
  lastSeenMs: 0,
  goneAtMs: null,
});

test('each rank: its own process, and its DataLoader worker’s memory added to it; the agent is no rank', () => {
  const members: TreeMembers = new Map(
    [member(10, 1, null, 100), member(11, 10, 0, 300), member(12, 10, 1, 400), member(13, 12, 1, 50)].map(
      (m) => [m.pid, m],
    ),
  );
  const ranks: RanksSeen = new Map();
  updateRanks(ranks, members, [10, 11, 12, 13]);
  assert.deepEqual(
    listRanks(ranks).map((r) => [r.rank, r.pid, r.hostBytes / MiB, r.isGone]),
    [
      [0, 11, 300, false],
      [1, 12, 450, false],
    ],
  );
  // Rank 1 gone (OOM-killed): it stays listed with its peak.
  updateRanks(ranks, members, [10, 11]);
  const [, gone] = listRanks(ranks);
  assert.deepEqual([gone?.isGone, gone?.hostBytes, (gone?.peakHostBytes ?? 0) / MiB], [true, 0, 450]);
});
