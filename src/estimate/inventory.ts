// The parameter tensors of a transformer shape, by role: the one place that knows which matrices a
// family has. Parameter counts, the largest tensor, LoRA targets, quantized weights, Adafactor's
// factored states and FSDP units are all read from this list.
import type { LoraTarget, MlaShape, TransformerShape } from './types.js';

/** One kind of parameter tensor: `count` tensors of rows × cols (a vector has rows = 1). */
export interface ParamGroup {
  name: string;
  rows: number;
  cols: number;
  count: number;
  /** linear: a weight matrix (quantizable, autocast-cast); embedding; vector: biases and norms. */
  kind: 'linear' | 'embedding' | 'vector';
  /** Repeated once per layer (an FSDP unit, a checkpointed block), not once per model. */
  isPerLayer: boolean;
  /** The LoRA target this matrix is, for linear layers inside a block. */
  target?: LoraTarget;
}

const linear = (
  name: string,
  out: number,
  inFeatures: number,
  count: number,
  target?: LoraTarget,
): ParamGroup => ({ name, rows: out, cols: inFeatures, count, kind: 'linear', isPerLayer: true, target });
const vector = (name: string, size: number, count: number, isPerLayer = true): ParamGroup => ({
  name,
  rows: 1,
  cols: size,
  count,
  kind: 'vector',
  isPerLayer,
});

/**
 * One block's multi-head latent attention (transformers DeepseekV3Attention, v5.18): q_proj (or q_a_proj, its
 * RMSNorm and q_b_proj), kv_a_proj_with_mqa to the latent and the shared RoPE key, the latent's RMSNorm,
 * kv_b_proj to every head's key part and value, o_proj from the values. No biases (attention_bias false).
 */
function latentAttentionGroups(shape: TransformerShape, mla: MlaShape, count: number): ParamGroup[] {
  const { hidden: h, heads: a } = shape;
  const qk = mla.nopeDim + mla.ropeDim;
  const query =
    mla.qRank > 0
      ? [
          linear('q_a', mla.qRank, h, count),
          vector('q_a norm', mla.qRank, count),
          linear('q_b', a * qk, mla.qRank, count),
        ]
      : [linear('q', a * qk, h, count, 'q')];
  return [
    ...query,
    linear('kv_a', mla.kvRank + mla.ropeDim, h, count),
    vector('kv_a norm', mla.kvRank, count),
    linear('kv_b', a * (mla.nopeDim + mla.vDim), mla.kvRank, count),
    linear('o', h, a * mla.vDim, count, 'o'),
  ];
}

// One block's attention: Q, K, V, O projections and their biases (GQA: K and V have kvHeads heads).
function attentionGroups(shape: TransformerShape, count: number, prefix = ''): ParamGroup[] {
  if (shape.mla && !prefix) return latentAttentionGroups(shape, shape.mla, count);
  const { hidden: h, heads: a, kvHeads: kv, headDim: d } = shape;
  const groups = [
    linear(`${prefix}q`, a * d, h, count, prefix ? undefined : 'q'),
    linear(`${prefix}k`, kv * d, h, count, prefix ? undefined : 'k'),
    linear(`${prefix}v`, kv * d, h, count, prefix ? undefined : 'v'),
    linear(`${prefix}o`, h, a * d, count, prefix ? undefined : 'o'),
  ];
  if (shape.bias !== 'none') groups.push(vector(`${prefix}qkv biases`, a * d + 2 * kv * d, count));
  if (shape.bias === 'all') groups.push(vector(`${prefix}o bias`, h, count));
  return groups;
}

