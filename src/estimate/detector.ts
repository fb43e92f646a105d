// An object detector on a ResNet / ResNeXt + FPN (model.detector): mmdetection's and detectron2's RPN,
// Faster R-CNN, Mask R-CNN, Cascade (Mask) R-CNN, Mask Scoring R-CNN and RetinaNet. Parameters are counted
// from the modules as the two libraries build them; the activations are what PyTorch's autograd keeps for
// each op (tools/autograd/derivatives.yaml): a convolution its input, BatchNorm its input, a ReLU its result,
// max pooling its int64 indices, a linear layer its input; an add, a nearest upsampling, a view and
// RoIAlign keep nothing that grows with the image. A frozen stage (frozen_stages, detectron2's FREEZE_AT)
// records nothing: neither its input nor its weights need a gradient. Checked against the same network run
// by a real PyTorch 2.13 step on CPU (detector.test.ts counts the saved tensors' storages).
//
// Sources (each rule below names its own): mmdet v2.x mmdet/models/backbones/resnet.py (Bottleneck,
// BasicBlock, ResNeXt), necks/fpn.py, dense_heads/rpn_head.py and retina_head.py, roi_heads/bbox_heads/
// convfc_bbox_head.py (Shared2FCBBoxHead), mask_heads/fcn_mask_head.py, maskiou_head.py, and the configs'
// _base_/models/*.py (rcnn sampler num 512, pos_fraction 0.25; anchors 3 per position for the RPN, 9 for
// RetinaNet); detectron2 v0.1 detectron2/modeling/backbone/resnet.py (FrozenBatchNorm2d, BottleneckBlock),
// fpn.py (LastLevelMaxPool, LastLevelP6P7), proposal_generator/rpn.py (StandardRPNHead), roi_heads/
// box_head.py and mask_head.py, configs/Base-RCNN-FPN.yaml (ROI_HEADS.BATCH_SIZE_PER_IMAGE 512,
// POSITIVE_FRACTION 0.25).
// Rotated detectors as mmrotate v0.3.4 builds them (configs/rotated_retinanet/rotated_retinanet_obb_r50_fpn_1x_
// dota_le90.py, rotated_faster_rcnn/rotated_faster_rcnn_r50_fpn_1x_dota_le90.py, oriented_rcnn/oriented_rcnn_r50_
// fpn_1x_dota_le90.py, roi_trans/roi_trans_r50_fpn_1x_dota_le90.py) are the same trunk, FPN and heads with an angle:
// RotatedRetinaHead regresses 5 deltas per anchor (x, y, w, h, a: dense_heads/rotated_retina_head.py
// `num_anchors * 5`), OrientedRPNHead 6 (midpoint offsets: oriented_rpn_head.py `num_anchors * 6`; the RPN of
// Rotated Faster R-CNN and RoI Transformer, RotatedRPNHead, stays horizontal with 4), and RotatedShared2FCBBoxHead
// 5 per box (roi_heads/bbox_heads/rotated_bbox_head.py `out_dim_reg = 5 if reg_class_agnostic else 5 *
// num_classes`: class-agnostic in every config but RoI Transformer's second stage). RoI Transformer
// (roi_trans_roi_head.py, num_stages 2) runs two box stages on 512 sampled RoIs each: a horizontal RoIAlign stage that
// learns the rotated RoIs, then a RoIAlignRotated stage on them. mmcv's RoIAlignRotated, like RoIAlign, keeps only
// the RoIs for backward.
// torchvision's fasterrcnn_resnet50_fpn_v2 (Li et al. 2021, "Benchmarking Detection Transfer Learning with Vision
// Transformers"; torchvision v0.13+ models/detection/faster_rcnn.py: `_resnet_fpn_extractor(backbone,
// trainable_backbone_layers, norm_layer=nn.BatchNorm2d)`, `RPNHead(..., conv_depth=2)`, `FastRCNNConvFCHead((256, 7,
// 7), [256, 256, 256, 256], [1024], norm_layer=nn.BatchNorm2d)`): the FPN's lateral and output convs each followed by
// BatchNorm without bias or activation (ops/feature_pyramid_network.py Conv2dNormActivation, activation_layer None),
// two 3×3 conv-ReLU layers in the RPN head, and a box head of four 3×3 conv-BN-ReLU layers on the 7 × 7 RoI features
// and one FC of 1024 (faster_rcnn.py FastRCNNConvFCHead).
import { formatBytes } from '../units.js';
import type { Component, DetectorSpec } from './types.js';

