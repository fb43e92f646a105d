// model.critic: PPO's value model trained beside the policy (DeepSpeed-Chat's actor and critic engines): its
// resident states as a model of its size would hold them under the same engine, and nothing of its forward.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { partKind } from './trace.js';

const training = 'training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 4 }';
const parallel = 'parallel: { gpus: 16, strategy: zero2 }';
const policy = `model:
  params: 1315758080
  transformer: { family: opt, layers: 24, hidden: 2048, heads: 32, ffn: 8192, vocab: 50272, seq_len: 512, tied_embeddings: true }`;
const parts = (yaml: string) => estimate(parseEstimateSpec(yaml, 'x.yaml')).gpu.components;
const bytesOf = (yaml: string, name: string) => parts(yaml).find((part) => part.name === name)?.bytes;

test("the critic's weights, gradients and optimizer states are those of a model of its size trained the same way", () => {
  const withCritic = `${policy}\n  critic: { params: 331198976 }\n${training}\n${parallel}`;
  const alone = `model: { params: 331198976 }\n${training}\n${parallel}`;
  for (const name of ['weights', 'gradients', 'optimizer states']) {
    const own = bytesOf(alone, name);
    assert.ok(own !== undefined && own > 0, name);
    assert.equal(bytesOf(withCritic, `critic ${name}`), own, name);
  }
  // ZeRO-2 over 16: fp16 weights whole, the gradient partition and 12 B of fp32 master and moments per parameter / 16.
  assert.equal(bytesOf(withCritic, 'critic weights'), 331198976 * 2);
  assert.equal(bytesOf(withCritic, 'critic optimizer states'), (331198976 * 12) / 16);
});

test("the critic's step transients and its activations are not added: it trains after the policy's step", () => {
  const withCritic = `${policy}\n  critic: { params: 331198976 }\n${training}\n${parallel}`;
  const without = `${policy}\n${training}\n${parallel}`;
  assert.equal(bytesOf(withCritic, 'activations'), bytesOf(without, 'activations'));
  assert.equal(bytesOf(withCritic, 'critic fp32 partition gradients'), undefined);
  const names = parts(withCritic).map((part) => part.name);
  assert.deepEqual(
    names.filter((name) => name.startsWith('critic ')),
    ['critic weights', 'critic gradients', 'critic optimizer states'],
  );
});

test("offloaded states go to the host as the policy's do", () => {
  const offload = training.replace('batch_size: 4', 'batch_size: 4, offload: { optimizer: cpu }');
  const breakdown = estimate(
    parseEstimateSpec(`${policy}\n  critic: { params: 331198976 }\n${offload}\n${parallel}`, 'x.yaml'),
  );
  assert.ok(breakdown.host.components.some((part) => part.name === 'critic optimizer states (offloaded)'));
  assert.ok(!breakdown.gpu.components.some((part) => part.name === 'critic optimizer states'));
});

test('a critic needs its parameter count: a located error (exit 2)', () => {
  assert.throws(
    () => parseEstimateSpec(`${policy}\n  critic: {}\n${training}`, 'x.yaml'),
    (error: Error & { exitCode?: number }) =>
      /x\.yaml:\d+:\d+: model\.critic\.params/.test(error.message) && error.exitCode === 2,
  );
  assert.throws(
    () => parseEstimateSpec(`${policy}\n  critic: { params: 1000, dtype: fp16 }\n${training}`, 'x.yaml'),
    /model\.critic\.dtype.*unknown key/s,
  );
});

test('--trace adds the critic as a second model: the traced policy step does not build it', () => {
  const critic = parts(`${policy}\n  critic: { params: 331198976 }\n${training}\n${parallel}`).filter(
    (part) => part.name.startsWith('critic '),
  );
  assert.equal(critic.length, 3);
  for (const part of critic) assert.equal(partKind(part), 'second model', part.name);
});
