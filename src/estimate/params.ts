// Parameter count of a transformer from its shape, when the spec gives no count.
import type { TransformerShape } from './types.js';

/**
 * Parameters of a GPT-2/BERT-style transformer, biases included:
 *   per layer: attention 4h² + 4h (Q, K, V, output), MLP k·h·f + f + h (k = 2, or 3 when gated),
 *              two LayerNorms 4h;
 *   embeddings: v·h tokens + s·h learned positions; a final LayerNorm 2h;
 *   the LM head v·h when there is one and it is not tied to the token embeddings.
 * It matches EleutherAI cookbook calc_transformer_mem.py within 0.01% (which drops the biases and
 * counts 8h of norms per layer) and bert-large-uncased within 0.4% (BERT adds a pooler and token-type
 * embeddings). Rotary models have no position table (s·h too many, 0.25% on Llama-2-7B): give
 * `params` for an exact count; the shape then only drives the activations.
 */
export function countTransformerParams(shape: TransformerShape): number {
  const { layers, hidden: h, ffn: f, vocab: v, seqLen: s } = shape;
  const mlpMatrices = shape.gatedMlp ? 3 : 2;
  const perLayer = 4 * h * h + 4 * h + mlpMatrices * h * f + f + h + 4 * h;
  const embeddings = v * h + s * h;
  const head = shape.lmHead && !shape.tiedEmbeddings ? v * h : 0;
  return layers * perLayer + embeddings + 2 * h + head;
}
