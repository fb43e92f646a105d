// Published MEASURED peaks gathered for issue #25 (item 6), each with its source, what was measured
// (allocated, reserved or device total, and the unit the source divides by), the full config as
// published, and the spec a user would write for it. Where a source leaves a setting out, `config`
// says what was assumed. A third of these are held out (held-out.ts) while rules and constants change.

/** What a source measured. */
export type MeasuredWhat = 'allocated' | 'reserved' | 'device total';

/** One published measurement. */
export interface PublishedCase {
  id: string;
  source: string;
  what: MeasuredWhat;
  unit: 'GB' | 'GiB';
  measured: number;
  /** The config as the source gives it, and what was assumed where it does not. */
  config: string;
  /** The estimate spec for it (YAML). */
  spec: string;
  /** Why the case is kept but not scored: the published figure contradicts its own stated config. */
  excluded?: string;
  /** A Hugging Face-style config.json for `accelerate estimate-memory` (bench), and its dtype row. */
  accelerate?: { config: Record<string, unknown>; dtype: 'float32' | 'float16' };
  /** A Hugging Face config.json for `estimate --trace` when `accelerate` has none (bench). */
  traceConfig?: Record<string, unknown>;
  /** `estimate --trace-module` for a model the spec cannot describe: `file:factory` under examples/trace (bench). */
  traceModule?: string;
}

const llama2_7b = `family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008`;
const llama2_7bConfig = {
  architectures: ['LlamaForCausalLM'],
  model_type: 'llama',
  hidden_size: 4096,
  intermediate_size: 11008,
  num_hidden_layers: 32,
  num_attention_heads: 32,
  num_key_value_heads: 32,
  vocab_size: 32000,
  max_position_embeddings: 4096,
  tie_word_embeddings: false,
};
const llama3_8b = `family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336`;
const llama3_8bConfig = {
  ...llama2_7bConfig,
  intermediate_size: 14336,
  num_key_value_heads: 8,
  vocab_size: 128256,
  max_position_embeddings: 8192,
};
// timm vit_huge_patch14_224.orig_in21k with a 45-class head (resisc45): 257 tokens (16×16 patches + cls),
// fused qkv with bias, GELU MLP 5120, F.scaled_dot_product_attention (timm fused_attn).
const vitH = `family: vit, layers: 32, hidden: 1280, heads: 16, ffn: 5120, seq_len: 257, fused_qkv: true, attention: sdpa, classes: 45`;
const vitHConfig = {
  architectures: ['ViTForImageClassification'],
  model_type: 'vit',
  hidden_size: 1280,
  intermediate_size: 5120,
  num_hidden_layers: 32,
  num_attention_heads: 16,
  image_size: 224,
  patch_size: 14,
  num_channels: 3,
  num_labels: 45,
};
// timm vit_giant_patch14_dinov2.lvd142m at 224 px: 1536 wide, 40 blocks, 24 heads, SwiGLUPacked MLP
// (fc1 1536→8192 = gate+up 4096 each, fc2 4096→1536), LayerScale; 1.1B parameters.
// The same network as transformers builds it (Dinov2ForImageClassification, use_swiglu_ffn: hidden
// int(1536 · 4 · 2/3) rounded to 8 = 4096), for the trace.
const vitGConfig = {
  architectures: ['Dinov2ForImageClassification'],
  model_type: 'dinov2',
  hidden_size: 1536,
  num_hidden_layers: 40,
  num_attention_heads: 24,
  mlp_ratio: 4,
  use_swiglu_ffn: true,
  image_size: 224,
  patch_size: 14,
  num_channels: 3,
  num_labels: 45,
};
const vitG = `family: vit, layers: 40, hidden: 1536, heads: 24, ffn: 4096, mlp: swiglu, seq_len: 257, fused_qkv: true, attention: sdpa, classes: 45`;

const aoOptim = 'pytorch/ao torchao/optim/README.md (commit 072500ab), benchmarks/benchmark_low_bit_adam.py';
const aoVitH = (optimizer: string, label: string, measured: number): PublishedCase => ({
  id: `torchao-vit-h-${label}`,
  source: `${aoOptim}: ViT-H table, ${label}`,
  what: 'allocated',
  unit: 'GB',
  measured,
  config:
    'timm vit_huge_patch14_224 (630M) fine-tuned on resisc45, PyTorch 2.4, BF16 AMP, model.compile(fullgraph=True), batch 8, 224 px, RTX 4070Ti SUPER; the script prints torch.cuda.max_memory_allocated() / 1e9',
  spec: `model:
  params: 630M
  transformer: { ${vitH} }
training: { precision: amp_bf16, optimizer: ${optimizer}, batch_size: 8, compile: true, loss: standard }`,
  accelerate: { config: vitHConfig, dtype: 'float32' },
});

