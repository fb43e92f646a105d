// Micro-batch × gradient accumulation steps reaching an effective batch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitEffectiveBatch } from './effective.js';

test('the fewest steps with an exact split', () => {
  assert.deepEqual(splitEffectiveBatch(64, 24), {
    targetBatch: 64,
    microBatch: 16,
    accumulationSteps: 4,
    effectiveBatch: 64,
  });
  assert.deepEqual(splitEffectiveBatch(24, 8), {
    targetBatch: 24,
    microBatch: 8,
    accumulationSteps: 3,
    effectiveBatch: 24,
  });
  assert.deepEqual(splitEffectiveBatch(10, 16), {
    targetBatch: 10,
    microBatch: 10,
    accumulationSteps: 1,
    effectiveBatch: 10,
  });
});

test('rounds the micro-batch up when no exact split is near', () => {
  assert.deepEqual(splitEffectiveBatch(97, 24), {
    targetBatch: 97,
    microBatch: 20,
    accumulationSteps: 5,
    effectiveBatch: 100,
  });
});

test('nothing to split when nothing fits', () => {
  assert.equal(splitEffectiveBatch(64, 0), undefined);
});