/** Bottleneck blocks per stage of each ResNet depth (He et al. 2016, Table 1); 18 and 34 use BasicBlocks. */
export const resnetDepths: Record<number, readonly number[]> = {
  18: [2, 2, 2, 2],
  34: [3, 4, 6, 3],
  50: [3, 4, 6, 3],
  101: [3, 4, 23, 3],
  152: [3, 8, 36, 3],
};

/** One block as it runs: its widths, its output map and whether it records a graph. */
interface BlockRun {
  stage: number;
  isFirst: boolean;
  inChannels: number;
  width: number;
  outChannels: number;
  /** Spatial size after the block's stride (the first conv's for a 1×1-stride block: the same). */
  inArea: number;
  outArea: number;
  /** The spatial size the first 1×1 of a bottleneck computes at (the stride on it: MSRA / caffe style). */
  conv1Area: number;
  isFrozen: boolean;
}

const convOut = (size: number, kernel: number, stride: number, padding: number): number =>
  Math.floor((size + 2 * padding - kernel) / stride) + 1;

/** Stage output sizes: the stem's stride 2 conv and stride 2 max pool, then strides 1, 2, 2, 2 (torchvision). */
function stageSizes(spec: DetectorSpec): { height: number; width: number }[] {
  let height = convOut(convOut(spec.input[1], 7, 2, 3), 3, 2, 1);
  let width = convOut(convOut(spec.input[2], 7, 2, 3), 3, 2, 1);
  const sizes = [{ height, width }];
  for (let stage = 1; stage < 4; stage++) {
    // A stride-2 conv with padding 1 (3×3) or 0 (1×1): ceil(size / 2) either way.
    height = Math.ceil(height / 2);
    width = Math.ceil(width / 2);
    sizes.push({ height, width });
  }
  return sizes;
}

const isBasic = (spec: DetectorSpec) => spec.backbone.depth < 50;

/** Every block of the four stages, in order. */
export function detectorBlocks(spec: DetectorSpec): BlockRun[] {
  const blocks = resnetDepths[spec.backbone.depth] ?? [];
  const sizes = stageSizes(spec);
  const runs: BlockRun[] = [];
  let inChannels = 64;
  blocks.forEach((count, stage) => {
    const planes = 64 * 2 ** stage;
    // ResNeXt: width = planes × (base_width / 64) × groups (mmdet resnext.py Bottleneck; 64 and 1 for ResNet).
    const width = isBasic(spec)
      ? planes
      : Math.floor((planes * spec.backbone.widthPerGroup) / 64) * spec.backbone.groups;
    const outChannels = isBasic(spec) ? planes : 4 * planes;
    const size = sizes[stage] ?? { height: 1, width: 1 };
    const previous = sizes[Math.max(0, stage - 1)] ?? size;
    for (let block = 0; block < count; block++) {
      const isFirst = block === 0;
      const inArea = isFirst && stage > 0 ? previous.height * previous.width : size.height * size.width;
      const outArea = size.height * size.width;
      runs.push({
        stage,
        isFirst,
        inChannels,
        width,
        outChannels,
        inArea,
        outArea,
        conv1Area: spec.backbone.strideIn1x1 ? outArea : inArea,
        // frozen_stages k freezes the stem and stages 1..k (mmdet ResNet._freeze_stages).
        isFrozen: stage < spec.backbone.frozenStages,
      });
      inChannels = outChannels;
    }
  });
  return runs;
}