const aoLlama = (optimizer: string, label: string, measured: number): PublishedCase => ({
  id: `torchao-llama2-7b-${label}`,
  source: `${aoOptim}: Llama2-7B table (pytorch/ao PR #812, #746), ${label}`,
  what: 'allocated',
  unit: 'GiB',
  measured,
  config:
    "Llama-2-7B full fine-tune on Alpaca with torchtune 52d1b838 (full_finetune_single_device), PyTorch 2.4, full BF16, A100; the figure is torchtune's peak memory allocated (torchtune/training/memory.py divides by 1024**3). Assumed from the recipe of that commit: batch 2, activation checkpointing, compiled, optimizer not in backward, chunked cross-entropy, 512 tokens (the Alpaca length is not published)",
  spec: `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: 512, attention: sdpa }
training: { precision: bf16, optimizer: ${optimizer}, batch_size: 2, activation_checkpointing: full, compile: true, loss: chunked }`,
  accelerate: { config: llama2_7bConfig, dtype: 'float16' },
});

const aoOffload = (options: {
  label: string;
  measured: number;
  precision: string;
  offload: string;
  compile?: boolean;
  strategy?: string;
}): PublishedCase => ({
  id: `torchao-vit-giant-offload-${options.label}`,
  traceConfig: vitGConfig,
  source: `${aoOptim}: optimizer CPU offload tables, ${options.label}`,
  what: 'allocated',
  unit: 'GB',
  measured: options.measured,
  config: `timm vit_giant_patch14_dinov2.lvd142m (1.1B) at 224 px, ${options.precision === 'bf16' ? 'full BF16' : 'BF16 AMP'}, ${options.compile ? 'compiled' : 'eager'}, activation checkpointing (timm set_grad_checkpointing), batch 32, fused AdamW, RTX 4070Ti SUPER 16 GB; max_memory_allocated / 1e9${options.strategy ? '. DeepSpeed as benchmark_low_bit_adam.py configures it: zero_optimization stage 2, overlap_comm True, offload_optimizer cpu with pin_memory, bf16, DeepSpeedCPUAdam; the release is assumed to be 0.14.4, the latest when the table was published (pytorch/ao PR #584, 2024-08-06)' : ''}`,
  spec: `model:
  params: 1.13B
  transformer: { ${vitG} }
training:
  precision: ${options.precision}
  optimizer: adamw
  optimizer_impl: fused
  batch_size: 32
  activation_checkpointing: full
  compile: ${options.compile ?? false}
  offload: { ${options.offload} }${options.strategy ? `\nparallel: { gpus: 1, strategy: ${options.strategy}, deepspeed: { version: 0.14.4, overlap_comm: true } }` : ''}`,
});

const torchtuneReadme =
  'pytorch/torchtune README.md "Finetuning resource requirements" (April 2024): torch.cuda.max_memory_reserved(), decimal GB';
// torchtune then (a95c6b93, 412a4ecd, March 2024): alpaca_dataset(use_clean=True) had no max_seq_len and
// nothing truncated (pytorch/torchtune issue #558: "We still need to add support for truncating past the
// maximum sequence length"); utils.padded_collate pads each batch to its longest sample. The longest
// cleaned-Alpaca sample is 1304 Llama-2 tokens with the same Alpaca template (LitGPT's measurement,
// references.json litgpt-lora-1gpu-a100-40gb longest_example_tokens), and max_memory_reserved only grows
// over a run, so the run's peak is at that batch.
const cleanedAlpaca =
  'yahma/alpaca-cleaned untruncated, padded per batch: the longest sample, 1304 Llama-2 tokens, sets the peak';
const alpacaSeq = 1304;
const originalAlpaca =
  "tatsu-lab/alpaca untruncated; its longest sample is not published, 512 tokens assumed at the peak (torchtune's later max_seq_len default); torchtune's memory_stats_log resets the peak counters every 100 steps, so an allocated figure covers 100 steps";
