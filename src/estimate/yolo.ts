// YOLO detectors (model.yolo) as their published architectures lay them out: YOLOv5 v6.x (P5 and P6, the
// anchor-based head; mmyolo's YOLOv5 is the same network), YOLOv5u, YOLOv8 and YOLO11 (the anchor-free head with
// DFL), scales n to x. The network is walked once, op by op, counting parameters and, per storage, what autograd
// keeps for backward (PyTorch's tools/autograd/derivatives.yaml): a convolution its input, BatchNorm its input,
// SiLU (not in place) its input, max pooling its input and int64 indices, softmax its output, a matmul both
// inputs; a concatenation, an add, a nearest upsampling and a split keep nothing (a split is a view: whatever keeps
// it keeps the whole storage). Checked against the same networks built in plain torch and run by a real PyTorch
// 2.13 step on CPU (yolo.test.ts, test-helpers/yolo_torch.py).
//
// Sources: ultralytics cfg/models/v5/yolov5.yaml, v8/yolov8.yaml, 11/yolo11.yaml (the `scales` table: depth,
// width, max channels; layer lists), ultralytics/nn/tasks.py parse_model (widths make_divisible(min(c, max) ×
// width, 8), repeats max(round(n × depth), 1); C3k2's c3k forced on the m, l and x scales; Detect's legacy head
// for everything but YOLO11), nn/modules/conv.py (Conv: bias-free conv, BatchNorm2d, SiLU), block.py (C3,
// Bottleneck, C2f, C3k2, C3k, SPPF, C2PSA, PSABlock, Attention), head.py (Detect: c2 = max(16, ch0 / 4, 64), c3 =
// max(ch0, min(classes, 100)); YOLO11's depth-wise class branch); ultralytics/yolov5 models/yolov5*.yaml and
// models/common.py, models/yolo.py Detect (3 anchors × (5 + classes) per position, a (b, 3, h, w, 5 + classes)
// contiguous copy in training). Published parameter counts reproduced exactly: yolo.test.ts.
import { formatBytes } from '../units.js';
import type { Component, YoloAssigner, YoloSpec } from './types.js';

/** One stored tensor: its values per image and whether autograd keeps it. */
interface Storage {
  values: number;
  isSaved: boolean;
}

/** A feature map per image: channels × height × width over a storage it may share (a split's view). */
interface FeatureMap {
  channels: number;
  height: number;
  width: number;
  storage: Storage;
}

/** What the walk counts: parameters, BatchNorm channels, buffers, storages and int64 index bytes per image. */
class Walk {
  params = 0;
  normChannels = 0;
  buffersBytes = 0;
  storages: Storage[] = [];
  indexBytes = 0;
  largest = 0;

  map(channels: number, height: number, width: number): FeatureMap {
    const storage = { values: channels * height * width, isSaved: false };
    this.storages.push(storage);
    this.largest = Math.max(this.largest, storage.values);
    return { channels, height, width, storage };
  }

  save(...maps: FeatureMap[]): void {
    for (const map of maps) map.storage.isSaved = true;
  }

  /** ultralytics Conv: a bias-free conv, BatchNorm2d (weight, bias; running mean, variance, a counter), SiLU. */
  conv(
    x: FeatureMap,
    out: number,
    options: { kernel?: number; stride?: number; padding?: number; groups?: number; act?: boolean } = {},
  ): FeatureMap {
    const k = options.kernel ?? 1;
    const s = options.stride ?? 1;
    const p = options.padding ?? Math.floor(k / 2);
    this.params += (x.channels / (options.groups ?? 1)) * out * k * k + 2 * out;
    this.normChannels += out;
    this.buffersBytes += 2 * out * 4 + 8;
    this.save(x);
    const size = (n: number) => Math.floor((n + 2 * p - k) / s) + 1;
    const convOut = this.map(out, size(x.height), size(x.width));
    this.save(convOut); // BatchNorm's input
    const normOut = this.map(out, convOut.height, convOut.width);
    if (options.act === false) return normOut;
    this.save(normOut); // SiLU's input
    return this.map(out, convOut.height, convOut.width);
  }

  /** A plain 1×1 nn.Conv2d with bias (the heads' last convs). */
  linearConv(x: FeatureMap, out: number): FeatureMap {
    this.params += x.channels * out + out;
    this.save(x);
    return this.map(out, x.height, x.width);
  }

