// headroom's own measured peaks (issue #25): real training steps on a real GPU, measured once by
// test/gpu/peaks.py on a lent NVIDIA H200 and never shown to the estimate's model before they were scored.
// No constant of the estimate is fitted to them. Each case is one configuration a user trains (Hugging Face
// transformers models built from their published configurations with random weights, peft LoRA,
// torchvision, JAX with optax), three steps in a fresh process; the figure is the framework's own peak
// counter over the three steps (torch.cuda.max_memory_allocated, JAX's peak_bytes_in_use), bytes / 2^30.
// The whole run, every step's allocated and reserved peak and the card's used memory, is in
// test/gpu/recorded/2026-11-27-h200-peaks-torch-2.11.0-transformers-5.17.0.json; the reserved figures are a
// second figure below (--round h200-reserved). A second lease's set is peaks-references-2.ts.
// Score with `npx tsx scripts/estimate-score.ts --round h200 [--trace]`.
import type { MeasuredWhat, PublishedCase } from '../../src/estimate/test-helpers/published-measured.js';
import { torchvisionResnet50Stack } from '../../src/estimate/test-helpers/published-measured-round7.js';
import recorded from './recorded/2026-11-27-h200-peaks-torch-2.11.0-transformers-5.17.0.json' with {
  type: 'json',
};

const run =
  'headroom test/gpu/peaks.py on one NVIDIA H200 (driver 580.159.04, 143771 MiB), torch 2.11.0+cu130, transformers 5.17.0, peft 0.21.0, jax 0.11.2, 2026-11-27 13:26–13:30 UTC (test/gpu/recorded/2026-11-27-h200-peaks-torch-2.11.0-transformers-5.17.0.json)';

export interface Shape {
  spec: string;
  traceConfig?: Record<string, unknown>;
}

