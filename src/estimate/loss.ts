// The logits and the cross-entropy loss over a vocabulary: at 128k-152k tokens the largest single part
// of a fine-tune's activations, and the one the loss implementation decides.
import type { Component, Loss } from './types.js';

/** How the loss runs, besides its kind. */
export interface LossMode {
  isCompiled?: boolean;
  /** 16-bit logits upcast to fp32 for the loss (false: F.cross_entropy in the logits' own dtype). */
  isUpcast?: boolean;
  /**
   * The standard loss copies the shifted logits (default true). false: transformers ≥ 4.49's
   * ForCausalLMLoss, which pads and shifts the labels instead.
   */
  isShiftCopy?: boolean;
}

/**
 * Bytes per logit at the loss's peak, with logits of `logitBytes` (2 in 16-bit or under autocast):
 *   standard  transformers' ForCausalLMLoss / F.cross_entropy over upcast logits: the logits,
 *             `logits.float()` (4), the shifted `.contiguous()` copy (4), log_softmax's output kept for
 *             backward (4); in backward its gradient takes the place of the upcast: logitBytes + 12
 *             (16 in fp32). Without the upcast (a pure bf16 model calling F.cross_entropy on its
 *             logits, no autocast: log_softmax returns the input's dtype) the log-probabilities kept,
 *             their gradient and the logits' gradient are each one logit wide: 3 × logitBytes.
 *             transformers ≥ 4.49 (loss/loss_utils.py ForCausalLMLoss pads the labels, not a copy of
 *             the logits; the Trainer drops the model's outputs, so the 16-bit logits go once upcast
 *             — `.float()`'s backward keeps nothing): log_softmax's output (4) is kept, and in backward
 *             its incoming gradient (4) and the logits' fp32 gradient (4) are alive with it: 12, in
 *             fp32 as in 16-bit (the logits themselves are not kept for backward).
 *   chunked   torchtune CEWithChunkedOutputLoss, LitGPT chunked_cross_entropy: logits kept in chunks,
 *             each upcast only while its log-softmax (kept, 4 bytes) is computed: logitBytes + 4.
 *             Compiled (torchtune compiles compute_cross_entropy, one chunk at a time): each chunk's
 *             graph keeps its 16-bit input and a per-row logsumexp and returns its gradient in the
 *             input's dtype as the input is freed, so the logits plus one chunk of the default 8
 *             (torchtune/modules/loss/ce_chunked_output_loss.py, num_output_chunks=8): logitBytes × 9/8.
 *   fused     Liger/Unsloth fused linear cross-entropy: logits never materialize beyond one chunk,
 *             whose gradient is computed in forward: 0.
 *   chunked_head  torchtitan's ChunkedLossWrapper (torchtitan/components/loss.py; docs/chunked_loss.md at
 *             94609ad7f): the decoder returns hidden states (_skip_lm_head), detached and split into
 *             chunks of chunk_len tokens (default 8,192); each chunk runs the LM head, the loss and its
 *             own backward at once, its gradient gathered into the hidden states' buffer. No logits
 *             outlive their chunk: 0 per logit of the whole batch; `lossBytes` prices one chunk.
 *   vocab_parallel  Megatron-LM's _VocabParallelCrossEntropy (megatron/core/tensor_parallel/cross_entropy.py
 *             at NVIDIA/Megatron-LM d98e8a64): `vocab_parallel_logits.float()` is its one copy (4); the max
 *             is subtracted, exp taken and the sum divided in place on it, and it is saved as the softmax;
 *             backward turns that same tensor into the gradient in place (grad_2d[...] -= ...,
 *             grad_input.mul_), which autograd casts to the logits' dtype. The 16-bit logits (GPTModel's
 *             forward holds them through the loss) with the fp32 copy: logitBytes + 4; fp32 logits are
 *             not copied (`.float()` returns them): 4.
 *   vocab_parallel_fused  the same steps under --cross-entropy-loss-fusion (megatron/core/fusions/
 *             fused_cross_entropy.py at d98e8a64, unchanged since 2025-03): calculate_predicted_logits and
 *             calculate_gradients are each one jit_fuser graph, torch.compile from torch 2.2
 *             (megatron/core/jit.py), mutating the fp32 logits in place beside a reduction (the row sum) or a
 *             scatter; Inductor then computes the new value in a fresh logits-sized buffer and copies it
 *             back (stated by the later rewrite's note in the same file, NVIDIA/Megatron-LM 0cb4a9c8: "a full
 *             logits-sized transient allocation"): one more fp32 logit in forward and in backward: 8 more
 *             than the 16-bit logits (10 B in bf16), 8 for fp32 logits.
 *   loss_parallel  PyTorch's loss_parallel() (torch/distributed/tensor/parallel/loss.py, read at 2.13, the release
 *             here; the 2024 nightlies torchtitan's early runs used are assumed the same), which torchtitan turns on with tensor parallelism (enable_loss_parallel, default
 *             true since ed04380aa, 2024-03-05): cross_entropy over the LM head's vocab-sharded DTensor output runs as
 *             its own handlers. Forward (_log_softmax): the fp32 input, `shifted = x - x_max`, exp(shifted) and
 *             `result = shifted - logsumexp`, three fp32 logits beside the input; result is kept. Backward
 *             (_nll_loss_and_log_softmax_backward, the log-softmax's backward folded in): zeros_like(x),
 *             exp(x), their sum and its product with the incoming gradient, beside the kept result: 16 B, the
 *             peak. The caller frees its logits before backward (torchtitan's `del pred`, e29b6b4d4, 2024-06-12).
 *             Measured with real PyTorch 2.13 on CPU (a one-rank gloo mesh, the head ColwiseParallel with
 *             Shard(-1) output, peak RSS over 131M logits): 16.1 B per logit.
 *   loss_parallel_logits_kept  the same while the caller holds fp32 logits through backward (torchtitan from
 *             2024-03-05 to 2024-06-12: the model returned `self.output(h).float()` and train.py kept `pred`
 *             until loss.backward() returned): 4 more, 20 B per logit (measured the same way: 20.1).
 *   standard_logits_kept  F.cross_entropy over fp32 logits the model returns (its own `self.output(h).float()`) while
 *             the loop holds them through backward (torchtrain/torchtitan from 2024-02 to 2024-06-12, e29b6b4d4's `del
 *             pred`, without loss parallelism): the logits (4), log_softmax's output kept (4), and in backward
 *             nll_loss's gradient (4) and log_softmax's (4): 16 B, whatever the 16-bit compute dtype. Measured with
 *             real PyTorch 2.13 on CPU (a bf16 head, peak RSS): 16.2 B per logit (test-helpers/standard_loss_torch.py).
 *   unsloth_fused  unsloth_zoo's UnslothFusedLoss (fused_losses/cross_entropy_loss.py at 7209a767), which the
 *             compiled forward of unsloth's FastModel runs when the LM head is fp32 or trained (compiler.py
 *             cross_entropy_replacement_1; a frozen 16-bit head takes cut cross-entropy: fused): each chunk's
 *             torch.func.grad_and_value over linear → .float() → cross_entropy, torch.compile'd, writes the
 *             logits' gradient over the logits: the head's bytes per logit of one chunk (measured with torch
 *             2.13 on CPU, Inductor: 4.03 B per logit of peak over the inputs with an fp32 head, 2.03 B with a
 *             bf16 one; 12.0 B uncompiled in fp32). The chunk: unslothChunkTokens.
 */
