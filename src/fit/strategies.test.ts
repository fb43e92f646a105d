// The comparison strategies reproduce their sources' rules exactly; all of them respect --min and --max.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { oracleWithLimit } from './oracle.js';
import { simulateSearch } from './simulate.js';
import { strategies, strategyNames } from './strategies.js';
import type { Strategy } from './types.js';

/** An exact workload: values up to `limit` fit, above it they fail; peaks without noise. */
const exactly = (limit: number) => oracleWithLimit({ limit, baseFraction: 0.1, noiseFraction: 0 });
const search = (strategy: Strategy, limit: number, minValue: number, maxValue = 65_536) =>
  simulateSearch({ strategy, workload: exactly(limit), minValue, maxValue });
const values = (run: ReturnType<typeof search>) => run.trials.map((t) => t.value);

describe("Lightning's BatchSizeFinder (init_val 2, true limit 100)", () => {
  test('power doubles until the first failure: 7 trials, answer 64', () => {
    const run = search(strategies.power, 100, 2);
    assert.deepEqual(values(run), [2, 4, 8, 16, 32, 64, 128]);
    assert.equal(run.best, 64);
  });

  test('binsearch doubles, then bisects with (high + low) // 2: 13 trials, answer 100', () => {
    const run = search(strategies.binsearch, 100, 2);
    assert.deepEqual(values(run), [2, 4, 8, 16, 32, 64, 128, 96, 112, 104, 100, 102, 101]);
    assert.equal(run.best, 100);
  });

  test("binsearch answers 95 in 13 trials when 96 is the first value that fails (the issue's figure)", () => {
    const run = search(strategies.binsearch, 95, 2);
    assert.deepEqual(values(run), [2, 4, 8, 16, 32, 64, 128, 96, 80, 88, 92, 94, 95]);
    assert.equal(run.best, 95);
  });
});

describe("accelerate's find_executable_batch_size", () => {
  test('starts at --max and retries with int(batch × 0.9) until one fits', () => {
    const run = search(strategies.halving, 100, 1, 128);
    assert.deepEqual(values(run), [128, 115, 103, 92]);
    assert.equal(run.best, 92);
  });

  test('stops at --min when nothing fits on the way down', () => {
    const run = search(strategies.halving, 0, 1, 3);
    assert.deepEqual(values(run), [3, 2, 1]);
    assert.equal(run.best, 0);
  });
});

describe('every strategy', () => {
  for (const name of strategyNames) {
    test(`${name}: stops with nothing when even --min fails`, () => {
      const run = search(strategies[name], 3, 4, 64);
      assert.equal(run.best, 0);
      assert.equal(run.trials.filter((t) => t.isPass).length, 0);
      assert.ok(run.trials.length <= (name === 'halving' ? 25 : 1), values(run).join(' '));
    });

    test(`${name}: answers --max when everything fits`, () => {
      const run = search(strategies[name], 10_000, 1, 300);
      assert.equal(run.best, 300);
      assert.ok(values(run).every((v) => v >= 1 && v <= 300));
    });

    test(`${name}: never tries a value twice`, () => {
      for (const limit of [1, 2, 7, 100, 4097]) {
        const tried = values(search(strategies[name], limit, 1, 8192));
        assert.equal(new Set(tried).size, tried.length, `${name} at ${limit}: ${tried.join(' ')}`);
      }
    });
  }
});