  cat(maps: FeatureMap[]): FeatureMap {
    const [first] = maps;
    return this.map(
      maps.reduce((sum, m) => sum + m.channels, 0),
      first?.height ?? 1,
      first?.width ?? 1,
    );
  }

  view(x: FeatureMap, channels: number): FeatureMap {
    return { ...x, channels };
  }

  add(x: FeatureMap): FeatureMap {
    return this.map(x.channels, x.height, x.width);
  }

  upsample(x: FeatureMap): FeatureMap {
    return this.map(x.channels, 2 * x.height, 2 * x.width);
  }

  /** MaxPool2d(5, 1, 2): keeps its input and int64 indices of its output. */
  maxPool(x: FeatureMap): FeatureMap {
    this.save(x);
    this.indexBytes += 8 * x.channels * x.height * x.width;
    return this.map(x.channels, x.height, x.width);
  }
}

const divisible8 = (x: number) => Math.ceil(x / 8) * 8;

/** The yaml's `scales`: depth, width, max channels (YOLOv5 and v5u have no cap below 1024). */
const scales = {
  v5: {
    n: [0.33, 0.25, 1024],
    s: [0.33, 0.5, 1024],
    m: [0.67, 0.75, 1024],
    l: [1, 1, 1024],
    x: [1.33, 1.25, 1024],
  },
  v8: {
    n: [0.33, 0.25, 1024],
    s: [0.33, 0.5, 1024],
    m: [0.67, 0.75, 768],
    l: [1, 1, 512],
    x: [1, 1.25, 512],
  },
  v11: { n: [0.5, 0.25, 1024], s: [0.5, 0.5, 1024], m: [0.5, 1, 512], l: [1, 1, 512], x: [1, 1.5, 512] },
} as const;

/** Bottleneck: cv1 (k1), cv2 (3×3), the shortcut add when the widths match. */
function bottleneck(
  w: Walk,
  x: FeatureMap,
  out: number,
  options: { shortcut: boolean; k1: number; expansion: number },
): FeatureMap {
  const hidden = Math.floor(out * options.expansion);
  const y = w.conv(w.conv(x, hidden, { kernel: options.k1 }), out, { kernel: 3 });
  return options.shortcut && x.channels === out ? w.add(y) : y;
}

/** C3: cv1 and cv2 (1×1 to half) on the input, n bottlenecks on cv1's, cv3 (1×1) over their concatenation. */
function c3(
  w: Walk,
  x: FeatureMap,
  out: number,
  n: number,
  options: { shortcut: boolean; k1: number },
): FeatureMap {
  const half = Math.floor(out * 0.5);
  let y = w.conv(x, half);
  const side = w.conv(x, half);
  for (let i = 0; i < n; i++) y = bottleneck(w, y, half, { ...options, expansion: 1 });
  return w.conv(w.cat([y, side]), out);
}

/**
 * C2f (YOLOv8): cv1 to 2c split in two views, n inner blocks chained on the second, cv2 over all of them. C3k2
 * (YOLO11) is C2f with a Bottleneck of expansion 0.5, or a C3k (a C3 of two 3×3 bottlenecks), inside.
 */
function c2f(
  w: Walk,
  x: FeatureMap,
  out: number,
  n: number,
  options: { inner: 'c2f' | 'bottleneck' | 'c3k'; shortcut: boolean; expansion: number },
): FeatureMap {
  const c = Math.floor(out * options.expansion);
  const y = w.conv(x, 2 * c);
  const parts = [w.view(y, c), w.view(y, c)];
  let last = w.view(y, c);
  for (let i = 0; i < n; i++) {
    last =
      options.inner === 'c3k'
        ? c3(w, last, c, 2, { shortcut: options.shortcut, k1: 3 })
        : bottleneck(w, last, c, {
            shortcut: options.shortcut,
            k1: 3,
            expansion: options.inner === 'c2f' ? 1 : 0.5,
          });
    parts.push(last);
  }
  return w.conv(w.cat(parts), out);
}

/** SPPF: a 1×1 to half, three chained 5×5 max pools, a 1×1 over the four. */
function sppf(w: Walk, x: FeatureMap, out: number): FeatureMap {
  const half = Math.floor(x.channels / 2);
  const y0 = w.conv(x, half);
  const y1 = w.maxPool(y0);
  const y2 = w.maxPool(y1);
  const y3 = w.maxPool(y2);
  return w.conv(w.cat([y0, y1, y2, y3]), out);
}

