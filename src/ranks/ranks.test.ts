// Ranks from a process's environment, and torchrun's failure summary as PyTorch 2.13 printed it
// (recorded from a real 2-rank job under a cgroup limit: fixtures/torchrun-rank1-oom-killed.log).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { describeRank, parseRankEnviron } from './rank.js';
import { parseTorchrunFailures } from './torchrun-failure.js';

test('RANK, LOCAL_RANK and WORLD_SIZE from a NUL-separated environ; none without RANK', () => {
  const environ = ['PATH=/usr/bin', 'LOCAL_RANK=1', 'RANK=3', 'WORLD_SIZE=4', 'RANKING=x', ''].join('\0');
  assert.deepEqual(parseRankEnviron(environ), { rank: 3, localRank: 1, worldSize: 4 });
  assert.equal(parseRankEnviron('PATH=/usr/bin\0LOCAL_RANK=0\0'), null);
  assert.equal(parseRankEnviron('RANK=one\0'), null);
  assert.equal(describeRank({ rank: 3, localRank: 1 }), 'rank 3 (LOCAL_RANK 1)');
  assert.equal(describeRank({ rank: 0, localRank: null }), 'rank 0');
});

test("torchrun's summary: the OOM-killed rank is the root cause, the rank it then stopped is listed too", () => {
  const lines = readFileSync(
    new URL('./fixtures/torchrun-rank1-oom-killed.log', import.meta.url),
    'utf8',
  ).split('\n');
  const failures = parseTorchrunFailures(lines);
  assert.deepEqual(failures, [
    {
      rank: 0,
      localRank: 0,
      pid: 30735,
      exitCode: -15,
      signal: 'SIGTERM',
      message: 'Signal 15 (SIGTERM) received by PID 30735',
      isRootCause: false,
    },
    {
      rank: 1,
      localRank: 1,
      pid: 30736,
      exitCode: -9,
      signal: 'SIGKILL',
      message: 'Signal 9 (SIGKILL) received by PID 30736',
      isRootCause: true,
    },
  ]);
  // Lines as `headroom run` prints them (prefixed with the process name) read the same.
  assert.deepEqual(parseTorchrunFailures(lines.map((l) => `torchrun | ${l}`)), failures);
  assert.deepEqual(parseTorchrunFailures(['Traceback (most recent call last):', 'ValueError: no']), []);
});
