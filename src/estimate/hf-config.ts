// A Hugging Face config.json, read into transformer fields: the families headroom models, and a note
// for what it cannot (vision towers, MoE routing, unknown model types). Pure: the caller reads the file.
import type { TransformerFields } from './families.js';

/** A problem with one key of config.json; `key` is located in the file's text by the caller. */
export interface HfConfigIssue {
  key: string;
  message: string;
}

/** What a config.json says: shape fields, notes, and problems. */
export interface HfConfig {
  modelType: string;
  fields: TransformerFields;
  notes: string[];
  issues: HfConfigIssue[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a parsed config.json (`model_type` decides the family). */
export function readHfConfig(config: Json): HfConfig {
  const issues: HfConfigIssue[] = [];
  const notes: string[] = [];
  const modelType = typeof config.model_type === 'string' ? config.model_type : '';
  const int = (key: string, fallback?: number): number | undefined => {
    const value = config[key];
    if (value === undefined || value === null) {
      if (fallback === undefined) issues.push({ key, message: `is required for model_type "${modelType}"` });
      return fallback;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      issues.push({ key, message: `expected a whole number, got ${JSON.stringify(value)}` });
      return fallback;
    }
    return value;
  };
  const flag = (key: string, fallback: boolean): boolean =>
    typeof config[key] === 'boolean' ? (config[key] as boolean) : fallback;
  const architectures = Array.isArray(config.architectures) ? config.architectures.map(String) : [];
  const isArchitecture = (suffix: string): boolean => architectures.some((name) => name.endsWith(suffix));
  const labels = isObject(config.id2label) ? Object.keys(config.id2label).length : int('num_labels', 2);

  // A multimodal config nests its language model; the vision tower is not modelled.
  if (isObject(config.vision_config) || isObject(config.audio_config)) {
    notes.push(
      `${modelType || 'this model'}: its vision/audio tower is not modelled; add its parameters to model.params and its activations under tensors:`,
    );
    if (isObject(config.text_config)) {
      const text = readHfConfig(config.text_config);
      return { ...text, modelType, notes: [...notes, ...text.notes] };
    }
  }

  switch (modelType) {
    case 'llama':
    case 'mistral':
    case 'qwen2':
    case 'gemma':
    case 'mixtral':
    case 'qwen2_moe': {
      // modeling_llama.py and its copies: q/k/v/o without biases unless attention_bias; Qwen2Attention
      // hard-codes biases on q, k and v; Gemma ties the embeddings and sets head_dim explicitly.
      const heads = int('num_attention_heads');
      // Qwen2-MoE (modeling_qwen2_moe.py): num_experts of moe_intermediate_size and a shared expert of
      // shared_expert_intermediate_size in every layer (decoder_sparse_step 1, no mlp_only_layers assumed).
      const isQwenMoe = modelType === 'qwen2_moe';
      const experts = (isQwenMoe ? int('num_experts', 0) : int('num_local_experts', 0)) ?? 0;
      if (experts > 0) {
        notes.push(
          `${modelType}: mixture of ${experts} experts; every expert's weights are counted, activations assume each token goes through its top ${int('num_experts_per_tok', 2)} experts with even routing (capacity and dropped tokens are not modelled)`,
        );
      }
      return {
        modelType,
        fields: {
          family: 'llama',
          layers: int('num_hidden_layers'),
          hidden: int('hidden_size'),
          heads,
          kvHeads: config.num_key_value_heads == null ? heads : int('num_key_value_heads'),
          headDim: config.head_dim === undefined || config.head_dim === null ? undefined : int('head_dim'),
          ffn: isQwenMoe ? int('moe_intermediate_size') : int('intermediate_size'),
          vocab: int('vocab_size'),
          tiedEmbeddings: flag('tie_word_embeddings', modelType === 'gemma'),
          bias: modelType === 'qwen2' || isQwenMoe ? 'qkv' : flag('attention_bias', false) ? 'all' : 'none',
          experts,
          expertsPerToken: experts > 0 ? int('num_experts_per_tok', 2) : 0,
          ...(isQwenMoe ? { sharedFfn: int('shared_expert_intermediate_size', 0) ?? 0 } : {}),
        },
        notes,
        issues,
      };
    }
    case 'gpt2':
      // GPT2LMHeadModel: fused c_attn, learned positions, tied head, n_inner null = 4 × n_embd.
      return {
        modelType,
        fields: {
          family: 'gpt',
          layers: int('n_layer'),
          hidden: int('n_embd'),
          heads: int('n_head'),
          ffn: int('n_inner', 0) || undefined,
          vocab: int('vocab_size'),
          positions: int('n_positions', 1024),
          fusedQkv: true,
          // activation_function, GPT2Config's default gelu_new (NewGELUActivation: tensor ops).
          mlp: (config.activation_function ?? 'gelu_new') === 'gelu_new' ? 'gelu_new' : 'gelu',
          attention: 'sdpa',
          lmHead: true,
          tiedEmbeddings: flag('tie_word_embeddings', true),
        },
        notes,
        issues,
      };
    case 'gpt_neox':
      return {
        modelType,
        fields: {
          family: 'neox',
          layers: int('num_hidden_layers'),
          hidden: int('hidden_size'),
          heads: int('num_attention_heads'),
          ffn: int('intermediate_size'),
          vocab: int('vocab_size'),
          parallelResidual: flag('use_parallel_residual', true),
          tiedEmbeddings: flag('tie_word_embeddings', false),
        },
        notes,
        issues,
      };
    case 'bert': {
      // BertForMaskedLM has no pooler; BertForSequenceClassification a pooler and a classifier.
      const isMaskedLm = isArchitecture('ForMaskedLM') || isArchitecture('ForPreTraining');
      return {
        modelType,
        fields: {
          family: 'bert',
          layers: int('num_hidden_layers'),
          hidden: int('hidden_size'),
          heads: int('num_attention_heads'),
          ffn: int('intermediate_size'),
          vocab: int('vocab_size'),
          positions: int('max_position_embeddings', 512),
          tokenTypes: int('type_vocab_size', 2),
          pooler: !isMaskedLm,
          lmHead: isMaskedLm,
          classes: isArchitecture('ForSequenceClassification') ? labels : 0,
          dropout: typeof config.hidden_dropout_prob !== 'number' || config.hidden_dropout_prob > 0,
        },
        notes,
        issues,
      };
    }
    case 'electra': {
      // ElectraForMaskedLM (the generator) has the LM head; ElectraForPreTraining (the discriminator) one logit
      // per token (modeling_electra.py). embedding_size is the embeddings' width (embeddings_project to hidden).
      return {
        modelType,
        fields: {
          family: 'electra',
          layers: int('num_hidden_layers'),
          hidden: int('hidden_size'),
          heads: int('num_attention_heads'),
          ffn: int('intermediate_size'),
          vocab: int('vocab_size'),
          wordEmbedDim: int('embedding_size', int('hidden_size')),
          positions: int('max_position_embeddings', 512),
          tokenTypes: int('type_vocab_size', 2),
          lmHead: isArchitecture('ForMaskedLM'),
          dropout: typeof config.hidden_dropout_prob !== 'number' || config.hidden_dropout_prob > 0,
        },
        notes,
        issues,
      };
    }
    case 't5': {
      // T5DenseActDense (relu, two matrices) or T5DenseGatedActDense ("gated-gelu", three).
      const layers = int('num_layers');
      const projection = typeof config.feed_forward_proj === 'string' ? config.feed_forward_proj : 'relu';
      return {
        modelType,
        fields: {
          family: 't5',
          encoderLayers: layers,
          decoderLayers: int('num_decoder_layers', layers),
          hidden: int('d_model'),
          heads: int('num_heads'),
          headDim: int('d_kv'),
          ffn: int('d_ff'),
          vocab: int('vocab_size'),
          mlp: projection.startsWith('gated') ? 'swiglu' : 'gelu',
          relativeBuckets: int('relative_attention_num_buckets', 32),
          tiedEmbeddings: flag('tie_word_embeddings', true),
          dropout: typeof config.dropout_rate !== 'number' || config.dropout_rate > 0,
        },
        notes,
        issues,
      };
    }
    case 'vit': {
      const image = int('image_size', 224) ?? 224;
      const patch = int('patch_size', 16) ?? 16;
      const channels = int('num_channels', 3) ?? 3;
      const isClassifier = isArchitecture('ForImageClassification');
      return {
        modelType,
        fields: {
          family: 'vit',
          layers: int('num_hidden_layers'),
          hidden: int('hidden_size'),
          heads: int('num_attention_heads'),
          ffn: int('intermediate_size'),
          vocab: 0,
          // (image / patch)² patches and the class token.
          seqLen: Math.floor(image / patch) ** 2 + 1,
          positions: Math.floor(image / patch) ** 2 + 1,
          patchInputs: channels * patch * patch,
          bias: flag('qkv_bias', true) ? 'all' : 'none',
          pooler: !isClassifier,
          classes: isClassifier ? labels : 0,
          dropout: typeof config.hidden_dropout_prob === 'number' && config.hidden_dropout_prob > 0,
        },
        notes,
        issues,
      };
    }
    default: {
      const hasDecoderKeys = ['hidden_size', 'num_hidden_layers', 'num_attention_heads'].every(
        (key) => typeof config[key] === 'number',
      );
      if (!hasDecoderKeys) {
        issues.push({
          key: 'model_type',
          message: `"${modelType}" is not a family headroom reads (llama, mistral, qwen2, gemma, mixtral, gpt2, gpt_neox, bert, electra, t5, vit); give model.transformer instead`,
        });
        return { modelType, fields: {}, notes, issues };
      }
      notes.push(
        `model_type "${modelType}" is not one headroom knows: read as a Llama-style decoder (RMSNorm, SwiGLU, GQA, no biases); check model.transformer`,
      );
      const fallback = readHfConfig({ ...config, model_type: 'llama' });
      return { ...fallback, modelType, notes: [...notes, ...fallback.notes] };
    }
  }
}
