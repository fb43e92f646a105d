// Round 3 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 and 2 were
// seen and spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the
// estimate before the one final measurement, and the model engineer does not read this file until then.
// Each case names its public source (document, commit, table row or line), what was measured
// (allocated, reserved or device total, and the unit the source divides by), whether the figure is one
// GPU's of a multi-GPU run, the config as published, and the spec a user would write for it; where a
// source leaves a setting out, `config` says what was assumed. No document here is cited by
// published-measured.ts, published-measured-round2.ts or ../shared/estimation (the test checks).
import type { PublishedCase } from './published-measured.js';

// --- Lightning-AI/litgpt config_hub/finetune/README.md, "Config files" table ----------------------
// Automated benchmarks on Lightning AI Studios (PR #1337/#1361 April 2024; Phi-3 #1553 July 2024,
// QLoRA rows #1611, Llama 3.1 #1619, Llama 3.2 #1750 Sept 2024), one A10G 24 GB unless said, each row
// the config file of that commit run as published: precision bf16-true (weights, gradients and AdamW
// states in bf16), Alpaca2k (mhenrichsen/alpaca_2k_test) padded to the longest sample of the batch and
// cut at max_seq_length 512 (the longest Alpaca2k samples exceed 512 tokens, so the peak batch is
// assumed to reach it), no activation checkpointing on one device, SDPA attention, litgpt's
// chunked_cross_entropy (128-token chunks; LoRA runs also project the head in 128-token chunks).
// "Peak memory" is what litgpt/finetune/*.py prints at the end: torch.cuda.max_memory_allocated() / 1e9
// ("Memory used: X GB"); the window covers validation (100 batches) and a 100-token sample generation.
// litgpt of then keeps lm_head as its own tensor even where the Hugging Face checkpoint ties it.
// LoRA: litgpt's fused-QKV LoRA (lora_query/key/value), lora_projection (o), lora_mlp (every MLP
// linear), lora_head; trainable LoRA weights in bf16 like the rest. QLoRA (quantize: bnb.nf4): Fabric's
// BitsandbytesPrecision replaces every nn.Linear, the head included (no ignore_modules), with NF4
// without double quantization, bf16 compute, and litgpt switches AdamW to bnb.optim.PagedAdamW (32-bit
// states in unified memory).
const litgptHub =
  'Lightning-AI/litgpt config_hub/finetune/README.md "Config files" table (https://github.com/Lightning-AI/litgpt/blob/main/config_hub/finetune/README.md)';
