// Round 13 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 12 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// Each case names its public source (document, commit, table and row), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write. No document here is cited by
// rounds 1 to 12 or ../shared/estimation (the test checks the documents, the specs and same-figure twins).
// Parameter counts are computed from the modules as the configs build them (layer by layer, below).
import type { PublishedCase } from './published-measured.js';

// --- A ResNet / ResNeXt trunk as the spec's sequential stack ---------------------------------------------------
// The torchvision-layout Bottleneck (mmdet's ResNet and ResNeXt): 1×1 conv to `width`, 3×3 conv (grouped for
// ResNeXt), 1×1 conv to 4 × planes, each with BatchNorm; the first block of stages 2 to 4 strides by 2, on the
// 3×3 ("pytorch" style) or on the first 1×1 ("caffe" style). width = planes × (base_width / 64) × groups:
// ResNet 64, 128, 256, 512; ResNeXt-101 32x4d 128 … 1024; 64x4d 256 … 2048. The residual adds and the
// downsample convolutions are outside the sequential stack; the spec cannot say a grouped convolution (its
// activations are those of the dense one; its parameters are given in params).
const trunkStack = (
  blocks: readonly number[],
  options: { strideOn: '1x1' | '3x3'; widthScale: number },
): string[] => {
  const layers = [
    '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
    '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
  ];
  blocks.forEach((count, stage) => {
    const planes = 64 * 2 ** stage;
    const width = planes * options.widthScale;
    for (let block = 0; block < count; block++) {
      const stride = block === 0 && stage > 0 ? ', stride: 2' : '';
      const [strideIn1x1, strideIn3x3] = options.strideOn === '1x1' ? [stride, ''] : ['', stride];
      layers.push(
        `{ conv: ${width}, kernel: 1${strideIn1x1} }`,
        `{ conv: ${width}${strideIn3x3} }`,
        `{ conv: ${4 * planes}, kernel: 1 }`,
      );
    }
  });
  return layers;
};
const cnnSpec = (input: readonly number[], layers: readonly string[]): string =>
  `  cnn:\n    input: [${input.join(', ')}]\n    layers:\n${layers.map((layer) => `      - ${layer}`).join('\n')}`;

type Trunk = 'r50' | 'r101' | 'x101-32x4d' | 'x101-64x4d';
// Counted from the Bottleneck above (convolutions without bias, BatchNorm weight and bias; no fc):
// total, frozen by frozen_stages 1 (stem conv + BN and the first stage), and the BatchNorm affines of
// stages 2 to 4 (frozen as well in the caffe-style configs: norm_cfg requires_grad False).
const trunks: Record<
  Trunk,
  {
    name: string;
    blocks: number[];
    widthScale: number;
    params: number;
    frozen: number;
    laterBn: number;
    grouped: boolean;
  }
> = {
  r50: {
    name: 'ResNet-50',
    blocks: [3, 4, 6, 3],
    widthScale: 1,
    params: 23_508_032,
    frozen: 225_344,
    laterBn: 50_176,
    grouped: false,
  },
  r101: {
    name: 'ResNet-101',
    blocks: [3, 4, 23, 3],
    widthScale: 1,
    params: 42_500_160,
    frozen: 225_344,
    laterBn: 102_400,
    grouped: false,
  },
  'x101-32x4d': {
    name: 'ResNeXt-101 32x4d',
    blocks: [3, 4, 23, 3],
    widthScale: 2,
    params: 42_128_704,
    frozen: 215_360,
    laterBn: 134_144,
    grouped: true,
  },
  'x101-64x4d': {
    name: 'ResNeXt-101 64x4d',
    blocks: [3, 4, 23, 3],
    widthScale: 4,
    params: 81_406_272,
    frozen: 402_752,
    laterBn: 197_632,
    grouped: true,
  },
};

