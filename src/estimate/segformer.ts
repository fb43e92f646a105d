// SegFormer (model.segmenter decoder segformer, encoder mit_b0 … mit_b5) as mmsegmentation builds it: the Mix
// Transformer encoder and the all-MLP SegformerHead. Parameters counted from the modules; the activations are what
// autograd keeps per op (the rules of segmenter.ts and yolo.ts: a conv or linear keeps its input, LayerNorm its
// input and per-token mean and rstd, GELU its input, softmax its output, a bmm both inputs, DropPath's scaled copy
// and BatchNorm its input; views keep their storage whole). Checked against the same network built in plain torch
// and run by a real PyTorch 2.13 step on CPU (segformer.test.ts, test-helpers/segformer_torch.py).
//
// Sources: mmsegmentation v0.x configs/_base_/models/segformer_mit-b0.py (embed_dims 32, num_layers [2, 2, 2, 2],
// num_heads [1, 2, 5, 8], patch_sizes [7, 3, 3, 3], strides 4, 2, 2, 2, sr_ratios [8, 4, 2, 1], mlp_ratio 4,
// drop_path_rate 0.1, SegformerHead channels 256 with SyncBN) and configs/segformer/segformer_mit-b{1..5}_*.py
// (embed_dims 64; num_layers [2, 2, 2, 2], [3, 4, 6, 3], [3, 4, 18, 3], [3, 8, 27, 3], [3, 6, 40, 3]; the head
// keeps channels 256); mmseg/models/backbones/mit.py (PatchEmbed: a conv with bias and a LayerNorm;
// EfficientMultiheadAttention: a stride-sr conv and LayerNorm on the keys' map, torch.nn.MultiheadAttention,
// which with need_weights (its default) runs F.multi_head_attention_forward's explicit path: packed q / kv
// projections made contiguous, q scaled, bmm, softmax, bmm, the heads' output made contiguous for out_proj;
// MixFFN: 1×1 conv to 4C, 3×3 depth-wise conv, GELU, 1×1 conv back; DropPath on both branches, linearly 0 → 0.1
// over the blocks; a LayerNorm after each stage); decode_heads/segformer_head.py (per stage a 1×1 ConvModule to
// 256, bilinear to ¼, concatenated, a 1×1 fusion ConvModule, Dropout2d 0.1, conv_seg); decode_head.py losses (the
// logits resized to the crop, cross-entropy's fp32 log-softmax).
import type { MitEncoder, SegmenterSpec } from './types.js';

/** MiT variants: the first stage's width and the blocks per stage (mmseg configs). */
const mitVariants: Record<MitEncoder, { embed: number; layers: readonly number[] }> = {
  mit_b0: { embed: 32, layers: [2, 2, 2, 2] },
  mit_b1: { embed: 64, layers: [2, 2, 2, 2] },
  mit_b2: { embed: 64, layers: [3, 4, 6, 3] },
  mit_b3: { embed: 64, layers: [3, 4, 18, 3] },
  mit_b4: { embed: 64, layers: [3, 8, 27, 3] },
  mit_b5: { embed: 64, layers: [3, 6, 40, 3] },
};

const headsPerStage = [1, 2, 5, 8];
const patchSizes = [7, 3, 3, 3];
const strides = [4, 2, 2, 2];
const srRatios = [8, 4, 2, 1];

/** Each stage: width, heads, blocks, token grid and the keys' grid after spatial reduction. */
function stages(spec: SegmenterSpec) {
  const variant =
    mitVariants[
      spec.encoder !== undefined && spec.encoder in mitVariants ? (spec.encoder as MitEncoder) : 'mit_b0'
    ];
  let [height, width] = spec.crop;
  return variant.layers.map((blocks, i) => {
    const patch = patchSizes[i] ?? 3;
    const stride = strides[i] ?? 2;
    // Conv output: floor((n + 2 × (patch // 2) − patch) / stride) + 1.
    const pad = Math.floor(patch / 2);
    height = Math.floor((height + 2 * pad - patch) / stride) + 1;
    width = Math.floor((width + 2 * pad - patch) / stride) + 1;
    const sr = srRatios[i] ?? 1;
    const reduced = sr > 1 ? Math.floor(height / sr) * Math.floor(width / sr) : height * width;
    return {
      width: variant.embed * (headsPerStage[i] ?? 1),
      heads: headsPerStage[i] ?? 1,
      blocks,
      patch,
      sr,
      tokens: height * width,
      keys: reduced,
    };
  });
}

