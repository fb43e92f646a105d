// SETR's decoders on a plain ViT (model.segmenter beside a model.transformer of family vit), as mmsegmentation
// builds them: parameters counted from the modules, and the activations autograd keeps for each op (the rules of
// detector.ts: a convolution keeps its input, BatchNorm / SyncBN its input, mmcv ConvModule's in-place ReLU its
// result, LayerNorm its input; a bilinear upsampling, a concatenation and a contiguous copy keep nothing).
// Checked against the same heads run by a real PyTorch 2.13 step on CPU (segmenter.test.ts).
//
// Sources: mmsegmentation v1.2.2 configs/_base_/models/setr_naive.py, setr_pup.py, setr_mla.py and configs/setr/
// setr_vit-l_{naive,pup}_8xb2-160k_ade20k-512x512.py, setr_vit-l-mla_8xb1-160k_ade20k-512x512.py;
// mmseg/models/backbones/vit.py (patch embedding conv, class token, position table of (img/16)² + 1, each
// out_indices block's tokens without the class token reshaped to NCHW and made contiguous), decode_heads/
// setr_up_head.py (SETRUPHead: LayerNorm over the tokens between two contiguous copies, num_convs × [ConvModule
// kernel 1 or 3 → Upsample ×up_scale], conv_seg 1×1), necks/mla_neck.py (MLANeck: per level a LayerNorm between two
// contiguous copies, a 1×1 ConvModule to 256, top-down cumulative sums, a 3×3 ConvModule), decode_heads/
// setr_mla_head.py (per level two 3×3 ConvModules to mla_channels and Upsample ×4, concatenated, conv_seg 1×1),
// fcn_head.py (num_convs 0: conv_seg alone), decode_head.py loss_by_feat (each head's logits resized to the crop,
// CrossEntropyLoss: log_softmax keeps its fp32 output; the int64 label map is shared). UPerNet on a ViT as the
// BEiT / MAE configs build it (configs/_base_/models/upernet_beit.py, upernet_mae.py): necks/featurepyramid.py
// (Feature2Pyramid, rescales 4, 2, 1, 0.5: two 2×2 transposed convs with SyncBN and GELU between at 4×, one at
// 2×, the block itself at 1×, a 2×2 max pool at ½), decode_heads/uper_head.py (UPerHead: PPM of pool scales
// 1, 2, 3, 6 and a 3×3 bottleneck on the ½ level, 1×1 laterals and 3×3 FPN convs on the others, top-down sums,
// every level resized to the ¼ one and concatenated into a 3×3 fpn_bottleneck; Dropout2d 0.1 before conv_seg)
// and fcn_head.py (the auxiliary head: one 3×3 ConvModule to 256 on the 1× level). UPerNet on a ViT as configs/vit
// builds it (v0.14 upernet_vit-b16_mln_512x512_80k_ade20k.py and the DeiT configs with neck=None; neck: mln or none):
// necks/multilevel_neck.py (MultiLevelNeck, scales 4, 2, 1, 0.5: per block a 1×1 ConvModule, F.interpolate bilinear
// by the scale, a 3×3 ConvModule, both with norm_cfg and act_cfg None, so a conv with bias), the same UPerHead, and
// the FCN auxiliary head on the fourth output (in_index 3).
import { formatBytes } from '../units.js';
import { benchmarkWorkspacePart } from './cudnn-benchmark.js';
import { dilatedResnetCounts, dilatedResnetParts, isDilatedResnet } from './dilated-resnet.js';
import { segformerCounts, segformerSaved } from './segformer.js';
import type { Component, SegmenterSpec, UpernetNeck } from './types.js';

/** One SETRUPHead: LayerNorm on the tokens, `convs` × (conv → norm → ReLU → upsample), a 1×1 classifier. */
interface UpHead {
  convs: number;
  kernel: number;
  upScale: number;
  channels: number;
}

/** The decode head and the auxiliary heads of each decoder as the ADE20K / Cityscapes configs build them. */
function upHeads(spec: SegmenterSpec): { decode: UpHead; aux: UpHead[] } {
  // Naive: `decode_convs` 1×1 convs (v1.2.2's one by default; mmseg 0.x's _base_ setr_naive.py: num_convs=2), ×4
  // each; PUP: four 3×3 convs, ×2 each. Auxiliary heads: `aux_convs` convs, ×4 each (SETRUPHead's default
  // up_scale), 1×1 for naive and 3×3 for PUP, of `aux_channels` (the ADE20K configs: 256 beside a 512 decoder).
  const isPup = spec.decoder === 'setr_pup';
  const decode = isPup
    ? { convs: spec.decodeConvs ?? 4, kernel: 3, upScale: 2, channels: spec.channels }
    : { convs: spec.decodeConvs ?? 1, kernel: 1, upScale: 4, channels: spec.channels };
  const aux = {
    convs: spec.auxConvs,
    kernel: isPup ? 3 : 1,
    upScale: 4,
    channels: spec.auxChannels ?? spec.channels,
  };
  return { decode, aux: Array.from({ length: spec.auxHeads }, () => aux) };
}

