// The second set of headroom's own measured peaks (issue #25): test/gpu/peaks.py --set 2 on a second lease
// of the same H200, scored only after the first set (peaks-references.ts says how they were measured).
// HELD OUT from the estimate's model until its final measurement: its engineer does not read this file or
// the recorded run it reads. Score with `npx tsx scripts/estimate-score.ts --round h200b [--trace]`.
import type { PublishedCase } from '../../src/estimate/test-helpers/published-measured.js';
import {
  allLinear,
  bf16Note,
  casesOf,
  encoderSpec,
  gcNote,
  gpt2,
  llama31_8b,
  llamaConfig,
  llm,
  loraNote,
  mistral7b,
  mlpSpec,
  qwen25_05b,
  type Row,
  resultsOf,
  type Shape,
  stackSpec,
  tinyllama,
} from './peaks-references.js';
import recorded from './recorded/2026-11-27-h200-peaks-2-torch-2.11.0-transformers-5.17.0.json' with {
  type: 'json',
};

const run2 =
  'headroom test/gpu/peaks.py --set 2 on one NVIDIA H200 (driver 580.159.04), torch 2.11.0+cu130, transformers 5.17.0, peft 0.21.0, jax 0.11.2, 2026-11-27 14:06–14:11 UTC (test/gpu/recorded/2026-11-27-h200-peaks-2-torch-2.11.0-transformers-5.17.0.json)';

const llama32_3b: Shape = {
  spec: 'family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true',
  traceConfig: llamaConfig('llama', 'LlamaForCausalLM', {
    num_hidden_layers: 28,
    hidden_size: 3072,
    num_attention_heads: 24,
    num_key_value_heads: 8,
    intermediate_size: 8192,
    vocab_size: 128256,
    tie_word_embeddings: true,
    max_position_embeddings: 8192,
  }),
};
const qwen25_3b: Shape = {
  spec: 'family: llama, layers: 36, hidden: 2048, heads: 16, kv_heads: 2, vocab: 151936, ffn: 11008, bias: qkv, tied_embeddings: true',
  traceConfig: llamaConfig('qwen2', 'Qwen2ForCausalLM', {
    num_hidden_layers: 36,
    hidden_size: 2048,
    num_attention_heads: 16,
    num_key_value_heads: 2,
    intermediate_size: 11008,
    vocab_size: 151936,
    tie_word_embeddings: true,
    max_position_embeddings: 4096,
  }),
};
const qwen25_7b: Shape = {
  spec: 'family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false',
  traceConfig: llamaConfig('qwen2', 'Qwen2ForCausalLM', {
    num_hidden_layers: 28,
    hidden_size: 3584,
    num_attention_heads: 28,
    num_key_value_heads: 4,
    intermediate_size: 18944,
    vocab_size: 152064,
    tie_word_embeddings: false,
    max_position_embeddings: 8192,
  }),
};
const llama2_7b: Shape = {
  spec: 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, tied_embeddings: false',
  traceConfig: llamaConfig('llama', 'LlamaForCausalLM', {
    num_hidden_layers: 32,
    hidden_size: 4096,
    num_attention_heads: 32,
    num_key_value_heads: 32,
    intermediate_size: 11008,
    vocab_size: 32000,
    tie_word_embeddings: false,
    max_position_embeddings: 4096,
  }),
};
const pythia14b: Shape = {
  spec: 'family: neox, layers: 24, hidden: 2048, heads: 16, vocab: 50304, ffn: 8192, parallel_residual: true, bias: true, tied_embeddings: false, dropout: false',
  traceConfig: {
    architectures: ['GPTNeoXForCausalLM'],
    model_type: 'gpt_neox',
    num_hidden_layers: 24,
    hidden_size: 2048,
    num_attention_heads: 16,
    intermediate_size: 8192,
    vocab_size: 50304,
    rotary_pct: 0.25,
    use_parallel_residual: true,
    tie_word_embeddings: false,
    max_position_embeddings: 2048,
  },
};
const gpt2Large = gpt2(36, 1280, 20);
const bert = (layers: number, hidden: number, heads: number, ffn: number) => ({
  spec: `family: bert, layers: ${layers}, hidden: ${hidden}, heads: ${heads}, ffn: ${ffn}, seq_len: 512, vocab: 30522, max_positions: 512, attention: sdpa, classes: 2, pooler: true, dropout: true`,
  traceConfig: {
    architectures: ['BertForSequenceClassification'],
    model_type: 'bert',
    num_hidden_layers: layers,
    hidden_size: hidden,
    num_attention_heads: heads,
    intermediate_size: ffn,
    num_labels: 2,
  },
});
const resnet18Stack = (): string[] => {
  const layers = [
    '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
    '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
  ];
  [2, 2, 2, 2].forEach((count, stage) => {
    const width = 64 * 2 ** stage;
    for (let block = 0; block < count; block++) {
      const stride = block === 0 && stage > 0 ? ', stride: 2' : '';
      layers.push(`{ conv: ${width}${stride} }`, `{ conv: ${width} }`);
    }
  });
  return layers;
};
const t5Base: Shape = {
  spec: 'family: t5, encoder_layers: 12, decoder_layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 32128, seq_len: 512, decoder_seq_len: 128, lm_head: true, tied_embeddings: true, attention: sdpa, dropout: true',
  traceConfig: {
    architectures: ['T5ForConditionalGeneration'],
    model_type: 't5',
    d_model: 768,
    d_ff: 3072,
    num_layers: 12,
    num_heads: 12,
    d_kv: 64,
    vocab_size: 32128,
    decoder_start_token_id: 0,
    pad_token_id: 0,
  },
};
const vitHuge14: Shape = {
  spec: 'family: vit, layers: 32, hidden: 1280, heads: 16, ffn: 5120, seq_len: 257, attention: sdpa, classes: 1000, dropout: false',
  traceConfig: {
    architectures: ['ViTForImageClassification'],
    model_type: 'vit',
    num_hidden_layers: 32,
    hidden_size: 1280,
    num_attention_heads: 16,
    intermediate_size: 5120,
    image_size: 224,
    patch_size: 14,
    num_labels: 1000,
  },
};
const set2Note =
  "as the first set: random weights, random token ids as inputs and labels, the model's own loss, torch.optim.AdamW (foreach) unless said";