const litgptShapes = {
  tinyllama: {
    name: 'TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T',
    params: 1_100_048_384,
    shape:
      'family: llama, layers: 22, hidden: 2048, heads: 32, kv_heads: 4, vocab: 32000, ffn: 5632, seq_len: 512, attention: sdpa',
  },
  phi2: {
    name: 'microsoft/phi-2 (32 parallel-residual blocks with one shared LayerNorm, 2560 wide, 32 heads, GELU MLP 10240, biases, partial rotary, vocab padded to 51200, head with bias)',
    params: 2_779_683_840,
    shape:
      'family: gpt, layers: 32, hidden: 2560, heads: 32, vocab: 51200, ffn: 10240, parallel_residual: true, bias: true, lm_head: true, tied_embeddings: false, seq_len: 512, attention: sdpa',
  },
  llama2_7b: {
    name: 'meta-llama/Llama-2-7b-hf',
    params: 6_738_415_616,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 512, attention: sdpa',
  },
  mistral7b: {
    name: 'mistralai/Mistral-7B-v0.1',
    params: 7_241_732_096,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32000, ffn: 14336, seq_len: 512, attention: sdpa',
  },
  stablelm3b: {
    name: 'stabilityai/stablelm-base-alpha-3b (GPT-NeoX: 16 parallel-residual layers, 4096 wide, 32 heads, MLP 16384, biases, vocab padded to 50688, untied head)',
    params: 3_637_321_728,
    shape:
      'family: neox, layers: 16, hidden: 4096, heads: 32, vocab: 50688, ffn: 16384, seq_len: 512, attention: sdpa',
  },
  llama31_8b: {
    name: 'meta-llama/Meta-Llama-3.1-8B',
    params: 8_030_261_248,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, seq_len: 512, attention: sdpa',
  },
  llama32_1b: {
    name: "meta-llama/Llama-3.2-1B (16 layers, 2048 wide, 32 heads, 8 KV heads, MLP 8192, vocab 128256; 1,235,814,400 parameters tied, 1,498,482,688 with litgpt's separate head)",
    params: 1_498_482_688,
    shape:
      'family: llama, layers: 16, hidden: 2048, heads: 32, kv_heads: 8, vocab: 128256, ffn: 8192, seq_len: 512, attention: sdpa',
  },
  llama32_3b: {
    name: "meta-llama/Llama-3.2-3B (28 layers, 3072 wide, 24 heads, 8 KV heads, MLP 8192, vocab 128256; 3,212,749,824 parameters tied, 3,606,752,256 with litgpt's separate head)",
    params: 3_606_752_256,
    shape:
      'family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, seq_len: 512, attention: sdpa',
  },
  phi3mini: {
    name: 'microsoft/Phi-3-mini-4k-instruct (32 layers, 3072 wide, 32 heads, MLP 8192, vocab padded to 32064, untied)',
    params: 3_821_079_552,
    shape:
      'family: llama, layers: 32, hidden: 3072, heads: 32, vocab: 32064, ffn: 8192, seq_len: 512, attention: sdpa',
  },
} as const;
const litgpt = (options: {
  model: keyof typeof litgptShapes;
  config: string;
  commit: string;
  row: string;
  measured: number;
  method: 'full' | 'lora' | 'qlora';
  microBatch: number;
  lora?: { rank: number; alpha: number; dropout: number; targets: string; flags: string };
  gpus?: number;
}): PublishedCase => {
  const model = litgptShapes[options.model];
  const adapters = options.lora
    ? `\n  lora: { rank: ${options.lora.rank}, alpha: ${options.lora.alpha}, targets: ${options.lora.targets}, dropout: ${options.lora.dropout} }`
    : '';
  const quantized =
    options.method === 'qlora'
      ? '\n  quantization: { weights: nf4, compute_dtype: bf16, lm_head: true }'
      : '';
  const optimizer = options.method === 'qlora' ? 'paged_adamw' : 'adamw';
  const gpus = options.gpus ?? 1;
  const multi = gpus > 1;
  return {
    id: `litgpt-confighub-${options.config.replace('/', '-').replace('.yaml', '')}-a10g${multi ? `-fsdp${gpus}` : ''}`,
    source: `${litgptHub} at commit ${options.commit}, row "${options.row}"`,
    what: 'allocated',
    unit: 'GB',
    measured: options.measured,
    config: `litgpt finetune ${options.method === 'full' ? 'full' : 'lora'} --config config_hub/finetune/${options.config} (commit ${options.commit}): ${model.name}, ${options.method === 'full' ? 'all parameters trained' : `${options.lora?.flags}, lora_r ${options.lora?.rank}, lora_alpha ${options.lora?.alpha}, lora_dropout ${options.lora?.dropout}`}${options.method === 'qlora' ? ', quantize bnb.nf4 (no double quantization), bnb PagedAdamW' : ', torch.optim.AdamW'}, precision bf16-true, micro_batch_size ${options.microBatch}, max_seq_length 512, ${multi ? `devices ${gpus} on a 4×A10G machine: Fabric FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block}, FULL_SHARD), the figure one rank's` : 'one A10G 24 GB, no activation checkpointing'}, chunked cross-entropy, SDPA; max_memory_allocated / 1e9`,
    spec: `model:
  params: ${model.params}
  transformer: { ${model.shape} }${adapters}${quantized}
training: { precision: bf16, optimizer: ${optimizer}, batch_size: ${options.microBatch}, activation_checkpointing: ${multi ? 'full' : 'none'}, loss: chunked }${multi ? `\nparallel: { gpus: ${gpus}, strategy: fsdp_full }` : ''}`,
  };
};
const qvR32 = {
  rank: 32,
  alpha: 16,
  dropout: 0.05,
  targets: '[q, v]',
  flags: 'lora_query and lora_value only',
};
const allR32 = {
  rank: 32,
  alpha: 16,
  dropout: 0.05,
  targets: '[q, k, v, o, gate, up, down, lm_head]',
  flags: 'LoRA on query, key, value, projection, MLP and head',
};
const allR8Neox = {
  rank: 8,
  alpha: 16,
  dropout: 0.05,
  targets: '[q, k, v, o, up, down, lm_head]',
  flags: 'LoRA on query, key, value, projection, MLP (fc and proj) and head',
};
const allR8 = { ...allR32, rank: 8 };