const torchtuneCase = (options: {
  id: string;
  label: string;
  measured: number;
  config: string;
  spec: string;
  what?: MeasuredWhat;
  source?: string;
  excluded?: string;
  dataset?: string;
}): PublishedCase => ({
  ...(options.excluded ? { excluded: options.excluded } : {}),
  id: options.id,
  source: options.source ?? `${torchtuneReadme}, ${options.label}`,
  what: options.what ?? 'reserved',
  unit: 'GB',
  measured: options.measured,
  config: `${options.config}; ${options.dataset ?? cleanedAlpaca}`,
  spec: options.spec,
  accelerate: { config: llama2_7bConfig, dtype: 'float16' },
});

const float8Readme =
  'pytorch/ao torchao/float8/README.md "Training benchmarks" (torchtitan 0.0.2, torchao 0.10.0): peak memory as torchtitan logs it, max_memory_reserved in GiB';
const float8Case = (label: string, float8: string, measured: number): PublishedCase => ({
  id: `torchao-float8-llama3-8b-${label}`,
  source: `${float8Readme}, ${label}`,
  what: 'reserved',
  unit: 'GiB',
  measured,
  config:
    'Llama3-8B pre-training with torchtitan on 8×H100, FSDP2 (fp32 sharded parameters, bf16 compute, fp32 reduce), batch 1, 8192 tokens, torch.compile (torchtitan compiles each TransformerBlock; the output projection and its cross-entropy over .float() logits stay eager), per-op selective activation checkpointing, AdamW',
  spec: `model:
  params: 8030261248
  transformer: { ${llama3_8b}, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: op, compile: layers${float8} }
parallel: { gpus: 8, strategy: fsdp_full, fsdp_wrap: torchtitan }`,
  accelerate: { config: llama3_8bConfig, dtype: 'float32' },
});

