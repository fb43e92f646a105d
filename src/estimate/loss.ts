// The logits and the cross-entropy loss over a vocabulary: at 128k-152k tokens the largest single part
// of a fine-tune's activations, and the one the loss implementation decides.
import type { Loss } from './types.js';

/**
 * Bytes per logit at the loss's peak, with logits of `logitBytes` (2 in 16-bit or under autocast):
 *   standard  transformers' ForCausalLMLoss / a plain F.cross_entropy: the logits, `logits.float()`
 *             (4), the shifted `.contiguous()` copy (4), log_softmax's output kept for backward (4);
 *             in backward its gradient takes the place of the upcast: logitBytes + 12 (16 in fp32).
 *   chunked   torchtune CEWithChunkedOutputLoss, LitGPT chunked_cross_entropy: logits kept in chunks,
 *             each upcast only while its log-softmax (kept, 4 bytes) is computed: logitBytes + 4.
 *   fused     Liger/Unsloth fused linear cross-entropy: logits never materialize beyond one chunk,
 *             whose gradient is computed in forward: 0.
 */
export function lossBytesPerLogit(loss: Loss, logitBytes: number, isCompiled = false): number {
  if (loss === 'fused') return 0;
  const eager = loss === 'chunked' ? logitBytes + 4 : logitBytes + 12;
  // Compiled (an assumption from Inductor's fusion of log_softmax and nll_loss): the upcast and the
  // log-probabilities never materialize; the logits stay until their gradient, in the same dtype,
  // is computed from them and a per-row logsumexp.
  return isCompiled ? Math.min(eager, 2 * logitBytes) : eager;
}

/** What the loss holds for s tokens of b sequences over a vocabulary of v (split over t GPUs). */
export function lossBytes(options: {
  loss: Loss;
  logitBytes: number;
  tokens: number;
  batch: number;
  vocab: number;
  tensorParallel: number;
  isCompiled?: boolean;
}): number {
  const logits = options.tokens * options.batch * options.vocab;
  const perLogit = lossBytesPerLogit(options.loss, options.logitBytes, options.isCompiled);
  return (perLogit * logits) / options.tensorParallel;
}