export const llamaConfig = (type: string, architecture: string, s: Record<string, number | boolean>) => ({
  architectures: [architecture],
  model_type: type,
  ...s,
});
export const tinyllama: Shape = {
  spec: 'family: llama, layers: 22, hidden: 2048, heads: 32, kv_heads: 4, vocab: 32000, ffn: 5632, tied_embeddings: false',
  traceConfig: llamaConfig('llama', 'LlamaForCausalLM', {
    num_hidden_layers: 22,
    hidden_size: 2048,
    num_attention_heads: 32,
    num_key_value_heads: 4,
    intermediate_size: 5632,
    vocab_size: 32000,
    tie_word_embeddings: false,
    max_position_embeddings: 4096,
  }),
};
const llama32_1b: Shape = {
  spec: 'family: llama, layers: 16, hidden: 2048, heads: 32, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true',
  traceConfig: llamaConfig('llama', 'LlamaForCausalLM', {
    num_hidden_layers: 16,
    hidden_size: 2048,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    intermediate_size: 8192,
    vocab_size: 128256,
    tie_word_embeddings: true,
    max_position_embeddings: 8192,
  }),
};
export const llama31_8b: Shape = {
  spec: 'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false',
  traceConfig: llamaConfig('llama', 'LlamaForCausalLM', {
    num_hidden_layers: 32,
    hidden_size: 4096,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    intermediate_size: 14336,
    vocab_size: 128256,
    tie_word_embeddings: false,
    max_position_embeddings: 8192,
  }),
};
export const mistral7b: Shape = {
  spec: 'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32768, ffn: 14336, tied_embeddings: false',
  traceConfig: llamaConfig('mistral', 'MistralForCausalLM', {
    num_hidden_layers: 32,
    hidden_size: 4096,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    intermediate_size: 14336,
    vocab_size: 32768,
    tie_word_embeddings: false,
    max_position_embeddings: 8192,
  }),
};
export const qwen25_05b: Shape = {
  spec: 'family: llama, layers: 24, hidden: 896, heads: 14, kv_heads: 2, vocab: 151936, ffn: 4864, bias: qkv, tied_embeddings: true',
  traceConfig: llamaConfig('qwen2', 'Qwen2ForCausalLM', {
    num_hidden_layers: 24,
    hidden_size: 896,
    num_attention_heads: 14,
    num_key_value_heads: 2,
    intermediate_size: 4864,
    vocab_size: 151936,
    tie_word_embeddings: true,
    max_position_embeddings: 4096,
  }),
};
const qwen25_15b: Shape = {
  spec: 'family: llama, layers: 28, hidden: 1536, heads: 12, kv_heads: 2, vocab: 151936, ffn: 8960, bias: qkv, tied_embeddings: true',
  traceConfig: llamaConfig('qwen2', 'Qwen2ForCausalLM', {
    num_hidden_layers: 28,
    hidden_size: 1536,
    num_attention_heads: 12,
    num_key_value_heads: 2,
    intermediate_size: 8960,
    vocab_size: 151936,
    tie_word_embeddings: true,
    max_position_embeddings: 4096,
  }),
};
export const gpt2 = (layers: number, hidden: number, heads: number): Shape => ({
  spec: `family: gpt, layers: ${layers}, hidden: ${hidden}, heads: ${heads}, ffn: ${4 * hidden}, vocab: 50257, max_positions: 1024, fused_qkv: true, bias: true, tied_embeddings: true, dropout: true, mlp: gelu_new`,
  traceConfig: {
    architectures: ['GPT2LMHeadModel'],
    model_type: 'gpt2',
    n_layer: layers,
    n_embd: hidden,
    n_head: heads,
    vocab_size: 50257,
    n_positions: 1024,
  },
});
const vit = (layers: number, hidden: number, heads: number, ffn: number): Shape => ({
  spec: `family: vit, layers: ${layers}, hidden: ${hidden}, heads: ${heads}, ffn: ${ffn}, seq_len: 197, attention: sdpa, classes: 1000, dropout: false`,
  traceConfig: {
    architectures: ['ViTForImageClassification'],
    model_type: 'vit',
    num_hidden_layers: layers,
    hidden_size: hidden,
    num_attention_heads: heads,
    intermediate_size: ffn,
    image_size: 224,
    patch_size: 16,
    num_labels: 1000,
  },
});

interface RecordedCase {
  id: string;
  result: {
    peakAllocated: number;
    peakReserved?: number;
    parameters: number;
  };
}
/** Each recorded case's result by id. */
export const resultsOf = (run: { cases: unknown[] }) =>
  new Map((run.cases as RecordedCase[]).map((c) => [c.id, c.result]));

/** A spec whose model is `shape`'s transformer, trained as `training` says. */
export const encoderSpec = (shape: Shape, training: string) => (params: number) =>
  `model:
  params: ${params}
  transformer: { ${shape.spec} }
training: { ${training} }`;

/** A spec whose model is a layer stack (`cnn`), trained as `training` says; JAX's when `isJax`. */
export const stackSpec =
  (input: string, layers: readonly string[], training: string, isJax = false) =>
  (params: number) =>
    `${isJax ? 'framework: jax\n' : ''}model:
  params: ${params}
  cnn:
    input: ${input}
    layers:
${layers.map((layer) => `      - ${layer}`).join('\n')}
training: { ${training} }`;

/** An MLP of `layers` square dense layers `width` wide, as a layer stack. */
export const mlpSpec = (width: number, layers: number, training: string, isJax = false) =>
  stackSpec(`[${width}, 1, 1]`, [`{ linear: ${width}, repeat: ${layers} }`], training, isJax);

/** One configuration of a set: its id in the recorded run, what it trained, and its spec. */
export interface Row {
  id: string;
  config: string;
  spec: (params: number) => string;
  shape?: Shape;
}

