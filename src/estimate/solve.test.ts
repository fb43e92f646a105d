import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { buildReport } from './report.js';
import { commonCardBytes, defaultSolveVar, fitsTable, planGradAccumulation, solve } from './solve.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
// 1 GiB always (context 512 MiB + 512 MiB of weights), then 1 GiB of tensor per unit of B.
const linear = parseEstimateSpec(
  `vars: { B: 2, K: 3 }
model: { params: 134217728 }
training: { optimizer: none, batch_size: B }
tensors: [{ name: per-sample, shape: [B, 256, 1024, 1024], dtype: float32 }]
cuda: { context: 512MiB, workspaces: 0 }`,
  'x.yaml',
);

test('solve: the largest fitting value and the first failing one', () => {
  assert.equal(estimate(linear, { vars: { B: 5 } }).gpu.peakBytes, 6 * GiB);
  assert.deepEqual(solve(linear, 'B', { budgetBytes: 6 * GiB }), {
    var: 'B',
    value: 5,
    firstFailing: 6,
    budgetBytes: 6 * GiB,
    peakBytes: 6 * GiB,
    hostPeakBytes: 2 * GiB,
    failingPeakBytes: 7 * GiB,
    failingHostPeakBytes: 2 * GiB,
  });
  assert.equal(solve(linear, 'B', { budgetBytes: 6 * GiB - 1 }).value, 4);
  assert.equal(solve(linear, 'B', { budgetBytes: 1000 * GiB }).value, 999);
});

test('solve: 0 when even 1 does not fit; unbounded when the var does not drive memory', () => {
  const none = solve(linear, 'B', { budgetBytes: GiB });
  assert.deepEqual([none.value, none.firstFailing, none.peakBytes], [0, 1, 0]);
  const epochs = solve(linear, 'K', { budgetBytes: 8 * GiB });
  assert.equal(epochs.firstFailing, null);
});

test('solve: batch_size overrides the expression (not the vars in it); a host budget also limits', () => {
  assert.equal(solve(linear, 'batch_size', { budgetBytes: 4 * GiB }).firstFailing, null);
  const loader = parseEstimateSpec(
    `model: { params: 1M }
training: { optimizer: none, batch_size: 1 }
host: { process: 1GiB, dataloader: { workers: 1, prefetch_factor: 1, sample_bytes: 100MiB }, worker: 0 }`,
    'x.yaml',
  );
  // (1 outstanding + 1 in use) batches in shared memory + 1 being collated: 3 × 100 MiB per sample.
  assert.equal(
    solve(loader, 'batch_size', { budgetBytes: 80 * GiB, hostBudgetBytes: GiB + 1000 * MiB }).value,
    3,
  );
  const hostOnly = solve(loader, 'batch_size', { hostBudgetBytes: GiB + 1000 * MiB });
  assert.deepEqual([hostOnly.value, hostOnly.budgetBytes], [3, null], 'a host budget alone');
});

test('fits: one row per common card, for batch_size or the first var of the batch expression', () => {
  assert.deepEqual(
    commonCardBytes.map((bytes) => bytes / GiB),
    [8, 12, 16, 24, 40, 48, 80, 141],
  );
  assert.equal(defaultSolveVar(linear), 'B');
  const rows = fitsTable(linear, 'B');
  assert.deepEqual(
    rows.map((row) => row.max),
    [7, 11, 15, 23, 39, 47, 79, 140],
  );
  assert.deepEqual(fitsTable(linear, 'K', [8 * GiB]), [{ deviceBytes: 8 * GiB, var: 'K', max: null }]);
});

test('grad accumulation: the largest divisor of the target that fits', () => {
  assert.deepEqual(planGradAccumulation(linear, 'B', 32, { budgetBytes: 6 * GiB }), {
    var: 'B',
    target: 32,
    microBatch: 4,
    steps: 8,
    largestFitting: 5,
    budgetBytes: 6 * GiB,
  });
  assert.equal(planGradAccumulation(linear, 'B', 7, { budgetBytes: 6 * GiB })?.microBatch, 1);
  assert.equal(planGradAccumulation(linear, 'B', 3, { budgetBytes: 6 * GiB })?.steps, 1);
  assert.equal(planGradAccumulation(linear, 'B', 8, { budgetBytes: GiB }), null);
});

test('report: the JSON contract keys, solve only when asked', () => {
  const plain = buildReport(linear);
  assert.deepEqual(Object.keys(plain), ['gpu', 'host', 'inputs', 'notes', 'notEstimated', 'fits']);
  assert.deepEqual(plain.fits[0], { deviceBytes: 8 * GiB, var: 'B', max: 7 });
  const asked = buildReport(linear, { solveVar: 'B', budgetBytes: 24 * GiB, gradAccumulationTarget: 64 });
  assert.deepEqual(
    [asked.solve?.value, asked.solve?.firstFailing, asked.gradAccumulation?.microBatch],
    [23, 24, 16],
  );
});