/** Every round-3 case: all held out until the one final measurement. */
export const round3Cases: PublishedCase[] = [
  // litgpt config hub: the single-GPU fine-tunes users bring (full, LoRA, QLoRA; 1.1B to 8B).
  litgpt({
    model: 'tinyllama',
    config: 'tiny-llama/full.yaml',
    commit: '5895df10',
    row: 'tiny-llama/full.yaml | 1xA10G | 14.10 GB',
    measured: 14.1,
    method: 'full',
    microBatch: 4,
  }),
  litgpt({
    model: 'tinyllama',
    config: 'tiny-llama/lora.yaml',
    commit: '5895df10',
    row: 'tiny-llama/lora.yaml | 1xA10G | 13.50 GB',
    measured: 13.5,
    method: 'lora',
    microBatch: 8,
    lora: allR32,
  }),
  litgpt({
    model: 'tinyllama',
    config: 'tiny-llama/qlora.yaml',
    commit: 'e5493986',
    row: 'tiny-llama/qlora.yaml | 1xA10G | 16.24 GB',
    measured: 16.24,
    method: 'qlora',
    microBatch: 8,
    lora: allR32,
  }),
  litgpt({
    model: 'phi2',
    config: 'phi-2/full.yaml',
    commit: '5895df10',
    row: 'phi-2/full.yaml | 4xA10G | 14.44 GB (the config file says devices: 2)',
    measured: 14.44,
    method: 'full',
    microBatch: 4,
    gpus: 2,
  }),
  litgpt({
    model: 'phi2',
    config: 'phi-2/lora.yaml',
    commit: '5895df10',
    row: 'phi-2/lora.yaml | 1xA10G | 13.98 GB',
    measured: 13.98,
    method: 'lora',
    microBatch: 4,
    lora: allR8Neox,
  }),
  litgpt({
    model: 'phi2',
    config: 'phi-2/qlora.yaml',
    commit: 'e5493986',
    row: 'phi-2/qlora.yaml | 1xA10G | 14.27 GB',
    measured: 14.27,
    method: 'qlora',
    microBatch: 4,
    lora: allR8Neox,
  }),
  litgpt({
    model: 'llama2_7b',
    config: 'llama-2-7b/lora.yaml',
    commit: '5895df10',
    row: 'llama-2-7b/lora.yaml | 1xA10G | 19.77 GB',
    measured: 19.77,
    method: 'lora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama2_7b',
    config: 'llama-2-7b/qlora.yaml',
    commit: 'e5493986',
    row: 'llama-2-7b/qlora.yaml | 1xA10G | 13.68 GB',
    measured: 13.68,
    method: 'qlora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'mistral7b',
    config: 'mistral-7b/lora.yaml',
    commit: '5895df10',
    row: 'mistral-7b/lora.yaml | 1xA10G | 20.66 GB',
    measured: 20.66,
    method: 'lora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'mistral7b',
    config: 'mistral-7b/qlora.yaml',
    commit: 'e5493986',
    row: 'mistral-7b/qlora.yaml | 1xA10G | 14.29 GB',
    measured: 14.29,
    method: 'qlora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'stablelm3b',
    config: 'stablelm-base-alpha-3b/lora.yaml',
    commit: '5895df10',
    row: 'stablelm-base-alpha-3b/lora.yaml | 1xA10G | 8.58 GB',
    measured: 8.58,
    method: 'lora',
    microBatch: 1,
    lora: qvR32,
  }),
  litgpt({
    model: 'stablelm3b',
    config: 'stablelm-base-alpha-3b/qlora.yaml',
    commit: 'e5493986',
    row: 'stablelm-base-alpha-3b/qlora.yaml | 1xA10G | 5.24 GB',
    measured: 5.24,
    method: 'qlora',
    microBatch: 1,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama31_8b',
    config: 'llama-3.1-8b/lora.yaml',
    commit: 'fd71063c',
    row: 'llama-3.1-8b/lora.yaml | 1xA10G | 19.73 GB',
    measured: 19.73,
    method: 'lora',
    microBatch: 1,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama31_8b',
    config: 'llama-3.1-8b/qlora.yaml',
    commit: 'fd71063c',
    row: 'llama-3.1-8b/qlora.yaml | 1xA10G | 17.41 GB',
    measured: 17.41,
    method: 'qlora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama32_1b',
    config: 'llama-3.2-1B/lora.yaml',
    commit: '00af8b0d',
    row: 'llama-3.2-1b/lora.yaml | 1xA10G | 4.49 GB',
    measured: 4.49,
    method: 'lora',
    microBatch: 1,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama32_1b',
    config: 'llama-3.2-1B/qlora.yaml',
    commit: '00af8b0d',
    row: 'llama-3.2-1b/qlora.yaml | 1xA10G | 5.53 GB',
    measured: 5.53,
    method: 'qlora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama32_3b',
    config: 'llama-3.2-3B/lora.yaml',
    commit: '00af8b0d',
    row: 'llama-3.2-3b/lora.yaml | 1xA10G | 9.67 GB',
    measured: 9.67,
    method: 'lora',
    microBatch: 1,
    lora: qvR32,
  }),
  litgpt({
    model: 'llama32_3b',
    config: 'llama-3.2-3B/qlora.yaml',
    commit: '00af8b0d',
    row: 'llama-3.2-3b/qlora.yaml | 1xA10G | 10.30 GB',
    measured: 10.3,
    method: 'qlora',
    microBatch: 2,
    lora: qvR32,
  }),
  litgpt({
    model: 'phi3mini',
    config: 'phi-3/lora.yaml',
    commit: 'f247be87',
    row: 'phi-3/lora.yaml | 1xA10G | 19.75 GB',
    measured: 19.75,
    method: 'lora',
    microBatch: 4,
    lora: allR8,
  }),
];
