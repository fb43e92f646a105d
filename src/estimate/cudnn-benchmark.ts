// The cuDNN workspace a conv net's step holds at its peak when torch.backends.cudnn.benchmark is on.
//
// Why it is there: with benchmark off, PyTorch takes cuDNN's heuristic choice of algorithm; with it on, the first
// call of each shape runs cudnnFind over every algorithm whose workspace fits the largest block the caching
// allocator can hand out (aten/src/ATen/native/cudnn/Conv_v7.cpp at v2.1.0: getMaxWorkspaceSize bounds each
// algorithm's workspace by CUDACachingAllocator::cacheInfo, the card's free memory or its largest cached block;
// Conv_v8.cpp's benchmark path filters its plans by the same bound) and keeps the fastest. The fastest for a
// large 3×3 convolution is often one that stages transformed copies of its input and output in a workspace, and
// that workspace is allocated through the caching allocator on every later call too, so it counts in
// torch.cuda.max_memory_allocated. The head's convolution is the first one backward runs, with every saved
// activation still alive: its workspace lands on the step's peak.
//
// How much: fitted, not derived (which algorithm wins depends on the card and the cuDNN version). mmsegmentation
// turns benchmark on in every config (configs/_base_/default_runtime.py: cudnn_benchmark = True in v0.x,
// env_cfg cudnn_benchmark=True in v1.x); mmdetection leaves it off, and its detectors on the same ResNets are
// within ±3% of their published allocated peaks with no such part. On the tuned published rows of mmseg's
// dilated-ResNet segmenters (rounds 4, 6, 33, 34: PSPNet, FCN, DeepLabV3 on R-18/50/101, fp32 and fp16, V100,
// T4, RTX 3060 Ti and 4090), the measured peak less the estimate without this part is 2.1–3.7 × the bytes of the
// decode head's 3×3 bottleneck input (its concatenation) in 12 of 15 rows, median 2.9; the outliers are a T4 row
// with 64-pixel crops padded to 256 (5.9) and an AMP row on a 4090 (0.8). Three times that input. The same rule
// reads UPerHead's 3×3 fpn_bottleneck (its ¼ concatenation of four levels) on mmseg's ViT UPerNets, whose rows it
// was not fitted to: they stay under (-17…-27% after it, 7–34 × that input missing), so most of their gap is
// another part's.
import { formatBytes } from '../units.js';
import type { Component } from './types.js';

/** Workspace bytes per byte of the largest 3×3 convolution's input, under cudnn.benchmark. */
export const benchmarkWorkspacePerInputByte = 3;

/** The workspace the benchmarked algorithm of a 3×3 convolution with `inputBytes` of input holds. */
export function benchmarkWorkspaceBytes(inputBytes: number): number {
  return benchmarkWorkspacePerInputByte * inputBytes;
}

/** The part: the workspace beside the peak for a 3×3 convolution (`conv` names it) with `inputBytes` of input. */
export function benchmarkWorkspacePart(inputBytes: number, conv: string): Component {
  return {
    name: 'cuDNN workspace (benchmark mode)',
    bytes: benchmarkWorkspaceBytes(inputBytes),
    formula: `${benchmarkWorkspacePerInputByte} × ${conv}'s input (${formatBytes(inputBytes)}): the workspace of the algorithm cudnnFind keeps under cudnn_benchmark (mmseg's default; set cuda.cudnn_benchmark: false if the run turns it off)`,
    phase: 'backward',
  };
}
