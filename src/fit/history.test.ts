// The boundary of a history: repeats, the margin, and when it counts as settled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundaryToleranceAt, findBoundary, isBoundarySettled } from './history.js';
import type { Observation } from './types.js';

const run = (value: number, kind: 'pass' | 'over' | 'fail'): Observation => ({
  value,
  isPass: kind !== 'fail',
  isWithinMargin: kind === 'pass',
  peakBytes: { host: null, gpu: null },
});

test('over the margin raises the largest pass, not the recommended value; a failure bounds both', () => {
  const boundary = findBoundary([run(1, 'pass'), run(90, 'pass'), run(99, 'over'), run(100, 'fail')]);
  assert.deepEqual(boundary, { largestPass: 99, smallestFail: 100, largestWithinMargin: 90 });
});

test('a value run twice is as good as its worst run', () => {
  assert.equal(findBoundary([run(1, 'pass'), run(90, 'pass'), run(90, 'fail')]).largestPass, 1);
  assert.equal(findBoundary([run(1, 'pass'), run(90, 'pass'), run(90, 'over')]).largestWithinMargin, 1);
});

test('a pass above a failure is noise, and never raises the answer', () => {
  assert.equal(findBoundary([run(50, 'fail'), run(60, 'pass'), run(40, 'pass')]).largestPass, 40);
});

test('settled: adjacent up to 100, within 1% above; --max ran; --min failed', () => {
  assert.equal(boundaryToleranceAt(99), 1);
  assert.equal(boundaryToleranceAt(5000), 50);
  const range = { minValue: 1, maxValue: 8192 };
  const settled = (largestPass: number | null, smallestFail: number | null) =>
    isBoundarySettled({ largestPass, smallestFail, largestWithinMargin: null }, range);
  assert.equal(settled(126, 127), true);
  assert.equal(settled(125, 127), false);
  assert.equal(settled(4951, 5000), true);
  assert.equal(settled(4900, 5000), false);
  assert.equal(settled(8192, null), true);
  assert.equal(settled(4096, null), false);
  assert.equal(settled(null, 1), true);
});