const convParams = (inChannels: number, out: number, kernel: number) => inChannels * out * kernel * kernel;

/** Parameters (the heads, the neck, and the ViT's patch embedding, class token and position table) and buffers. */
export function segmenterCounts(spec: SegmenterSpec): { params: number; buffersBytes: number } {
  if (spec.decoder === 'segformer') return segformerCounts(spec);
  if (isDilatedResnet(spec)) return dilatedResnetCounts(spec);
  const d = spec.embed;
  const k = spec.classes;
  let params = 0;
  let buffers = 0;
  // ConvModule with a norm has no conv bias (bias 'auto'); SyncBN: weight and bias, running statistics and a counter.
  const convModule = (inChannels: number, out: number, kernel: number) => {
    params += convParams(inChannels, out, kernel) + 2 * out;
    buffers += 2 * out * 4 + 8;
  };
  const [height, width] = spec.crop;
  const patches = Math.floor(height / spec.patch) * Math.floor(width / spec.patch);
  // VisionTransformer: a patch conv with bias, a class token, (patches + 1) positions (always with the class slot).
  params += convParams(3, d, spec.patch) + d + d + (patches + 1) * d;
  if (spec.decoder === 'upernet') {
    const c = spec.channels;
    const neck = spec.neck ?? 'feature2pyramid';
    if (neck === 'feature2pyramid') {
      // Feature2Pyramid: three 2×2 transposed convs with bias (4 d² + d each) and the SyncBN between two of them.
      params += 3 * (4 * d * d + d) + 2 * d;
      buffers += 2 * d * 4 + 8;
    } else if (neck === 'mln') {
      // MultiLevelNeck: per block a 1×1 and a 3×3 ConvModule with norm_cfg and act_cfg None (a conv with bias).
      params += 4 * (d * d + d) + 4 * (9 * d * d + d);
    }
    for (let scale = 0; scale < 4; scale++) convModule(d, c, 1); // PPM
    convModule(d + 4 * c, c, 3); // its bottleneck
    for (let level = 0; level < 3; level++) {
      convModule(d, c, 1); // lateral
      convModule(c, c, 3); // FPN conv
    }
    convModule(4 * c, c, 3); // fpn_bottleneck
    params += c * k + k;
    for (let head = 0; head < spec.auxHeads; head++) {
      convModule(d, 256, 3);
      params += 256 * k + k;
    }
    return { params, buffersBytes: buffers };
  }
  if (spec.decoder === 'setr_mla') {
    // MLANeck: per level a LayerNorm, a 1×1 ConvModule to 256 and a 3×3 one; SETRMLAHead: two 3×3 ConvModules
    // to mla_channels per level, conv_seg over the 4 × mla_channels concatenation; FCN auxiliary heads on 256.
    for (let level = 0; level < 4; level++) {
      params += 2 * d;
      convModule(d, 256, 1);
      convModule(256, 256, 3);
      convModule(256, spec.channels, 3);
      convModule(spec.channels, spec.channels, 3);
    }
    params += 4 * spec.channels * k + k;
    params += spec.auxHeads * (256 * k + k);
    return { params, buffersBytes: buffers };
  }
  const { decode, aux } = upHeads(spec);
  for (const head of [decode, ...aux]) {
    params += 2 * d;
    for (let i = 0; i < head.convs; i++) convModule(i === 0 ? d : head.channels, head.channels, head.kernel);
    params += head.channels * k + k;
  }
  return { params, buffersBytes: buffers };
}