/** The four stage outputs C2..C5: channels and area. */
function stageOutputs(spec: DetectorSpec): { channels: number; area: number; isFrozen: boolean }[] {
  const outs: { channels: number; area: number; isFrozen: boolean }[] = [];
  for (const block of detectorBlocks(spec)) {
    outs[block.stage] = { channels: block.outChannels, area: block.outArea, isFrozen: block.isFrozen };
  }
  return outs;
}

const isV2 = (spec: DetectorSpec) => spec.head === 'faster_rcnn_v2';
const isRetina = (spec: DetectorSpec) => spec.head === 'retinanet' || spec.head === 'rotated_retinanet';
const isRotated = (spec: DetectorSpec) =>
  spec.head === 'rotated_retinanet' ||
  spec.head === 'rotated_faster_rcnn' ||
  spec.head === 'oriented_rcnn' ||
  spec.head === 'roi_trans';
const hasRoiHeads = (spec: DetectorSpec) => spec.head !== 'rpn' && !isRetina(spec);
const boxStages = (spec: DetectorSpec) =>
  spec.head === 'cascade_rcnn' || spec.head === 'cascade_mask_rcnn'
    ? 3
    : spec.head === 'roi_trans'
      ? 2
      : hasRoiHeads(spec)
        ? 1
        : 0;
/** Box deltas the dense head regresses per anchor: 4, 5 with an angle (rotated RetinaNet), 6 (oriented RPN). */
const denseDeltas = (spec: DetectorSpec) =>
  spec.head === 'oriented_rcnn' ? 6 : spec.head === 'rotated_retinanet' ? 5 : 4;
/** Deltas of one box in the RoI heads: 5 (an angle) in the rotated detectors, 4 otherwise. */
const boxDeltas = (spec: DetectorSpec) => (isRotated(spec) ? 5 : 4);
/**
 * Values a box loss keeps per delta. L1Loss (mmdet v2 RetinaNet, Faster R-CNN; mmrotate's rotated RetinaNet): the
 * difference from the target and the weight (`abs(pred - target) * weight`). SmoothL1Loss, which mmrotate's RPN
 * and R-CNN heads use (mmdet v2 losses/smooth_l1_loss.py: `diff = abs(pred - target)`, `torch.where(diff < beta,
 * 0.5 * diff * diff / beta, diff - 0.5 * beta)`, then `* weight`): the difference, its absolute value, the half
 * product's operand and the weight, and a bool condition (1 byte, counted with the index bytes).
 */
const isSmoothL1 = (spec: DetectorSpec, isDense: boolean) => isRotated(spec) && !(isDense && isRetina(spec));
const lossValuesPerDelta = (spec: DetectorSpec, isDense: boolean) => (isSmoothL1(spec, isDense) ? 4 : 2);
/** Outputs of a box stage's regressor: one box (class-agnostic) or one per class. */
const boxOutputs = (spec: DetectorSpec, stage: number) => {
  const isAgnostic =
    spec.head.startsWith('cascade') ||
    spec.head === 'rotated_faster_rcnn' ||
    spec.head === 'oriented_rcnn' ||
    (spec.head === 'roi_trans' && stage === 0);
  return boxDeltas(spec) * (isAgnostic ? 1 : spec.classes);
};
const maskStages = (spec: DetectorSpec) =>
  spec.head === 'cascade_mask_rcnn' ? 3 : spec.head === 'mask_rcnn' || spec.head === 'ms_rcnn' ? 1 : 0;

