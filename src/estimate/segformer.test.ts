// model.segmenter decoder segformer: SegFormer's Mix Transformer and all-MLP head as mmsegmentation builds them.
// Parameters and saved bytes are checked against the same network built in plain torch
// (test-helpers/segformer_torch.py) and run by a real PyTorch 2.13 step on CPU (saved_tensors_hooks count every
// tensor saved for backward, once per storage, parameters and buffers aside); the encoder's count against the
// published MiT-B0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { segformerCounts, segformerSaved } from './segformer.js';
import type { MitEncoder, SegmenterSpec } from './types.js';

const segformer = (encoder: MitEncoder, crop: [number, number], classes: number): SegmenterSpec => ({
  decoder: 'segformer',
  encoder,
  crop,
  classes,
  patch: 16,
  embed: 0,
  channels: 256,
  auxHeads: 0,
  auxConvs: 1,
});

test("MiT-B0's encoder is the published 3,319,392 parameters; the head adds its four 1×1s, the fusion and conv_seg", () => {
  // nvidia/mit-b0 (the encoder alone, as transformers' SegformerModel counts it): 3,319,392.
  const head = (32 + 64 + 160 + 256) * 256 + 4 * 256 * 256 + 5 * 2 * 256 + 256 * 19 + 19;
  assert.equal(segformerCounts(segformer('mit_b0', [1024, 1024], 19)).params - head, 3_319_392);
});

const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'segformer_torch.py');

test('activations kept for backward match a real PyTorch 2.13 step of the same network on CPU within 2%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const cases: [SegmenterSpec, number][] = [
    [segformer('mit_b0', [128, 160], 19), 2],
    [segformer('mit_b0', [128, 128], 19), 1],
    [segformer('mit_b2', [128, 128], 150), 2],
  ];
  const run = spawnSync(
    ...cpuBounded(300, frameworksPython() as string, [
      helper,
      JSON.stringify(
        cases.map(([spec, batch]) => ({
          variant: spec.encoder,
          classes: spec.classes,
          channels: spec.channels,
          crop: spec.crop,
          batch,
        })),
      ),
    ]),
    { encoding: 'utf8', timeout: hangBackstopMs },
  );
  assert.equal(run.status, 0, run.stderr);
  const reals: { params: number; buffersBytes: number; saved: number }[] = JSON.parse(run.stdout.trim());
  cases.forEach(([spec, batch], i) => {
    const real = reals[i] ?? { params: 0, buffersBytes: 0, saved: 1 };
    const label = `${spec.encoder} ${spec.crop.join('×')} batch ${batch}`;
    const counts = segformerCounts(spec);
    assert.equal(counts.params, real.params, `${label}: parameters`);
    assert.equal(counts.buffersBytes, real.buffersBytes, `${label}: SyncBN buffers`);
    const saved = segformerSaved(spec, batch);
    const crop = spec.crop[0] * spec.crop[1];
    // fp32: every kept value 4 B, the log-softmax at the crop, the int64 labels.
    const ruleBytes =
      batch * (4 * (saved.encoder + saved.head + saved.statistics + spec.classes * crop) + 8 * crop);
    t.diagnostic(`${label}: torch saved ${real.saved} B, the rule ${ruleBytes} B`);
    assert.ok(
      Math.abs(ruleBytes - real.saved) / real.saved <= 0.02,
      `${label}: ${ruleBytes} vs ${real.saved}`,
    );
  });
});

const spec = (yaml: string) => parseEstimateSpec(yaml, 'segformer.yaml');

test('a segformer spec stands alone: its parts; no encoder, a ViT beside it or an auxiliary head is refused', () => {
  const result = estimate(
    spec(
      'model:\n  segmenter: { decoder: segformer, encoder: mit_b2, crop: [512, 512], classes: 150 }\ntraining: { precision: fp32, optimizer: adamw, batch_size: 2 }',
    ),
  );
  const part = (name: string) => result.gpu.components.find((c) => c.name === name);
  assert.ok((part('activations (MiT encoder)')?.bytes ?? 0) > 1e9);
  assert.match(
    part('activations (segmentation heads)')?.formula ?? '',
    /150-class fp32 log-softmax at 512 × 512/,
  );
  assert.ok(!(result.notEstimated ?? []).some((n) => n.part === 'activations'));
  assert.throws(
    () => spec('model:\n  segmenter:\n    decoder: segformer\n    crop: [512, 512]\n'),
    /model\.segmenter\.encoder: is required with decoder segformer/,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  segmenter: { decoder: segformer, encoder: mit_b0, crop: [512, 512] }\n  transformer: { family: vit, layers: 2, hidden: 64, heads: 2, seq_len: 1025 }',
      ),
    /brings its own encoder: give no model\.transformer/,
  );
  assert.throws(
    () => spec('model:\n  segmenter:\n    decoder: segformer\n    encoder: mit_b9\n    crop: [512, 512]\n'),
    /segformer\.yaml:4:14: model\.segmenter\.encoder: expected one of mit_b0, mit_b1/,
  );
});
