// The search loop and the result: how a search ends, and the exit code each ending gives.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summarizeFit } from './result.js';
import { runSearch } from './search.js';
import { strategies } from './strategies.js';
import type { TrialOutcome, TrialRecord } from './types.js';

const MiB = 2 ** 20;
const limits = [{ resource: 'host' as const, limitBytes: 1024 * MiB }];
const bounds = { minValue: 1, maxValue: 4096, limits };

/** A trial: fits up to `limit`, with memory 100 MiB + 2 MiB per value. */
function trialAt(value: number, limit: number, outcome?: TrialOutcome): TrialRecord {
  const kind = outcome ?? (value <= limit ? 'pass' : 'memory');
  const reason =
    kind === 'pass'
      ? 'exited'
      : kind === 'memory'
        ? 'oom-killed'
        : kind === 'other'
          ? 'failed'
          : 'interrupted';
  return {
    value,
    ok: kind === 'pass',
    reason,
    peakHostBytes: kind === 'pass' ? 100 * MiB + 2 * MiB * value : 1024 * MiB,
    peakGpuBytes: null,
    seconds: 0.5,
    outcome: kind,
    because: kind === 'other' ? 'exited with code 2' : reason,
  };
}

const summarize = (
  trials: TrialRecord[],
  end: Parameters<typeof summarizeFit>[0]['end'],
  effectiveTarget?: number,
) =>
  summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials,
    end,
    limits,
    marginFraction: 0,
    effectiveTarget,
  });

describe('runSearch', () => {
  test('settles with the answer, the line and the effective split; exit 0', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds,
      runTrial: async (value) => trialAt(value, 462),
    });
    assert.equal(end, 'settled');
    const result = summarize(trials, end, 1024);
    assert.ok(result.best >= 453 && result.best <= 462, `best ${result.best}`);
    assert.equal(result.exitCode, 0);
    assert.equal(result.models[0]?.perValueMiB, 2);
    assert.equal(result.models[0]?.predictedLimit, 462);
    assert.equal(result.effective?.effectiveBatch, 1024);
  });

  test('a failure that is not about memory ends the search: exit 2, with that trial', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.power,
      bounds,
      runTrial: async (value) => trialAt(value, 1000, value >= 8 ? 'other' : undefined),
    });
    assert.deepEqual(
      trials.map((t) => t.value),
      [1, 2, 4, 8],
    );
    assert.equal(end, 'non-memory-failure');
    const result = summarize(trials, end);
    assert.equal(result.exitCode, 2);
    assert.equal(result.failure?.value, 8);
    assert.equal(result.firstFailing, null, 'a crash says nothing about memory');
    assert.equal(result.best, 4);
  });

  test('best 0 and exit 1 when even --min fails', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds: { ...bounds, minValue: 16 },
      runTrial: async (value) => trialAt(value, 8),
    });
    assert.deepEqual(
      trials.map((t) => t.value),
      [16],
    );
    const result = summarize(trials, end);
    assert.deepEqual([result.best, result.firstFailing, result.exitCode], [0, 16, 1]);
  });

  test('an interrupted trial ends the search: exit 130', async () => {
    const controller = new AbortController();
    const { trials, end } = await runSearch({
      strategy: strategies.power,
      bounds,
      runTrial: async (value) => {
        if (value === 4) controller.abort('SIGINT');
        return trialAt(value, 1000, value === 4 ? 'interrupted' : undefined);
      },
      signal: controller.signal,
    });
    assert.equal(trials.length, 3);
    assert.equal(end, 'interrupted');
    assert.equal(summarize(trials, end).exitCode, 130);
  });

  test('stops at the trial cap', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.halving,
      bounds,
      runTrial: async (value) => trialAt(value, 0),
      maxTrials: 5,
    });
    assert.deepEqual([trials.length, end], [5, 'max-trials']);
  });
});