/** FPN levels the heads read: P2–P6 (RPN, R-CNNs: max-pooled P6) or P3–P7 (RetinaNet: P6, P7 convs on C5). */
function pyramidAreas(spec: DetectorSpec): number[] {
  const outs = stageOutputs(spec);
  const areaAt = (level: number): number => {
    if (level <= 5) return outs[level - 2]?.area ?? 0;
    // Each extra level halves the previous (a stride-2 max pool of kernel 1, or a stride-2 3×3 conv).
    const sizes = stageSizes(spec);
    let { height, width } = sizes[3] ?? { height: 1, width: 1 };
    for (let l = 6; l <= level; l++) {
      height = Math.ceil(height / 2);
      width = Math.ceil(width / 2);
    }
    return height * width;
  };
  const levels = isRetina(spec) ? [3, 4, 5, 6, 7] : [2, 3, 4, 5, 6];
  return levels.map(areaAt);
}

const conv = (inChannels: number, out: number, kernel: number, groups = 1, bias = false) =>
  (inChannels / groups) * out * kernel * kernel + (bias ? out : 0);

/** Parameters, trainable parameters and buffer bytes of the detector. */
export function detectorCounts(spec: DetectorSpec): {
  params: number;
  trainable: number;
  buffersBytes: number;
} {
  const b = spec.backbone;
  // A norm layer per conv: BatchNorm's affine (2 per channel) as parameters and its running statistics as
  // fp32 buffers plus an int64 counter; detectron2's FrozenBatchNorm2d holds all four as fp32 buffers.
  const isFrozenNorm = b.norm === 'frozen_batch_norm';
  let params = 0;
  let frozen = 0;
  let buffers = 0;
  const add = (count: number, isFrozen: boolean) => {
    params += count;
    if (isFrozen) frozen += count;
  };
  const norm = (channels: number, isFrozen: boolean) => {
    if (isFrozenNorm) buffers += 4 * channels * 4;
    else {
      add(2 * channels, isFrozen || !b.isNormTrained);
      buffers += 2 * channels * 4 + 8;
    }
  };
  const isStemFrozen = b.frozenStages > 0;
  add(conv(3, 64, 7), isStemFrozen);
  norm(64, isStemFrozen);
  for (const block of detectorBlocks(spec)) {
    const f = block.isFrozen;
    if (isBasic(spec)) {
      add(conv(block.inChannels, block.width, 3), f);
      norm(block.width, f);
      add(conv(block.width, block.outChannels, 3), f);
      norm(block.outChannels, f);
    } else {
      add(conv(block.inChannels, block.width, 1), f);
      norm(block.width, f);
      add(conv(block.width, block.width, 3, b.groups), f);
      norm(block.width, f);
      add(conv(block.width, block.outChannels, 1), f);
      norm(block.outChannels, f);
    }
    if (block.isFirst && (block.inChannels !== block.outChannels || block.inArea !== block.outArea)) {
      add(conv(block.inChannels, block.outChannels, 1), f);
      norm(block.outChannels, f);
    }
  }
  const c = spec.fpnChannels;
  const outs = stageOutputs(spec);
  const inputs = isRetina(spec) ? outs.slice(1) : outs;
  // FPN: a 1×1 lateral and a 3×3 output conv (with bias) per input level; torchvision's v2 puts BatchNorm after
  // each, the convs without bias.
  for (const out of inputs)
    add(
      isV2(spec)
        ? conv(out.channels, c, 1) + conv(c, c, 3) + 4 * c
        : conv(out.channels, c, 1, 1, true) + conv(c, c, 3, 1, true),
      false,
    );
  const classes = spec.classes;
  if (isRetina(spec)) {
    // P6 by a stride-2 3×3 on C5, P7 on ReLU(P6) (mmdet add_extra_convs 'on_input', detectron2 LastLevelP6P7).
    add(conv(outs[3]?.channels ?? 0, c, 3, 1, true) + conv(c, c, 3, 1, true), false);
    // RetinaHead: two towers of 4 3×3 convs, classes × anchors logits, 4 × anchors box deltas.
    add(2 * spec.headConvs * conv(c, c, 3, 1, true), false);
    add(
      conv(c, classes * spec.anchors, 3, 1, true) + conv(c, denseDeltas(spec) * spec.anchors, 3, 1, true),
      false,
    );
  } else {
    // RPN head: a 3×3 conv, objectness (one per anchor, sigmoid) and 4 deltas per anchor (6: oriented).
    add(
      (isV2(spec) ? 2 : 1) * conv(c, c, 3, 1, true) +
        conv(c, spec.anchors, 1, 1, true) +
        conv(c, denseDeltas(spec) * spec.anchors, 1, 1, true),
      false,
    );
  }
  const fcIn = c * 7 * 7;
  if (isV2(spec)) {
    // FastRCNNConvFCHead: four 3×3 convs of 256 without bias, each with BatchNorm, one FC of 1024; the predictor.
    add(
      4 * (conv(c, c, 3) + 2 * c) + fcIn * 1024 + 1024 + 1025 * (classes + 1) + 1025 * 4 * (classes + 1),
      false,
    );
  }
  for (let stage = 0; stage < (isV2(spec) ? 0 : boxStages(spec)); stage++) {
    // Shared2FCBBoxHead / FastRCNNConvFCHead: 2 FC of 1024, a classifier over C + 1 and box deltas (4 per
    // class, or 4 when class-agnostic as every Cascade stage is; 5 with an angle).
    add(
      fcIn * 1024 + 1024 + 1024 * 1024 + 1024 + 1025 * (classes + 1) + 1025 * boxOutputs(spec, stage),
      false,
    );
  }
  for (let stage = 0; stage < maskStages(spec); stage++) {
    // FCNMaskHead / MaskRCNNConvUpsampleHead: 4 3×3 convs, a 2× deconvolution, a 1×1 to a mask per class.
    add(4 * conv(c, c, 3, 1, true) + conv(c, c, 2, 1, true) + conv(c, classes, 1, 1, true), false);
  }
  if (spec.head === 'ms_rcnn') {
    // MaskIoUHead: the RoI features and the max-pooled mask (c + 1 → c), three 3×3 convs (the last stride 2),
    // 2 FC of 1024 and an IoU per class.
    add(conv(c + 1, c, 3, 1, true) + 3 * conv(c, c, 3, 1, true), false);
    add(c * 7 * 7 * 1024 + 1024 + 1024 * 1024 + 1024 + 1025 * classes, false);
  }
  return { params, trainable: params - frozen, buffersBytes: buffers };
}