/**
 * C2PSA (YOLO11): cv1 to 2c split in two, n PSABlocks on the second (attention with c / 64 heads, key_dim half
 * the head dim; a 2c → c feed-forward), cv2 over the concatenation. Attention: q, k, v are views of the qkv
 * conv's output (kept by the two matmuls), the scores' softmax keeps its output, v's reshape is a copy the
 * depth-wise positional conv keeps, and proj keeps the sum.
 */
function c2psa(w: Walk, x: FeatureMap, n: number): FeatureMap {
  const c = Math.floor(x.channels / 2);
  const y = w.conv(x, 2 * c);
  let b = w.view(y, c);
  const heads = Math.floor(c / 64);
  const keyDim = Math.floor((c / heads) * 0.5);
  for (let i = 0; i < n; i++) {
    const qkv = w.conv(b, c + 2 * keyDim * heads, { act: false });
    w.save(qkv);
    const tokens = b.height * b.width;
    const scores = w.map(heads * tokens, tokens, 1); // q^T k, then × scale: a new tensor, kept by nothing
    const probabilities = w.map(heads * tokens, tokens, 1);
    w.save(probabilities);
    const mixed = w.map(c, b.height, b.width); // v @ attn^T
    const vCopy = w.map(c, b.height, b.width);
    w.conv(vCopy, c, { kernel: 3, groups: c, act: false }); // pe, added to the mix
    const attended = w.conv(w.add(mixed), c, { act: false });
    w.largest = Math.max(w.largest, scores.storage.values);
    b = w.add(attended);
    b = w.add(w.conv(w.conv(b, 2 * c), c, { act: false }));
  }
  return w.conv(w.cat([w.view(y, c), b]), x.channels);
}

/** The walked network: its counts and the per-image storages, and the head's levels (channels, positions). */
export interface YoloWalk {
  params: number;
  /** Parameters a fused (conv + BatchNorm folded) model reports: one bias per BatchNorm instead of two. */
  fusedParams: number;
  buffersBytes: number;
  /** Values kept for backward per image by the network (the activation dtype), and int64 index bytes. */
  savedValues: number;
  indexBytes: number;
  largest: number;
  /** The head's output per level: positions (h × w) and values per position. */
  levels: { positions: number; valuesPerPosition: number }[];
}