/** Parameters and buffers of the encoder and SegformerHead. */
export function segformerCounts(spec: SegmenterSpec): { params: number; buffersBytes: number } {
  let params = 0;
  let inChannels = 3;
  const widths: number[] = [];
  for (const stage of stages(spec)) {
    const c = stage.width;
    params += inChannels * c * stage.patch ** 2 + c + 2 * c; // patch conv with bias, its LayerNorm
    const perBlock =
      2 * c + // norm1
      3 * c * c +
      3 * c +
      c * c +
      c + // in_proj, out_proj
      (stage.sr > 1 ? c * c * stage.sr ** 2 + c + 2 * c : 0) + // sr conv and its LayerNorm
      2 * c + // norm2
      (c * 4 * c + 4 * c) +
      (4 * c * 9 + 4 * c) +
      (4 * c * c + c); // fc1, depth-wise pe_conv, fc2
    params += stage.blocks * perBlock + 2 * c; // the stage's LayerNorm
    widths.push(c);
    inChannels = c;
  }
  const h = spec.channels;
  // ConvModules with SyncBN (no conv bias): per stage 1×1 to h, the fusion 1×1 from 4h; conv_seg with bias.
  const modules = widths.length + 1;
  params +=
    widths.reduce((sum, c) => sum + c * h, 0) + 4 * h * h + modules * 2 * h + h * spec.classes + spec.classes;
  return { params, buffersBytes: modules * (2 * h * 4 + 8) };
}

/**
 * Values one image keeps for backward (activation dtype), fp32 values (LayerNorm statistics), the largest map, at
 * `batch` images: nn.MultiheadAttention takes (tokens, batch, channels), which mmseg makes by transposing its
 * batch-first maps; with more than one image the q and kv projections' inputs are then not contiguous, and each
 * linear keeps the contiguous copy its reshape makes.
 */
export function segformerSaved(
  spec: SegmenterSpec,
  batch: number,
): { encoder: number; head: number; statistics: number; largest: number } {
  let statistics = 0;
  let largest = 0;
  const all = stages(spec);
  const isBatched = batch > 1;
  // The first patch conv keeps the image (a later one keeps the previous stage's output, counted there).
  let encoder = 3 * spec.crop[0] * spec.crop[1];
  for (const stage of all) {
    const c = stage.width;
    const n = stage.tokens;
    const m = stage.keys;
    // The patch conv's output is its LayerNorm's input; that LayerNorm's output is the first block's input.
    encoder += n * c;
    statistics += 2 * n;
    for (let b = 0; b < stage.blocks; b++) {
      // norm1 keeps the block's input; q's linear and the sr conv keep norm1's output.
      encoder += n * c + n * c;
      statistics += 2 * n;
      // Query and key / value are two transposed tensors, so MHA projects q alone and k, v packed (made contiguous).
      if (stage.sr > 1) {
        // The sr conv's output (its LayerNorm's input), that LayerNorm's output (the kv linear's input), the
        // contiguous packed k and v.
        encoder += m * c + m * c + 2 * m * c;
        statistics += 2 * m;
        if (isBatched) encoder += n * c + m * c;
      } else {
        encoder += 2 * n * c;
        if (isBatched) encoder += 2 * n * c;
      }
      // q scaled, the softmax's output over heads × queries × keys, the heads' output made contiguous.
      encoder += n * c + stage.heads * n * m + n * c;
      largest = Math.max(largest, stage.heads * n * m);
      // The residual sum (norm2's input); MixFFN: fc1's input is norm2's output, pe_conv's, GELU's and fc2's inputs
      // at 4C. DropPath multiplies by a per-sample mask that needs no gradient: only the mask is kept.
      encoder += n * c + n * c + 3 * 4 * n * c;
      statistics += 2 * n;
      largest = Math.max(largest, 4 * n * c);
    }
    // The last block's output (the stage LayerNorm's input) and that LayerNorm's output, which the next patch conv
    // and the head's ConvModule keep.
    encoder += 2 * n * c;
    statistics += 2 * n;
  }
  const h = spec.channels;
  const quarter = all[0]?.tokens ?? 0;
  // SegformerHead: per stage its ConvModule's BN input and in-place ReLU result; the ¼ concatenation (fusion conv's
  // input), the fusion's BN input and ReLU result, Dropout2d's output (conv_seg's input).
  const head = all.reduce((sum, s) => sum + 2 * h * s.tokens, 0) + 4 * h * quarter + 3 * h * quarter;
  largest = Math.max(largest, 4 * h * quarter, spec.classes * spec.crop[0] * spec.crop[1]);
  return { encoder, head, statistics, largest };
}
