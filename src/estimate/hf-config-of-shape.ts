// The Hugging Face config.json a spec's `model.transformer` stands for: the inverse of hf-config.ts, so
// `estimate --trace` can build the model a spec describes when no config.json is given. Only the model
// types the trace helper builds (a causal LM, a ViT image classifier, a BERT classifier or masked LM, T5) and whose shape fields the
// config can carry; anything else is refused with the reason. Pure.
import type { MlaShape, TransformerShape } from './types.js';

/** A config.json for `shape`, or why there is none. */
export type ShapeConfig = { modelType: string; config: Record<string, unknown> } | { refused: string };

/** The config.json transformers builds the model of `shape` from (modeling_<type>.py's config keys). */
export function hfConfigOfShape(shape: TransformerShape): ShapeConfig {
  const headDim = shape.headDim || shape.hidden / shape.heads;
  const positions = Math.max(shape.positions, shape.seqLen, 1);
  if (shape.family !== 'vit' && shape.vocab === 0) {
    return { refused: 'a language model without a vocabulary (model.transformer.vocab)' };
  }
  switch (shape.family) {
    case 'llama': {
      if (!shape.lmHead) return { refused: 'a Llama-family model without a language-model head' };
      if (shape.mla) return latentAttentionConfig(shape, shape.mla, positions);
      // Qwen2Attention hard-codes biases on q, k and v; Mixtral is the Llama block with routed experts.
      const modelType = shape.experts > 0 ? 'mixtral' : shape.bias === 'qkv' ? 'qwen2' : 'llama';
      const architecture = {
        llama: 'LlamaForCausalLM',
        qwen2: 'Qwen2ForCausalLM',
        mixtral: 'MixtralForCausalLM',
      }[modelType];
      return {
        modelType,
        config: {
          architectures: [architecture],
          model_type: modelType,
          hidden_size: shape.hidden,
          intermediate_size: shape.ffn,
          num_hidden_layers: shape.layers,
          num_attention_heads: shape.heads,
          num_key_value_heads: shape.kvHeads,
          head_dim: headDim,
          vocab_size: shape.vocab,
          max_position_embeddings: positions,
          tie_word_embeddings: shape.tiedEmbeddings,
          ...(modelType === 'llama'
            ? { attention_bias: shape.bias === 'all', mlp_bias: shape.bias === 'all' }
            : {}),
          ...(shape.experts > 0
            ? { num_local_experts: shape.experts, num_experts_per_tok: shape.expertsPerToken }
            : {}),
        },
      };
    }
    case 'gpt':
      if (!shape.lmHead) return { refused: 'a GPT-family model without a language-model head' };
      if (!shape.fusedQkv && shape.kvHeads === shape.heads) {
        // The generic GPT layer with separate Q, K and V (pre-LayerNorm, learned positions, biases, a GELU
        // MLP): transformers' BioGPT is that layer (modeling_biogpt.py BioGptDecoderLayer, v5.18), its
        // embedding scaled by √hidden (scale_embedding) and its head tied to the embedding by default.
        if (shape.mlp === 'swiglu' || shape.norm !== 'layernorm' || shape.parallelResidual) {
          return { refused: 'a GPT-family model with separate Q, K, V other than pre-LayerNorm GELU layers' };
        }
        return {
          modelType: 'biogpt',
          config: {
            architectures: ['BioGptForCausalLM'],
            model_type: 'biogpt',
            hidden_size: shape.hidden,
            intermediate_size: shape.ffn,
            num_hidden_layers: shape.layers,
            num_attention_heads: shape.heads,
            vocab_size: shape.vocab,
            max_position_embeddings: positions,
            hidden_act: shape.mlp === 'gelu_new' ? 'gelu_new' : 'gelu',
            hidden_dropout_prob: shape.dropout ? 0.1 : 0,
            attention_probs_dropout_prob: shape.dropout ? 0.1 : 0,
            tie_word_embeddings: shape.tiedEmbeddings,
          },
        };
      }
      if (!shape.fusedQkv)
        return { refused: 'a GPT-family model with grouped K/V heads and separate Q, K, V' };
      if (shape.kvHeads !== shape.heads) {
        // GPT-2 has no grouped K/V heads (it would build full ones). Falcon-7B's layout, one K/V head and
        // attention beside the MLP, is transformers' Falcon (configuration_falcon.py, v5.18: multi_query,
        // parallel_attn, bias on every linear or none, ffn_hidden_size).
        if (shape.kvHeads !== 1 || !shape.parallelResidual) {
          return { refused: 'a GPT-family model with grouped K/V heads other than Falcon-7B’s one' };
        }
        return {
          modelType: 'falcon',
          config: {
            architectures: ['FalconForCausalLM'],
            model_type: 'falcon',
            hidden_size: shape.hidden,
            num_attention_heads: shape.heads,
            num_hidden_layers: shape.layers,
            ffn_hidden_size: shape.ffn,
            vocab_size: shape.vocab,
            multi_query: true,
            parallel_attn: true,
            new_decoder_architecture: false,
            alibi: false,
            bias: shape.bias === 'all',
            max_position_embeddings: positions,
            tie_word_embeddings: shape.tiedEmbeddings,
          },
        };
      }
      return {
        modelType: 'gpt2',
        config: {
          architectures: ['GPT2LMHeadModel'],
          model_type: 'gpt2',
          n_layer: shape.layers,
          n_embd: shape.hidden,
          n_head: shape.heads,
          // n_inner null means 4 × n_embd (modeling_gpt2.py).
          n_inner: shape.ffn === 4 * shape.hidden ? null : shape.ffn,
          vocab_size: shape.vocab,
          n_positions: positions,
          tie_word_embeddings: shape.tiedEmbeddings,
          // GPT2Config's defaults: gelu_new and dropout 0.1 on the embeddings, residuals and attention.
          activation_function: shape.mlp === 'gelu' ? 'gelu' : 'gelu_new',
          ...(shape.dropout ? {} : { resid_pdrop: 0, embd_pdrop: 0, attn_pdrop: 0 }),
        },
      };
    case 'neox':
      return {
        modelType: 'gpt_neox',
        config: {
          architectures: ['GPTNeoXForCausalLM'],
          model_type: 'gpt_neox',
          hidden_size: shape.hidden,
          intermediate_size: shape.ffn,
          num_hidden_layers: shape.layers,
          num_attention_heads: shape.heads,
          vocab_size: shape.vocab,
          max_position_embeddings: positions,
          use_parallel_residual: shape.parallelResidual,
          tie_word_embeddings: shape.tiedEmbeddings,
          // GPTNeoXConfig's dropouts default to 0.
          ...(shape.dropout ? { hidden_dropout: 0.1, attention_dropout: 0.1 } : {}),
        },
      };
    case 'vit': {
      // seqLen = (image / patch)² + the class token; patchInputs = channels × patch² (hf-config.ts).
      const channels = 3;
      const patch = Math.sqrt(shape.patchInputs / channels);
      const side = Math.sqrt(shape.seqLen - 1);
      if (!Number.isInteger(patch) || !Number.isInteger(side) || patch === 0) {
        return { refused: 'a ViT whose patch inputs and sequence are not 3 channels of square patches' };
      }
      return {
        modelType: 'vit',
        config: {
          architectures: ['ViTForImageClassification'],
          model_type: 'vit',
          hidden_size: shape.hidden,
          intermediate_size: shape.ffn,
          num_hidden_layers: shape.layers,
          num_attention_heads: shape.heads,
          image_size: side * patch,
          patch_size: patch,
          num_channels: channels,
          qkv_bias: shape.bias !== 'none',
          num_labels: shape.classes || 1000,
          hidden_dropout_prob: shape.dropout ? 0.1 : 0,
          attention_probs_dropout_prob: shape.dropout ? 0.1 : 0,
        },
      };
    }
    case 'bert': {
      // The helper builds the class `architectures` names: a classifier (pooler + num_labels) or a masked
      // LM (no pooler), as hf-config.ts reads them back.
      const isClassifier = shape.classes > 0 && shape.pooler && !shape.lmHead;
      const isMaskedLm = shape.lmHead && !shape.pooler && shape.classes === 0;
      if (!isClassifier && !isMaskedLm) {
        return { refused: 'a BERT that is neither a sequence classifier nor a masked language model' };
      }
      return {
        modelType: 'bert',
        config: {
          architectures: [isClassifier ? 'BertForSequenceClassification' : 'BertForMaskedLM'],
          model_type: 'bert',
          hidden_size: shape.hidden,
          intermediate_size: shape.ffn,
          num_hidden_layers: shape.layers,
          num_attention_heads: shape.heads,
          vocab_size: shape.vocab,
          max_position_embeddings: positions,
          type_vocab_size: shape.tokenTypes || 2,
          ...(isClassifier ? { num_labels: shape.classes } : {}),
          hidden_dropout_prob: shape.dropout ? 0.1 : 0,
          attention_probs_dropout_prob: shape.dropout ? 0.1 : 0,
        },
      };
    }
    case 't5':
      if (!shape.lmHead || shape.encoderLayers === 0 || shape.decoderLayers === 0) {
        return {
          refused: 'a T5 other than an encoder–decoder with its LM head (T5ForConditionalGeneration)',
        };
      }
      return {
        modelType: 't5',
        config: {
          architectures: ['T5ForConditionalGeneration'],
          model_type: 't5',
          d_model: shape.hidden,
          d_ff: shape.ffn,
          d_kv: headDim,
          num_layers: shape.encoderLayers,
          num_decoder_layers: shape.decoderLayers,
          num_heads: shape.heads,
          vocab_size: shape.vocab,
          // T5DenseGatedActDense ("gated-gelu", T5 v1.1) or T5DenseActDense (relu): modeling_t5.py.
          feed_forward_proj: shape.mlp === 'swiglu' ? 'gated-gelu' : 'relu',
          relative_attention_num_buckets: shape.relativeBuckets || 32,
          tie_word_embeddings: shape.tiedEmbeddings,
          dropout_rate: shape.dropout ? 0.1 : 0,
          decoder_start_token_id: 0,
          pad_token_id: 0,
        },
      };
    default:
      return {
        refused: `a ${shape.family} model (the trace builds causal language models, ViTs, BERT and T5)`,
      };
  }
}