/** The RoIs each image's box heads run on, and the positives its mask heads run on. */
function roisPerImage(spec: DetectorSpec): { rois: number; positives: number } {
  return { rois: spec.rois, positives: Math.floor(spec.rois * spec.positiveFraction) };
}

/**
 * The activations kept for backward per image, by part, in values (times the activation dtype's bytes),
 * and int64 index bytes; and the largest map, whose gradient and its input's flow back at once.
 */
export function detectorSaved(spec: DetectorSpec): {
  backbone: number;
  fpn: number;
  head: number;
  roi: number;
  indexBytes: number;
  largest: number;
} {
  const isBn = spec.backbone.norm === 'batch_norm';
  let backbone = 0;
  let largest = 0;
  const blocks = detectorBlocks(spec);
  const stemFrozen = spec.backbone.frozenStages > 0;
  const sizes = stageSizes(spec);
  const stemArea = convOut(spec.input[1], 7, 2, 3) * convOut(spec.input[2], 7, 2, 3);
  let indexBytes = 0;
  if (!stemFrozen) {
    // The stem conv keeps the image, BatchNorm its output, the ReLU its result; the max pool its indices.
    const image = spec.input[0] * spec.input[1] * spec.input[2];
    backbone += image + (isBn ? 2 : 1) * 64 * stemArea;
    indexBytes += 8 * 64 * (sizes[0]?.height ?? 0) * (sizes[0]?.width ?? 0);
    largest = Math.max(largest, 64 * stemArea);
  }
  for (const block of blocks) {
    if (block.isFrozen) continue;
    // A block whose input came from a frozen stage (or the stem) keeps that input: its first conv
    // (and the shortcut conv) needs it for the weight's gradient. Otherwise it is the previous block's ReLU
    // result, counted there.
    const previous = blocks[blocks.indexOf(block) - 1];
    // The first block's input is the max pool's output, a tensor of its own.
    if (previous === undefined || previous.isFrozen) backbone += block.inChannels * block.inArea;
    const perConv = isBn ? 2 : 1; // BatchNorm's input (the conv output), then the in-place ReLU's result.
    if (isBasic(spec)) {
      backbone += perConv * block.width * block.outArea; // conv1 → BN → ReLU
      if (isBn) backbone += block.outChannels * block.outArea; // conv2 → BN (its input)
    } else {
      backbone += perConv * block.width * block.conv1Area; // 1×1 → BN → ReLU
      backbone += perConv * block.width * block.outArea; // 3×3 → BN → ReLU
      if (isBn) backbone += block.outChannels * block.outArea; // 1×1 → BN (its input)
    }
    const hasShortcutConv =
      block.isFirst && (block.inChannels !== block.outChannels || block.inArea !== block.outArea);
    if (hasShortcutConv && isBn) backbone += block.outChannels * block.outArea; // downsample conv → BN
    backbone += block.outChannels * block.outArea; // the add, then the in-place ReLU's result
    largest = Math.max(largest, block.outChannels * block.outArea, block.width * block.conv1Area);
  }
  const c = spec.fpnChannels;
  const outs = stageOutputs(spec);
  const inputs = isRetina(spec) ? outs.slice(1) : outs;
  let fpn = 0;
  for (const out of inputs) {
    // A lateral 1×1 keeps its input: a trainable stage's output is its last block's ReLU result, and a
    // frozen stage's output is kept by the next stage's first block when that one trains; only a frozen
    // stage followed by a frozen one (or by none) adds it here. The top-down adds and the nearest
    // upsampling keep nothing; each 3×3 output conv keeps its merged input.
    const next = outs[outs.indexOf(out) + 1];
    if (out.isFrozen && (next === undefined || next.isFrozen)) fpn += out.channels * out.area;
    fpn += c * out.area;
    // torchvision's v2: each BatchNorm keeps its conv's output, the lateral's and the output conv's.
    if (isV2(spec)) fpn += 2 * c * out.area;
  }
  const pyramid = pyramidAreas(spec);
  const total = pyramid.reduce((a, b) => a + b, 0);
  let head = 0;
  if (isRetina(spec)) {
    // P6's conv keeps C5 (already kept); P7's conv keeps ReLU(P6), a new tensor (ReLU not in place).
    fpn += c * (pyramid[3] ?? 0);
    // Each level is read by both towers' first convs (kept once); each tower keeps its 4 ReLU results
    // (in place on the conv outputs). The losses per anchor: mmcv's sigmoid_focal_loss keeps its input (the
    // logits permuted to (anchors, classes): a copy), the labels (int64) and the label weights; L1Loss keeps
    // the deltas' difference from their targets and the box weights (mmdet FocalLoss, L1Loss).
    head +=
      total *
      (c +
        2 * spec.headConvs * c +
        spec.anchors * (spec.classes + 1 + lossValuesPerDelta(spec, true) * denseDeltas(spec)));
    indexBytes += 8 * spec.anchors * total;
  } else {
    // RPN: each level kept by the 3×3 conv, its ReLU result kept by the two 1×1s. The losses per anchor:
    // binary cross-entropy keeps the objectness (a permuted copy), its float labels and weights; L1Loss the
    // deltas' difference and the box weights (mmdet CrossEntropyLoss use_sigmoid, L1Loss). The max-pooled
    // P6 keeps its input (P5, kept anyway) and int64 indices.
    // torchvision's v2 RPN head has a second 3×3 conv-ReLU: one more ReLU result per position.
    head +=
      total *
      ((isV2(spec) ? 3 : 2) * c + spec.anchors * (3 + lossValuesPerDelta(spec, true) * denseDeltas(spec)));
    indexBytes += 8 * c * (pyramid[4] ?? 0);
    if (isSmoothL1(spec, true)) indexBytes += spec.anchors * denseDeltas(spec) * total;
  }
  const { rois, positives } = roisPerImage(spec);
  let roi = 0;
  // Box head per RoI: the pooled 7 × 7 features (fc1's input), two 1024 ReLU results, the classifier's
  // log-softmax (C + 1), and for the box loss the chosen class's 4 (or 5) deltas' loss values (the
  // deltas of the other classes are indexed away: an index keeps no input).
  // torchvision's v2 box head: the pooled features, then per conv BatchNorm's input and the ReLU result at 7 × 7,
  // and one FC's ReLU result.
  const boxHeadValues = isV2(spec) ? c * 49 + 4 * 2 * c * 49 + 1024 : c * 49 + 2 * 1024;
  roi +=
    boxStages(spec) *
    rois *
    (boxHeadValues + spec.classes + 1 + lossValuesPerDelta(spec, false) * boxDeltas(spec));
  if (isSmoothL1(spec, false)) indexBytes += boxStages(spec) * rois * boxDeltas(spec);
  // Mask head per positive RoI: the pooled 14 × 14 features and four ReLU results at 14 × 14, the upsampled
  // ReLU result at 28 × 28 (the 1×1 logits' input), the chosen class's mask logits and its target (the
  // other classes' masks are indexed away).
  roi += maskStages(spec) * positives * (5 * c * 196 + c * 784 + 2 * 784);
  if (spec.head === 'ms_rcnn') {
    // MaskIoU head per positive RoI: the concatenated input, three ReLU results at 14 × 14, the last at 7 × 7
    // (fc1's input), two 1024 ReLU results.
    roi += positives * ((c + 1) * 196 + 3 * c * 196 + c * 49 + 2 * 1024);
  }
  return { backbone, fpn, head, roi, indexBytes, largest };
}