/**
 * What UPerNet's neck keeps per image in units of d × the block's grid A, the four levels' sizes (in A) it hands
 * UPerHead, the level the FCN auxiliary head reads, and int64 index bytes (in d × A).
 *   feature2pyramid (necks/featurepyramid.py): the ×4 branch keeps the block (1), its norm's and GELU's inputs and
 *       the second deconv's input at 4A (12), and hands a 16A map on; the ×2 branch keeps its block (1) and hands
 *       4A on; the 1× level is the block itself (1); the max pool keeps its block (1), hands A/4 on and keeps int64
 *       indices of it. The auxiliary head reads the 1× level (the BEiT / MAE configs: in_index 2).
 *   mln (necks/multilevel_neck.py; configs/vit upernet_vit-b16_mln: scales 4, 2, 1, 0.5): each block's 1×1 conv
 *       keeps the block (4), F.interpolate(mode='bilinear') keeps nothing and its output, 21.25 over the four
 *       levels, is what each 3×3 conv keeps; their outputs are kept by UPerHead's laterals (21) and by the
 *       auxiliary head on the ½ level (in_index 3, 0.25).
 *   none (configs/vit's DeiT rows, neck=None): the four blocks at A, kept by UPerHead's laterals (3) and the
 *       auxiliary head on the fourth (1; the PPM's adaptive pools keep only its shape).
 */
function upernetNeck(
  neck: UpernetNeck,
  hasAux: boolean,
): { neck: number; levels: number[]; auxLevel: number; indexBytes: number } {
  if (neck === 'mln')
    return {
      neck: 4 + 21.25 + 21 + (hasAux ? 0.25 : 0),
      levels: [16, 4, 1, 0.25],
      auxLevel: 0.25,
      indexBytes: 0,
    };
  if (neck === 'none')
    return { neck: 3 + (hasAux ? 1 : 0), levels: [1, 1, 1, 1], auxLevel: 1, indexBytes: 0 };
  return {
    neck: 1 + 12 + 16 + 1 + 4 + 1 + 1 + 0.25,
    levels: [16, 4, 1, 0.25],
    auxLevel: 1,
    indexBytes: 8 / 4,
  };
}

/**
 * Values one image keeps for backward in the heads (activation dtype), the fp32 log-softmax outputs, the largest map,
 * and UPerHead's 3×3 fpn_bottleneck input (its ¼ concatenation; 0 for the other decoders here).
 */
export function segmenterSaved(spec: SegmenterSpec): {
  heads: number;
  logSoftmax: number;
  largest: number;
  indexBytes: number;
  bottleneckInput?: number;
} {
  const d = spec.embed;
  const c = spec.channels;
  const [height, width] = spec.crop;
  const area = Math.floor(height / spec.patch) * Math.floor(width / spec.patch);
  const crop = height * width;
  const heads = 1 + spec.auxHeads;
  // Each head's logits are resized to the crop; cross-entropy's log_softmax keeps its (fp32) output.
  const logSoftmax = heads * spec.classes * crop;
  let largest = spec.classes * crop;
  if (spec.decoder === 'upernet') {
    const { neck, levels, auxLevel, indexBytes } = upernetNeck(
      spec.neck ?? 'feature2pyramid',
      spec.auxHeads > 0,
    );
    const [s0 = 1, s1 = 1, s2 = 1, s3 = 1] = levels;
    const laterals = s0 + s1 + s2;
    // UPerHead, in units of c × A: the laterals' norm inputs and ReLU results (2 per lateral level), the top-down
    // sums the FPN convs keep (1), the FPN convs' norm inputs and ReLU results (2), the concatenation at the first
    // level (4), the fpn_bottleneck's norm input and ReLU result (2), and Dropout2d's output conv_seg keeps (1);
    // the PPM on the last level: its concatenation and its bottleneck's norm input and ReLU result, its pooled
    // maps (1 + 4 + 9 + 36 positions) with their ConvModules' norm inputs and ReLU results.
    const uper = 5 * c * laterals * area + 7 * c * s0 * area + (d + 6 * c) * s3 * area + 50 * (d + 2 * c);
    // The FCN auxiliary head on its level: its norm input, ReLU result and Dropout2d's output (256 each).
    const aux = spec.auxHeads * 3 * 256 * auxLevel * area;
    const bottleneckInput = 4 * c * s0 * area;
    largest = Math.max(largest, bottleneckInput);
    return {
      heads: neck * d * area + uper + aux,
      logSoftmax,
      largest,
      indexBytes: indexBytes * d * area,
      bottleneckInput,
    };
  }
  if (spec.decoder === 'setr_mla') {
    // Per level: the LayerNorm's contiguous input and the conv's contiguous copy of its output (2d), the 1×1
    // ConvModule's norm input and ReLU result (2 × 256), the 3×3's (2 × 256), two head ConvModules (4c); the three
    // cumulative sums (the first is the top level itself); the ×4-upsampled concatenation conv_seg keeps.
    const neck = 4 * (2 * d + 4 * 256 + 4 * c) * area + 3 * 256 * area;
    const concat = 4 * c * 16 * area;
    largest = Math.max(largest, concat);
    return { heads: neck + concat, logSoftmax, largest, indexBytes: 0 };
  }
  const { decode, aux } = upHeads(spec);
  let kept = 0;
  for (const head of [decode, ...aux]) {
    // The LayerNorm's contiguous input and the first conv's contiguous input (2d per position).
    kept += 2 * d * area;
    let at = area;
    for (let i = 0; i < head.convs; i++) {
      kept += 2 * head.channels * at; // the norm's input, the in-place ReLU's result
      at *= head.upScale ** 2;
      kept += head.channels * at; // the upsampled map the next conv (or conv_seg) keeps
      largest = Math.max(largest, head.channels * at);
    }
  }
  return { heads: kept, logSoftmax, largest, indexBytes: 0 };
}