// --- open-mmlab/mmdetection configs/mask_rcnn/README.md and configs/cascade_rcnn/README.md, "Mem (GB)" (mmdet v2) ---
// tools/dist_train.sh <config> 8 with the configs' _base_: 8 GPUs × 2 COCO images (samples_per_gpu 2), DDP
// (MMDistributedDataParallel), Resize to (1333, 800) keeping the ratio (the multi-scale "mstrain" configs draw
// the short side from 640 … 800), padded to a multiple of 32: the widest image 800 × 1344 is taken as the
// peak's input; SGD lr 0.02 momentum 0.9 weight decay 1e-4, fp32. Backbone: norm_eval True (BatchNorm
// statistics frozen), frozen_stages 1; pytorch style (stride on the 3×3, BatchNorm affines trained) or caffe
// style (stride on the 1×1, norm_cfg requires_grad False: every BatchNorm affine frozen). Heads (80 classes),
// counted from the modules: FPN (laterals 1×1 and outputs 3×3 of 256 channels, a max-pooled fifth level)
// 3,344,384; RPNHead (3×3 conv, 3 anchors, sigmoid) 593,935; Shared2FCBBoxHead (2 FC 1024 on 7 × 7 × 256)
// 14,306,705 with class-specific boxes (Mask R-CNN), 13,982,805 class-agnostic (each of Cascade R-CNN's three
// stages: 41,948,415); FCNMaskHead (4 convs 3×3, a 2× deconvolution, 80 mask logits) 2,643,280 (Cascade Mask
// R-CNN: one per stage, 7,929,840). "Mem (GB)" is mmcv's logged memory = torch.cuda.max_memory_allocated() /
// 2**20 (MiB) of the logging rank (rank 0), / 1024 in the table (GiB, one decimal): one GPU's figure.
// NOT EXPRESSIBLE (every row): the FPN, the proposals and the per-RoI box and mask heads (512 sampled RoIs
// per image, mask targets at 28 × 28) are outside the spec's sequential stack; the spec holds the trunk and
// states the heads' parameters in params.
const maskRcnnDoc = 'open-mmlab/mmdetection configs/mask_rcnn/README.md';
const maskRcnnSource = `${maskRcnnDoc} (commit 0190d6bb, https://github.com/open-mmlab/mmdetection/blob/0190d6bba134dbab75c59ee4fc4e51fdf9212d0e/configs/mask_rcnn/README.md)`;
const cascadeDoc = 'open-mmlab/mmdetection configs/cascade_rcnn/README.md';
const cascadeSource = `${cascadeDoc} (commit 1d2f98d5, https://github.com/open-mmlab/mmdetection/blob/1d2f98d589d3290ad773880e0218b5cef5c634e2/configs/cascade_rcnn/README.md)`;

type Detector = 'mask_rcnn' | 'cascade_rcnn' | 'cascade_mask_rcnn';
const detectors: Record<Detector, { name: string; heads: number; headsText: string }> = {
  mask_rcnn: {
    name: 'Mask R-CNN',
    heads: 3_344_384 + 593_935 + 14_306_705 + 2_643_280,
    headsText: 'FPN 3,344,384 + RPN 593,935 + box head 14,306,705 + mask head 2,643,280',
  },
  cascade_rcnn: {
    name: 'Cascade R-CNN',
    heads: 3_344_384 + 593_935 + 41_948_415,
    headsText: 'FPN 3,344,384 + RPN 593,935 + three class-agnostic box heads 41,948,415',
  },
  cascade_mask_rcnn: {
    name: 'Cascade Mask R-CNN',
    heads: 3_344_384 + 593_935 + 41_948_415 + 7_929_840,
    headsText:
      'FPN 3,344,384 + RPN 593,935 + three class-agnostic box heads 41,948,415 + three mask heads 7,929,840',
  },
};