/**
 * (box, anchor) pairs whose IoU the dense head's assigner computes for one image: every anchor of every level
 * (mmdet's RPN and RetinaNet configs set allowed_border -1: none is dropped) against the most ground-truth
 * boxes an image of the data set has. mmdet's bbox_overlaps (core/bbox/iou_calculators/iou2d_calculator.py)
 * holds, per pair, the fp32 lt and rb corners and their clamped difference wh (8 B each, alive until it
 * returns), then overlap, union, its max with eps and the ious (4 B each): 36 B at its peak. MaxIoUAssigner
 * runs it on the GPU (gpu_assign_thr -1) per image in the loss, after the forward, with every activation alive;
 * max_memory_allocated keeps the largest image's (the memory that grows with the boxes: mmdetection issues #188,
 * #3147, PR #1575). detectron2's pairwise_iou peaks lower (24 B). mmrotate v0.3.4's rotated detectors assign the
 * same way: the RPNs of Rotated Faster R-CNN, Oriented R-CNN and RoI Transformer (RotatedRPNHead, OrientedRPNHead
 * _get_targets_single) turn the rotated boxes into horizontal ones (obb2xyxy) and run the same MaxIoUAssigner on
 * horizontal anchors (rotated_anchor_inside_flags with allowed_border 0 drops those crossing the edge: counted here,
 * a few percent over); rotated RetinaNet's MaxIoUAssigner takes RBboxOverlaps2D (its config's iou_calculator), whose
 * mmcv box_iou_rotated writes only the fp32 ious (`bboxes1.new_zeros(rows * cols)`): 4 B per pair.
 */
