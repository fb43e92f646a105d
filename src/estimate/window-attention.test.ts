// model.transformer.window: detectron2 ViTDet's windowed attention (modeling/backbone/vit.py Block,
// window_partition / window_unpartition). Eager scores are windows × size⁴ per head in the windowed blocks and
// seq_len² in the global ones; the windowed blocks' attention runs on the grid padded to a multiple of the window.
// Round 17's six ViTDet rows (references-round17.test.ts) pin the measured effect.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';

const spec = (yaml: string) => parseEstimateSpec(yaml, 'vitdet.yaml');
const vitB = (window: string) =>
  `model:\n  transformer: { family: vit, layers: 12, hidden: 768, heads: 12, seq_len: 4096, fused_qkv: true, attention: eager, dropout: false${window} }\ntraining: { precision: fp32, optimizer: adamw, batch_size: 1 }`;
const activations = (yaml: string) =>
  estimate(spec(yaml)).gpu.components.find((part) => part.name === 'activations')?.bytes ?? 0;

test('windowed blocks keep windows × size⁴ scores per head, global blocks seq_len², over the padded grid', () => {
  const global = activations(vitB(''));
  const allGlobal = activations(vitB(', window: { size: 14, global_layers: 12 }'));
  assert.equal(allGlobal, global, 'every block global: the plain ViT');
  const windowed = activations(vitB(', window: { size: 14, global_layers: 4 }'));
  // 64 × 64 tokens padded to 70 × 70: 25 windows of 196 tokens. fp32 eager scores without dropout: 4 B each.
  const scoresSaved = 12 * 8 * (4096 ** 2 - 25 * 196 ** 2) * 4;
  assert.ok(global - windowed < scoresSaved, 'the padded tokens add attention activations back');
  assert.ok(global - windowed > 0.9 * scoresSaved, `${global - windowed} vs ${scoresSaved}`);
});

test('a window of 0 or a negative global count is a located error', () => {
  assert.throws(
    () => spec(vitB(', window: { size: 0 }')),
    /vitdet\.yaml:2:\d+: model\.transformer\.window\.size/,
  );
  assert.throws(
    () => spec(vitB(', window: { size: 14, global_layers: -1 }')),
    /model\.transformer\.window\.global_layers/,
  );
});
