// mmsegmentation's FCN, PSPNet, DeepLabV3 and DeepLabV3+ (model.segmenter decoder fcn, psp, aspp or sep_aspp) on a dilated ResNetV1c
// (encoder resnet18_v1c_d8, resnet50_v1c_d8, resnet101_v1c_d8): parameters counted from the modules, and the
// tensors autograd keeps per op (the rules of detector.ts: a convolution keeps its input, BatchNorm / SyncBN its
// input, mmcv ConvModule's in-place ReLU its result, max pooling its int64 indices, an adaptive average pool its
// input; an add, a concatenation and a bilinear resize keep nothing, Dropout2d its output for conv_seg).
// Checked against the same networks run by a real PyTorch 2.13 step on CPU (dilated-resnet.test.ts,
// test-helpers/dilated_resnet_torch.py), whose parameter counts equal the ones computed for the published
// rows (PSPNet R-18/50/101 12,790,086 / 48,975,494 / 67,967,622; FCN R-50/101 49,497,734 / 68,489,862;
// DeepLabV3 R-50/101 68,113,030 / 87,105,158).
//
// Sources: mmsegmentation v0.x and v1.x configs/_base_/models/fcn_r50-d8.py, pspnet_r50-d8.py,
// deeplabv3_r50-d8.py (ResNetV1c, strides (1, 2, 1, 1), dilations (1, 1, 2, 4), contract_dilation; decode head
// channels 512, auxiliary FCNHead on stage 3 with 256 channels; R-18: 128 and 64), mmseg/models/backbones/
// resnet.py (ResNetV1c: deep stem of three 3×3 ConvModules 32, 32, 64; style pytorch: the stride on the 3×3),
// decode_heads/fcn_head.py (num_convs 2, concat_input True), psp_head.py (PPM pool scales 1, 2, 3, 6),
// aspp_head.py (image pool, dilations 1, 12, 24, 36), sep_aspp_head.py and deeplabv3plus_r50-d8.py (DeepLabV3+:
// DepthwiseSeparableASPPHead, c1_in_channels 256, c1_channels 48), decode_head.py (Dropout2d 0.1, conv_seg 1×1; losses:
// each head's logits resized to the crop, CrossEntropyLoss whose log_softmax keeps its fp32 output).
import { formatBytes } from '../units.js';
import { benchmarkWorkspacePart } from './cudnn-benchmark.js';
import type { Component, SegmenterSpec } from './types.js';

/** The dilated ResNets mmseg's D8 configs build: blocks per stage, bottleneck or basic. */
const depths = {
  resnet18_v1c_d8: { blocks: [2, 2, 2, 2], isBasic: true },
  resnet50_v1c_d8: { blocks: [3, 4, 6, 3], isBasic: false },
  resnet101_v1c_d8: { blocks: [3, 4, 23, 3], isBasic: false },
} as const;

/** The encoders of decoders fcn, psp and aspp. */
export const dilatedResnetEncoders = Object.keys(depths) as (keyof typeof depths)[];

const isDilatedEncoder = (encoder: string | undefined): encoder is keyof typeof depths =>
  encoder !== undefined && encoder in depths;

/** Whether the segmenter is one of mmseg's ResNetV1c-D8 models (decoder fcn, psp or aspp). */
export const isDilatedResnet = (spec: SegmenterSpec): boolean =>
  spec.decoder === 'fcn' || spec.decoder === 'psp' || spec.decoder === 'aspp' || spec.decoder === 'sep_aspp';

const resnetOf = (spec: SegmenterSpec) =>
  depths[isDilatedEncoder(spec.encoder) ? spec.encoder : 'resnet50_v1c_d8'];

/** Output channels of the last stage: 512 (basic blocks) or 2048 (bottlenecks). */
const topChannels = (spec: SegmenterSpec) => (resnetOf(spec).isBasic ? 512 : 2048);

/**
 * DeepLabV3+'s stage-1 projection (deeplabv3plus_r50-d8.py c1_in_channels 256, c1_channels 48; the R-18 config
 * 64 and 12): its input is stage 1's output, an eighth of stage 4's channels.
 */
const c1Of = (spec: SegmenterSpec) => ({
  inChannels: topChannels(spec) / 8,
  channels: resnetOf(spec).isBasic ? 12 : 48,
});

/** Default decode and auxiliary head channels of the D8 configs: 512 and 256 (R-18: 128 and 64). */
export function dilatedHeadChannels(encoder: string | undefined): { channels: number; auxChannels: number } {
  return encoder === 'resnet18_v1c_d8'
    ? { channels: 128, auxChannels: 64 }
    : { channels: 512, auxChannels: 256 };
}

const convOut = (size: number, stride: number) => Math.floor((size - 1) / stride) + 1;