export const llm =
  (
    shape: Shape,
    options: {
      precision: string;
      batch: number;
      seq: number;
      attention: string;
      checkpointing?: boolean;
      lora?: string;
      optimizer?: string;
    },
  ) =>
  (params: number) =>
    `model:
  params: ${params}
  transformer: { ${shape.spec}, seq_len: ${options.seq}, attention: ${options.attention} }${options.lora ? `\n  lora: { ${options.lora} }` : ''}
training: { precision: ${options.precision}, optimizer: ${options.optimizer ?? 'adamw'}, batch_size: ${options.batch}, activation_checkpointing: ${options.checkpointing ? 'full' : 'none'}, loss: standard, transformers: 5.17.0 }`;

export const allLinear = 'rank: 16, alpha: 32, targets: [q, k, v, o, gate, up, down], dropout: 0';
const common =
  "random weights from the published configuration, built on the GPU; random token ids as inputs and labels (the model's own loss: logits upcast to fp32); torch.optim.AdamW (foreach, the CUDA default), zero_grad(set_to_none=True)";
export const bf16Note =
  "weights (and so gradients and AdamW states) bf16, forward under bf16 autocast as the HF Trainer's bf16=True runs it";
export const loraNote = (r: string) =>
  `peft LoRA ${r} (get_peft_model, lora_dropout 0; peft keeps the adapters fp32 on a bf16 base), base weights bf16 frozen, forward under bf16 autocast`;
export const gcNote =
  "gradient_checkpointing_enable() (transformers 5.17's default: non-reentrant torch.utils.checkpoint around every decoder layer)";

