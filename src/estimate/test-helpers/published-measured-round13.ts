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

// --- A ResNet / ResNeXt trunk -------------------------------------------------------------------------------------
// The torchvision-layout Bottleneck (mmdet's ResNet and ResNeXt): 1×1 conv to `width`, 3×3 conv (grouped for
// ResNeXt), 1×1 conv to 4 × planes, each with BatchNorm; the first block of stages 2 to 4 strides by 2, on the
// 3×3 ("pytorch" style) or on the first 1×1 ("caffe" style). width = planes × (base_width / 64) × groups:
// ResNet 64, 128, 256, 512; ResNeXt-101 32x4d 128 … 1024; 64x4d 256 … 2048. (As gathered, the spec was this
// trunk as a sequential stack of dense convs; session 17 says it with model.detector.)

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

// --- open-mmlab/mmdetection configs/*/README.md, "Mem (GB)": two-stage detectors on a ResNet / ResNeXt + FPN -----
// tools/dist_train.sh <config> 8 with the configs' _base_: 8 GPUs, DDP (MMDistributedDataParallel), SGD lr 0.02
// momentum 0.9 weight decay 1e-4, fp32 unless the config adds fp16 (mmcv's Fp16OptimizerHook, loss_scale 512,
// read as autocast over fp32 weights as an earlier round read mmdet's RetinaNet fp16 row). COCO: 2 images per GPU
// (samples_per_gpu 2), Resize to (1333, 800) keeping the ratio (the multi-scale "mstrain" configs draw the short
// side from 640 … 800), padded to a multiple of 32: the widest image 800 × 1344 is taken as the peak's input.
// Backbone: norm_eval True (BatchNorm statistics frozen), frozen_stages 1; pytorch style (stride on the 3×3,
// BatchNorm affines trained) or caffe style (stride on the 1×1, norm_cfg requires_grad False: every BatchNorm
// affine frozen). Heads, counted from the modules (C classes): FPN (laterals 1×1 and outputs 3×3 of 256
// channels, a max-pooled fifth level) 3,344,384; RPNHead (3×3 conv, 3 anchors, sigmoid) 593,935;
// Shared2FCBBoxHead (2 FC 1024 on 7 × 7 × 256 = 13,895,680, a classifier 1024 → C + 1 and class-specific boxes
// 1024 → 4C: 14,306,705 for COCO's 80) or class-agnostic boxes (1024 → 4: 13,982,805, each of Cascade R-CNN's
// three stages); FCNMaskHead (4 convs 3×3, a 2× deconvolution 262,400, C mask logits: 2,643,280 for 80;
// Cascade Mask R-CNN one per stage: its config builds mask_head per stage). Counted at mmdet v2.0's num_classes 80;
// the COCO runs of Feb–Mar 2020 used the pre-release configs' num_classes 81 (the background counted: 4,100 more
// per class-specific box head, 257 more per mask head — under 0.01%). "Mem (GB)" is mmcv's logged memory = torch.cuda.max_memory_allocated() /
// 2**20 (MiB) of the logging rank (rank 0), / 1024 in the table (GiB, one decimal): one GPU's figure.
// Gathered NOT EXPRESSIBLE (the FPN, the proposals and the per-RoI heads outside the spec's sequential stack; the
// spec held the trunk and stated the heads' parameters in params). Session 17 (issue 25, after the round was
// measured and spent): expressible as model.detector (estimate/detector.ts), the measured figures unchanged.
const mmdetDocs = {
  maskRcnn: {
    doc: 'open-mmlab/mmdetection configs/mask_rcnn/README.md',
    at: 'commit 0190d6bb, https://github.com/open-mmlab/mmdetection/blob/0190d6bba134dbab75c59ee4fc4e51fdf9212d0e/configs/mask_rcnn/README.md',
  },
  cascade: {
    doc: 'open-mmlab/mmdetection configs/cascade_rcnn/README.md',
    at: 'commit 1d2f98d5, https://github.com/open-mmlab/mmdetection/blob/1d2f98d589d3290ad773880e0218b5cef5c634e2/configs/cascade_rcnn/README.md',
  },
  fp16: {
    doc: 'open-mmlab/mmdetection configs/fp16/README.md',
    at: 'commit 14856921, https://github.com/open-mmlab/mmdetection/blob/14856921108367f8653deb4fa2936442c6a471b6/configs/fp16/README.md',
  },
  rpn: {
    doc: 'open-mmlab/mmdetection configs/rpn/README.md',
    at: 'commit 10e91fd2, https://github.com/open-mmlab/mmdetection/blob/10e91fd224d83c1a49ef6474cd36e70d0295b1aa/configs/rpn/README.md',
  },
  msRcnn: {
    doc: 'open-mmlab/mmdetection configs/ms_rcnn/README.md',
    at: 'commit 05b789aa, https://github.com/open-mmlab/mmdetection/blob/05b789aaa7e835cefbe7100df0689ca86f55adee/configs/ms_rcnn/README.md; mmdetection v1 models of 2019',
  },
  voc: {
    doc: 'open-mmlab/mmdetection configs/pascal_voc/README.md',
    at: 'commit 1821fdde, https://github.com/open-mmlab/mmdetection/blob/1821fddec6ce6b49775a7a0bf8dfd9cfd768da5e/configs/pascal_voc/README.md',
  },
  cityscapes: {
    doc: 'open-mmlab/mmdetection configs/cityscapes/README.md',
    at: 'commit 04020fc5, https://github.com/open-mmlab/mmdetection/blob/04020fc5b3b1c1eb1ff08c063bb7b55ced8fc94b/configs/cityscapes/README.md',
  },
} as const;
type MmdetDoc = keyof typeof mmdetDocs;