/** Areas at 1/2 (the stem), 1/4 (stage 1) and 1/8 (stages 2 to 4 and the heads) of the crop. */
function areas(spec: SegmenterSpec): { half: number; quarter: number; eighth: number } {
  const [height, width] = spec.crop;
  const at = (times: number) => {
    let h = height;
    let w = width;
    for (let i = 0; i < times; i++) {
      h = convOut(h, 2);
      w = convOut(w, 2);
    }
    return h * w;
  };
  return { half: at(1), quarter: at(2), eighth: at(3) };
}

/** Parameters and buffer bytes: the backbone, the decode head and the auxiliary FCN heads. */
export function dilatedResnetCounts(spec: SegmenterSpec): { params: number; buffersBytes: number } {
  let params = 0;
  let buffers = 0;
  // ConvModule: a conv without bias, BatchNorm's weight and bias, its running statistics and a counter.
  const convModule = (inChannels: number, out: number, kernel: number, groups = 1) => {
    params += (inChannels / groups) * out * kernel * kernel + 2 * out;
    buffers += 2 * out * 4 + 8;
  };
  // mmcv's DepthwiseSeparableConvModule: a depthwise 3×3 ConvModule, then a pointwise 1×1 one.
  const separable = (inChannels: number, out: number) => {
    convModule(inChannels, inChannels, 3, inChannels);
    convModule(inChannels, out, 1);
  };
  convModule(3, 32, 3);
  convModule(32, 32, 3);
  convModule(32, 64, 3);
  const { blocks, isBasic } = resnetOf(spec);
  let inChannels = 64;
  blocks.forEach((count, stage) => {
    const width = 64 * 2 ** stage;
    const out = isBasic ? width : 4 * width;
    for (let block = 0; block < count; block++) {
      if (isBasic) {
        convModule(inChannels, width, 3);
        convModule(width, width, 3);
      } else {
        convModule(inChannels, width, 1);
        convModule(width, width, 3);
        convModule(width, out, 1);
      }
      if (block === 0 && (stage === 1 || inChannels !== out)) convModule(inChannels, out, 1);
      inChannels = out;
    }
  });
  const top = topChannels(spec);
  const c = spec.channels;
  const k = spec.classes;
  if (spec.decoder === 'fcn') {
    convModule(top, c, 3);
    convModule(c, c, 3);
    convModule(top + c, c, 3);
  } else if (spec.decoder === 'psp') {
    for (let scale = 0; scale < 4; scale++) convModule(top, c, 1);
    convModule(top + 4 * c, c, 3);
  } else if (spec.decoder === 'aspp') {
    convModule(top, c, 1); // the image pool's
    convModule(top, c, 1);
    for (let rate = 0; rate < 3; rate++) convModule(top, c, 3);
    convModule(5 * c, c, 3);
  } else {
    // DepthwiseSeparableASPPHead: ASPP's 3×3 branches separable, the stage-1 projection, two separable 3×3s.
    const c1 = c1Of(spec);
    convModule(top, c, 1);
    convModule(top, c, 1);
    for (let rate = 0; rate < 3; rate++) separable(top, c);
    convModule(5 * c, c, 3);
    convModule(c1.inChannels, c1.channels, 1);
    separable(c + c1.channels, c);
    separable(c, c);
  }
  params += c * k + k;
  const aux = spec.auxChannels ?? c;
  for (let head = 0; head < spec.auxHeads; head++) {
    convModule(top / 2, aux, 3);
    params += aux * k + k;
  }
  return { params, buffersBytes: buffers };
}

/**
 * Values one image keeps for backward (activation dtype): the backbone (the image aside: the caller counts it)
 * and the heads; the fp32 log-softmax values at the crop; int64 index bytes; the largest map; the decode head's
 * 3×3 bottleneck input (its concatenation), the largest convolution input.
 */