const mmdetCase = (options: {
  detector: Detector;
  trunk: Trunk;
  style: 'pytorch' | 'caffe';
  schedule: string;
  config: string;
  measured: number;
  row: string;
  table?: string;
}): PublishedCase => {
  const detector = detectors[options.detector];
  const trunk = trunks[options.trunk];
  const params = trunk.params + detector.heads;
  const frozen = trunk.frozen + (options.style === 'caffe' ? trunk.laterBn : 0);
  const isCascade = options.detector !== 'mask_rcnn';
  const isMultiScale = options.config.includes('mstrain');
  return {
    id: `mmdet-${options.detector.replaceAll('_', '-')}-${options.trunk}-fpn-${options.style}-${options.schedule}-coco-8x2img`,
    source: `${isCascade ? cascadeSource : maskRcnnSource}, ${options.table ? `table "${options.table}", ` : ''}row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `tools/dist_train.sh configs/${isCascade ? 'cascade_rcnn' : 'mask_rcnn'}/${options.config}.py 8 (mmdet v2): ${detector.name}, ${trunk.name} (${options.style} style${options.style === 'caffe' ? ', every BatchNorm affine frozen' : ', BatchNorm in eval mode with its affines trained'}) + FPN: ${params.toLocaleString('en-US')} parameters (trunk ${trunk.params.toLocaleString('en-US')} + ${detector.headsText}), ${(params - frozen).toLocaleString('en-US')} trainable (${frozen.toLocaleString('en-US')} frozen); 2 COCO images per GPU at ${isMultiScale ? 'a short side drawn from 640 … 800 (multi-scale, polygon masks), the long side at most 1333' : '1333 × 800'} (padded: 800 × 1344 taken as the peak's input) on 8 GPUs (DDP), SGD momentum 0.9, fp32, ${options.schedule} schedule; mmcv's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure. NOT EXPRESSIBLE: the FPN, the proposals and the per-RoI ${options.detector === 'cascade_rcnn' ? 'box heads (three cascade stages)' : 'box and mask heads'} are outside the spec's sequential stack${trunk.grouped ? '; the ResNeXt 3×3 convolutions are grouped (the spec gives dense ones of the same width; params states the true count)' : ''}`,
    spec: `model:
  params: ${params}
  trainable: ${params - frozen}
${cnnSpec([3, 800, 1344], trunkStack(trunk.blocks, { strideOn: options.style === 'caffe' ? '1x1' : '3x3', widthScale: trunk.widthScale }))}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

const mmdetCases: PublishedCase[] = [
  // Mask R-CNN, "Results and models".
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'mask_rcnn_r50_caffe_fpn_1x_coco',
    measured: 4.3,
    row: 'R-50-FPN | caffe | 1x | 4.3',
  }),
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn_r50_fpn_1x_coco',
    measured: 4.4,
    row: 'R-50-FPN | pytorch | 1x | 4.4',
  }),
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn_r101_fpn_1x_coco',
    measured: 6.4,
    row: 'R-101-FPN | pytorch | 1x | 6.4',
  }),
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 7.6,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.6',
  }),
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn_x101_64x4d_fpn_1x_coco',
    measured: 10.7,
    row: 'X-101-64x4d-FPN | pytorch | 1x | 10.7',
  }),
  // "Pre-trained Models" (multi-scale, 3x): only the row whose single-scale twin has no figure (the others
  // would repeat a spec above with a second figure).
  mmdetCase({
    detector: 'mask_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '3x',
    config: 'mask_rcnn_r101_caffe_fpn_mstrain-poly_3x_coco',
    measured: 5.9,
    row: 'R-101-FPN | caffe | 3x | 5.9',
    table: 'Pre-trained Models',
  }),
  // Cascade R-CNN.
  mmdetCase({
    detector: 'cascade_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn_r50_caffe_fpn_1x_coco',
    measured: 4.2,
    row: 'R-50-FPN | caffe | 1x | 4.2',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn_r50_fpn_1x_coco',
    measured: 4.4,
    row: 'R-50-FPN | pytorch | 1x | 4.4',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn_r101_caffe_fpn_1x_coco',
    measured: 6.2,
    row: 'R-101-FPN | caffe | 1x | 6.2',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn_r101_fpn_1x_coco',
    measured: 6.4,
    row: 'R-101-FPN | pytorch | 1x | 6.4',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 7.6,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.6',
    table: 'Cascade R-CNN',
  }),
  // Cascade Mask R-CNN.
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_mask_rcnn_r50_caffe_fpn_1x_coco',
    measured: 5.9,
    row: 'R-50-FPN | caffe | 1x | 5.9',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_mask_rcnn_r50_fpn_1x_coco',
    measured: 6.0,
    row: 'R-50-FPN | pytorch | 1x | 6.0',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_mask_rcnn_r101_caffe_fpn_1x_coco',
    measured: 7.8,
    row: 'R-101-FPN | caffe | 1x | 7.8',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_mask_rcnn_r101_fpn_1x_coco',
    measured: 7.9,
    row: 'R-101-FPN | pytorch | 1x | 7.9',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_mask_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 9.2,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 9.2',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    detector: 'cascade_mask_rcnn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_mask_rcnn_x101_64x4d_fpn_1x_coco',
    measured: 12.2,
    row: 'X-101-64x4d-FPN | pytorch | 1x | 12.2',
    table: 'Cascade Mask R-CNN',
  }),
];

/** Every round-13 case, in the order gathered. */
export const round13Cases: PublishedCase[] = [...mmdetCases];

/** The documents round 13 draws on (each gives at least one case; none is cited by an earlier round). */
export const round13Documents: readonly string[] = [maskRcnnDoc, cascadeDoc];
