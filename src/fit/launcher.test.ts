// Multi-rank trials: the launcher's argv around the user's command, and which rank a failed trial
// failed on (from the OOM kill's victim, or torchrun's summary as PyTorch 2.13 printed it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { splitEffectiveBatch } from './effective.js';
import { describeFailedRank, findFailedRank, launcherArgv } from './launcher.js';

test('torchrun and accelerate around the command; --no-python for a command that is not a .py script', () => {
  const torchrun = { name: 'torchrun' as const, nprocPerNode: 2 };
  assert.deepEqual(launcherArgv(torchrun, ['train.py', '--batch-size', '{batch}']), [
    'torchrun',
    '--standalone',
    '--nproc-per-node',
    '2',
    'train.py',
    '--batch-size',
    '{batch}',
  ]);
  assert.deepEqual(launcherArgv(torchrun, ['python', 'train.py']).slice(4), [
    '--no-python',
    'python',
    'train.py',
  ]);
  const accelerate = launcherArgv({ name: 'accelerate', nprocPerNode: 4 }, ['train.py']);
  assert.deepEqual(accelerate.slice(0, 4), ['accelerate-launch', '--multi_gpu', '--num_processes', '4']);
  assert.equal(accelerate.at(-1), 'train.py');
});

test('the failed rank: the OOM kill that named it, else torchrun’s root cause', () => {
  const summary = readFileSync(
    new URL('../ranks/fixtures/torchrun-rank1-oom-killed.log', import.meta.url),
    'utf8',
  ).split('\n');
  const fromKill = findFailedRank({ oomKills: [{ pid: 30736, rank: 1, localRank: 1 }], outputLines: [] });
  assert.deepEqual(fromKill, {
    rank: 1,
    localRank: 1,
    pid: 30736,
    cause: "OOM-killed by the kernel in the trial's cgroup",
  });
  assert.equal(
    describeFailedRank(fromKill),
    "rank 1 (LOCAL_RANK 1, pid 30736) OOM-killed by the kernel in the trial's cgroup",
  );
  // The kill counted but not tied to a rank: torchrun's root cause (SIGKILL) names it.
  assert.deepEqual(findFailedRank({ oomKills: [{ pid: null }], outputLines: summary }), fromKill);
  // No kill at all: the signal is all that is known.
  assert.equal(findFailedRank({ oomKills: [], outputLines: summary })?.cause, 'killed by SIGKILL');
  assert.equal(findFailedRank({ oomKills: [], outputLines: ['ValueError: no'] }), null);
});

test('the global batch over ranks: micro-batch × ranks × accumulation steps', () => {
  assert.deepEqual(splitEffectiveBatch(128, 10, 2), {
    targetBatch: 128,
    microBatch: 8,
    accumulationSteps: 8,
    effectiveBatch: 128,
    ranks: 2,
  });
  assert.equal(splitEffectiveBatch(128, 10)?.ranks, undefined);
});
