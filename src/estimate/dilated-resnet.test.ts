// model.segmenter decoders fcn, psp, aspp and sep_aspp: mmsegmentation's FCN, PSPNet, DeepLabV3 and DeepLabV3+ on a
// dilated ResNetV1c.
// Parameters equal the counts computed for the published rows (rounds 4 and 6), and parameters, buffers and saved
// bytes are checked against the same networks built in plain torch (test-helpers/dilated_resnet_torch.py) and run
// by a real PyTorch 2.13 step on CPU (saved_tensors_hooks count every tensor saved for backward, once per storage,
// parameters and buffers aside).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cpuBounded, hangBackstopMs } from '../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { dilatedResnetCounts, dilatedResnetSaved } from './dilated-resnet.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import type { SegmenterSpec } from './types.js';

const segmenter = (
  decoder: 'fcn' | 'psp' | 'aspp' | 'sep_aspp',
  depth: 18 | 50 | 101,
  crop: [number, number] = [512, 1024],
): SegmenterSpec => ({
  decoder,
  encoder: `resnet${depth}_v1c_d8`,
  crop,
  classes: 19,
  patch: 16,
  embed: 0,
  channels: depth === 18 ? 128 : 512,
  auxChannels: depth === 18 ? 64 : 256,
  auxHeads: 1,
  auxConvs: 1,
});

test('parameters: the counts of the published Cityscapes rows (both heads)', () => {
  const params = (decoder: 'fcn' | 'psp' | 'aspp' | 'sep_aspp', depth: 18 | 50 | 101) =>
    dilatedResnetCounts(segmenter(decoder, depth)).params;
  assert.deepEqual(
    [params('psp', 18), params('psp', 50), params('psp', 101)],
    [12_790_086, 48_975_494, 67_967_622],
  );
  assert.deepEqual([params('fcn', 50), params('fcn', 101)], [49_497_734, 68_489_862]);
  // DeepLabV3: the ASPP decode head alone is 42,221,075 (round 6's row comment).
  assert.deepEqual([params('aspp', 50), params('aspp', 101)], [68_113_030, 87_105_158]);
  // DeepLabV3+ (sep_aspp): the counts of the plain-torch build of mmseg's DepthwiseSeparableASPPHead
  // (test-helpers/dilated_resnet_torch.py, checked again in the next test).
  assert.deepEqual([params('sep_aspp', 18), params('sep_aspp', 50)], [12_468_962, 43_589_878]);
});

const helper = join(dirname(fileURLToPath(import.meta.url)), 'test-helpers', 'dilated_resnet_torch.py');