// The second set (test/gpu/peaks.py --set 2), measured on a second lease and scored only after the first set.
const rows2: Row[] = [
  {
    id: 'llama3.2-3b-lora16-all-bf16-sdpa-gc-b4-s2048',
    config: `Llama-3.2-3B shape, ${loraNote('r 16 alpha 32 on q, k, v, o, gate, up, down')}, SDPA, batch 4 × 2048, ${gcNote}, ${set2Note}`,
    shape: llama32_3b,
    spec: llm(llama32_3b, {
      precision: 'bf16',
      batch: 4,
      seq: 2048,
      attention: 'sdpa',
      checkpointing: true,
      lora: allLinear,
    }),
  },
  {
    id: 'qwen2.5-3b-bf16-adamw-sdpa-gc-b2-s2048',
    config: `Qwen2.5-3B shape, ${bf16Note}, SDPA, batch 2 × 2048, ${gcNote}, ${set2Note}`,
    shape: qwen25_3b,
    spec: llm(qwen25_3b, { precision: 'bf16', batch: 2, seq: 2048, attention: 'sdpa', checkpointing: true }),
  },
  {
    id: 'qwen2.5-7b-lora64-qkvo-bf16-sdpa-gc-b2-s4096',
    config: `Qwen2.5-7B shape, ${loraNote('r 64 alpha 128 on q, k, v, o')}, SDPA, batch 2 × 4096, ${gcNote}, ${set2Note}`,
    shape: qwen25_7b,
    spec: llm(qwen25_7b, {
      precision: 'bf16',
      batch: 2,
      seq: 4096,
      attention: 'sdpa',
      checkpointing: true,
      lora: 'rank: 64, alpha: 128, targets: [q, k, v, o], dropout: 0',
    }),
  },
  {
    id: 'llama2-7b-lora8-qv-bf16-eager-gc-b1-s2048',
    config: `Llama-2-7B shape (no grouped-query attention), ${loraNote('r 8 alpha 16 on q and v')}, eager attention, batch 1 × 2048, ${gcNote}, ${set2Note}`,
    shape: llama2_7b,
    spec: llm(llama2_7b, {
      precision: 'bf16',
      batch: 1,
      seq: 2048,
      attention: 'eager',
      checkpointing: true,
      lora: 'rank: 8, alpha: 16, targets: [q, v], dropout: 0',
    }),
  },
  {
    id: 'pythia-1.4b-ampbf16-adamw-sdpa-b4-s2048',
    config: `Pythia-1.4B shape (GPTNeoXForCausalLM, parallel residual, rotary on a quarter of each head, dropout 0), fp32 weights under bf16 autocast, SDPA, batch 4 × 2048, ${set2Note}`,
    shape: pythia14b,
    spec: llm(pythia14b, { precision: 'amp_bf16', batch: 4, seq: 2048, attention: 'sdpa' }),
  },
  {
    id: 'bert-base-cls-fp32-adamw-b32-s512',
    config: `BERT-base (BertForSequenceClassification, 2 labels, dropout 0.1 as configured), fp32, SDPA, batch 32 × 512 random ids, the model's cross-entropy, torch.optim.AdamW (foreach)`,
    shape: bert(12, 768, 12, 3072),
    spec: encoderSpec(
      bert(12, 768, 12, 3072),
      'precision: fp32, optimizer: adamw, batch_size: 32, activation_checkpointing: none',
    ),
  },
  {
    id: 'bert-large-cls-ampfp16-adamw-b16-s512',
    config: `BERT-large (BertForSequenceClassification, 2 labels), fp32 weights under fp16 autocast (no GradScaler), SDPA, batch 16 × 512, the model's cross-entropy, torch.optim.AdamW (foreach)`,
    shape: bert(24, 1024, 16, 4096),
    spec: encoderSpec(
      bert(24, 1024, 16, 4096),
      'precision: amp_fp16, optimizer: adamw, batch_size: 16, activation_checkpointing: none',
    ),
  },
  {
    id: 't5-base-fp32-adamw-b16-s512-t128',
    config: `T5-base (T5ForConditionalGeneration, 12 + 12 layers, 768 wide, tied embeddings, dropout 0.1), fp32, attention as configured (sdpa), batch 16 of 512 input and 128 target tokens, the model's loss, torch.optim.AdamW (foreach)`,
    shape: t5Base,
    spec: encoderSpec(
      t5Base,
      'precision: fp32, optimizer: adamw, batch_size: 16, activation_checkpointing: none, loss: standard',
    ),
  },
  {
    id: 'tinyllama-1.1b-fp32-adamw-eager-b2-s2048',
    config: `TinyLlama-1.1B shape, fp32 weights, no autocast, eager attention, batch 2 × 2048, no checkpointing, ${set2Note}`,
    shape: tinyllama,
    spec: llm(tinyllama, { precision: 'fp32', batch: 2, seq: 2048, attention: 'eager' }),
  },
  {
    id: 'tinyllama-1.1b-bf16-adafactor-sdpa-gc-b4-s2048',
    config: `TinyLlama-1.1B shape, ${bf16Note}, SDPA, batch 4 × 2048, ${gcNote}, transformers' Adafactor (relative step, factored second moments, no first moment), ${set2Note}`,
    shape: tinyllama,
    spec: llm(tinyllama, {
      precision: 'bf16',
      batch: 4,
      seq: 2048,
      attention: 'sdpa',
      checkpointing: true,
      optimizer: 'adafactor',
    }),
  },
  {
    id: 'qwen2.5-0.5b-bf16-adamw-sdpa-gc-b16-s2048',
    config: `Qwen2.5-0.5B shape, ${bf16Note}, SDPA, batch 16 × 2048, ${gcNote}, ${set2Note}`,
    shape: qwen25_05b,
    spec: llm(qwen25_05b, {
      precision: 'bf16',
      batch: 16,
      seq: 2048,
      attention: 'sdpa',
      checkpointing: true,
    }),
  },
  {
    id: 'gpt2-774m-ampbf16-adamw-sdpa-gc-b8-s1024',
    config: `GPT-2 large (36 layers, 1280 wide), fp32 weights under bf16 autocast, SDPA, batch 8 × 1024, ${gcNote}, ${set2Note}`,
    shape: gpt2Large,
    spec: llm(gpt2Large, {
      precision: 'amp_bf16',
      batch: 8,
      seq: 1024,
      attention: 'sdpa',
      checkpointing: true,
    }),
  },
  {
    id: 'vit-huge-14-224-ampbf16-adamw-b16',
    config: `ViT-Huge/14 at 224 px (32 layers, 1280 wide, 257 tokens, 1000 classes), fp32 weights under bf16 autocast, SDPA, batch 16, the model's cross-entropy, torch.optim.AdamW (foreach)`,
    shape: vitHuge14,
    spec: encoderSpec(
      vitHuge14,
      'precision: amp_bf16, optimizer: adamw, batch_size: 16, activation_checkpointing: none',
    ),
  },
  {
    id: 'resnet18-224-fp32-sgdm-b256',
    config:
      'torchvision resnet18 (1000 classes, BatchNorm trained), fp32, batch 256 random 224 px images, F.cross_entropy, torch.optim.SGD momentum 0.9 (foreach)',
    spec: stackSpec(
      '[3, 224, 224]',
      [...resnet18Stack(), '{ pool: global }', '{ linear: 1000 }'],
      'precision: fp32, optimizer: sgd_momentum, batch_size: 256',
    ),
  },
  {
    id: 'mistral-7b-lora16-all-bf16-sdpa-b1-s1024',
    config: `Mistral-7B-v0.3 shape, ${loraNote('r 16 alpha 32 on q, k, v, o, gate, up, down')}, SDPA, batch 1 × 1024, no checkpointing, ${set2Note}`,
    shape: mistral7b,
    spec: llm(mistral7b, { precision: 'bf16', batch: 1, seq: 1024, attention: 'sdpa', lora: allLinear }),
  },
  {
    id: 'llama3.1-8b-bf16-adamw-sdpa-gc-b1-s2048',
    config: `Llama-3.1-8B shape, full fine-tune, ${bf16Note}, SDPA, batch 1 × 2048, ${gcNote}, ${set2Note}`,
    shape: llama31_8b,
    spec: llm(llama31_8b, { precision: 'bf16', batch: 1, seq: 2048, attention: 'sdpa', checkpointing: true }),
  },
  {
    id: 'jax-mlp-12x4096-fp32-adam-b2048',
    config:
      'JAX: 12 dense layers 4096 → 4096 as plain arrays with ReLU between, fp32, batch 2048, MSE loss, optax.adam, one jax.jit step without donation; XLA_PYTHON_CLIENT_PREALLOCATE=false; peak_bytes_in_use of the device',
    spec: mlpSpec(4096, 12, 'precision: fp32, optimizer: adam, batch_size: 2048', true),
  },
];

/** The second lease's set (allocated), and its reserved figures. */
export const roundh200bCases: PublishedCase[] = casesOf(
  'allocated',
  rows2,
  resultsOf(recorded),
  run2,
  'h200b',
);
export const roundh200bReservedCases: PublishedCase[] = casesOf(
  'reserved',
  rows2,
  resultsOf(recorded),
  run2,
  'h200b',
);