const rows: Row[] = [
  {
    id: 'gpt2-124m-fp32-adamw-eager-b8-s1024',
    config: `GPT-2 small (GPT2LMHeadModel, 12 layers, 768 wide, dropout 0.1 as configured), fp32, eager attention, batch 8 × 1024 tokens, ${common}`,
    shape: gpt2(12, 768, 12),
    spec: llm(gpt2(12, 768, 12), { precision: 'fp32', batch: 8, seq: 1024, attention: 'eager' }),
  },
  {
    id: 'gpt2-124m-ampbf16-adamw-sdpa-b16-s1024',
    config: `GPT-2 small, fp32 weights under bf16 autocast, SDPA attention, batch 16 × 1024, ${common}`,
    shape: gpt2(12, 768, 12),
    spec: llm(gpt2(12, 768, 12), { precision: 'amp_bf16', batch: 16, seq: 1024, attention: 'sdpa' }),
  },
  {
    id: 'gpt2-355m-ampfp16-scaler-adamw-sdpa-b8-s1024',
    config: `GPT-2 medium (24 layers, 1024 wide), fp32 weights under fp16 autocast with torch.amp.GradScaler, SDPA, batch 8 × 1024, ${common}`,
    shape: gpt2(24, 1024, 16),
    spec: llm(gpt2(24, 1024, 16), { precision: 'amp_fp16', batch: 8, seq: 1024, attention: 'sdpa' }),
  },
  {
    id: 'tinyllama-1.1b-bf16-adamw-sdpa-b4-s2048',
    config: `TinyLlama-1.1B shape (LlamaForCausalLM), ${bf16Note}, SDPA, batch 4 × 2048, no checkpointing, ${common}`,
    shape: tinyllama,
    spec: llm(tinyllama, { precision: 'bf16', batch: 4, seq: 2048, attention: 'sdpa' }),
  },
  {
    id: 'tinyllama-1.1b-bf16-adamw-sdpa-gc-b8-s2048',
    config: `TinyLlama-1.1B shape, ${bf16Note}, SDPA, batch 8 × 2048, ${gcNote}, ${common}`,
    shape: tinyllama,
    spec: llm(tinyllama, { precision: 'bf16', batch: 8, seq: 2048, attention: 'sdpa', checkpointing: true }),
  },
  {
    id: 'qwen2.5-0.5b-ampbf16-adamw-sdpa-b8-s1024',
    config: `Qwen2.5-0.5B shape (Qwen2ForCausalLM, tied embeddings, q/k/v bias), fp32 weights under bf16 autocast, SDPA, batch 8 × 1024, ${common}`,
    shape: qwen25_05b,
    spec: llm(qwen25_05b, { precision: 'amp_bf16', batch: 8, seq: 1024, attention: 'sdpa' }),
  },
  {
    id: 'llama3.2-1b-bf16-adamw-sdpa-gc-b2-s4096',
    config: `Llama-3.2-1B shape (tied embeddings, vocabulary 128256), ${bf16Note}, SDPA, batch 2 × 4096, ${gcNote}, ${common}`,
    shape: llama32_1b,
    spec: llm(llama32_1b, { precision: 'bf16', batch: 2, seq: 4096, attention: 'sdpa', checkpointing: true }),
  },
  {
    id: 'qwen2.5-1.5b-lora16-all-bf16-sdpa-gc-b4-s2048',
    config: `Qwen2.5-1.5B shape, ${loraNote('r 16 alpha 32 on q, k, v, o, gate, up, down')}, SDPA, batch 4 × 2048, ${gcNote} (enable_input_require_grads), ${common}`,
    shape: qwen25_15b,
    spec: llm(qwen25_15b, {
      precision: 'bf16',
      batch: 4,
      seq: 2048,
      attention: 'sdpa',
      checkpointing: true,
      lora: allLinear,
    }),
  },
  {
    id: 'qwen2.5-1.5b-lora16-all-bf16-sdpa-b4-s1024',
    config: `Qwen2.5-1.5B shape, ${loraNote('r 16 alpha 32 on q, k, v, o, gate, up, down')}, SDPA, batch 4 × 1024, no checkpointing, ${common}`,
    shape: qwen25_15b,
    spec: llm(qwen25_15b, { precision: 'bf16', batch: 4, seq: 1024, attention: 'sdpa', lora: allLinear }),
  },
  {
    id: 'mistral-7b-lora16-all-bf16-sdpa-gc-b2-s2048',
    config: `Mistral-7B-v0.3 shape (MistralForCausalLM), ${loraNote('r 16 alpha 32 on q, k, v, o, gate, up, down')}, SDPA, batch 2 × 2048, ${gcNote} (enable_input_require_grads), ${common}`,
    shape: mistral7b,
    spec: llm(mistral7b, {
      precision: 'bf16',
      batch: 2,
      seq: 2048,
      attention: 'sdpa',
      checkpointing: true,
      lora: allLinear,
    }),
  },
  {
    id: 'llama3.1-8b-lora8-qv-bf16-sdpa-gc-b1-s4096',
    config: `Llama-3.1-8B shape, ${loraNote('r 8 alpha 16 on q and v')}, SDPA, batch 1 × 4096, ${gcNote} (enable_input_require_grads), ${common}`,
    shape: llama31_8b,
    spec: llm(llama31_8b, {
      precision: 'bf16',
      batch: 1,
      seq: 4096,
      attention: 'sdpa',
      checkpointing: true,
      lora: 'rank: 8, alpha: 16, targets: [q, v], dropout: 0',
    }),
  },
  {
    id: 'vit-base-16-224-fp32-adamw-b64',
    config: `ViT-Base/16 at 224 px (ViTForImageClassification, 1000 classes, dropout 0 as configured), fp32, SDPA, batch 64 random images, the model's cross-entropy loss, torch.optim.AdamW (foreach)`,
    shape: vit(12, 768, 12, 3072),
    spec: encoderSpec(
      vit(12, 768, 12, 3072),
      'precision: fp32, optimizer: adamw, batch_size: 64, activation_checkpointing: none',
    ),
  },
  {
    id: 'vit-large-16-224-ampbf16-adamw-b32',
    config: `ViT-Large/16 at 224 px, fp32 weights under bf16 autocast, SDPA, batch 32, the model's cross-entropy loss, torch.optim.AdamW (foreach)`,
    shape: vit(24, 1024, 16, 4096),
    spec: encoderSpec(
      vit(24, 1024, 16, 4096),
      'precision: amp_bf16, optimizer: adamw, batch_size: 32, activation_checkpointing: none',
    ),
  },
  {
    id: 'resnet50-224-fp32-sgdm-b128',
    config:
      'torchvision resnet50 (1000 classes, BatchNorm trained), fp32, batch 128 random 224 px images, F.cross_entropy, torch.optim.SGD momentum 0.9 (foreach)',
    spec: stackSpec(
      '[3, 224, 224]',
      [...torchvisionResnet50Stack(), '{ pool: global }', '{ linear: 1000 }'],
      'precision: fp32, optimizer: sgd_momentum, batch_size: 128',
    ),
  },
  {
    id: 'torch-mlp-8x8192-fp32-adam-b512',
    config:
      'PyTorch: 8 Linear layers 8192 → 8192 with ReLU between (536,936,448 parameters), fp32, batch 512 of random inputs and targets, MSE loss, torch.optim.Adam (foreach)',
    spec: mlpSpec(8192, 8, 'precision: fp32, optimizer: adam, batch_size: 512'),
  },
  {
    id: 'jax-mlp-8x8192-fp32-adam-b512',
    config:
      'JAX: the same 8 dense layers as plain arrays, fp32, batch 512, MSE loss, optax.adam, one jax.jit step (value_and_grad, update, apply_updates) without donation: the old and the new parameters and states both alive; XLA_PYTHON_CLIENT_PREALLOCATE=false; peak_bytes_in_use of the device',
    spec: mlpSpec(8192, 8, 'precision: fp32, optimizer: adam, batch_size: 512', true),
  },
  {
    id: 'jax-mlp-8x8192-fp32-adam-b512-donated',
    config:
      'JAX: the same step with donate_argnums=(0, 1) (parameters and optimizer state donated: updated in place; training.donate: true)',
    spec: mlpSpec(8192, 8, 'precision: fp32, optimizer: adam, batch_size: 512, donate: true', true),
  },
];