export function assignerPairs(spec: DetectorSpec): number {
  if (spec.maxObjects === 0) return 0;
  return spec.maxObjects * spec.anchors * pyramidAreas(spec).reduce((a, b) => a + b, 0);
}

/** Bytes one (box, anchor) pair holds at the assigner's peak: rotated IoU's 4, bbox_overlaps' 36 (assignerPairs). */
export function assignerBytesPerPair(spec: DetectorSpec): number {
  return spec.head === 'rotated_retinanet' ? 4 : 36;
}

/** Activation components for `batch` images at `bytesPerValue` bytes per value. */
export function detectorActivationParts(
  spec: DetectorSpec,
  options: { batch: number; bytesPerValue: number; isTraining: boolean },
): Component[] {
  const e = options.bytesPerValue;
  const b = options.batch;
  const saved = detectorSaved(spec);
  const image = spec.input[0] * spec.input[1] * spec.input[2];
  const images: Component = {
    name: 'input images',
    bytes: image * 4 * b,
    formula: `${b} × [${spec.input.join(', ')}] fp32 (the padded batch)`,
    phase: 'backward',
  };
  if (!options.isTraining) {
    return [
      images,
      {
        name: 'forward working set',
        bytes: 2 * saved.largest * e * b,
        formula: `the largest map's input and output, ${formatBytes(saved.largest * e)} each per image (no backward)`,
        phase: 'backward',
      },
    ];
  }
  const { rois, positives } = roisPerImage(spec);
  const headName = `${isRotated(spec) ? 'rotated ' : ''}${isRetina(spec) ? 'RetinaNet head' : spec.head === 'oriented_rcnn' ? 'oriented RPN head' : 'RPN head'}`;
  const parts: Component[] = [
    images,
    {
      name: 'activations (backbone)',
      bytes: saved.backbone * e * b,
      formula: `${formatBytes(saved.backbone * e)} per image × ${b} (ResNet-${spec.backbone.depth}${spec.backbone.groups > 1 ? ` ${spec.backbone.groups}x${spec.backbone.widthPerGroup}d` : ''}, stages after the ${spec.backbone.frozenStages} frozen; per conv ${spec.backbone.norm === 'batch_norm' ? "BatchNorm's input and" : ''} the ReLU result, each block's output)`,
      phase: 'backward',
    },
    {
      name: 'activations (FPN and dense head)',
      bytes: (saved.fpn + saved.head) * e * b + saved.indexBytes * b,
      formula: `${formatBytes((saved.fpn + saved.head) * e + saved.indexBytes)} per image × ${b} (FPN ${spec.fpnChannels} channels, ${headName} over 5 levels with ${spec.anchors} anchors per position)`,
      phase: 'backward',
    },
  ];
  if (saved.roi > 0) {
    parts.push({
      name: 'activations (RoI heads)',
      bytes: saved.roi * e * b,
      formula: `${formatBytes(saved.roi * e)} per image × ${b} (${boxStages(spec)} box head${boxStages(spec) > 1 ? 's' : ''} on ${rois} sampled RoIs${maskStages(spec) > 0 ? `, ${maskStages(spec)} mask head${maskStages(spec) > 1 ? 's' : ''} on ${positives} positives (${spec.positiveFraction} of them, the sampler's cap)` : ''} per image)`,
      phase: 'backward',
    });
  }
  const assigned = assignerPairs(spec);
  if (assigned > 0) {
    parts.push({
      name: 'anchor assigner working set',
      bytes: assignerBytesPerPair(spec) * assigned,
      formula: `${assignerBytesPerPair(spec)} B × ${spec.maxObjects} ground-truth boxes × ${assigned / Math.max(1, spec.maxObjects)} anchors of one image (MaxIoUAssigner's ${spec.head === 'rotated_retinanet' ? 'rotated IoU (box_iou_rotated)' : isRotated(spec) ? 'bbox_overlaps on the boxes made horizontal' : 'bbox_overlaps'}, fp32, one image at a time, after the forward)`,
      phase: 'backward',
      isLossOnly: true,
    });
  }
  parts.push({
    name: 'backward working set',
    bytes: 2 * saved.largest * e * b,
    formula: `the gradient of the largest map and of its input (${formatBytes(saved.largest * e)} per image each)`,
    phase: 'backward',
  });
  return parts;
}