/** Walk the detector at its input size (parameters do not depend on it). */
export function walkYolo(spec: YoloSpec): YoloWalk {
  const family = spec.version === 'v5u' ? 'v5' : spec.version;
  const [depth, widthScale, cap] = scales[family][spec.scale];
  const W = (c: number) => divisible8(Math.min(c, cap) * widthScale);
  const D = (n: number) => (n > 1 ? Math.max(Math.round(n * depth), 1) : n);
  const w = new Walk();
  let x = w.map(spec.input[0], spec.input[1], spec.input[2]);
  const feats: FeatureMap[] = [];
  const isV5 = family === 'v5';
  const isBig = 'mlx'.includes(spec.scale);
  if (isV5) {
    // CSPDarknet (v6.x): a 6×6 stride-2 stem, per stage a 3×3 stride-2 conv and a C3 (shortcut).
    const widths = spec.isP6 ? [64, 128, 256, 512, 768, 1024] : [64, 128, 256, 512, 1024];
    const repeats = spec.isP6 ? [3, 6, 9, 3, 3] : [3, 6, 9, 3];
    x = w.conv(x, W(64), { kernel: 6, stride: 2, padding: 2 });
    repeats.forEach((n, i) => {
      x = w.conv(x, W(widths[i + 1] ?? 0), { kernel: 3, stride: 2 });
      x = c3(w, x, W(widths[i + 1] ?? 0), D(n), { shortcut: true, k1: 1 });
      feats.push(x);
    });
  } else {
    x = w.conv(x, W(64), { kernel: 3, stride: 2 });
    // YOLOv8: 3×3 stride-2 convs to 128 … 1024, C2f (shortcut) repeats 3, 6, 6, 3. YOLO11: convs to 128, 256, 512,
    // 1024, C3k2 to 256 (e 0.25), 512 (e 0.25), 512, 1024 (C3k in the last two), 2 repeats each.
    const stages =
      family === 'v8'
        ? [128, 256, 512, 1024].map((c, i) => ({
            conv: c,
            out: c,
            n: [3, 6, 6, 3][i] ?? 1,
            c3k: false,
            e: 0.5,
          }))
        : [
            { conv: 128, out: 256, n: 2, c3k: false, e: 0.25 },
            { conv: 256, out: 512, n: 2, c3k: false, e: 0.25 },
            { conv: 512, out: 512, n: 2, c3k: true, e: 0.5 },
            { conv: 1024, out: 1024, n: 2, c3k: true, e: 0.5 },
          ];
    for (const stage of stages) {
      x = w.conv(x, W(stage.conv), { kernel: 3, stride: 2 });
      x =
        family === 'v8'
          ? c2f(w, x, W(stage.out), D(stage.n), { inner: 'c2f', shortcut: true, expansion: 0.5 })
          : c2f(w, x, W(stage.out), D(stage.n), {
              inner: stage.c3k || isBig ? 'c3k' : 'bottleneck',
              shortcut: true,
              expansion: stage.e,
            });
      feats.push(x);
    }
  }
  x = sppf(w, x, W(1024));
  if (family === 'v11') x = c2psa(w, x, D(2));
  const levels = feats.slice(1); // P3 … the top
  let outs: FeatureMap[];
  if (isV5) {
    // PAFPN: top-down a 1×1 conv to the lower level's width (kept as the lateral), ×2 nearest, concatenation with
    // the backbone level, C3 (no shortcut); bottom-up a 3×3 stride-2 conv, concatenation with the lateral, C3.
    const laterals: FeatureMap[] = [];
    for (let i = levels.length - 1; i > 0; i--) {
      const lower = levels[i - 1] as FeatureMap;
      x = w.conv(x, lower.channels);
      laterals.unshift(x);
      x = c3(w, w.cat([w.upsample(x), lower]), lower.channels, D(3), { shortcut: false, k1: 1 });
    }
    outs = [x];
    laterals.forEach((lateral, i) => {
      x = w.conv(x, x.channels, { kernel: 3, stride: 2 });
      x = c3(w, w.cat([x, lateral]), levels[i + 1]?.channels ?? 0, D(3), { shortcut: false, k1: 1 });
      outs.push(x);
    });
  } else {
    const block = (input: FeatureMap, out: number, isC3k: boolean) =>
      family === 'v8'
        ? c2f(w, input, out, D(3), { inner: 'c2f', shortcut: false, expansion: 0.5 })
        : c2f(w, input, out, D(2), {
            inner: isC3k || isBig ? 'c3k' : 'bottleneck',
            shortcut: true,
            expansion: 0.5,
          });
    const [p3, p4] = levels as [FeatureMap, FeatureMap];
    const top = x;
    const t4 = block(w.cat([w.upsample(top), p4]), W(512), false);
    const t3 = block(w.cat([w.upsample(t4), p3]), W(256), false);
    const b4 = block(w.cat([w.conv(t3, t3.channels, { kernel: 3, stride: 2 }), t4]), W(512), false);
    const b5 = block(w.cat([w.conv(b4, b4.channels, { kernel: 3, stride: 2 }), top]), W(1024), true);
    outs = [t3, b4, b5];
  }
  const k = spec.classes;
  const headLevels: YoloWalk['levels'] = [];
  if (spec.version === 'v5') {
    // Detect: a 1×1 conv to 3 × (5 + classes) per level; the anchors a (levels, 3, 2) fp32 buffer.
    for (const out of outs) {
      w.linearConv(out, 3 * (5 + k));
      headLevels.push({ positions: out.height * out.width, valuesPerPosition: 3 * (5 + k) });
    }
    w.buffersBytes += outs.length * 3 * 2 * 4;
  } else {
    const first = outs[0]?.channels ?? 0;
    const c2 = Math.max(16, Math.floor(first / 4), 64);
    const c3 = Math.max(first, Math.min(k, 100));
    for (const out of outs) {
      const box = w.linearConv(w.conv(w.conv(out, c2, { kernel: 3 }), c2, { kernel: 3 }), 64);
      const cls =
        family === 'v11'
          ? w.linearConv(
              w.conv(
                w.conv(w.conv(w.conv(out, out.channels, { kernel: 3, groups: out.channels }), c3), c3, {
                  kernel: 3,
                  groups: c3,
                }),
                c3,
              ),
              k,
            )
          : w.linearConv(w.conv(w.conv(out, c3, { kernel: 3 }), c3, { kernel: 3 }), k);
      w.cat([box, cls]);
      headLevels.push({ positions: out.height * out.width, valuesPerPosition: 64 + k });
    }
    // Pose (ultralytics nn/modules/head.py Pose(Detect), YOLOv8 and YOLO11 alike): per level a third branch
    // Conv(x, c4, 3) → Conv(c4, c4, 3) → nn.Conv2d(c4, nk, 1), c4 = max(ch[0] // 4, nk); the levels' outputs are
    // viewed and concatenated (kept by nothing). v8PoseLoss decodes and scores keypoints on the positives only.
    if (spec.keypointShape) {
      const nk = spec.keypointShape[0] * spec.keypointShape[1];
      const c4 = Math.max(Math.floor(first / 4), nk);
      for (const out of outs) w.linearConv(w.conv(w.conv(out, c4, { kernel: 3 }), c4, { kernel: 3 }), nk);
    }
    w.params += 16; // the DFL's fixed 1×1 conv (no gradient, still a parameter)
  }
  return {
    params: w.params,
    fusedParams: w.params - w.normChannels,
    buffersBytes: w.buffersBytes,
    savedValues: w.storages.reduce((sum, s) => sum + (s.isSaved ? s.values : 0), 0),
    indexBytes: w.indexBytes,
    largest: w.largest,
    levels: headLevels,
  };
}

