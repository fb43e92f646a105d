// Activation memory of a transformer after Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models" (arXiv:2205.05198), Eq. 1-6 and Table 2.
import type { Checkpointing } from './types.js';

/** Shape of one layer's activations; `bytesPerValue` is 2 for 16-bit activations, 4 for fp32. */
export interface LayerActivationOptions {
  seqLen: number;
  batch: number;
  hidden: number;
  heads: number;
  bytesPerValue: number;
  checkpointing: Checkpointing;
  /** MLP hidden size; default 4 × hidden as in the paper. */
  ffn?: number;
  gatedMlp?: boolean;
  /** Dropout keeps 1-byte masks; off in Llama-style models. Default on, as in the paper. */
  dropout?: boolean;
  /** `flash` keeps no s×s scores: the kernel recomputes them in backward. */
  attention?: 'eager' | 'flash';
  tensorParallel?: number;
  sequenceParallel?: boolean;
}

/**
 * Bytes one layer keeps for backward, with e bytes per value and 1-byte dropout masks:
 *   attention: QKV input, Q, K, V, output-projection input (5e·sbh) + output dropout mask (sbh),
 *              softmax output, dropout mask and dropout output (2e+1)·a·s²·b;
 *   MLP: input (e·sbh), activation input and output (2e·sbf; gated: gate, up, activation, product
 *        4e·sbf), dropout mask (sbh); two LayerNorm inputs (2e·sbh).
 * With e = 2 and f = 4h this is the paper's sbh(34 + 5as/h). Tensor parallelism splits all but
 * 10sbh (LayerNorm, attention and MLP inputs, dropout masks: (4e+2)·sbh) over t, and the scores;
 * sequence parallelism splits everything. Selective recompute drops the a·s²·b term; full recompute
 * keeps only the layer input, 2sbh (not split by t, as in Table 2).
 */
export function layerActivationBytes(options: LayerActivationOptions): number {
  const { seqLen: s, batch: b, hidden: h, heads: a, bytesPerValue: e } = options;
  const sbh = s * b * h;
  if (options.checkpointing === 'full') return e * sbh;
  const f = options.ffn ?? 4 * h;
  const mask = options.dropout === false ? 0 : 1;
  const t = options.tensorParallel ?? 1;
  const attention = (5 * e + mask) * sbh;
  const mlp = e * sbh + (options.gatedMlp ? 4 : 2) * e * s * b * f + mask * sbh;
  const norms = 2 * e * sbh;
  const linear = attention + mlp + norms;
  const unsplit = options.sequenceParallel ? 0 : (4 * e + 2 * mask) * sbh;
  const linearPerGpu = unsplit + (linear - unsplit) / t;
  if (options.checkpointing === 'selective' || options.attention === 'flash') return linearPerGpu;
  const scores = (mask ? 2 * e + 1 : e) * a * s * s * b;
  return linearPerGpu + scores / t;
}

/**
 * Activations of L layers: what the first pipeline stage holds (p micro-batches × L/p layers is L
 * layers' worth, whatever p is). The interleaved schedule multiplies by 1 + (p−1)/(p·m).
 */
export function stackActivationBytes(
  options: LayerActivationOptions & { layers: number; pipelineParallel?: number; interleavedChunks?: number },
): number {
  const p = options.pipelineParallel ?? 1;
  const factor = options.interleavedChunks ? interleaveFactor(p, options.interleavedChunks) : 1;
  return options.layers * layerActivationBytes(options) * factor;
}

/** Korthikanti's interleaved-schedule factor 1 + (p−1)/(p·m); 1.3238 for 530B (p = 35, m = 3). */
export function interleaveFactor(pipelineParallel: number, chunks: number): number {
  return 1 + (pipelineParallel - 1) / (pipelineParallel * chunks);
}

/**
 * Outside the layers (the paper's sbhp/t + 4sbh/t·(1 + v/h) for p = 1, generalized to e bytes):
 * the embedding dropout mask sbh, the final LayerNorm and head inputs 2e·sbh, and with an LM head
 * the logits 2e·sbv (the paper's 4sbv: logits kept in fp32 for the cross-entropy). Hugging Face causal
 * LMs that upcast 16-bit logits with .float() keep up to 10·sbv.
 */
export function outsideLayerBytes(options: {
  seqLen: number;
  batch: number;
  hidden: number;
  vocab: number;
  bytesPerValue: number;
  lmHead: boolean;
  dropout?: boolean;
  tensorParallel?: number;
}): { embeddingBytes: number; logitsBytes: number } {
  const { seqLen: s, batch: b, hidden: h, vocab: v, bytesPerValue: e } = options;
  const t = options.tensorParallel ?? 1;
  const mask = options.dropout === false ? 0 : 1;
  return {
    embeddingBytes: ((mask + 2 * e) * s * b * h) / t,
    logitsBytes: options.lmHead ? (2 * e * s * b * v) / t : 0,
  };
}

/** ZeRO §3.2's rule of thumb (footnote): about 12·h·b·s·L activation values (60 GB for GPT-2 1.5B). */
export function zeroRuleOfThumbActivationBytes(options: {
  hidden: number;
  batch: number;
  seqLen: number;
  layers: number;
  bytesPerValue: number;
}): number {
  return 12 * options.hidden * options.batch * options.seqLen * options.layers * options.bytesPerValue;
}
