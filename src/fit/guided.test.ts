// The default strategy against the simulated oracle: few trials, close to the true limit, and a
// safe fallback when there is no limit to predict from or the memory is not a straight line.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { guidedStrategy } from './guided.js';
import { type OracleWorkload, oracleWithLimit, runOracleTrial } from './oracle.js';
import { powerStrategy } from './power.js';
import { simulateSearch } from './simulate.js';
import type { Observation, Strategy } from './types.js';

/** The range of true limits. */
const limits = [10, 37, 100, 333, 1000, 2718, 5000];

function averages(strategy: Strategy, baseFractions: number[], noiseFraction = 0.01) {
  const runs = limits.flatMap((limit) =>
    baseFractions.flatMap((baseFraction) =>
      [1, 2, 3, 4, 5].map((seed) =>
        simulateSearch({
          strategy,
          workload: oracleWithLimit({ limit, baseFraction, seed, noiseFraction }),
          minValue: 1,
          maxValue: 8192,
        }),
      ),
    ),
  );
  const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  return {
    trials: mean(runs.map((r) => r.trials.length)),
    found: mean(runs.map((r) => r.foundFraction)),
    worstFound: Math.min(...runs.map((r) => r.foundFraction)),
  };
}

describe('guided over true limits 10..5000 (memory = a + b·value, peaks ±1%)', () => {
  test('finds at least 95% of the true limit in at most 4 trials on average; power needs more and finds less', () => {
    const guided = averages(guidedStrategy, [0.02, 0.1]);
    const power = averages(powerStrategy, [0.02, 0.1]);
    assert.ok(guided.trials <= 4, `guided averages ${guided.trials} trials`);
    assert.ok(guided.found >= 0.95 && guided.worstFound >= 0.95, JSON.stringify(guided));
    assert.ok(power.trials > guided.trials, `power ${power.trials} vs guided ${guided.trials}`);
    assert.ok(power.found < guided.found && power.found < 0.95, `power finds ${power.found}`);
  });

  test('with a large fixed part (60% of the limit) it needs more trials but still finds 95%', () => {
    const guided = averages(guidedStrategy, [0.6]);
    assert.ok(guided.found >= 0.95, JSON.stringify(guided));
    assert.ok(guided.trials < averages(powerStrategy, [0.6]).trials);
  });

  test('never answers a value that failed', () => {
    const run = simulateSearch({
      strategy: guidedStrategy,
      workload: oracleWithLimit({ limit: 333, baseFraction: 0.3, noiseFraction: 0.05, seed: 7 }),
      minValue: 1,
      maxValue: 8192,
    });
    assert.ok(run.best <= run.trueLimit);
  });
});

describe('guided falls back to doubling and bisecting', () => {
  const bisectBounds = { minValue: 1, maxValue: 8192, limits: [] };

  test('without a limit to predict from', () => {
    const workload = oracleWithLimit({ limit: 300, baseFraction: 0.1, noiseFraction: 0 });
    const history: Observation[] = [];
    for (
      let v = guidedStrategy.next(history, bisectBounds);
      v !== undefined;
      v = guidedStrategy.next(history, bisectBounds)
    ) {
      history.push(runOracleTrial(workload, v));
    }
    const tried = history.map((o) => o.value);
    assert.deepEqual(tried.slice(0, 10), [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    const best = Math.max(...history.filter((o) => o.isPass).map((o) => o.value));
    assert.ok(best >= 0.98 * 300 && best <= 300, `best ${best}`);
  });

  test('when memory grows faster than a line (quadratic), still close to the limit', () => {
    const workload: OracleWorkload = {
      ...oracleWithLimit({ limit: 1000, baseFraction: 0.1 }),
      curve: 'quadratic',
    };
    const run = simulateSearch({ strategy: guidedStrategy, workload, minValue: 1, maxValue: 8192 });
    assert.ok(run.foundFraction >= 0.95, `found ${run.best} of ${run.trueLimit}`);
    assert.ok(run.trials.length <= 16, `${run.trials.length} trials`);
  });
});

describe('guided with a margin', () => {
  test('stays under the limit less the margin, which the caller passes as the limit', () => {
    const workload = oracleWithLimit({ limit: 1000, baseFraction: 0.1, noiseFraction: 0 });
    const usableBytes = workload.capacityBytes * 0.9;
    const bounds = {
      minValue: 1,
      maxValue: 8192,
      limits: [{ resource: 'gpu' as const, limitBytes: usableBytes }],
    };
    const history: Observation[] = [];
    for (
      let v = guidedStrategy.next(history, bounds);
      v !== undefined;
      v = guidedStrategy.next(history, bounds)
    ) {
      // A value over the usable bytes counts as a failure (classifyTrial's `over-margin`).
      const trial = runOracleTrial(workload, v);
      history.push({ ...trial, isPass: trial.isPass && (trial.peakBytes.gpu ?? 0) <= usableBytes });
    }
    const best = Math.max(...history.filter((o) => o.isPass).map((o) => o.value));
    const usableLimit = Math.floor((usableBytes - workload.baseBytes) / workload.bytesPerValue);
    assert.ok(best <= usableLimit && best >= 0.95 * usableLimit, `best ${best}, usable limit ${usableLimit}`);
  });
});

describe('guided with a limit no probe can measure', () => {
  test('predicts from the limits it can measure', () => {
    const workload = oracleWithLimit({ limit: 500, baseFraction: 0.1, noiseFraction: 0, resource: 'host' });
    const bounds = {
      minValue: 1,
      maxValue: 8192,
      limits: [
        { resource: 'host' as const, limitBytes: workload.capacityBytes },
        { resource: 'gpu' as const, limitBytes: 80 * 2 ** 30 },
      ],
    };
    const history: Observation[] = [];
    for (
      let v = guidedStrategy.next(history, bounds);
      v !== undefined;
      v = guidedStrategy.next(history, bounds)
    ) {
      history.push(runOracleTrial(workload, v));
    }
    assert.ok(history.length <= 5, history.map((o) => o.value).join(' '));
    assert.ok(Math.max(...history.filter((o) => o.isPass).map((o) => o.value)) >= 490);
  });
});