/** A set's cases as measured: `what` is allocated (the framework's peak counter) or reserved (torch's pool). */
export function casesOf(
  what: MeasuredWhat,
  set: readonly Row[],
  results: ReturnType<typeof resultsOf>,
  source: string,
  prefix: string,
): PublishedCase[] {
  return set.flatMap((row): PublishedCase[] => {
    const result = results.get(row.id);
    if (!result) throw new Error(`peaks-references: ${row.id} is not in the recorded run`);
    const bytes = what === 'reserved' ? result.peakReserved : result.peakAllocated;
    if (bytes === undefined || bytes === 0) return [];
    return [
      {
        id: `${prefix}-${row.id}${what === 'reserved' ? '-reserved' : ''}`,
        source: `${source}, case ${row.id}: ${what === 'reserved' ? 'torch.cuda.max_memory_reserved' : row.id.startsWith('jax') ? 'peak_bytes_in_use' : 'torch.cuda.max_memory_allocated'} over 3 steps`,
        what,
        unit: 'GiB',
        measured: bytes / 1024 ** 3,
        config: row.config,
        spec: row.spec(result.parameters),
        ...(row.shape?.traceConfig ? { traceConfig: row.shape.traceConfig } : {}),
      },
    ];
  });
}

/** The framework's peak counter (allocated): the primary set. */
export const roundh200Cases: PublishedCase[] = casesOf('allocated', rows, resultsOf(recorded), run, 'h200');
/** torch's pool (reserved), PyTorch cases only. */
export const roundh200ReservedCases: PublishedCase[] = casesOf(
  'reserved',
  rows,
  resultsOf(recorded),
  run,
  'h200',
);