/** Every published case gathered for issue #25. */
export const publishedCases: PublishedCase[] = [
  aoVitH('adamw, optimizer_impl: fused', 'pytorch-fused', 12.23),
  aoVitH('adam8bit', 'bnb-8bit', 8.32),
  aoVitH('adam8bit', 'ao-8bit', 8.33),
  aoVitH('adam8bit', 'ao-fp8', 8.33),
  aoVitH('adam4bit', 'ao-4bit', 7.72),
  aoLlama('adamw, optimizer_impl: fused', 'pytorch-fused', 51.6),
  aoLlama('adam8bit', 'bnb-8bit', 39.3),
  aoLlama('adam8bit', 'ao-8bit', 39.1),
  aoLlama('adam4bit', 'ao-4bit', 33.2),
  aoOffload({ label: 'none', measured: 9.82, precision: 'bf16', offload: '' }),
  aoOffload({
    label: 'deepspeed-zero-offload',
    measured: 6.85,
    precision: 'bf16',
    offload: 'optimizer: cpu',
    strategy: 'zero2',
  }),
  aoOffload({ label: 'ao', measured: 5.24, precision: 'bf16', offload: 'optimizer: cpu' }),
  aoOffload({
    label: 'ao-offload-gradients',
    measured: 4.01,
    precision: 'bf16',
    offload: 'optimizer: cpu, gradients: cpu',
  }),
  aoOffload({ label: 'compiled-none', measured: 9.9, precision: 'bf16', offload: '', compile: true }),
  aoOffload({
    label: 'compiled-ao',
    measured: 5.33,
    precision: 'bf16',
    offload: 'optimizer: cpu',
    compile: true,
  }),
  aoOffload({ label: 'amp-eager-ao', measured: 9.9, precision: 'amp_bf16', offload: 'optimizer: cpu' }),
  torchtuneCase({
    id: 'torchtune-llama2-7b-qlora-1gpu',
    label: 'QLoRA, 1 × RTX 4090',
    measured: 9.29,
    config:
      'qlora_finetune_single_device.yaml at 412a4ecd (torchtune PR #478): qlora_llama2_7b, torchao NF4Tensor base weights (FrozenNF4Linear, eager: no torch.compile then), LoRA rank 8 alpha 16 on q, k, v, output_proj and the MLP, lora_dropout 0.05 (the lora_llama2_7b builder), batch 2, bf16, AdamW, activation checkpointing, torch.nn.CrossEntropyLoss on .float() logits',
    spec: `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: ${alpacaSeq}, attention: sdpa }
  lora: { rank: 8, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0.05, adapter_dtype: weights }
  quantization: { weights: nf4, library: torchao, compute_dtype: bf16 }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }`,
  }),
  torchtuneCase({
    id: 'torchtune-llama2-7b-lora-1gpu',
    label: 'LoRA, 1 × RTX 4090',
    measured: 17.18,
    config:
      'lora_finetune_single_device.yaml at a95c6b93 (torchtune PR #551): LoRA rank 8 alpha 16 on q and v, dropout 0.05, batch 2, bf16, AdamW, activation checkpointing, torch.nn.CrossEntropyLoss on .float() logits',
    spec: `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: ${alpacaSeq}, attention: sdpa }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }`,
  }),
  torchtuneCase({
    id: 'torchtune-llama2-7b-lora-2gpu',
    excluded:
      "the run never reached the dataset's longest batch, so its sequence length is unknown: the same model and LoRA at batch 2 without activation checkpointing on the 1304-token Alpaca sample measured 29.07 GB allocated on one GPU (LitGPT, litgpt-lora-1gpu-a100-40gb Llama-2-7B_mb2); FULL_SHARD over 2 GPUs saves 6.74 GB of weights, far from the published 14.17 GB",
    label: 'LoRA, 2 × RTX 4090',
    measured: 14.17,
    config:
      'lora_finetune_distributed.yaml at a95c6b93 (torchtune PR #551; FSDP FULL_SHARD over 2 GPUs, each decoder layer a unit, no mixed precision): LoRA rank 8 alpha 16 on q and v, dropout 0.05, batch 2 per GPU, bf16, AdamW, enable_activation_checkpointing: False',
    spec: `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: ${alpacaSeq}, attention: sdpa }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: none }
parallel: { gpus: 2, strategy: fsdp_full }`,
  }),
  torchtuneCase({
    id: 'torchtune-llama2-7b-full-4gpu',
    dataset: originalAlpaca,
    label: 'full fine-tune, 4 × RTX 4090',
    measured: 12.01,
    config:
      'llama2/7B_full (full_finetune_distributed, FSDP FULL_SHARD over 4 GPUs): batch 2 per GPU, bf16, AdamW, activation checkpointing',
    excluded:
      'the published 12.01 GB is below the model states of the stated config alone (bf16 weights, gradients and AdamW states of 6.74B over 4 GPUs: 13.48 GB); the optimizer the recipe used then is not known',
    spec: `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: 512, attention: sdpa }
training: { precision: bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }
parallel: { gpus: 4, strategy: fsdp_full }`,
  }),
  torchtuneCase({
    id: 'torchtune-llama2-7b-full-paged-1gpu',
    dataset: originalAlpaca,
    label: 'full fine-tune low memory, 1 × A6000',
    measured: 15.97,
    config:
      'llama2/7B_full_single_device_low_memory = recipes/configs/full_finetune_single_device.yaml: bitsandbytes PagedAdamW (32-bit), optimizer_in_bwd, batch 2, bf16, activation checkpointing, torch.nn.CrossEntropyLoss',
    spec: pagedSpec(),
  }),
  torchtuneCase({
    id: 'torchtune-pr527-llama2-7b-full-paged-allocated',
    dataset: originalAlpaca,
    label: 'allocated',
    source:
      'pytorch/torchtune PR #527 "Full finetune < 16GB": "GPU peak memory allocation: 13.993540096GB, GPU peak memory reserved: 15.974006784GB"',
    what: 'allocated',
    measured: 13.993540096,
    config:
      'the same run as torchtune-llama2-7b-full-paged-1gpu (recipes/configs/full_finetune_single_device.yaml)',
    spec: pagedSpec(),
  }),
  float8Case('bf16', '', 47.65),
  float8Case('float8-tensorwise', ', float8: { recipe: tensorwise, all_gather: true }', 47.77),
  float8Case('float8-rowwise', ', float8: { recipe: rowwise }', 47.79),
];

/** torchtune's low-memory full fine-tune: PagedAdamW in unified memory, the step in backward. */
export function pagedSpec(): string {
  return `model:
  params: 6738415616
  transformer: { ${llama2_7b}, seq_len: 512, attention: sdpa }
training: { precision: bf16, optimizer: paged_adamw, optimizer_in_backward: true, batch_size: 2, activation_checkpointing: full }`;
}
