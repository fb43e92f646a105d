// model.cnn: a conv stack described by its layers. Its parameters and the activations autograd keeps are
// checked against the same stack run for real by PyTorch 2.13 on CPU (saved_tensors_hooks count every
// tensor saved for backward, by storage, parameters and buffers aside).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { cnnActivationParts, cnnCounts, runCnn } from './cnn.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'cnn.yaml');
// A small ResNet-like stack: stem conv + max pool, two stages of conv-BN-ReLU, global pool, classifier.
const stack = `model:
  cnn:
    input: [3, 32, 32]
    layers:
      - { conv: 16, kernel: 3 }
      - { pool: max, kernel: 2 }
      - { conv: 32, kernel: 3, stride: 2, repeat: 2 }
      - { conv: 32, kernel: 1, batch_norm: false }
      - { pool: global }
      - { linear: 10 }`;

const python = `
import torch, torch.nn as nn
torch.manual_seed(0)
m = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
    nn.MaxPool2d(2, 2),
    nn.Conv2d(16, 32, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
    nn.Conv2d(32, 32, 3, stride=1, padding=1, bias=False), nn.BatchNorm2d(32), nn.ReLU(inplace=True),
    nn.Conv2d(32, 32, 1, padding=0, bias=True), nn.ReLU(inplace=True),
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10))
m.train()
own = {t.untyped_storage().data_ptr() for t in list(m.parameters()) + list(m.buffers())}
seen = {}
def pack(t):
    p = t.untyped_storage().data_ptr()
    if p not in own and t.numel() > 64:
        seen[p] = t.untyped_storage().nbytes()
    return t
x = torch.randn(4, 3, 32, 32)
with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    y = m(x)
print(sum(seen.values()), sum(p.numel() for p in m.parameters()))
`;

test('the stack unrolls repeats (stride on the first) and counts conv, BatchNorm and linear parameters', () => {
  const cnn = spec(stack).model.cnn;
  assert.ok(cnn);
  const shapes = runCnn(cnn).map((run) => run.outShape.join('×'));
  assert.deepEqual(shapes, ['16×32×32', '16×16×16', '32×8×8', '32×8×8', '32×8×8', '32×1×1', '10×1×1']);
  const counts = cnnCounts(cnn);
  const expected = 3 * 16 * 9 + 32 + 16 * 32 * 9 + 64 + 32 * 32 * 9 + 64 + 32 * 32 + 32 + 32 * 10 + 10;
  assert.equal(counts.params, expected);
  assert.equal(estimate(spec(stack)).inputs.params, expected, 'the spec counts them when params is absent');
});

test('activations kept for backward match a real PyTorch 2.13 step on CPU within 2%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  // Bounded by its CPU time, not the wall clock that load stretches (test-helpers/cpu-limit.ts).
  const run = spawnSync(...cpuBounded(60, frameworksPython() as string, ['-c', python]), {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(run.status, 0, run.stderr);
  const [savedBytes, params] = run.stdout.trim().split(/\s+/).map(Number) as [number, number];
  const cnn = spec(stack).model.cnn;
  assert.ok(cnn);
  assert.equal(cnnCounts(cnn).params, params, 'parameters as torch counts them');
  const parts = cnnActivationParts(cnn, { batch: 4, bytesPerValue: 4, isTraining: true });
  const activations = parts.find((part) => part.name === 'activations')?.bytes ?? 0;
  t.diagnostic(`torch saved ${savedBytes} B, the rule ${activations} B`);
  assert.ok(Math.abs(activations - savedBytes) / savedBytes <= 0.02, `${activations} vs ${savedBytes}`);
});

test('a cnn spec estimates activations that grow with the batch, and refuses a layer of two kinds', () => {
  const at = (batch: number) =>
    estimate(spec(`${stack}\ntraining: { batch_size: ${batch} }`)).gpu.components.find(
      (part) => part.name === 'activations',
    )?.bytes ?? 0;
  assert.ok(at(8) > 0 && Math.abs(at(8) - 2 * at(4)) <= 1);
  assert.throws(
    () => spec('model:\n  cnn: { input: [3, 8, 8], layers: [{ conv: 4, pool: max }] }'),
    /exactly one of conv, pool or linear/,
  );
});