export function lossBytesPerLogit(loss: Loss, logitBytes: number, mode: LossMode = {}): number {
  if (loss === 'fused' || loss === 'chunked_head') return 0;
  if (loss === 'unsloth_fused') return logitBytes;
  if (loss === 'loss_parallel') return Math.max(16, logitBytes + 12);
  if (loss === 'loss_parallel_logits_kept') return 20;
  if (loss === 'standard_logits_kept') return 16;
  if (loss === 'vocab_parallel') return logitBytes >= 4 ? logitBytes : logitBytes + 4;
  if (loss === 'vocab_parallel_fused') return logitBytes >= 4 ? logitBytes + 4 : logitBytes + 8;
  const isUpcast = mode.isUpcast ?? true;
  if (loss === 'chunked') return mode.isCompiled ? (logitBytes * 9) / 8 : logitBytes + 4;
  const isShiftCopy = mode.isShiftCopy ?? true;
  const upcast = isShiftCopy ? logitBytes + 12 : 12;
  const eager = isUpcast || logitBytes === 4 ? upcast : 3 * logitBytes;
  // Compiled (an assumption from Inductor's fusion of log_softmax and nll_loss): the upcast and the
  // log-probabilities never materialize; the logits stay until their gradient, in the same dtype,
  // is computed from them and a per-row logsumexp.
  return mode.isCompiled ? Math.min(eager, 2 * logitBytes) : eager;
}