// One block's MLP: up and down (plus gate when gated), times the experts of an MoE layer.
function mlpGroups(shape: TransformerShape, count: number): ParamGroup[] {
  const { hidden: h, ffn: f } = shape;
  const experts = Math.max(1, shape.experts);
  const groups = [linear('up', f, h, count * experts, 'up'), linear('down', h, f, count * experts, 'down')];
  if (shape.mlp === 'swiglu') groups.unshift(linear('gate', f, h, count * experts, 'gate'));
  // Generic and GPT-2/BERT-style MLPs carry biases on both matrices (f + h); gated ones none.
  if (shape.bias === 'all') groups.push(vector('mlp biases', f + h, count * experts));
  if (shape.experts > 0) groups.push(linear('router', shape.experts, h, count));
  // The shared expert (transformers Llama4TextMoe.shared_expert, Qwen2MoeSparseMoeBlock.shared_expert): one
  // more MLP of shared_ffn in the same form, every token through it. Qwen-MoE's sigmoid gate (h → 1) is left
  // out (hidden parameters per layer).
  const s = shape.sharedFfn;
  if (s > 0) {
    // Named up_proj / down_proj / gate_proj as the routed experts' are, so LoRA targets reach them too.
    groups.push(linear('shared up', s, h, count, 'up'), linear('shared down', h, s, count, 'down'));
    if (shape.mlp === 'swiglu') groups.push(linear('shared gate', s, h, count, 'gate'));
  }
  return groups;
}

const normSize = (shape: TransformerShape): number =>
  shape.norm === 'layernorm' ? 2 * shape.hidden : shape.hidden;

/**
 * Parameter groups of a shape. Per family:
 *   gpt   GPT-2/BERT-style generic: Q, K, V, O and MLP with biases, two LayerNorms, learned positions;
 *   llama Llama, Mistral, Qwen2, Gemma: GQA, SwiGLU, RMSNorm (weight only), rotary, no biases (Qwen2:
 *         Q/K/V biases), untied head unless tied;
 *   neox  GPT-NeoX/Pythia: fused QKV with biases, parallel attention and MLP, two LayerNorms, rotary;
 *   bert  BERT: learned positions and token types, embedding LayerNorm, pooler, classifier or MLM head;
 *   t5    T5: encoder and decoder stacks (cross-attention), RMS-style norms, relative position bias;
 *   vit   ViT: patch embedding, class token, learned positions, pooler, classifier.
 */