/**
 * Bytes the loss keeps for backward per image over every position. YOLOv5 (ultralytics utils/loss.py
 * ComputeLoss, mmyolo YOLOv5Head.loss_by_feat): the objectness BCE over every anchor position; in fp32 it keeps
 * the head's (b, 3, h, w, 5 + classes) output whole (its objectness is a view of it) and the zero targets; under
 * autocast binary_cross_entropy_with_logits runs in fp32 on copies of both. Anchor-free (ultralytics
 * utils/loss.py v8DetectionLoss): the class scores' BCE against the assigner's target scores (fp32 copies of
 * both under autocast), and the DFL decode's softmax over 4 × 16 bins (kept output, fp32 under autocast) whose
 * matmul keeps an fp16 cast of it. The positives-only box and DFL losses are not counted.
 */
export function yoloLossBytes(spec: YoloSpec, walk: YoloWalk, isAutocast: boolean): number {
  let bytes = 0;
  for (const level of walk.levels) {
    if (spec.version === 'v5') {
      bytes += level.positions * (isAutocast ? 2 * 3 * 4 : 4 * (level.valuesPerPosition + 3));
    } else {
      bytes += level.positions * (2 * spec.classes * 4 + 64 * (isAutocast ? 4 + 2 : 4));
    }
  }
  return bytes;
}

/** Anchor points the anchor-free head predicts at: the positions of every level. */
export const yoloAnchors = (walk: YoloWalk): number => walk.levels.reduce((sum, l) => sum + l.positions, 0);

/** The top-k anchor points the assigner keeps per box: 10 in ultralytics' v8DetectionLoss and mmyolo's YOLOv8 configs (tal_topk). */
const assignerTopk = 10;

/**
 * Bytes per (image, box, anchor point) at the assigner's peak, by how it marks each box's top-k anchor points.
 * `count` (ultralytics from PR #2481): select_candidates_in_gts builds every box's left-top and right-bottom deltas
 * to every anchor (two fp32 (b × n, A, 2) halves, 8 B each) and their concatenation (16 B) before the min: 32 B;
 * the int8 count itself needs 5 B beside the maps alive then. `one_hot` (mmyolo's BatchTaskAlignedAssigner,
 * ultralytics before PR #2481): F.one_hot of the (b, n, topk) indices over every anchor point is int64, 8 B × topk,
 * and its sum over topk another 8 B, beside four fp32 (b, n, A) maps alive at the call (is_in_gts, the alignment
 * metrics, the overlaps and mmyolo's product of the first two: 16 B; ultralytics' old code freed the product: 12 B).
 * Measured with real PyTorch 2.13 on CPU (a TorchDispatchMode over live storages, b 4, n 20, A 8,400): the
 * one-hot step's new storages 88.0 B per pair, the int8 count's 5.0 B; mmyolo's CIoU over every pair before it
 * peaks lower (73.2 B).
 */
export function assignerBytesPerPair(assigner: YoloAssigner): number {
  return assigner === 'one_hot' ? 8 * assignerTopk + 8 + 16 : 32;
}

