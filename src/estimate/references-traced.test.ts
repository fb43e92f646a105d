// Published CNN peaks the spec's sequential cnn stack cannot say (residual downsample branches, the
// pyramid-pooling concat, the auxiliary head, logits resized to the crop): `estimate --trace-module`
// runs the network itself (examples/trace/pspnet.py, mmsegmentation's PSPNet) on fake tensors with the
// case's spec, read as the case was measured (measured-cases.ts tracedBytes). Measured 2026-11-27 on the
// six round-4 mmseg PSPNet rows (`npm run bench -- estimate-accuracy`, round 4, trace column): traced
// -6.9% to -15.4% (median -11.5%) where the analytic stack gives -16.0% to -26.5%. What is left is
// CUDA's: cuDNN convolution workspaces (mmseg runs with cudnn_benchmark) that a CPU trace cannot see.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  coveringTensors,
  isFrozenTrace,
  traceRequestOf,
  untracedTensors,
} from '../cli/commands/estimate/trace.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { runTraceHelper, toTraceResult } from '../trace/helper.js';
import { estimate } from './estimate.js';
import { caseError, scorePublished, tracedBytes } from './test-helpers/measured-cases.js';
import type { PublishedCase } from './test-helpers/published-measured.js';
import { round4Cases } from './test-helpers/published-measured-round4.js';
import { round13Cases } from './test-helpers/published-measured-round13.js';
import { round25Cases } from './test-helpers/published-measured-round25.js';
import { specOf } from './test-helpers/references.js';
import { compareTrace } from './trace.js';

const examplesTrace = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../examples/trace');
const GiB = 1024 ** 3;

/** The case traced by its examples/trace factory, against its published peak and the analytic estimate. */
async function traceCase(
  c: PublishedCase | undefined,
): Promise<{ message: string; traced: number; analytic: number }> {
  assert.ok(c?.traceModule, `${c?.id} names its trace module`);
  const python = frameworksPython();
  assert.ok(python);
  const spec = specOf(c.spec);
  const breakdown = estimate(spec);
  const options = {
    python,
    modelConfig: undefined,
    module: c.traceModule,
    isFull: false,
    inputs: [],
    cwd: examplesTrace,
  };
  const trace = toTraceResult(
    await runTraceHelper(python, traceRequestOf(spec, breakdown, options), { timeoutMs: 300_000 }),
  );
  // As bench/estimate-trace-cases.ts reads a module's trace.
  const compared = compareTrace(
    breakdown,
    trace,
    untracedTensors(spec),
    0,
    false,
    isFrozenTrace(spec),
    coveringTensors(spec),
  );
  const traced = tracedBytes(compared, c.what) / GiB;
  const tracedError = (traced - c.measured) / c.measured;
  const [analytic] = scorePublished([c], () => true);
  assert.ok(analytic);
  const message = `measured ${c.measured} GiB, traced ${traced.toFixed(2)} (${(tracedError * 100).toFixed(1)}%), analytic ${(caseError(analytic) * 100).toFixed(1)}%`;
  return { message, traced: tracedError, analytic: caseError(analytic) };
}

test('the traced PSPNet R-18 (examples/trace/pspnet.py) is within 15% of its published peak, closer than the analytic stack', {
  skip: skipUnlessFrameworks('torch'),
}, async () => {
  const { message, traced, analytic } = await traceCase(
    round4Cases.find((x) => x.id === 'mmseg-pspnet-r18-d8-512x1024-cityscapes-4xb2'),
  );
  assert.ok(Math.abs(traced) <= 0.15, message);
  assert.ok(Math.abs(traced) < Math.abs(analytic), message);
});

// mmdetection's Faster R-CNN (examples/trace/faster_rcnn.py) on its five pytorch-style rows of rounds 6 and 13,
// measured 2026-11-28: traced -13.7% (R-50 COCO), -11.7% (R-101 COCO), -39.4% (R-50 COCO fp16), -14.5% (R-50
// VOC), -35.1% (R-50 Cityscapes) where model.detector says -21.7, -17.0, -44.1, -21.6, -41.7%. The VOC row (the
// smallest input) is checked here. Session 23: both count the anchor assigner at the most boxes in one image
// (100, model.detector.max_objects' default; the trace had 8): on the VOC row traced -14.5% -> -6.2%,
// model.detector -21.6% -> -1.5%. model.detector is now the closer of the two, so both are held within 15%.
test('the traced Faster R-CNN R-50 on VOC (examples/trace/faster_rcnn.py) and model.detector are within 15% of its published peak', {
  skip: skipUnlessFrameworks('torch'),
}, async () => {
  const { message, traced, analytic } = await traceCase(
    round13Cases.find((x) => x.id === 'mmdet-faster-rcnn-r50-fpn-pytorch-1x-voc-8x2img'),
  );
  assert.ok(Math.abs(traced) <= 0.15, message);
  assert.ok(Math.abs(analytic) <= 0.15, message);
});

// Round 25's YOLO and SegFormer rows, traced by their networks (examples/trace/yolo.py, segformer.py),
// measured 2026-11-28: mmyolo YOLOv5 n, m, l, l-P6 -3.7, -2.3, -2.7, -1.5% (analytic stack -52.1, -48.9,
// -49.7, -50.8%); the YOLOv5n6 user log -9.4% (-48.7%); mmseg SegFormer B2 ADE20K -19.3% (-72.4%), B0, B2, B3
// Cityscapes -26.5, -27.0, -28.5% (-88%). YOLOv5-n and SegFormer B2 on ADE20K are checked here.
test('the traced mmyolo YOLOv5-n (examples/trace/yolo.py) is within 5% of its published peak, closer than the analytic stack', {
  skip: skipUnlessFrameworks('torch'),
}, async () => {
  const { message, traced, analytic } = await traceCase(
    round25Cases.find((x) => x.id === 'mmyolo-yolov5-n-syncbn-amp-8xb16-640-coco'),
  );
  assert.ok(Math.abs(traced) <= 0.05, message);
  assert.ok(Math.abs(traced) < Math.abs(analytic), message);
});

// The analytic model says SegFormer itself since 0f61ea38's parent (model.segmenter): the trace is checked on
// its own figure only.
test('the traced mmseg SegFormer MiT-B2 on ADE20K (examples/trace/segformer.py) is within 25% of its published peak', {
  skip: skipUnlessFrameworks('torch', 'transformers'),
}, async () => {
  const { message, traced } = await traceCase(
    round25Cases.find((x) => x.id === 'mmseg-segformer-mit-b2-512x512-ade20k-8x2-adamw'),
  );
  assert.ok(Math.abs(traced) <= 0.25, message);
});
