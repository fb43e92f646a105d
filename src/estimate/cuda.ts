// Per-process GPU overheads outside the model: CUDA context, library workspaces, allocator rounding
// and the cache the allocator keeps on top of live tensors. Sources: ../shared/estimation/references.md
// §9 (contexts), §10 (workspaces); FACTS.md Q5 and Q7.
import type { Attention, EstimateFramework } from './types.js';

const MiB = 1024 ** 2;

/**
 * CUDA context + loaded kernels per process per GPU, outside every framework pool (FACTS Q5).
 * lazy (CUDA ≥ 11.7 with CUDA_MODULE_LOADING=LAZY, PyTorch's default since 1.13): measured 256 MiB
 * (RTX 3090, torch 2.7), 273.75 MiB (pytorch PR #86509), 426 MiB (RTX 6000 Ada, torch 2.10), "300–400
 * MB" (ptrblck). Those are idle; a training step loads more kernels, so torch takes 450 MiB, the top of
 * the modern range. JAX takes 512 MiB, headroom's planning default (XLA loads a cubin per executable).
 * eager (CUDA < 11.7 or CUDA_MODULE_LOADING=EAGER): 635.75 MiB (PR #86509), 879 MiB (2080 Ti), 1008 MB
 * (Titan V), 1343 MiB (V100, HF docs), 1488 MiB (RTX 3090, cu110): 1.25 GiB, in the upper part of
 * the range because an estimate that decides what fits should err high.
 */
export function defaultContextBytes(framework: EstimateFramework, moduleLoading: 'lazy' | 'eager'): number {
  if (moduleLoading === 'eager') return 1280 * MiB;
  return framework === 'jax' ? 512 * MiB : 450 * MiB;
}

// cuBLAS workspace per handle: CUBLAS_WORKSPACE_CONFIG=:4096:2:16:8 = 2 × 4 MiB + 8 × 16 KiB =
// 8,519,680 B, PyTorch's default before Hopper (CublasHandlePool.cpp); Hopper and later take 32 MiB.
const cublasWorkspaceBytes = 4096 * 1024 * 2 + 16 * 1024 * 8;
// cuBLASLt workspace (pytorch PR #120925): 1 MiB by default, 4 MiB on sm80 with ≥ 24 GB, 32 MiB on sm90+.
const cublasLtWorkspaceBytes = 4 * MiB;
// Forward and backward run on different threads, each with its own handle and workspace.
const workspaceHandles = 2;

/**
 * Library workspaces torch allocates through its caching allocator: 2 × (8,519,680 B cuBLAS + 4 MiB
 * cuBLASLt) = 25.4 MiB, for an Ampere-class card; set `cuda.workspaces: 128MiB` for Hopper
 * (2 × (32 + 32) MiB). JAX takes its scratch from inside the XLA pool per executable: 0 here.
 */
export function defaultWorkspaceBytes(framework: EstimateFramework): number {
  return framework === 'jax' ? 0 : workspaceHandles * (cublasWorkspaceBytes + cublasLtWorkspaceBytes);
}

// c10/cuda/CUDACachingAllocator.cpp: kMinBlockSize = 512 (every size rounds up to 512 B),
// kSmallSize = 1 MiB (larger requests go to the large pool), kRoundLarge = 2 MiB (large segments
// round up to 2 MiB; requests of 1–10 MiB are carved from 20 MiB kLargeBuffer segments, which costs
// about the same per tensor). XLA's BFC allocator rounds to 256 B (tsl bfc_allocator kMinAllocationSize).
const torchMinBlockBytes = 512;
const torchSmallSizeBytes = 1 * MiB;
const torchRoundLargeBytes = 2 * MiB;
const xlaMinAllocationBytes = 256;

/** Bytes one tensor of `bytes` occupies in the framework's pool (1.57 MiB → 2 MiB under torch). */
export function blockBytes(framework: EstimateFramework, bytes: number): number {
  if (bytes <= 0) return 0;
  const roundUp = (value: number, step: number): number => Math.ceil(value / step) * step;
  if (framework === 'jax') return roundUp(bytes, xlaMinAllocationBytes);
  return roundUp(bytes, bytes <= torchSmallSizeBytes ? torchMinBlockBytes : torchRoundLargeBytes);
}