/**
 * The TaskAlignedAssigner's working set (run under no_grad after the forward, beside every activation), in bytes
 * for `batch` images of at most `boxes` ground-truth boxes each: the per-pair peak (assignerBytesPerPair), or later
 * three fp32 (b, n, A) maps (mask_pos, align_metric, overlaps: 12 B) while get_targets builds the one-hot target
 * scores as int64, its torch.where copy (int64) and the repeated foreground mask (bool): 17 B per (image, anchor,
 * class). The sigmoid of the class scores it reads is a copy in the activation dtype. Checked against the
 * measurement in ultralytics PR #25240 (batch 16, 365 classes, 640 px, 300 boxes per image, `count`: the
 * assigner's peak 1.52 GB before the PR; this rule 1.42 GB). The boxes are padded to the most in one image of the
 * batch, so a peak over a run is the densest batch's (PR #25240: "the old peak scales with the densest image seen
 * so far").
 */
export function assignerBytes(options: {
  batch: number;
  boxes: number;
  anchors: number;
  classes: number;
  bytesPerValue: number;
  assigner?: YoloAssigner;
}): number {
  const pairs = options.batch * options.boxes * options.anchors;
  const scores = options.batch * options.anchors * options.classes;
  const perPair = assignerBytesPerPair(options.assigner ?? 'count');
  return Math.max(perPair * pairs, 12 * pairs + 17 * scores) + scores * options.bytesPerValue;
}

/** Activation components of a YOLO training step for `batch` images. */
export function yoloActivationParts(
  spec: YoloSpec,
  options: { batch: number; bytesPerValue: number; isAutocast: boolean; isTraining: boolean },
): Component[] {
  const walk = walkYolo(spec);
  const b = options.batch;
  const e = options.bytesPerValue;
  const [c, h, wd] = spec.input;
  const images: Component = {
    name: 'input images',
    bytes: c * h * wd * 4 * b,
    formula: `${b} × [${spec.input.join(', ')}] fp32`,
    phase: 'backward',
  };
  const name = `YOLO${spec.version.slice(1)}${spec.scale}${spec.isP6 ? '6' : ''}`;
  if (!options.isTraining) {
    return [
      images,
      {
        name: 'forward working set',
        bytes: 2 * walk.largest * e * b,
        formula: `the largest map's input and output, ${formatBytes(walk.largest * e)} each per image (no backward)`,
        phase: 'backward',
      },
    ];
  }
  const perImage = walk.savedValues * e + walk.indexBytes;
  const loss = yoloLossBytes(spec, walk, options.isAutocast);
  const parts: Component[] = [
    images,
    {
      name: 'activations (YOLO backbone, neck and head)',
      bytes: perImage * b,
      formula: `${formatBytes(perImage)} per image × ${b} (${name}, ${spec.classes} classes: per Conv its input, BatchNorm's and SiLU's inputs; the max pools' int64 indices)`,
      phase: 'backward',
    },
    {
      name: 'activations (YOLO loss)',
      bytes: loss * b,
      formula: `${formatBytes(loss)} per image × ${b} (${spec.version === 'v5' ? 'objectness BCE over 3 anchors per position' : `class-score BCE and the DFL softmax over ${yoloAnchors(walk)} anchor points`})`,
      phase: 'backward',
    },
    {
      name: 'backward working set',
      bytes: 2 * walk.largest * e * b,
      formula: `the gradient of the largest map and of its input (${formatBytes(walk.largest * e)} per image each)`,
      phase: 'backward',
    },
  ];
  if (spec.isEma) {
    // ultralytics utils/torch_utils.py ModelEMA (deepcopy of the model, fp32) and mmyolo's EMAHook
    // (ExpMomentumEMA: an averaged copy of every parameter and buffer), updated after each step.
    parts.push({
      name: 'EMA copy of the model',
      bytes: walk.params * 4 + walk.buffersBytes,
      formula: `${walk.params} parameters × 4 B and the buffers (fp32, updated after every step)`,
    });
  }
  if (spec.version !== 'v5' && spec.maxObjects > 0) {
    const anchors = yoloAnchors(walk);
    const bytes = assignerBytes({
      batch: b,
      boxes: spec.maxObjects,
      anchors,
      classes: spec.classes,
      bytesPerValue: e,
      assigner: spec.assigner,
    });
    parts.push({
      name: 'task-aligned assigner working set',
      bytes,
      formula: `the larger of ${assignerBytesPerPair(spec.assigner)} B (${spec.assigner === 'one_hot' ? 'the top-k as an int64 one-hot' : "the boxes' deltas to every anchor"}) × ${b} images × ${spec.maxObjects} boxes (the most in one image of the batch) × ${anchors} anchor points and 12 B per such pair beside 17 B per image × anchor × class, and the scores' sigmoid (ultralytics TaskAlignedAssigner, after the forward)`,
      phase: 'backward',
      isLossOnly: true,
    });
  }
  return parts;
}