/** What the loss holds for s tokens of b sequences over a vocabulary of v (split over t GPUs). */
export function lossBytes(options: {
  loss: Loss;
  logitBytes: number;
  tokens: number;
  batch: number;
  vocab: number;
  tensorParallel: number;
  mode?: LossMode;
}): number {
  const logits = options.tokens * options.batch * options.vocab;
  if (options.loss === 'chunked_head') {
    // One chunk's logits through a standard loss (upcast, log-softmax, their gradients), at a time.
    const chunk = Math.min(headChunkTokens, options.tokens * options.batch) * options.vocab;
    const perLogit = lossBytesPerLogit('standard', options.logitBytes, options.mode);
    return (perLogit * chunk) / options.tensorParallel;
  }
  const perLogit = lossBytesPerLogit(options.loss, options.logitBytes, options.mode);
  return (perLogit * logits) / options.tensorParallel;
}

/** torchtitan ChunkedLossWrapper.Config.chunk_len's default (docs/chunked_loss.md at 94609ad7f). */
export const headChunkTokens = 8192;

/**
 * Tokens in one chunk of unsloth_zoo's UnslothFusedLoss (fused_losses/cross_entropy_loss.py at 7209a767,
 * get_chunk_size): n = max(4 · round(L / (4 · target)), 1) chunks of ceil(tokens / n) (torch.chunk), where L is
 * the batch's logits in fp32 and target half the memory torch.cuda.mem_get_info reports free at the loss's first
 * call (cached for the run). Without the free memory (undefined), one chunk.
 */
export function unslothChunkTokens(options: { tokens: number; vocab: number; freeBytes?: number }): number {
  if (options.freeBytes === undefined || options.freeBytes <= 0) return options.tokens;
  const logitBytes = 4 * options.tokens * options.vocab;
  const chunks = Math.max(4 * Math.round(logitBytes / (4 * (options.freeBytes / 2))), 1);
  return Math.ceil(options.tokens / chunks);
}

/**
 * The loss part of `loss: unsloth_fused` at the chunk the card's free memory gives (unslothChunkTokens): the part
 * as the activations priced it (every logit in one chunk) scaled to one chunk. The free memory at the loss's first
 * call is the card less the context, the workspaces and the weights (the optimizer's states are created by the
 * first step, after it).
 */
export function unslothChunkedLossPart(
  part: Component,
  options: { tokens: number; vocab: number; freeBytes: number },
): Component {
  const { tokens } = options;
  const chunk = unslothChunkTokens({ tokens, vocab: options.vocab, freeBytes: options.freeBytes });
  if (tokens === 0 || chunk >= tokens) return part;
  return {
    ...part,
    bytes: (part.bytes * chunk) / tokens,
    formula: `${part.formula} at one compiled chunk at a time: ${chunk} of ${tokens} tokens (${Math.ceil(tokens / chunk)} chunks: half the ${(options.freeBytes / 2 ** 30).toFixed(2)} GiB free at the first call) × vocab ${options.vocab}`,
  };
}