/**
 * A Llama-family shape with MLA as transformers' DeepseekV3ForCausalLM (configuration_deepseek_v3.py, v5.18): every
 * layer MoE (first_k_dense_replace 0) with the shared experts as n_shared_experts of moe_intermediate_size, or
 * every layer dense (first_k_dense_replace = layers) with intermediate_size; one routing group.
 */
function latentAttentionConfig(shape: TransformerShape, mla: MlaShape, positions: number): ShapeConfig {
  if (shape.experts > 0 && shape.sharedFfn % shape.ffn !== 0)
    return { refused: 'an MLA MoE whose shared_ffn is not a whole number of experts (n_shared_experts)' };
  return {
    modelType: 'deepseek_v3',
    config: {
      architectures: ['DeepseekV3ForCausalLM'],
      model_type: 'deepseek_v3',
      hidden_size: shape.hidden,
      num_hidden_layers: shape.layers,
      num_attention_heads: shape.heads,
      num_key_value_heads: shape.heads,
      q_lora_rank: mla.qRank > 0 ? mla.qRank : null,
      kv_lora_rank: mla.kvRank,
      qk_nope_head_dim: mla.nopeDim,
      qk_rope_head_dim: mla.ropeDim,
      v_head_dim: mla.vDim,
      head_dim: mla.ropeDim,
      intermediate_size: shape.ffn,
      moe_intermediate_size: shape.ffn,
      n_routed_experts: shape.experts,
      num_experts_per_tok: shape.experts > 0 ? shape.expertsPerToken : null,
      n_shared_experts: shape.experts > 0 ? shape.sharedFfn / shape.ffn : 0,
      first_k_dense_replace: shape.experts > 0 ? 0 : shape.layers,
      n_group: 1,
      topk_group: 1,
      rope_interleave: false,
      vocab_size: shape.vocab,
      max_position_embeddings: positions,
      tie_word_embeddings: shape.tiedEmbeddings,
    },
  };
}
