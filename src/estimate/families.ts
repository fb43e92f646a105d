// Defaults of each model family, and the full TransformerShape built from the fields a spec or a
// config.json gave. One place decides what "llama" or "bert" means for the layers.
import type { Family, TransformerShape } from './types.js';

/** Shape fields as given: any subset; `layers`, `hidden`, `heads` and `seqLen` are required. */
export type TransformerFields = Partial<TransformerShape>;

type FamilyDefaults = Omit<
  TransformerShape,
  | 'family'
  | 'layers'
  | 'encoderLayers'
  | 'decoderLayers'
  | 'hidden'
  | 'heads'
  | 'kvHeads'
  | 'headDim'
  | 'seqLen'
  | 'decoderSeqLen'
  | 'vocab'
  | 'ffn'
  | 'positions'
>;

const common: FamilyDefaults = {
  mlp: 'gelu',
  norm: 'layernorm',
  bias: 'all',
  fusedQkv: false,
  parallelResidual: false,
  tokenTypes: 0,
  relativeBuckets: 0,
  patchInputs: 0,
  pooler: false,
  classes: 0,
  lmHead: false,
  tiedEmbeddings: false,
  attention: 'sdpa',
  isSoftmaxUpcast: false,
  dropout: true,
  experts: 0,
  expertsPerToken: 0,
  sharedFfn: 0,
};

// What each family's Hugging Face implementation does (transformers models/<family>/modeling_*.py).
const familyDefaults: Record<Family, FamilyDefaults> = {
  // The generic layer of Korthikanti et al. and GPT-2: headroom's original default, eager attention.
  gpt: { ...common, attention: 'eager' },
  // LlamaDecoderLayer: RMSNorm, SwiGLU, no biases, no dropout; eager attention computes the softmax
  // in fp32 (`softmax(attn_weights, dim=-1, dtype=torch.float32)`); SDPA is the default kernel.
  llama: {
    ...common,
    mlp: 'swiglu',
    norm: 'rmsnorm',
    bias: 'none',
    dropout: false,
    isSoftmaxUpcast: true,
    lmHead: true,
  },
  // GPTNeoXLayer: fused query_key_value, use_parallel_residual, no dropout by default. Eager attention
  // keeps its scores in fp32 under a 16-bit model: transformers v5.18.0 models/gpt_neox/modeling_gpt_neox.py
  // eager_attention_forward, `softmax(attn_weights, dim=-1, dtype=torch.float32).to(query.dtype)` (the fp32
  // softmax output and its 16-bit cast both saved for backward: 16 + 8 sbh of saved scores counted for real
  // on a tiny fp16 GPTNeoXLayer with torch 2.13 CPU, saved_tensors_hooks); releases before the 4.48 refactor
  // reach the same through fp32 rotary caches that promote query and key (the SDPA/flash classes' "GPT-neo-X
  // casts query and key in fp32 to apply rotary embedding in full precision", then `_attn`'s scores of
  // query.dtype and `attn_weights.to(value.dtype)`). Round 22's Pythia eager rows (transformers' SDPA
  // benchmark, PR #31031) agree: 5.9-6.0 B per b·a·s² element and layer above the SDPA rows' line.
  neox: {
    ...common,
    fusedQkv: true,
    parallelResidual: true,
    dropout: false,
    lmHead: true,
    isSoftmaxUpcast: true,
  },
  // BertLayer: post-LayerNorm, dropout 0.1 everywhere, pooler.
  bert: { ...common, tokenTypes: 2, pooler: true },
  // ElectraModel (transformers models/electra/modeling_electra.py): BERT's layers and embeddings (at
  // embedding_size, word_embed_dim here, with embeddings_project to hidden when narrower), no pooler. With
  // lm_head it is ElectraForMaskedLM (the generator: dense hidden → embedding_size, GELU, LayerNorm, the head
  // tied to the embedding); without, ElectraForPreTraining (the discriminator: dense hidden → hidden, GELU,
  // dense_prediction hidden → 1 per token).
  electra: { ...common, tokenTypes: 2, tiedEmbeddings: true },
  // T5Block: T5LayerNorm (RMS, variance in fp32), no biases, relative position bias, eager attention
  // with `softmax(scores.float())`, dropout 0.1, tied embeddings in the original T5.
  t5: {
    ...common,
    norm: 'rmsnorm',
    bias: 'none',
    relativeBuckets: 32,
    attention: 'eager',
    isSoftmaxUpcast: true,
    lmHead: true,
    tiedEmbeddings: true,
  },
  // ViTLayer: pre-LayerNorm, hidden_dropout_prob 0.0.
  vit: { ...common, dropout: false },
  // OPTDecoderLayer (transformers v4.46 models/opt/modeling_opt.py; facebook/opt-* configs): fc1, ReLU, fc2;
  // dropout 0.1 on the hidden states but attention_dropout 0.0; biases; learned positions (offset 2); the head tied
  // to the embedding. Eager attention upcasts a 16-bit model's softmax (`if attn_weights.dtype == torch.float16:
  // softmax(attn_weights, dim=-1, dtype=torch.float32).to(torch.float16)`). OPT-350m's post-norm blocks and
  // 512-wide word embeddings are post_norm and word_embed_dim.
  opt: {
    ...common,
    mlp: 'relu',
    attentionDropout: false,
    isSoftmaxUpcast: true,
    lmHead: true,
    tiedEmbeddings: true,
  },
};

/** Default learned positions: GPT-2-style models as long as the sequence, BERT 512, rotary none. */
function defaultPositions(family: Family, seqLen: number): number {
  if (family === 'gpt') return seqLen;
  // OPTLearnedPositionalEmbedding: max_position_embeddings + 2 (its offset).
  if (family === 'opt') return seqLen + 2;
  if (family === 'bert' || family === 'electra') return 512;
  return 0;
}

/** The full shape from the given fields and the family's defaults. */
export function buildTransformerShape(
  fields: TransformerFields & { layers: number; hidden: number; heads: number; seqLen: number },
): TransformerShape {
  const family = fields.family ?? 'gpt';
  const defaults = familyDefaults[family];
  const encoderLayers = fields.encoderLayers ?? 0;
  const decoderLayers = fields.decoderLayers ?? 0;
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return {
    ...defaults,
    ...given,
    family,
    layers: encoderLayers + decoderLayers > 0 ? encoderLayers + decoderLayers : fields.layers,
    encoderLayers,
    decoderLayers,
    // MLA: every head has its own key and value (expanded from the latent), keys of nope + rope.
    kvHeads: fields.mla ? fields.heads : (fields.kvHeads ?? fields.heads),
    headDim: fields.mla
      ? fields.mla.nopeDim + fields.mla.ropeDim
      : (fields.headDim ?? fields.hidden / fields.heads),
    decoderSeqLen: fields.decoderSeqLen ?? fields.seqLen,
    vocab: fields.vocab ?? 0,
    // Tied or untied, tied_embeddings describes an embedding beside an LM head (transformers'
    // PreTrainedModel.tie_weights ties get_output_embeddings() to get_input_embeddings(), v4.57): a spec
    // that names it over a vocabulary has a head, whatever the family's default.
    lmHead:
      fields.lmHead ??
      (fields.tiedEmbeddings !== undefined && (fields.vocab ?? 0) > 0 ? true : defaults.lmHead),
    // Korthikanti et al. and GPT-2/BERT use an MLP of 4 × hidden.
    ffn: fields.ffn ?? 4 * fields.hidden,
    positions: fields.positions ?? defaultPositions(family, fields.seqLen),
  } as TransformerShape;
}