const fpn = 3_344_384;
const rpnHead = 593_935;
// Shared2FCBBoxHead: 2 FC (12,846,080 + 1,049,600), classifier 1024 → C + 1, boxes 1024 → 4C (or 4).
const boxHead = (classes: number, isAgnostic = false) =>
  13_895_680 + 1025 * (classes + 1) + 1025 * (isAgnostic ? 4 : 4 * classes);
// FCNMaskHead: 4 × 590,080 + deconvolution 262,400 + 1×1 logits 256 → C.
const maskHead = (classes: number) => 4 * 590_080 + 262_400 + 257 * classes;

interface Detector {
  name: string;
  heads: number;
  headsText: string;
  /** What sits outside the stack, for the NOT EXPRESSIBLE line. */
  outside: string;
}
const detectorOf = (kind: string, classes: number): Detector => {
  const fpnRpn = `FPN ${fpn.toLocaleString('en-US')} + RPN ${rpnHead.toLocaleString('en-US')}`;
  switch (kind) {
    case 'rpn':
      return {
        name: 'RPN',
        heads: fpn + rpnHead,
        headsText: fpnRpn,
        outside: 'the FPN and the RPN head over its five levels',
      };
    case 'faster_rcnn':
      return {
        name: 'Faster R-CNN',
        heads: fpn + rpnHead + boxHead(classes),
        headsText: `${fpnRpn} + box head ${boxHead(classes).toLocaleString('en-US')}`,
        outside: 'the FPN, the proposals and the per-RoI box head',
      };
    case 'mask_rcnn':
      return {
        name: 'Mask R-CNN',
        heads: fpn + rpnHead + boxHead(classes) + maskHead(classes),
        headsText: `${fpnRpn} + box head ${boxHead(classes).toLocaleString('en-US')} + mask head ${maskHead(classes).toLocaleString('en-US')}`,
        outside: 'the FPN, the proposals and the per-RoI box and mask heads',
      };
    case 'cascade_rcnn':
      return {
        name: 'Cascade R-CNN',
        heads: fpn + rpnHead + 3 * boxHead(classes, true),
        headsText: `${fpnRpn} + three class-agnostic box heads ${(3 * boxHead(classes, true)).toLocaleString('en-US')}`,
        outside: 'the FPN, the proposals and the three cascade stages of per-RoI box heads',
      };
    case 'cascade_mask_rcnn':
      return {
        name: 'Cascade Mask R-CNN',
        heads: fpn + rpnHead + 3 * boxHead(classes, true) + 3 * maskHead(classes),
        headsText: `${fpnRpn} + three class-agnostic box heads ${(3 * boxHead(classes, true)).toLocaleString('en-US')} + three mask heads ${(3 * maskHead(classes)).toLocaleString('en-US')}`,
        outside: 'the FPN, the proposals and the three cascade stages of per-RoI box and mask heads',
      };
    default: {
      // Mask Scoring R-CNN (mmdetection v1: 81 classes counting the background in every head): Mask R-CNN
      // plus MaskIoUHead — a 3×3 conv on the RoI features and the mask (257 → 256: 592,384), three 3×3 convs
      // (the last with stride 2: 1,770,240), 2 FC (12,846,080 + 1,049,600) and 1024 → 81 (83,025): 16,341,329.
      const v1Box = 13_895_680 + 1025 * 81 + 1025 * 324;
      const v1Mask = 4 * 590_080 + 262_400 + 257 * 81;
      const maskIou = 592_384 + 1_770_240 + 12_846_080 + 1_049_600 + 1025 * 81;
      return {
        name: 'Mask Scoring R-CNN',
        heads: fpn + rpnHead + v1Box + v1Mask + maskIou,
        headsText: `${fpnRpn} + box head ${v1Box.toLocaleString('en-US')} + mask head ${v1Mask.toLocaleString('en-US')} + MaskIoU head ${maskIou.toLocaleString('en-US')} (mmdetection v1: 81 classes with the background)`,
        outside: 'the FPN, the proposals, the per-RoI box and mask heads and the MaskIoU head',
      };
    }
  }
};

