// model.vision: a ViT tower beside the language model (a VLM such as nanoVLM or Qwen-VL). Trained, it keeps
// what each of its layers keeps under the language model's rules; frozen, it records nothing and only its
// output, the projector's input, stays.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'vision.yaml');
const decoder =
  'transformer: { family: llama, layers: 4, hidden: 256, heads: 4, vocab: 1000, ffn: 512, seq_len: 64, attention: sdpa }';
const tower = 'vision: { layers: 6, hidden: 384, heads: 6, ffn: 1536, seq_len: 196, attention: sdpa';
const part = (yaml: string, name: string) =>
  estimate(spec(yaml)).gpu.components.find((c) => c.name === name)?.bytes ?? 0;

test('a trained tower keeps its layers’ activations, growing with the batch and the images per sample', () => {
  const at = (batch: number, images = 1) =>
    part(
      `model:\n  ${decoder}\n  ${tower}, images: ${images} }\ntraining: { precision: amp_bf16, batch_size: ${batch} }`,
      'activations (vision tower)',
    );
  assert.ok(at(2) > 0);
  assert.ok(Math.abs(at(4) - 2 * at(2)) <= 2, 'linear in the batch');
  assert.ok(Math.abs(at(2, 2) - at(4)) <= 2, 'two images per sample: the tower runs twice as often');
  // Six layers of a 384-wide ViT over 196 patches keep far more than a frozen tower's output.
  const frozen = part(
    `model:\n  ${decoder}\n  ${tower}, trainable: false }\ntraining: { precision: amp_bf16, batch_size: 2 }`,
    'vision tower output',
  );
  assert.equal(frozen, 2 * 196 * 2 * 384, 'bf16 × patches × images × width');
  assert.ok(at(2) > 20 * frozen);
});

test('the tower’s parameters join the count when params is not given; bad input names the field', () => {
  const alone = estimate(spec(`model:\n  ${decoder}`)).inputs.params;
  const withTower = estimate(spec(`model:\n  ${decoder}\n  ${tower} }`)).inputs.params;
  // A ViT block: fused or not, 4·h² attention + 2·h·ffn MLP weights, biases and two LayerNorms.
  assert.ok(withTower - alone >= 6 * (4 * 384 * 384 + 2 * 384 * 1536));
  assert.throws(
    () => spec(`model:\n  ${decoder}\n  vision: { layers: 6, hidden: 384 }`),
    /model\.vision.*needs heads, seq_len/s,
  );
  assert.throws(
    () => spec('model:\n  params: 1B\n  vision: { layers: 6, hidden: 384, heads: 6, seq_len: 196 }'),
    /model\.vision.*needs model\.transformer or model\.config/s,
  );
  assert.throws(
    () => spec(`model:\n  ${decoder}\n  ${tower}, trainable: maybe }`),
    /model\.vision\.trainable/,
  );
});