test('activations kept for backward match a real PyTorch 2.13 step of the same network on CPU within 2%', (t) => {
  const skip = skipUnlessFrameworks('torch');
  if (skip) return t.skip(skip);
  const cases: [SegmenterSpec, number][] = [
    [segmenter('psp', 50, [64, 128]), 2],
    [segmenter('psp', 18, [65, 97]), 2],
    [segmenter('fcn', 50, [64, 96]), 1],
    [segmenter('aspp', 50, [64, 128]), 2],
    [segmenter('sep_aspp', 50, [64, 96]), 2],
    [segmenter('sep_aspp', 18, [65, 97]), 2],
  ];
  const run = spawnSync(
    ...cpuBounded(300, frameworksPython() as string, [
      helper,
      JSON.stringify(
        cases.map(([spec, batch]) => ({
          depth: Number(/\d+/.exec(spec.encoder ?? '')?.[0]),
          decoder: spec.decoder,
          classes: spec.classes,
          channels: spec.channels,
          aux_channels: spec.auxChannels,
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
    const label = `${spec.decoder} ${spec.encoder} ${spec.crop.join('×')} batch ${batch}`;
    const counts = dilatedResnetCounts(spec);
    assert.equal(counts.params, real.params, `${label}: parameters`);
    assert.equal(counts.buffersBytes, real.buffersBytes, `${label}: BatchNorm buffers`);
    const saved = dilatedResnetSaved(spec);
    const crop = spec.crop[0] * spec.crop[1];
    // fp32: every kept value 4 B, the image the stem conv keeps, the int64 labels the loss keeps.
    const ruleBytes =
      batch *
      (4 * (saved.backbone + saved.heads + saved.logSoftmax + 3 * crop) + saved.indexBytes + 8 * crop);
    t.diagnostic(`${label}: torch saved ${real.saved} B, the rule ${ruleBytes} B`);
    assert.ok(
      Math.abs(ruleBytes - real.saved) / real.saved <= 0.02,
      `${label}: ${ruleBytes} vs ${real.saved}`,
    );
  });
});

const spec = (yaml: string) => parseEstimateSpec(yaml, 'deeplab.yaml');

test('a D8 segmenter stands alone: its parts; no encoder, a Mix Transformer or a ViT beside it is refused', () => {
  const result = estimate(
    spec(
      'model:\n  segmenter: { decoder: aspp, encoder: resnet101_v1c_d8, crop: [512, 1024], classes: 19 }\ntraining: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }',
    ),
  );
  const part = (name: string) => result.gpu.components.find((c) => c.name === name);
  assert.ok((part('activations (ResNetV1c-D8 encoder)')?.bytes ?? 0) > 1e9);
  assert.match(part('activations (segmentation heads)')?.formula ?? '', /ASPPHead of 512 channels/);
  assert.ok(!(result.notEstimated ?? []).some((n) => n.part === 'activations'));
  assert.throws(
    () => spec('model:\n  segmenter:\n    decoder: psp\n    crop: [512, 1024]\n'),
    /deeplab\.yaml:\d+:\d+: model\.segmenter\.encoder: is required with decoder psp/,
  );
  assert.throws(
    () => spec('model:\n  segmenter: { decoder: fcn, encoder: mit_b0, crop: [512, 1024] }\n'),
    /model\.segmenter\.encoder: is required with decoder fcn: resnet18_v1c_d8/,
  );
  assert.throws(
    () => spec('model:\n  segmenter: { decoder: segformer, encoder: resnet50_v1c_d8, crop: [512, 1024] }\n'),
    /decoder segformer takes a Mix Transformer/,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  segmenter: { decoder: psp, encoder: resnet50_v1c_d8, crop: [512, 512] }\n  transformer: { family: vit, layers: 2, hidden: 64, heads: 2, seq_len: 1025 }',
      ),
    /brings its own ResNet: give no model\.transformer/,
  );
  assert.throws(
    () =>
      spec(
        'model:\n  segmenter: { decoder: aspp, encoder: resnet50_v1c_d8, crop: [512, 1024], aux_convs: 2 }\n',
      ),
    /model\.segmenter\.aux_convs: counts each auxiliary SETRUPHead's convs/,
  );
});

test("cudnn_benchmark, on by default as mmseg's default_runtime sets it: the head bottleneck's input × 3 at the peak; off: none", () => {
  const specOf = (cuda: string) =>
    spec(
      `model:\n  segmenter: { decoder: psp, encoder: resnet50_v1c_d8, crop: [512, 1024], classes: 19 }\ntraining: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }${cuda}`,
    );
  const workspaceOf = (result: ReturnType<typeof estimate>) =>
    result.gpu.components.find((c) => c.name === 'cuDNN workspace (benchmark mode)')?.bytes;
  const byDefault = estimate(specOf(''));
  const on = estimate(specOf('\ncuda: { cudnn_benchmark: true }'));
  const off = estimate(specOf('\ncuda: { cudnn_benchmark: false }'));
  // PSPHead's bottleneck input: 2048 + 4 × 512 channels at 64 × 128, fp32, two images.
  const bottleneckInputBytes = (2048 + 4 * 512) * 64 * 128 * 4 * 2;
  assert.equal(workspaceOf(byDefault), 3 * bottleneckInputBytes);
  assert.equal(workspaceOf(on), 3 * bottleneckInputBytes);
  assert.equal(workspaceOf(off), undefined);
  assert.equal(byDefault.gpu.allocatedPeakBytes - off.gpu.allocatedPeakBytes, 3 * bottleneckInputBytes);
  assert.equal(
    dilatedResnetSaved(specOf('').model.segmenter as SegmenterSpec).bottleneckInput,
    (2048 + 4 * 512) * 64 * 128,
  );
});