const mmdetCase = (options: {
  doc: MmdetDoc;
  kind: 'rpn' | 'faster_rcnn' | 'mask_rcnn' | 'cascade_rcnn' | 'cascade_mask_rcnn' | 'ms_rcnn';
  trunk: Trunk;
  style: 'pytorch' | 'caffe';
  schedule: string;
  config: string;
  measured: number;
  row: string;
  table?: string;
  dataset?: 'coco' | 'voc' | 'cityscapes';
  isFp16?: boolean;
}): PublishedCase => {
  const dataset = options.dataset ?? 'coco';
  const classes = { coco: 80, voc: 20, cityscapes: 8 }[dataset];
  const detector = detectorOf(options.kind, classes);
  const trunk = trunks[options.trunk];
  const params = trunk.params + detector.heads;
  const frozen = trunk.frozen + (options.style === 'caffe' ? trunk.laterBn : 0);
  const { doc, at } = mmdetDocs[options.doc];
  const isMultiScale = options.config.includes('mstrain');
  const input = { coco: [3, 800, 1344], voc: [3, 608, 1024], cityscapes: [3, 1024, 2048] }[dataset];
  const batch = dataset === 'cityscapes' ? 1 : 2;
  const data = {
    coco: `2 COCO images per GPU at ${isMultiScale ? 'a short side drawn from 640 … 800 (multi-scale), the long side at most 1333' : '1333 × 800'} (padded: 800 × 1344 taken as the peak's input)`,
    voc: 'VOC 2007 + 2012 trainval (RepeatDataset × 3), 2 images per GPU (8 GPUs assumed: the README names no layout; the mmdet configs are written for 8 × 2) resized to (1000, 600) keeping the ratio (padded: 608 × 1024 taken as the peak input), 20 classes',
    cityscapes:
      "Cityscapes (COCO-pretrained), 1 image per GPU (batch 8), the short side drawn from 800 … 1024 with the long side at most 2048 (1024 × 2048 taken as the peak's input), 8 classes",
  }[dataset];
  return {
    id: `mmdet-${options.kind.replaceAll('_', '-')}-${options.trunk}-fpn-${options.style}-${options.schedule}${options.isFp16 ? '-fp16' : ''}-${dataset}-8x${batch}img`,
    source: `${doc} (${at}), ${options.table ? `table "${options.table}", ` : ''}row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    // The network itself for --trace (examples/trace/faster_rcnn.py): mmdet's pytorch-style ResNet Faster R-CNN.
    ...(options.kind === 'faster_rcnn' &&
    options.style === 'pytorch' &&
    (options.trunk === 'r50' || options.trunk === 'r101')
      ? { traceModule: `faster_rcnn:${options.trunk}_${dataset}` }
      : {}),
    config: `tools/dist_train.sh configs/${options.config}.py 8: ${detector.name}, ${trunk.name} (${options.style} style${options.style === 'caffe' ? ', every BatchNorm affine frozen' : ', BatchNorm in eval mode with its affines trained'}) + FPN: ${params.toLocaleString('en-US')} parameters (trunk ${trunk.params.toLocaleString('en-US')} + ${detector.headsText}), ${(params - frozen).toLocaleString('en-US')} trainable (${frozen.toLocaleString('en-US')} frozen); ${data} on 8 GPUs (DDP), SGD momentum 0.9, ${options.isFp16 ? "fp16 (mmcv's Fp16OptimizerHook, loss scale 512; read as autocast over fp32 weights)" : 'fp32'}, ${options.schedule} schedule; mmcv's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure. Session 17: the spec says the whole detector (model.detector: the trunk with its residual adds, shortcut convs and grouped 3×3s, ${detector.outside}), its parameters counted from the modules${options.kind === 'ms_rcnn' ? ' (params and trainable stated: mmdetection v1 heads count the background among 81 classes)' : ''}; before it, the spec was the trunk as a sequential stack with the heads' parameters in params`,
    spec: `model:${options.kind === 'ms_rcnn' ? `\n  params: ${params}\n  trainable: ${params - frozen}` : ''}
  detector:
    input: [${input.join(', ')}]
    backbone: { depth: ${trunk.blocks[2] === 23 ? 101 : 50}${trunk.grouped ? `, groups: ${trunk.widthScale * 16}, width_per_group: 4` : ''}${options.style === 'caffe' ? ', stride_in_1x1: true, norm_trained: false' : ''} }
    head: ${options.kind}${classes === 80 ? '' : `\n    classes: ${classes}`}
training: { precision: ${options.isFp16 ? 'amp_fp16' : 'fp32'}, optimizer: sgd_momentum, batch_size: ${batch} }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

const mmdetCases: PublishedCase[] = [
  // Mask R-CNN, "Results and models".
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'mask_rcnn/mask_rcnn_r50_caffe_fpn_1x_coco',
    measured: 4.3,
    row: 'R-50-FPN | caffe | 1x | 4.3',
  }),
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn/mask_rcnn_r50_fpn_1x_coco',
    measured: 4.4,
    row: 'R-50-FPN | pytorch | 1x | 4.4',
  }),
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn/mask_rcnn_r101_fpn_1x_coco',
    measured: 6.4,
    row: 'R-101-FPN | pytorch | 1x | 6.4',
  }),
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn/mask_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 7.6,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.6',
  }),
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'mask_rcnn/mask_rcnn_x101_64x4d_fpn_1x_coco',
    measured: 10.7,
    row: 'X-101-64x4d-FPN | pytorch | 1x | 10.7',
  }),
  // "Pre-trained Models" (multi-scale, 3x): only the row whose single-scale twin has no figure (the others
  // would repeat a spec above with a second figure).
  mmdetCase({
    doc: 'maskRcnn',
    kind: 'mask_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '3x',
    config: 'mask_rcnn/mask_rcnn_r101_caffe_fpn_mstrain-poly_3x_coco',
    measured: 5.9,
    row: 'R-101-FPN | caffe | 3x | 5.9',
    table: 'Pre-trained Models',
  }),
  // Cascade R-CNN and Cascade Mask R-CNN.
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_rcnn_r50_caffe_fpn_1x_coco',
    measured: 4.2,
    row: 'R-50-FPN | caffe | 1x | 4.2',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_rcnn_r50_fpn_1x_coco',
    measured: 4.4,
    row: 'R-50-FPN | pytorch | 1x | 4.4',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_rcnn_r101_caffe_fpn_1x_coco',
    measured: 6.2,
    row: 'R-101-FPN | caffe | 1x | 6.2',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_rcnn_r101_fpn_1x_coco',
    measured: 6.4,
    row: 'R-101-FPN | pytorch | 1x | 6.4',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 7.6,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.6',
    table: 'Cascade R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_r50_caffe_fpn_1x_coco',
    measured: 5.9,
    row: 'R-50-FPN | caffe | 1x | 5.9',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_r50_fpn_1x_coco',
    measured: 6.0,
    row: 'R-50-FPN | pytorch | 1x | 6.0',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_r101_caffe_fpn_1x_coco',
    measured: 7.8,
    row: 'R-101-FPN | caffe | 1x | 7.8',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_r101_fpn_1x_coco',
    measured: 7.9,
    row: 'R-101-FPN | pytorch | 1x | 7.9',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_x101_32x4d_fpn_1x_coco',
    measured: 9.2,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 9.2',
    table: 'Cascade Mask R-CNN',
  }),
  mmdetCase({
    doc: 'cascade',
    kind: 'cascade_mask_rcnn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'cascade_rcnn/cascade_mask_rcnn_x101_64x4d_fpn_1x_coco',
    measured: 12.2,
    row: 'X-101-64x4d-FPN | pytorch | 1x | 12.2',
    table: 'Cascade Mask R-CNN',
  }),
  // Mixed precision (the RetinaNet row is an earlier round's case).
  mmdetCase({
    doc: 'fp16',
    kind: 'faster_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'fp16/faster_rcnn_r50_fpn_fp16_1x_coco',
    measured: 3.4,
    row: 'Faster R-CNN | R-50 | pytorch | 1x | 3.4',
    isFp16: true,
  }),
  mmdetCase({
    doc: 'fp16',
    kind: 'mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'fp16/mask_rcnn_r50_fpn_fp16_1x_coco',
    measured: 3.6,
    row: 'Mask R-CNN | R-50 | pytorch | 1x | 3.6',
    isFp16: true,
  }),
  // RPN alone (proposals trained without the second stage).
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'rpn/rpn_r50_caffe_fpn_1x_coco',
    measured: 3.5,
    row: 'R-50-FPN | caffe | 1x | 3.5',
  }),
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'rpn/rpn_r50_fpn_1x_coco',
    measured: 3.8,
    row: 'R-50-FPN | pytorch | 1x | 3.8',
  }),
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'rpn/rpn_r101_caffe_fpn_1x_coco',
    measured: 5.4,
    row: 'R-101-FPN | caffe | 1x | 5.4',
  }),
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'r101',
    style: 'pytorch',
    schedule: '1x',
    config: 'rpn/rpn_r101_fpn_1x_coco',
    measured: 5.8,
    row: 'R-101-FPN | pytorch | 1x | 5.8',
  }),
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'x101-32x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'rpn/rpn_x101_32x4d_fpn_1x_coco',
    measured: 7.0,
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.0',
  }),
  mmdetCase({
    doc: 'rpn',
    kind: 'rpn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'rpn/rpn_x101_64x4d_fpn_1x_coco',
    measured: 10.1,
    row: 'X-101-64x4d-FPN | pytorch | 1x | 10.1',
  }),
  // Mask Scoring R-CNN (mmdetection v1 models).
  mmdetCase({
    doc: 'msRcnn',
    kind: 'ms_rcnn',
    trunk: 'r50',
    style: 'caffe',
    schedule: '1x',
    config: 'ms_rcnn/ms_rcnn_r50_caffe_fpn_1x',
    measured: 4.3,
    row: 'R-50-FPN | caffe | 1x | 4.3',
  }),
  mmdetCase({
    doc: 'msRcnn',
    kind: 'ms_rcnn',
    trunk: 'r101',
    style: 'caffe',
    schedule: '1x',
    config: 'ms_rcnn/ms_rcnn_r101_caffe_fpn_1x',
    measured: 6.2,
    row: 'R-101-FPN | caffe | 1x | 6.2',
  }),
  mmdetCase({
    doc: 'msRcnn',
    kind: 'ms_rcnn',
    trunk: 'x101-64x4d',
    style: 'pytorch',
    schedule: '1x',
    config: 'ms_rcnn/ms_rcnn_x101_64x4d_fpn_1x',
    measured: 10.5,
    row: 'R-X101-64x4d | pytorch | 1x | 10.5',
  }),
  // Other datasets: Pascal VOC (20 classes) and Cityscapes (8 classes, 1 image per GPU).
  mmdetCase({
    doc: 'voc',
    kind: 'faster_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'pascal_voc/faster_rcnn_r50_fpn_1x_voc0712',
    measured: 2.6,
    row: 'Faster R-CNN | R-50 | pytorch | 1x | 2.6',
    dataset: 'voc',
  }),
  mmdetCase({
    doc: 'cityscapes',
    kind: 'faster_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cityscapes/faster_rcnn_r50_fpn_1x_cityscapes',
    measured: 5.2,
    row: 'R-50-FPN | pytorch | 1x | 800-1024 | 5.2',
    table: 'Faster R-CNN',
    dataset: 'cityscapes',
  }),
  mmdetCase({
    doc: 'cityscapes',
    kind: 'mask_rcnn',
    trunk: 'r50',
    style: 'pytorch',
    schedule: '1x',
    config: 'cityscapes/mask_rcnn_r50_fpn_1x_cityscapes',
    measured: 5.3,
    row: 'R-50-FPN | pytorch | 1x | 800-1024 | 5.3',
    table: 'Mask R-CNN',
    dataset: 'cityscapes',
  }),
];