/**
 * What the caching allocator keeps reserved beyond live tensors at the peak, as a fraction of the
 * memory allocated and freed every step (the forward→backward parts). Blocks freed in one phase are
 * split for another phase's requests of other sizes; a request no free block fits opens a new
 * segment. The largest short-lived requests decide it:
 *   eager attention, no checkpointing  3%: its b·a·s² score, softmax and dropout tensors are created
 *                    and freed at one size in every layer, so each layer reuses the blocks the one before
 *                    freed. Measured by replaying traced steps through the allocator's policy
 *                    (python/headroom_trace/allocator_replay.py, three steps on fake tensors, torch 2.13):
 *                    GPT-2 124M fp32 b8×1024 3.1%, GPT-2 medium fp32 b4×1024 3.1%, BERT-large fp32 b4×512
 *                    (zero_grad zeros, for_loop AdamW: the HF V100 run's loop) 2.9% of these parts; on
 *                    the real H200 (test/gpu/recorded/2026-11-27-h200-peaks-…json, max_memory_reserved less
 *                    max_memory_allocated) GPT-2 124M 2.9%, TinyLlama fp32 b2×2048 4.1%. It was 20%, read
 *                    off the HF V100 run's nvidia-smi figure (hf-v100-bert-large-vanilla-bs4) less this
 *                    module's allocated peak and context: an inference that carried their errors, where the
 *                    replay of that run's own loop leaves 2.9%.
 *   eager attention under activation checkpointing (training.activation_checkpointing: full), and
 *                    models without attention (CNNs, detectors)  20%: the recomputed layer's tensors do not
 *                    fit the forward's blocks, split around the checkpointed inputs that stay alive; the
 *                    replay gives 53% (GPT-2 medium fp32 b4×1024), the H200 15.6% (Llama-2-7B LoRA
 *                    b1×2048), a CNN's cuDNN workspaces up to 70% (H200 ResNet-18): unchanged here.
 *   SDPA/Flash       10%: no s² tensors; the largest requests are MLP-sized. The replay above gives
 *                    0.4% (GPT-2 medium fp32) to 14.5% (Qwen2.5-1.5B bf16 b2×2048), 6–15% for bf16 and amp
 *                    runs; under checkpointing 29–87% in the replay and 12–52% on the H200's LoRA and full
 *                    runs: no one fraction, so it is kept (the replay's own figure is what --trace should use).
 *   expandable_segments:True  3%: segments grow in place instead of new ones being opened (FACTS Q7).
 *   variable lengths (cuda.lengths: variable) 50%: each batch padded only to its own longest sample, so
 *                    every step asks for the forward→backward parts at another size. Freed blocks stay
 *                    cached (c10/cuda/CUDACachingAllocator.cpp: cached blocks go back to CUDA only when an
 *                    allocation fails, release_cached_blocks, or on empty_cache) and a longer step's
 *                    requests do not fit a shorter step's split blocks, so new segments open beside them;
 *                    PyTorch's CUDA semantics notes name "a job changing allocation sizes frequently, such
 *                    as having a changing batch size" as the case expandable_segments is for
 *                    (https://pytorch.org/docs/stable/notes/cuda.html, "Optimizing memory usage with
 *                    PYTORCH_CUDA_ALLOC_CONF"). The fraction is fitted: the median of the per-round best
 *                    fractions (0.1 … 1.5 tried) over the spent published rounds' variable-length reserved
 *                    rows of rounds 1, 2, 5, 6, 7, 8 and 10 (0.5; rounds 7 and 8, whose rows empty the cache
 *                    every 10 steps or read a 30-step run at its assumed longest length, want 0.1), checked on
 *                    round 11's ms-swift benchmark sweep, whose measured reserved less allocated is 1.4 × these
 *                    parts at the median (so 50% still reads such runs under). The allocator replay (allocator_replay.py)
 *                    measures the same: TinyLlama bf16 b4, 24 steps at lengths 320–2048 drawn at random (2048 once),
 *                    keeps 49% of the 2048-long step's forward→backward working set cached (44% after 12 steps; 15%
 *                    with every step at 2048). Fixed shapes (default) keep 3–20%:
 *                    our own fixed-shape H200 reserved runs hold 0–0.2 × these parts beyond allocated.
 *                    `variable` states that the spec's sequence length is one the run's longest batches
 *                    reach (round 11: swift drops samples over --max_length from a 91–19,548-token set).
 *   capped lengths (cuda.lengths: capped) = the fixed-shape fraction: batches padded each to their own
 *                    longest, but the sequence length is only the cap (max_seq_length) and the run's
 *                    batches are not known to reach it. Every part is then priced at the cap, which is itself
 *                    the allowance for the shorter steps whose blocks stay cached; adding `variable`'s 50% on
 *                    top counts the same variability twice. Measured on the spent rounds: round 14's unsloth
 *                    notebooks (max_seq_length 2048 assumed reached, 60 steps over guanaco conversations) read
 *                    +12.5…+32.5% with 50% on top of the cap and −3.9…+8.7% with the fixed fraction; rounds 7
 *                    and 8's short runs read at an assumed longest length wanted 0.1 in the fit above.
 */
export function defaultFragmentation(options: {
  attention: Attention | undefined;
  isExpandableSegments: boolean;
  isVariableLengths?: boolean;
  isCheckpointed?: boolean;
}): number {
  const { attention, isExpandableSegments, isVariableLengths = false, isCheckpointed = false } = options;
  if (isExpandableSegments) return 0.03;
  if (isVariableLengths) return 0.5;
  if (attention === 'eager') return isCheckpointed ? 0.2 : 0.03;
  return attention === undefined ? 0.2 : 0.1;
}
