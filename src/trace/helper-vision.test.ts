// The vision examples of `estimate --trace-module` (examples/trace: torchvision's detectors and segmenters,
// timm's classifiers, YOLO, SegFormer on transformers) with the real torchvision 0.28.0 and timm 1.0.29 in
// .venv-frameworks/vision: each network's parameter count against its published one, and each traced step
// against the same step run for real on CPU tensors, whose storages a TorchDispatchMode counts.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../probe/gpu/test-helpers/shared.js';
import { skipUnlessVision, visionPython } from '../test-helpers/frameworks.js';
import { startWarmPython, type WarmPython } from '../test-helpers/warm-python.js';
import { packagedTraceDir, runTraceHelper } from './helper.js';

const examples = join(repoRoot, 'examples', 'trace');
const skip = skipUnlessVision('torch', 'torchvision', 'timm', 'transformers');

const step = {
  framework: 'torch',
  cwd: examples,
  precision: 'fp32',
  optimizer: 'sgd_momentum',
  optimizerImpl: 'foreach',
  checkpointing: 'none',
  mode: 'check',
  batchSize: 2,
} as const;

const errorPercent = (traced: number, real: number): number => (Math.abs(traced - real) / real) * 100;

// Published counts: torchvision's model docs (num_params of each weights enum), timm's model cards, the
// training logs' "summary: … parameters" lines (YOLOv5 v6 models before fusing: yolov5s 7,235,389, yolov5l
// 46,563,709; ultralytics 8.x yolov8n 3,157,200, yolov8s 11,166,560), the counts printed in round 25's logs
// (one class: yolov5n6 3,094,312, yolov8s 11,135,987, yolov5su 9,122,579, yolov5nu 2,508,659) and
// nvidia/segformer-b0-finetuned-ade-512-512's 3,752,694 (transformers' SegFormer with its MLP head).
const published: Record<string, number> = {
  'torchvision_detection:fasterrcnn_resnet50_fpn_coco': 41_755_286,
  'torchvision_detection:retinanet_resnet50_fpn_coco': 34_014_999,
  'torchvision_segmentation:deeplabv3_resnet50': 42_004_074,
  'torchvision_segmentation:fcn_resnet50': 35_322_218,
  'timm_classifiers:resnet50': 25_557_032,
  'timm_classifiers:convnext_tiny': 28_589_128,
  'timm_classifiers:vit_base_patch16_224': 86_567_656,
  'timm_classifiers:swin_tiny_patch4_window7_224': 28_288_354,
  'yolo:v5_s_640x640_c80_b8': 7_235_389,
  'yolo:v5_l_640x640_c80_b8': 46_563_709,
  'yolo:v5p6_n_768x1280_c1_b8': 3_094_312,
  'yolo:v8_n_640x640_c80_b8': 3_157_200,
  'yolo:v8_s_640x640_c80_b8': 11_166_560,
  'yolo:v8_s_800x800_c1_b8': 11_135_987,
  'yolo:v5u_s_800x800_c1_b8': 9_122_579,
  'yolo:v5u_n_800x800_c1_b8': 2_508_659,
  'segformer:hf_b0_ade20k': 3_752_694,
};

// Each factory built on `meta` (no memory), as the trace builds it; its parameters counted.
const countParameters = `
import importlib, json, sys, torch
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import torchvision_ops
torchvision_ops.install(torch)
counts = {}
for target in sys.argv[3:]:
    module, name = target.split(":")
    with torch.device("meta"):
        built = getattr(importlib.import_module(module), name)()
    counts[target] = sum(p.numel() for p in built["model"].parameters())
print(json.dumps(counts))
`;

describe('vision trace examples, real torchvision and timm', { skip }, () => {
  // One Python that imported torch and transformers once; each trace runs the helper afresh in a fork.
  let warm: WarmPython;
  before(async () => {
    warm = await startWarmPython(visionPython() as string, [
      'torch',
      'torch._subclasses.fake_tensor',
      'torch.utils._python_dispatch',
      'transformers',
    ]);
  });
  after(() => warm?.stop());

  test('each factory builds the network with its published parameter count', () => {
    const output = execFileSync(
      visionPython() as string,
      ['-c', countParameters, packagedTraceDir, examples, ...Object.keys(published)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    assert.deepEqual(JSON.parse(output), published);
  });

  // Small versions of each family (the same code at small sizes): a torchvision Faster R-CNN (RPN,
  // sampler, MultiScaleRoIAlign through the helper's torchvision operators), DeepLabV3, a ViT, a Swin,
  // a ConvNeXt and a ResNet from timm, YOLOv5 and YOLOv8, SegFormer under mmseg's head.
  const modules = [
    'torchvision_detection:fasterrcnn_tiny',
    'torchvision_detection:retinanet_tiny',
    'torchvision_segmentation:tiny_deeplabv3',
    'timm_classifiers:tiny_vit',
    'timm_classifiers:tiny_swin',
    'timm_classifiers:tiny_convnext',
    'timm_classifiers:tiny_resnet',
    'yolo:tiny_v5',
    'yolo:tiny_v8',
    'yolo:tiny_v8_onehot',
    'segformer:tiny_mmseg',
  ];
  for (const module of modules) {
    test(`--trace-module ${module}: traced within 2% of the real CPU step`, async () => {
      const result = await runTraceHelper(warm.python, { ...step, module });
      const traced = result.peakBytes as number;
      const real = result.realPeakBytes as number;
      assert.ok(errorPercent(traced, real) <= 2, `${module}: traced ${traced} B, real ${real} B`);
    });
  }
});