/** Activation components of the decoder heads for `batch` images. */
export function segmenterActivationParts(
  spec: SegmenterSpec,
  options: {
    batch: number;
    bytesPerValue: number;
    isTraining: boolean;
    beyondBytes?: number;
    isCudnnBenchmark: boolean;
  },
): Component[] {
  const e = options.bytesPerValue;
  const b = options.batch;
  const saved = segmenterSaved(spec);
  const crop = spec.crop[0] * spec.crop[1];
  const inputs: Component = {
    name: 'input images and label maps',
    bytes: (3 * 4 + 8) * crop * b,
    formula: `${b} × [3, ${spec.crop.join(', ')}] fp32 and an int64 label map each`,
    phase: 'backward',
  };
  if (!options.isTraining) return [inputs];
  if (spec.decoder === 'segformer') return [inputs, ...segformerParts(spec, options)];
  if (isDilatedResnet(spec)) return [inputs, ...dilatedResnetParts(spec, options)];
  const heads = spec.decoder === 'setr_mla' ? 'MLA neck and head, ' : '';
  const bottleneckInputBytes = (saved.bottleneckInput ?? 0) * e * b;
  const workspace =
    options.isCudnnBenchmark && bottleneckInputBytes > 0
      ? [benchmarkWorkspacePart(bottleneckInputBytes, "UPerHead's 3×3 fpn_bottleneck")]
      : [];
  return [
    inputs,
    {
      name: 'activations (segmentation heads)',
      bytes: saved.heads * e * b + saved.logSoftmax * 4 * b + saved.indexBytes * b,
      formula: `${formatBytes(saved.heads * e + saved.logSoftmax * 4)} per image × ${b} (${spec.decoder}: ${heads}${spec.auxHeads} auxiliary heads; per conv its norm's input and the ReLU result, each upsampled map; ${spec.classes}-class fp32 log-softmax at ${spec.crop.join(' × ')} per head)`,
      phase: 'backward',
    },
    {
      name: 'backward working set (segmentation heads)',
      bytes: Math.max(0, 2 * saved.largest * 4 * b - (options.beyondBytes ?? 0)),
      formula: `the gradient of the largest head map and of its input (${formatBytes(saved.largest * 4)} per image each, fp32), beyond the ViT's working set (${formatBytes(options.beyondBytes ?? 0)}): the heads' backward runs first, with every activation alive`,
      phase: 'backward',
    },
    ...workspace,
  ];
}

/** SegFormer's encoder and head activations, each head's fp32 log-softmax, and the backward working set. */
function segformerParts(spec: SegmenterSpec, options: { batch: number; bytesPerValue: number }): Component[] {
  const e = options.bytesPerValue;
  const b = options.batch;
  const saved = segformerSaved(spec, b);
  const logSoftmax = spec.classes * spec.crop[0] * spec.crop[1];
  const encoder = saved.encoder * e + saved.statistics * 4;
  return [
    {
      name: 'activations (MiT encoder)',
      bytes: encoder * b,
      formula: `${formatBytes(encoder)} per image × ${b} (${spec.encoder}: per block LayerNorm inputs and fp32 statistics, the reduced keys, the packed k and v, each head's attention probabilities, MixFFN's 4C maps, DropPath's copies)`,
      phase: 'backward',
    },
    {
      name: 'activations (segmentation heads)',
      bytes: (saved.head * e + logSoftmax * 4) * b,
      formula: `${formatBytes(saved.head * e + logSoftmax * 4)} per image × ${b} (SegformerHead: per ConvModule its norm's input and the ReLU result, the ¼ concatenation; the ${spec.classes}-class fp32 log-softmax at ${spec.crop.join(' × ')})`,
      phase: 'backward',
    },
    {
      name: 'backward working set (segmentation heads)',
      bytes: 2 * saved.largest * e * b,
      formula: `the gradient of the largest map (the first stage's attention probabilities or the logits) and of its input, ${formatBytes(saved.largest * e)} per image each`,
      phase: 'backward',
    },
  ];
}