export function dilatedResnetSaved(spec: SegmenterSpec): {
  backbone: number;
  heads: number;
  logSoftmax: number;
  indexBytes: number;
  largest: number;
  bottleneckInput: number;
} {
  const { half, quarter, eighth } = areas(spec);
  // The stem: three ConvModules (the norm's input, the ReLU's result); the max pool's indices and its output.
  let backbone = 2 * (32 + 32 + 64) * half + 64 * quarter;
  const indexBytes = 8 * 64 * quarter;
  let largest = 64 * half;
  const { blocks, isBasic } = resnetOf(spec);
  let inChannels = 64;
  blocks.forEach((count, stage) => {
    const width = 64 * 2 ** stage;
    const out = isBasic ? width : 4 * width;
    const area = stage === 0 ? quarter : eighth;
    for (let block = 0; block < count; block++) {
      // Stage 2's first block strides on its 3×3 (pytorch style): its 1×1 runs at the quarter.
      const inArea = stage === 1 && block === 0 ? quarter : area;
      if (isBasic) backbone += 2 * width * area + width * area;
      else backbone += 2 * width * inArea + 2 * width * area + out * area;
      if (block === 0 && (stage === 1 || inChannels !== out)) backbone += out * area; // downsample → BN
      backbone += out * area; // the add, then the in-place ReLU's result
      largest = Math.max(largest, out * area);
      inChannels = out;
    }
  });
  const top = topChannels(spec);
  const c = spec.channels;
  // The decode head: its ConvModules (norm input and ReLU result), the concatenation its 3×3 keeps, and
  // Dropout2d's output conv_seg keeps (at stage 1's quarter for DeepLabV3+).
  let heads = (spec.decoder === 'sep_aspp' ? quarter : eighth) * c;
  let concat = 0;
  if (spec.decoder === 'fcn') {
    concat = top + c;
    heads += 2 * c * eighth * 3;
  } else if (spec.decoder === 'psp') {
    concat = top + 4 * c;
    // The pooled maps (1 + 4 + 9 + 36 positions) its 1×1 convs keep, and their norm inputs and ReLU results.
    heads += 50 * (top + 2 * c) + 2 * c * eighth;
  } else if (spec.decoder === 'aspp') {
    concat = 5 * c;
    // The image pool's one position; four ConvModules over the 1/8 map; the bottleneck.
    heads += top + 2 * c + 2 * c * eighth * 5;
  } else {
    concat = 5 * c;
    const c1 = c1Of(spec);
    // The image pool and the 1×1 branch as ASPP's; each separable branch's depthwise ConvModule over all `top`
    // channels and its pointwise one; the bottleneck. Then at the quarter: the stage-1 projection, the
    // concatenation the first separable conv keeps, and the two separable convs (depthwise, pointwise each).
    heads += top + 2 * c + 2 * c * eighth + 3 * (2 * top + 2 * c) * eighth + 2 * c * eighth;
    const joined = c + c1.channels;
    heads += (2 * c1.channels + joined + 2 * joined + 2 * c + 2 * c + 2 * c) * quarter;
    largest = Math.max(largest, joined * quarter);
  }
  heads += concat * eighth;
  largest = Math.max(largest, concat * eighth);
  const aux = spec.auxChannels ?? c;
  heads += spec.auxHeads * 3 * aux * eighth;
  const logSoftmax = (1 + spec.auxHeads) * spec.classes * spec.crop[0] * spec.crop[1];
  largest = Math.max(largest, spec.classes * spec.crop[0] * spec.crop[1]);
  return { backbone, heads, logSoftmax, indexBytes, largest, bottleneckInput: concat * eighth };
}

/** Activation components of the backbone and heads for `batch` images at `bytesPerValue` bytes a value. */
export function dilatedResnetParts(
  spec: SegmenterSpec,
  options: { batch: number; bytesPerValue: number; isCudnnBenchmark: boolean },
): Component[] {
  const e = options.bytesPerValue;
  const b = options.batch;
  const saved = dilatedResnetSaved(spec);
  const heads = saved.heads * e + saved.logSoftmax * 4;
  const bottleneckInputBytes = saved.bottleneckInput * e * b;
  const workspace = options.isCudnnBenchmark
    ? [benchmarkWorkspacePart(bottleneckInputBytes, "the decode head's 3×3 bottleneck")]
    : [];
  const name = {
    fcn: 'FCNHead',
    psp: 'PSPHead',
    aspp: 'ASPPHead',
    sep_aspp: 'DepthwiseSeparableASPPHead',
  }[spec.decoder as 'fcn' | 'psp' | 'aspp' | 'sep_aspp'];
  return [
    {
      name: 'activations (ResNetV1c-D8 encoder)',
      bytes: (saved.backbone * e + saved.indexBytes) * b,
      formula: `${formatBytes(saved.backbone * e + saved.indexBytes)} per image × ${b} (${spec.encoder}: per ConvModule its norm's input and the ReLU result, each downsample's norm input, the max pool's int64 indices)`,
      phase: 'backward',
    },
    {
      name: 'activations (segmentation heads)',
      bytes: heads * b,
      formula: `${formatBytes(heads)} per image × ${b} (${name} of ${spec.channels} channels and ${spec.auxHeads} auxiliary FCNHead${spec.auxHeads === 1 ? '' : 's'}: per ConvModule its norm's input and the ReLU result, the concatenation, Dropout2d's output; the ${spec.classes}-class fp32 log-softmax at ${spec.crop.join(' × ')} per head)`,
      phase: 'backward',
    },
    {
      name: 'backward working set (segmentation heads)',
      bytes: 2 * saved.largest * e * b,
      formula: `the gradient of the largest map and of its input, ${formatBytes(saved.largest * e)} per image each`,
      phase: 'backward',
    },
    ...workspace,
  ];
}