export function parameterInventory(shape: TransformerShape): ParamGroup[] {
  const { hidden: h, vocab: v } = shape;
  const groups: ParamGroup[] = [];
  const isEncoderDecoder = shape.decoderLayers > 0 && shape.encoderLayers > 0;
  const selfLayers = shape.layers;
  groups.push(...attentionGroups(shape, selfLayers), ...mlpGroups(shape, selfLayers));
  if (isEncoderDecoder) groups.push(...attentionGroups(shape, shape.decoderLayers, 'cross '));
  // Norms per block: two (attention and MLP), a third before cross-attention; Phi-style parallel
  // blocks still have two in NeoX, which is what is counted here.
  const normsPerLayer = 2;
  groups.push(vector('norms', normSize(shape), normsPerLayer * selfLayers + shape.decoderLayers));
  const w = embedWidth(shape);
  if (v > 0) {
    groups.push({
      name: 'embeddings',
      rows: v,
      cols: w,
      count: 1,
      kind: 'embedding',
      isPerLayer: false,
      target: 'embed',
    });
  }
  // ELECTRA's positions and token types are embedding_size wide, like its word embeddings.
  const e = shape.family === 'electra' ? w : h;
  if (shape.positions > 0) {
    groups.push({
      name: 'positions',
      rows: shape.positions,
      cols: e,
      count: 1,
      kind: 'embedding',
      isPerLayer: false,
    });
  }
  if (shape.tokenTypes > 0) {
    groups.push({
      name: 'token types',
      rows: shape.tokenTypes,
      cols: e,
      count: 1,
      kind: 'embedding',
      isPerLayer: false,
    });
  }
  if (shape.relativeBuckets > 0) {
    groups.push(
      vector('relative position bias', shape.relativeBuckets * shape.heads, isEncoderDecoder ? 2 : 1, false),
    );
  }
  if (shape.patchInputs > 0) {
    groups.push({ ...linear('patch embedding', h, shape.patchInputs, 1), isPerLayer: false });
    groups.push(vector('patch bias and class token', 2 * h, 1, false));
  }
  // ELECTRA's embeddings_project (with a bias); OPT's project_in and project_out (no bias) around the layers
  // when its word embeddings are narrower.
  if (w !== h && shape.family === 'electra')
    groups.push(
      { ...linear('embeddings_project', h, w, 1), isPerLayer: false },
      vector('embeddings_project bias', h, 1, false),
    );
  else if (w !== h)
    groups.push(
      { ...linear('project_in', h, w, 1), isPerLayer: false },
      { ...linear('project_out', w, h, 1), isPerLayer: false },
    );
  // Final norm(s): one per stack; BERT's sits on the embeddings instead; a post-norm stack has none
  // (OPTDecoder: final_layer_norm only when do_layer_norm_before).
  if (!shape.isPostNorm || shape.family === 'bert' || shape.family === 'electra')
    groups.push(
      vector(
        'final norms',
        shape.family === 'electra' ? 2 * e : normSize(shape),
        isEncoderDecoder ? 2 : 1,
        false,
      ),
    );
  if (shape.pooler)
    groups.push({ ...linear('pooler', h, h, 1), isPerLayer: false }, vector('pooler bias', h, 1, false));
  if (shape.classes > 0) {
    groups.push({ ...linear('classifier', shape.classes, h, 1), isPerLayer: false });
    groups.push(vector('classifier bias', shape.classes, 1, false));
  }
  if (shape.family === 'electra') {
    // ElectraGeneratorPredictions (dense hidden → embedding_size, LayerNorm) and the tied head's bias; or
    // ElectraDiscriminatorPredictions (dense hidden → hidden, dense_prediction hidden → 1).
    if (shape.lmHead) {
      groups.push({ ...linear('generator dense', w, h, 1), isPerLayer: false });
      groups.push(vector('generator dense bias and norm, head bias', 3 * w + v, 1, false));
    } else if (shape.classes === 0) {
      groups.push({ ...linear('discriminator dense', h, h, 1), isPerLayer: false });
      groups.push({ ...linear('discriminator prediction', 1, h, 1), isPerLayer: false });
      groups.push(vector('discriminator biases', h + 1, 1, false));
    }
  } else if (shape.lmHead && shape.family === 'bert') {
    // BertForMaskedLM: a dense + LayerNorm transform, and a decoder tied to the embeddings with a bias.
    groups.push({ ...linear('mlm transform', h, h, 1), isPerLayer: false });
    groups.push(vector('mlm transform bias and norm, decoder bias', 3 * h + v, 1, false));
  } else if (shape.lmHead && !shape.tiedEmbeddings) {
    groups.push({ ...linear('lm_head', v, w, 1, 'lm_head'), isPerLayer: false });
  }
  return groups;
}

/** The token embedding's (and a tied head's) width: hidden, or OPT's word_embed_proj_dim. */
export function embedWidth(shape: TransformerShape): number {
  return shape.wordEmbedDim ?? shape.hidden;
}

/** Elements of one group: count × rows × cols. */
export function groupParams(group: ParamGroup): number {
  return group.count * group.rows * group.cols;
}

/** Total parameters of a shape. */
export function countParams(shape: TransformerShape): number {
  return parameterInventory(shape).reduce((sum, group) => sum + groupParams(group), 0);
}

/** Parameters of one block (attention + MLP + norms): what FSDP and ZeRO-3 gather at a time. */
export function layerParams(shape: TransformerShape): number {
  const perLayer = parameterInventory(shape).filter((group) => group.isPerLayer);
  return perLayer.reduce((sum, group) => sum + groupParams(group) / Math.max(1, shape.layers), 0);
}

/** One layer's routed experts' parameters (every expert's MLP; the router and a shared expert aside). */
export function routedExpertParams(shape: TransformerShape): number {
  if (shape.experts === 0) return 0;
  const matrices = shape.mlp === 'swiglu' ? 3 : 2;
  const biases = shape.bias === 'all' ? shape.ffn + shape.hidden : 0;
  return shape.experts * (matrices * shape.hidden * shape.ffn + biases);
}

/** The largest single tensor (an embedding or the LM head in most models). */
export function largestTensorParams(groups: readonly ParamGroup[]): number {
  return groups.reduce((largest, group) => Math.max(largest, group.rows * group.cols), 0);
}