// --- modelscope/ms-swift examples/train/tuners/dora/train.sh, the first line "# 17.2GiB" (b40f31df7, 2024-12-05) ------
// swift sft --model Qwen/Qwen2.5-7B-Instruct --tuner_type lora --use_dora true --dataset 'swift/self-cognition#1000'
// --per_device_train_batch_size 1 --lora_rank 8 --lora_alpha 32 --gradient_accumulation_steps 16 with ms-swift 3.0's
// defaults, as an earlier round read this script family: target_modules all-linear, LoRA dropout 0.05, the checkpoint's
// bf16, bf16 autocast, gradient checkpointing on every decoder layer, AdamW, SDPA; self-cognition samples of 100 to
// 200 tokens (192 assumed); the header read as the trainer's memory(GiB) = max_memory_reserved / 1024**3 (assumed).
// The sibling scripts of the same folder are left out: lora, olora, pissa and neftune (17 to 17.2 GiB) repeat an earlier
// round's spec (LoRA on self-cognition, 17 GiB); adalora, boft, adapter and unsloth print 17 GiB for the same model as
// that case (a same-figure twin); bone's rank is not stated.
const swiftDoraDoc = 'modelscope/ms-swift examples/train/tuners/dora/train.sh';
const swiftCases: PublishedCase[] = [
  {
    id: 'ms-swift-tuners-dora-qwen2.5-7b-self-cognition-bs1',
    source: `${swiftDoraDoc} (added in b40f31df7, https://github.com/modelscope/ms-swift/blob/b40f31df7/examples/train/tuners/dora/train.sh), first line "# 17.2GiB"`,
    what: 'reserved',
    unit: 'GiB',
    measured: 17.2,
    config:
      "swift sft --tuner_type lora --use_dora true --dataset 'swift/self-cognition#1000' --per_device_train_batch_size 1 --gradient_accumulation_steps 16 --lora_rank 8 --lora_alpha 32: Qwen/Qwen2.5-7B-Instruct (7,615,616,512 parameters: 28 layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, q/k/v bias, untied), DoRA r 8 alpha 32 dropout 0.05 on every linear of the decoder layers: LoRA A and B 20,185,088 + a magnitude vector per adapted linear (3584 + 512 + 512 + 3584 + 18944 + 18944 + 3584 per layer: 1,390,592) = 21,575,680 trainable; bf16 weights with bf16 autocast, AdamW, every decoder layer checkpointed, SDPA; swift/self-cognition samples of about 100 to 200 tokens (192 assumed), batch 1; one GPU's max_memory_reserved in GiB (memory(GiB), assumed). Marked not expressible when gathered (DoRA: each adapted linear's weight W + scale · B·A formed and its column norm taken every forward, a full-weight-size temporary per layer; the spec gave the frozen model with that many trainable parameters); session 17 (issue 25): lora.use_dora says it",
    spec: `model:
  params: 7615616512
  transformer: { family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false, seq_len: 192, attention: sdpa }
  lora: { rank: 8, alpha: 32, targets: [q, k, v, o, gate, up, down], dropout: 0.05, use_dora: true }
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 16, activation_checkpointing: full, loss: standard }`,
  },
];

/** Every round-13 case, in the order gathered. */
export const round13Cases: PublishedCase[] = [...mmdetCases, ...swiftCases];

/** The documents round 13 draws on (each gives at least one case; none is cited by an earlier round). */
export const round13Documents: readonly string[] = [
  ...Object.values(mmdetDocs).map((entry) => entry.doc),
  swiftDoraDoc,
];
