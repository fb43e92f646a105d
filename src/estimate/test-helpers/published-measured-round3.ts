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
// Every litgpt model projects q, k and v with one Linear (litgpt/model.py CausalSelfAttention `self.attn`, at
// e5493986): fused_qkv; phi-2 has rotary positions and no learned table (max_positions 0). Both added in session 20.
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
      'family: llama, layers: 22, hidden: 2048, heads: 32, kv_heads: 4, vocab: 32000, ffn: 5632, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  phi2: {
    name: 'microsoft/phi-2 (32 parallel-residual blocks with one shared LayerNorm, 2560 wide, 32 heads, GELU MLP 10240, biases, partial rotary, vocab padded to 51200, head with bias)',
    params: 2_779_683_840,
    shape:
      'family: gpt, layers: 32, hidden: 2560, heads: 32, vocab: 51200, ffn: 10240, parallel_residual: true, bias: true, max_positions: 0, lm_head: true, tied_embeddings: false, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  llama2_7b: {
    name: 'meta-llama/Llama-2-7b-hf',
    params: 6_738_415_616,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  mistral7b: {
    name: 'mistralai/Mistral-7B-v0.1',
    params: 7_241_732_096,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32000, ffn: 14336, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  stablelm3b: {
    name: 'stabilityai/stablelm-base-alpha-3b (GPT-NeoX: 16 parallel-residual layers, 4096 wide, 32 heads, MLP 16384, biases, vocab padded to 50688, untied head)',
    params: 3_637_321_728,
    shape:
      'family: neox, layers: 16, hidden: 4096, heads: 32, vocab: 50688, ffn: 16384, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  llama31_8b: {
    name: 'meta-llama/Meta-Llama-3.1-8B',
    params: 8_030_261_248,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  llama32_1b: {
    name: "meta-llama/Llama-3.2-1B (16 layers, 2048 wide, 32 heads, 8 KV heads, MLP 8192, vocab 128256; 1,235,814,400 parameters tied, 1,498,482,688 with litgpt's separate head)",
    params: 1_498_482_688,
    shape:
      'family: llama, layers: 16, hidden: 2048, heads: 32, kv_heads: 8, vocab: 128256, ffn: 8192, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  llama32_3b: {
    name: "meta-llama/Llama-3.2-3B (28 layers, 3072 wide, 24 heads, 8 KV heads, MLP 8192, vocab 128256; 3,212,749,824 parameters tied, 3,606,752,256 with litgpt's separate head)",
    params: 3_606_752_256,
    shape:
      'family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, seq_len: 512, attention: sdpa, fused_qkv: true',
  },
  phi3mini: {
    name: 'microsoft/Phi-3-mini-4k-instruct (32 layers, 3072 wide, 32 heads, MLP 8192, vocab padded to 32064, untied)',
    params: 3_821_079_552,
    shape:
      'family: llama, layers: 32, hidden: 3072, heads: 32, vocab: 32064, ffn: 8192, seq_len: 512, attention: sdpa, fused_qkv: true',
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
    ? `\n  lora: { rank: ${options.lora.rank}, alpha: ${options.lora.alpha}, targets: ${options.lora.targets}, dropout: ${options.lora.dropout}, adapter_dtype: weights }`
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

// --- rasbt/LLMs-from-scratch ch05/10_llm-training-speed/README.md (Raschka, March 2025) ----------------
// The book's GPT-2 "124M" (163,009,536 parameters: untied 50257 × 768 head, learned positions for
// 1024 tokens, 12 layers, 12 heads, MLP 3072, no qkv bias, dropout 0.1) pre-trained from scratch on
// Middlemarch in 1024-token windows, torch.optim.AdamW (weight decay 0.1), 15 epochs with evaluation on
// one batch every 15 steps and a 50-token sample at each epoch's end; PyTorch 2.6.0+cu124 on A100s.
// Each script prints torch.cuda.memory_reserved() / 1024**3 ("Reserved memory: X GB") after the first
// epoch: nothing empties the cache, so the pool at that point is the run's peak reserved, in GiB.
// The README applies its ten changes one after another to 00_orig.py; 01_opt_single_gpu.py has all.
const rasbtSpeed =
  'rasbt/LLMs-from-scratch ch05/10_llm-training-speed/README.md (commit 322000d, https://github.com/rasbt/LLMs-from-scratch/tree/main/ch05/10_llm-training-speed)';
const gpt124mParams = 163_009_536;
const rasbtGpt = (options: {
  id: string;
  section: string;
  measured: number;
  config: string;
  vocab: number;
  attention: string;
  training: string;
  buffers?: string;
  parallel?: string;
}): PublishedCase => ({
  id: `rasbt-llm-training-speed-gpt2-124m-${options.id}`,
  source: `${rasbtSpeed}, ${options.section}`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `GPT-2 124M as chapter 5 builds it (${gpt124mParams + (options.vocab - 50257) * 768 * 2} parameters with vocab ${options.vocab}), 1024-token windows, dropout 0.1, AdamW, A100; ${options.config}; memory_reserved / 1024**3 after epoch 1 (printed "GB")`,
  spec: `model:
  params: ${gpt124mParams + (options.vocab - 50257) * 768 * 2}${options.buffers ?? ''}
  transformer: { family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: ${options.vocab}, max_positions: 1024, seq_len: 1024, lm_head: true, tied_embeddings: false, attention: ${options.attention}, dropout: true }
training: { ${options.training} }${options.parallel ? `\nparallel: { ${options.parallel} }` : ''}`,
});

// --- AnswerDotAI/fsdp_qlora benchmarks_03_2024.md ("Benchmarking QLoRA+FSDP", Feb–Mar 2024) -------------
// train.py of then (commit 50efa1e, 2024-03-26: it logs memory/reserved_peak = max_memory_reserved of
// rank 0 over the first epoch; the tables give it in GiB and say "reported peak reserved memory").
// Two GPUs (RTX 3090 24 GB, PCIe, or RTX 4090 where said), the "dummy" dataset (every sample cut to
// exactly --context_length tokens), Hugging Face LlamaForCausalLM/MistralForCausalLM with SDPA attention
// (transformers 4.38–4.39: logits upcast to fp32 for the loss), precision "bf16" (weights, LoRA weights,
// gradients and AdamW states in bf16, no FSDP MixedPrecision), FSDP FULL_SHARD (or NO_SHARD where the
// table says DDP) with use_orig_params False, limit_all_gathers, CPUOffload(offload_params=True) where
// said (parameters and gradients on the host, the AdamW step on the CPU), FSDP activation checkpointing
// of every decoder layer (reentrant, as the template command passes), PEFT LoRA r 64, alpha 16, dropout
// 0.1 on q, k, v, gate, up and down ("all" of then: no o_proj), torch.optim.AdamW (betas 0.9/0.95,
// weight decay 0.1). QLoRA: bitsandbytes Linear4bit NF4 with quant_storage and compute dtype bf16 and
// bitsandbytes' default compress_statistics (double quantization), the LM head kept in bf16.
const fsdpQloraBench =
  'AnswerDotAI/fsdp_qlora benchmarks_03_2024.md (commit e877dda, https://github.com/AnswerDotAI/fsdp_qlora/blob/main/benchmarks_03_2024.md)';
const fsdpQloraModels = {
  llama2_7b: {
    name: 'meta-llama/Llama-2-7b-hf',
    params: 6_738_415_616,
    shape: 'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008',
  },
  yi34b: {
    name: '01-ai/Yi-34B (60 layers, 7168 wide, 56 heads, 8 KV heads, MLP 20480, vocab 64000, untied)',
    params: 34_388_917_248,
    shape: 'family: llama, layers: 60, hidden: 7168, heads: 56, kv_heads: 8, vocab: 64000, ffn: 20480',
  },
  llama2_70b: {
    name: 'meta-llama/Llama-2-70b-hf',
    params: 68_976_648_192,
    shape: 'family: llama, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, vocab: 32000, ffn: 28672',
  },
} as const;
const fsdpQlora = (options: {
  model: keyof typeof fsdpQloraModels;
  table: string;
  method: 'lora' | 'qlora';
  batch: number;
  context: number;
  measured: number;
  what?: 'allocated' | 'reserved';
  offload?: boolean;
  ddp?: boolean;
  gpu?: string;
}): PublishedCase => {
  const model = fsdpQloraModels[options.model];
  const what = options.what ?? 'reserved';
  const label = `${options.method}-bs${options.batch}-ctx${options.context}${options.ddp ? '-noshard' : ''}${options.offload ? '-cpu-offload' : ''}${what === 'allocated' ? '-allocated' : ''}`;
  return {
    id: `fsdp-qlora-bench-${options.model.replace('_', '-')}-${label}-2x${(options.gpu ?? '3090').toLowerCase()}`,
    source: `${fsdpQloraBench}, ${options.table}`,
    what,
    unit: 'GiB',
    measured: options.measured,
    config: `train.py --model_name ${model.name} --train_type ${options.method} --batch_size ${options.batch} --context_length ${options.context} --dataset dummy --use_gradient_checkpointing True --reentrant_checkpointing True --use_cpu_offload ${options.offload ? 'True' : 'False'}${options.ddp ? ' --sharding_strategy ddp (FSDP NO_SHARD: every GPU holds the whole model)' : ' (FULL_SHARD)'}, precision bf16, 2 × RTX ${options.gpu ?? '3090'} 24 GB; rank 0's max_memory_${what} over the first epoch / 2**30, one GPU's figure`,
    spec: `model:
  params: ${model.params}
  transformer: { ${model.shape}, seq_len: ${options.context}, attention: sdpa }
  lora: { rank: 64, alpha: 16, targets: [q, k, v, gate, up, down], dropout: 0.1 }${options.method === 'qlora' ? '\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }' : ''}
training: { precision: bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full${options.offload ? ', offload: { parameters: cpu, gradients: cpu, optimizer: cpu }' : ''} }
parallel: { gpus: 2, strategy: ${options.ddp ? 'ddp' : 'fsdp_full'} }`,
  };
};

// --- Lightning Fabric docs, "Training models with billions of parameters" (FSDP guide) ----------------
// Lightning-AI/pytorch-lightning docs/source-fabric/advanced/model_parallel/fsdp.rst, tables "Numbers
// were produced with A100 40GB GPUs, Lightning 2.1 and PyTorch 2.1". The guide's example on 2 GPUs:
// lightning.pytorch.demos.Transformer(vocab_size=33278 (WikiText2), nlayers=32, nhid=4096, ninp=1024,
// nhead=64): an nn.Transformer encoder-decoder (32 + 32 layers, 1024 wide, 64 heads, ReLU MLP 4096,
// dropout 0.2, biases, LayerNorm; attention through SDPA as nn.MultiheadAttention calls it with
// need_weights=False), a token embedding shared by both inputs and an untied 1024 × 33278 output Linear
// with bias: 1,008,763,390 parameters. One WikiText2 sample per step (batch 1, 35 tokens each side),
// fp32 (Fabric's default 32-true), torch.optim.Adam(lr 0.1) default (foreach), log_softmax + NLL loss,
// 10 steps. The figure is the peak printed by torch.cuda.memory_summary() after training: its allocated
// memory peak ("You should see a decrease in allocated memory"), which memory_summary prints in MiB
// for sizes of this range; the table heads it "Memory (MB)". The wrap (and sharding) policy is
// {nn.TransformerEncoderLayer, nn.TransformerDecoderLayer}.
const fabricFsdpDoc =
  'Lightning-AI/pytorch-lightning docs/source-fabric/advanced/model_parallel/fsdp.rst (https://lightning.ai/docs/fabric/2.1.0/advanced/model_parallel/fsdp.html)';
const fabricTransformerParams = 1_008_763_390;
const fabricFsdp = (options: {
  id: string;
  table: string;
  measuredMiB: number;
  strategy: string;
  parallel: string;
  training?: string;
}): PublishedCase => ({
  id: `fabric-fsdp-guide-transformer-1b-${options.id}-2xa100`,
  source: `${fabricFsdpDoc}, ${options.table}`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measuredMiB / 1024,
  config: `lightning.pytorch.demos.Transformer 1B (32 encoder + 32 decoder layers, ${fabricTransformerParams} parameters) on WikiText2, batch 1 of 35 tokens, fp32, Adam, 2 × A100 40 GB, Lightning 2.1, PyTorch 2.1, ${options.strategy}; rank 0's memory_summary() allocated peak, ${options.measuredMiB} MiB (printed "Memory (MB)"), one GPU's figure`,
  spec: `model:
  params: ${fabricTransformerParams}
  transformer: { family: t5, encoder_layers: 32, decoder_layers: 32, hidden: 1024, heads: 64, ffn: 4096, vocab: 33278, seq_len: 35, decoder_seq_len: 35, bias: true, norm: layernorm, lm_head: true, tied_embeddings: false, attention: sdpa, dropout: true }
training: { precision: fp32, optimizer: adam, optimizer_impl: foreach, batch_size: 1${options.training ?? ''} }
parallel: { ${options.parallel} }`,
});

// --- pytorch/torchtune README.md "Optimization flags" table (PR #2003, Nov 2024) -------------------------
// "Baseline uses Recipe=full_finetune_single_device, Model=Llama 3.2 3B, Batch size=2, Max sequence
// length=4096, Precision=bf16, Hardware=A100"; each row adds one technique to the previous one, except
// LoRA and QLoRA, "which do not use optimizer_in_bwd or AdamW8bit optimizer" (their command is printed:
// lora_finetune_single_device with llama3_2/3B_qlora_single_device, packed, compile, CEWithChunkedOutputLoss,
// activation checkpointing and offloading, torch.optim.AdamW, max_seq_len 4096, batch 2).
// Llama 3.2 3B as torchtune builds it: 28 layers, 3072 wide, 24 heads, 8 KV heads, MLP 8192, vocab
// 128256, the output projection tied to the embedding (TiedLinear): 3,212,749,824 parameters; SDPA
// attention; weights, gradients and optimizer states in bf16 (dtype bf16). The packed rows see every
// sample packed to exactly 4096 tokens. The baseline's optimizer is read as torch.optim.AdamW (the
// table adds 8-bit AdamW later; torchtune's configs set fused=True), its loss as nn.CrossEntropyLoss
// over the decoder's .float() logits (the table adds the chunked loss later), no activation
// checkpointing. compile = torchtune's training.compile_model (each transformer layer) and compile_loss.
// "Peak Memory Active (GiB)": torchtune's get_memory_stats, memory_stats()["active_bytes.all.peak"] /
// 1024**3 — the allocator's active blocks, which on one stream is what max_memory_allocated counts.
const torchtuneFlags =
  'pytorch/torchtune README.md "Optimization flags" table (commit 1814feb17, https://github.com/pytorch/torchtune#optimization-flags)';
const llama32_3bTied = `family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true, seq_len: 4096, attention: sdpa`;
const torchtuneFlag = (options: {
  id: string;
  row: string;
  measured: number;
  config: string;
  training: string;
  lora?: boolean;
  qlora?: boolean;
}): PublishedCase => ({
  id: `torchtune-readme-flags-llama32-3b-${options.id}-a100`,
  source: `${torchtuneFlags}, row "${options.row}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `Llama 3.2 3B (3,212,749,824 parameters, tied head), one A100, bf16, batch 2, alpaca packed to 4096 tokens; ${options.config}; peak active bytes / 1024**3`,
  spec: `model:
  params: 3212749824
  transformer: { ${llama32_3bTied} }${options.lora || options.qlora ? '\n  lora: { rank: 64, alpha: 128, targets: [q, v, o, gate, up, down], dropout: 0, adapter_dtype: weights }' : ''}${options.qlora ? '\n  quantization: { weights: nf4, library: torchao, compute_dtype: bf16 }' : ''}
training: { precision: bf16, batch_size: 2, ${options.training} }`,
});

// --- deepspeedai/DeepSpeedExamples training/bf16_master_weight/README.md (DeepSpeed PR #7700, 2026) ------
// train.py's SimpleTransformerModel: token and learned position embeddings (max 512), post-norm blocks of
// nn.MultiheadAttention (called as attention(x, x, x): need_weights defaults to True, so the explicit
// path that materialises the attention weights, no mask) and a GELU MLP of 4 × hidden with biases, an
// untied output Linear with bias over vocab 50000; random token ids, batch per GPU and 512 tokens,
// nn.CrossEntropyLoss on the logits, 20 steps. configs/baseline.json: optimizer AdamW (DeepSpeed's
// FusedAdam), bf16 enabled, ZeRO stage 3 with overlap_comm, contiguous_gradients, reduce_bucket_size 5e7
// and stage3_param_persistence_threshold 0, no torch_autocast (DeepSpeed keeps bf16 weights, fp32
// master weights, fp32 gradients and fp32 AdamW moments, all partitioned). "Peak Memory" is the script's
// torch.cuda.max_memory_allocated() / 1024**3 (printed "GB"), per GPU.
const dsBf16Master =
  'deepspeedai/DeepSpeedExamples training/bf16_master_weight/README.md (commit 516082c6, https://github.com/deepspeedai/DeepSpeedExamples/tree/master/training/bf16_master_weight)';
const dsSimple = {
  small: { params: 254_128_976, layers: 12, hidden: 1024, heads: 16 },
  large: { params: 6_855_902_032, layers: 32, hidden: 4096, heads: 32 },
} as const;
const dsMaster = (options: {
  id: string;
  table: string;
  model: keyof typeof dsSimple;
  gpus: number;
  batch: number;
  measured: number;
  checkpointing?: boolean;
}): PublishedCase => {
  const model = dsSimple[options.model];
  return {
    id: `deepspeed-bf16-master-example-${options.id}`,
    source: `${dsBf16Master}, ${options.table}`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `train.py --deepspeed_config configs/baseline.json --num_layers ${model.layers} --hidden_dim ${model.hidden} --num_heads ${model.heads} --batch_size ${options.batch}${options.checkpointing ? ' --activation_checkpointing (torch.utils.checkpoint per block, use_reentrant False)' : ''}: ${model.params} parameters, 512 tokens, DeepSpeed ZeRO-3 (overlap_comm, reduce_bucket_size 5e7, no parameter persistence) bf16 with fp32 master weights and AdamW states, ${options.gpus} GPU${options.gpus > 1 ? 's' : ''}; max_memory_allocated / 1024**3, ${options.gpus > 1 ? "one rank's figure (the table says per GPU)" : 'one GPU'}`,
    spec: `model:
  params: ${model.params}
  transformer: { family: gpt, layers: ${model.layers}, hidden: ${model.hidden}, heads: ${model.heads}, ffn: ${4 * model.hidden}, vocab: 50000, max_positions: 512, seq_len: 512, bias: true, lm_head: true, tied_embeddings: false, attention: eager, dropout: false }
training: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: ${options.checkpointing ? 'full' : 'none'}, loss_upcast: false }
parallel: { gpus: ${options.gpus}, strategy: zero3, deepspeed: { overlap_comm: true, reduce_bucket_size: 50000000 } }`,
  };
};

// --- pytorch/torchtitan benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md (June 2025) ---------------
// Llama 3.1 8B pre-training with torchtitan e7c0cae (torch 2.8.0a0, torchao 0afa4c1) on 4 or 8 hosts of
// 8 H200 (141 GB): llama3_8b.toml of that commit (seq_len 8192, FSDP over every GPU, per-op selective
// activation checkpointing, AdamW) with --training.local_batch_size=2 --training.compile (each TransformerBlock
// and, in that torchtitan, the cross-entropy loss over .float() logits compiled) and Float8
// linears (tensorwise, float8 all-gather, precomputed scales, weights recomputed in backward; the output
// layer filtered out). torchtitan logs "memory: X GiB" = the peak of reserved bytes since the last log,
// in GiB; the table samples it at the 100th step.
const trainyBench =
  'pytorch/torchtitan benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md (https://github.com/pytorch/torchtitan/blob/main/benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md)';
const trainy = (nodes: number, measured: number): PublishedCase => ({
  id: `torchtitan-trainy-h200-llama31-8b-fsdp${nodes * 8}-float8-compile`,
  source: `${trainyBench}, row "NUM_NODES ${nodes}": ${measured} GiB`,
  what: 'reserved',
  unit: 'GiB',
  measured,
  config: `Llama 3.1 8B, FSDP2 over ${nodes * 8} H200 GPUs (${nodes} hosts), local batch 2, 8192 tokens, per-op selective activation checkpointing, compiled blocks and loss, Float8 tensorwise with float8 all-gather and precomputed scales, AdamW, mixed precision (fp32 sharded parameters, bf16 compute, fp32 reduce); one rank's peak reserved in GiB at step 100`,
  spec: `model:
  params: 8030261248
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 2, activation_checkpointing: op, compile: true, float8: { recipe: tensorwise, all_gather: true } }
parallel: { gpus: ${nodes * 8}, strategy: fsdp_full, fsdp_wrap: torchtitan }`,
});

// --- Lightning-AI/litgpt tutorials/finetune_lora.md (lit-gpt PR #663, Oct 2023), the two tables -----------
// finetune/lora.py of then: LoRA r 8, alpha 16, dropout 0.05 on query and value only, micro-batch 1,
// 1,000 iterations on Alpaca (the longest example, 1034 tokens with StableLM's tokenizer and 1304 with
// Llama 2's, sets the peak), chunked cross-entropy with the head projected in 128-token chunks, SDPA
// (FlashAttention) attention, one A100 40 GB; bitsandbytes quantization replaces every Linear (the head
// included) and switches AdamW to bnb PagedAdamW. "Training Memory" is the script's
// torch.cuda.max_memory_allocated() / 1e9 ("Memory used: X GB").
const litgptLoraTutorial =
  'Lightning-AI/litgpt tutorials/finetune_lora.md (commit 0cc02afa, https://github.com/Lightning-AI/litgpt/blob/main/tutorials/finetune_lora.md)';

// --- Lightning Trainer docs, the same FSDP guide for lightning.pytorch ------------------------------------
// Lightning-AI/pytorch-lightning docs/source-pytorch/advanced/model_parallel/fsdp.rst ("Numbers were
// produced with A100 40GB GPUs, Lightning 2.1 and PyTorch 2.1"): the same 1B demo Transformer inside a
// LightningModule, trainer.fit over WikiText2 with DataLoader(dataset) (batch 1, 35 tokens), Adam(lr 0.1),
// 32-bit precision, Trainer(devices=2), then trainer.print(torch.cuda.memory_summary()): its allocated
// peak in MiB, headed "Memory (MB)". A separate run from the Fabric guide's (another loop, other figures).
const trainerFsdpDoc =
  'Lightning-AI/pytorch-lightning docs/source-pytorch/advanced/model_parallel/fsdp.rst (https://lightning.ai/docs/pytorch/2.1.0/advanced/model_parallel/fsdp.html)';
const trainerFsdp = (options: {
  id: string;
  table: string;
  measuredMiB: number;
  strategy: string;
  parallel: string;
  training?: string;
}): PublishedCase => ({
  ...fabricFsdp(options),
  id: `lightning-trainer-fsdp-guide-transformer-1b-${options.id}-2xa100`,
  source: `${trainerFsdpDoc}, ${options.table}`,
  config: `lightning.pytorch.demos.Transformer 1B (32 encoder + 32 decoder layers, ${fabricTransformerParams} parameters) in a LightningModule, Trainer.fit on WikiText2, batch 1 of 35 tokens, 32-bit, Adam, 2 × A100 40 GB, Lightning 2.1, PyTorch 2.1, ${options.strategy}; rank 0's memory_summary() allocated peak, ${options.measuredMiB} MiB (printed "Memory (MB)"), one GPU's figure`,
});

// --- Lightning Fabric docs, "Tensor Parallelism" guide -----------------------------------------------
// Lightning-AI/pytorch-lightning docs/source-fabric/advanced/model_parallel/tp.rst (Lightning 2.3, May
// 2024): the guide's toy FeedForward(8192, 8192) — w1 and w3 8192 → 8192 and w2 8192 → 8192, no biases,
// SiLU gate (201,326,592 parameters) — with ModelParallelStrategy(parallelize_fn) applying ColwiseParallel
// to w1 and w3 and RowwiseParallel to w2 over 1, 2, 4 or 8 GPUs; fp32, torch.optim.AdamW(lr 3e-3),
// RandomDataset(8192, 64) in batches of 8, loss = output.sum(); then "Peak memory usage:
// torch.cuda.max_memory_allocated() / 1e9 GB", the table's "Memory per GPU".
const fabricTpDoc =
  'Lightning-AI/pytorch-lightning docs/source-fabric/advanced/model_parallel/tp.rst (commit 98005bbed0, https://lightning.ai/docs/fabric/stable/advanced/model_parallel/tp.html)';
const fabricTp = (gpus: number, measured: number): PublishedCase => ({
  id: `fabric-tp-guide-swiglu-ffn-8192-tp${gpus}`,
  source: `${fabricTpDoc}, table "Memory per GPU", column "${gpus === 1 ? '1 GPU (no TP)' : `${gpus} GPUs`}": ${measured} GB`,
  what: 'allocated',
  unit: 'GB',
  measured,
  config: `FeedForward(dim 8192, hidden 8192): three bias-free 8192 × 8192 Linears, 201,326,592 fp32 parameters, ${gpus === 1 ? 'one GPU, no tensor parallelism' : `tensor parallel over ${gpus} GPUs (w1, w3 column-wise, w2 row-wise; the same batch on every rank), one rank's figure`}, AdamW, batch 8 of 8192 random features, loss = output.sum(); max_memory_allocated / 1e9`,
  spec: `model:
  params: 201326592
training: { precision: fp32, optimizer: adamw, batch_size: 8 }
tensors:
  - { name: input batch, shape: [8, 8192], dtype: float32 }
  - { name: SwiGLU intermediates w1 w3 and their product per rank, shape: [3, 8, ${8192 / gpus}], dtype: float32, covers: activations }${gpus > 1 ? `\nparallel: { gpus: ${gpus}, tensor: ${gpus} }` : ''}`,
});

// --- pytorch/ao docs/source/workflows/training.md, "Training e2e benchmarks on NVIDIA B200" (Aug 2025) ----
// "Single-node training on 8x power limited B200 GPUs, batch size 1, sequence length 8192, steps 100,
// torch.compile, FSDP2, per-op SAC"; torch 2.9.0.dev20250815, torchao 0.13.0+gite4e681be6, torchtitan
// 6fc499f6: benchmarks/float8/training/llama3.sh runs llama3_8b.toml (Llama 3 8B: 32 layers, 4096 wide,
// 32 heads, 8 KV heads, MLP 14336, vocab 128256; AdamW; FSDP over the 8 GPUs with bf16 compute and fp32
// reduce) with --training.compile (the script at d8bb51f63), which in that torchtitan compiles each
// TransformerBlock and the cross-entropy loss over .float() logits (components/loss.py
// build_cross_entropy_loss); the output projection stays eager. The table's "Peak Memory (GB)" is parsed from
// torchtitan's log line "memory: X GiB" = peak reserved bytes / 1024**3.
const aoTrainingDoc =
  'pytorch/ao docs/source/workflows/training.md (commit d8bb51f63, https://docs.pytorch.org/ao/stable/workflows/training.html)';
const aoB200 = (label: string, row: string, measured: number, float8: string): PublishedCase => ({
  id: `torchao-docs-b200-llama3-8b-fsdp8-${label}`,
  source: `${aoTrainingDoc}, "Training e2e benchmarks on NVIDIA B200", row "${row}": ${measured}`,
  what: 'reserved',
  unit: 'GiB',
  measured,
  config: `Llama 3 8B pre-training with torchtitan 6fc499f6 on 8 × B200 (power limited), FSDP2 over 8 GPUs (fp32 sharded parameters, bf16 compute, fp32 reduce), local batch 1, 8192 tokens, per-op selective activation checkpointing, torch.compile of the blocks and the loss, AdamW${float8 ? ', Float8 linears with tensorwise scaling and float8 all-gather' : ''}; one rank's peak reserved GiB`,
  spec: `model:
  params: 8030261248
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: op, compile: true${float8} }
parallel: { gpus: 8, strategy: fsdp_full, fsdp_wrap: torchtitan }`,
});

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
  // rasbt's GPT-2 124M speed-ups: fp32 baseline to bf16, native modules, FlashAttention, compile, DDP.
  rasbtGpt({
    id: 'orig-fp32-bs8',
    section: '"Baseline" (00_orig.py): "Reserved memory: 26.2617 GB"',
    measured: 26.2617,
    config:
      'batch 8, fp32, the from-scratch attention (explicit QKᵀ, a registered 1024 × 1024 fp32 causal mask per layer, softmax, dropout on the weights), from-scratch LayerNorm and tanh-GELU modules (their intermediates are kept for backward), torch.optim.AdamW default (foreach), no compile',
    vocab: 50257,
    attention: 'eager',
    buffers: '\n  buffers: 12582912',
    training: 'precision: fp32, optimizer: adamw, optimizer_impl: foreach, batch_size: 8',
  }),
  rasbtGpt({
    id: 'bf16-fused-bs8',
    section:
      '"5. Using bfloat16 precision" (after 1–4: mask made on the fly, TF32 tensor cores, fused AdamW, pinned memory): "Reserved memory: 13.7871 GB"',
    measured: 13.7871,
    config:
      'batch 8, model.to(torch.bfloat16) (weights, gradients and AdamW states in bf16), the from-scratch attention with its causal mask made on the fly, from-scratch LayerNorm and GELU, AdamW(fused=True), no compile',
    vocab: 50257,
    attention: 'eager',
    training: 'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 8, loss_upcast: false',
  }),
  rasbtGpt({
    id: 'bf16-native-modules-bs8',
    section: '"6. Replacing from-scratch code by PyTorch classes": "Reserved memory: 11.5645 GB"',
    measured: 11.5645,
    config:
      'as bf16-fused-bs8 with nn.LayerNorm and nn.GELU(approximate="tanh") in place of the from-scratch modules; attention still explicit (scores, softmax and dropout kept)',
    vocab: 50257,
    attention: 'eager',
    training: 'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 8, loss_upcast: false',
  }),
  rasbtGpt({
    id: 'bf16-flash-bs8',
    section: '"7. Using FlashAttention": "Reserved memory: 5.9004 GB"',
    measured: 5.9004,
    config:
      'as bf16-native-modules-bs8 with one fused qkv Linear and F.scaled_dot_product_attention(is_causal=True, dropout_p 0.1 in training) (FlashAttention)',
    vocab: 50257,
    attention: 'flash',
    training: 'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 8, loss_upcast: false',
  }),
  rasbtGpt({
    id: 'bf16-flash-compile-bs8',
    section: '"8. Using pytorch.compile": "Reserved memory: 6.1875 GB"',
    measured: 6.1875,
    config: 'as bf16-flash-bs8 with torch.compile(model) (the loss outside the compiled model)',
    vocab: 50257,
    attention: 'flash',
    training:
      'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 8, compile: layers, loss_upcast: false',
  }),
  rasbtGpt({
    id: 'bf16-flash-compile-vocab50304-bs32',
    section:
      '"10. Increasing the batch size" (01_opt_single_gpu.py, all changes): "Reserved memory: 22.5078 GB"',
    measured: 22.5078,
    config:
      '01_opt_single_gpu.py: bf16 weights and states, fused qkv with FlashAttention (SDPA), nn.LayerNorm/nn.GELU, torch.compile, fused AdamW, vocabulary padded to 50304, batch 32, one GPU',
    vocab: 50304,
    attention: 'flash',
    training:
      'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 32, compile: layers, loss_upcast: false',
  }),
  rasbtGpt({
    id: 'bf16-flash-compile-vocab50304-bs32-ddp4',
    section: '"Multi-GPU speed comparisons", After (4 GPUs): "Reserved memory: 22.7969 GB"',
    measured: 22.7969,
    config:
      '02_opt_multi_gpu_ddp.py via torchrun --nproc_per_node=4: the model of 01_opt_single_gpu.py compiled then wrapped in DistributedDataParallel (default buckets, gradient_as_bucket_view False), batch 32 per GPU, 4 × A100; rank 0 prints its own reserved memory',
    vocab: 50304,
    attention: 'flash',
    training:
      'precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 32, compile: layers, loss_upcast: false',
    parallel: 'gpus: 4, strategy: ddp',
  }),

  // Answer.AI FSDP + QLoRA benchmarks on two 24 GB consumer GPUs: 7B, 34B, 70B; sharded, DDP, offload.
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, "Starting at 7B", first table, QLoRA 512: 4.98 GiB',
    method: 'qlora',
    batch: 1,
    context: 512,
    measured: 4.98,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, "Starting at 7B", first table, QLoRA 2048: 5.21 GiB',
    method: 'qlora',
    batch: 1,
    context: 2048,
    measured: 5.21,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, "Starting at 7B", second table, LoRA 512: 10.24 GiB',
    method: 'lora',
    batch: 1,
    context: 512,
    measured: 10.24,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table:
      'dual 3090, "Starting at 7B", NB below the second table: "the peak allocated memory is 8.28 GiB" (512)',
    method: 'lora',
    batch: 1,
    context: 512,
    measured: 8.28,
    what: 'allocated',
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, "Starting at 7B", NB below the second table: "... vs 9.16 GiB" (2048)',
    method: 'lora',
    batch: 1,
    context: 2048,
    measured: 9.16,
    what: 'allocated',
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, batch-size table (context 2048), QLoRA 4: 11.22 GiB',
    method: 'qlora',
    batch: 4,
    context: 2048,
    measured: 11.22,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, batch-size table (context 2048), QLoRA 10: 20.97 GiB',
    method: 'qlora',
    batch: 10,
    context: 2048,
    measured: 20.97,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, batch-size table (context 2048), LoRA 4: 16.14 GiB',
    method: 'lora',
    batch: 4,
    context: 2048,
    measured: 16.14,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, DDP table (context 2048), QLoRA True 8: 20.94 GiB',
    method: 'qlora',
    batch: 8,
    context: 2048,
    measured: 20.94,
    ddp: true,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 3090, DDP table (context 2048), LoRA True 4: 22.04 GiB',
    method: 'lora',
    batch: 4,
    context: 2048,
    measured: 22.04,
    ddp: true,
  }),
  fsdpQlora({
    model: 'llama2_7b',
    table: 'dual 4090 "Llama-2 7B" table, LoRA CPU Offload True, DDP False, 10: 22.69 GiB',
    method: 'lora',
    batch: 10,
    context: 2048,
    measured: 22.69,
    offload: true,
    gpu: '4090',
  }),
  fsdpQlora({
    model: 'yi34b',
    table: 'dual 3090 "What About CPU Offloading?" table (Yi 34B, context 2048), QLoRA False 2: 23.05 GiB',
    method: 'qlora',
    batch: 2,
    context: 2048,
    measured: 23.05,
  }),
  fsdpQlora({
    model: 'yi34b',
    table: 'dual 3090 "What About CPU Offloading?" table (Yi 34B, context 2048), QLoRA True 4: 22.98 GiB',
    method: 'qlora',
    batch: 4,
    context: 2048,
    measured: 22.98,
    offload: true,
  }),
  fsdpQlora({
    model: 'llama2_70b',
    table: 'dual 3090 "Llama 70B" table (context 2048), QLoRA True 2: 14.92 GiB',
    method: 'qlora',
    batch: 2,
    context: 2048,
    measured: 14.92,
    offload: true,
  }),
  // Lightning Fabric's FSDP guide: one 1B encoder-decoder under DDP and every FSDP sharding strategy.
  fabricFsdp({
    id: 'ddp',
    table: 'tables "Identify large layers" and "Optimize the sharding strategy", column DDP: 26’953',
    measuredMiB: 26953,
    strategy: 'Fabric strategy "ddp" (DistributedDataParallel, default buckets)',
    parallel: 'gpus: 2, strategy: ddp',
  }),
  fabricFsdp({
    id: 'fsdp-no-shard',
    table: 'table "Optimize the sharding strategy", column NO_SHARD: 23’181',
    measuredMiB: 23181,
    strategy: 'FSDPStrategy(auto_wrap_policy=the two layer classes, sharding_strategy="NO_SHARD")',
    parallel: 'gpus: 2, strategy: ddp',
  }),
  fabricFsdp({
    id: 'fsdp-shard-grad-op',
    table: 'table "Optimize the sharding strategy", column SHARD_GRAD_OP: 11’815',
    measuredMiB: 11815,
    strategy: 'FSDPStrategy(auto_wrap_policy=the two layer classes, sharding_strategy="SHARD_GRAD_OP")',
    parallel: 'gpus: 2, strategy: fsdp_grad_op',
  }),
  fabricFsdp({
    id: 'fsdp-full-shard',
    table:
      'tables "Identify large layers", "Optimize the sharding strategy" and "Offload parameters to CPU", column FSDP / FULL_SHARD: 11’578',
    measuredMiB: 11578,
    strategy: 'FSDPStrategy(auto_wrap_policy=the two layer classes), FULL_SHARD',
    parallel: 'gpus: 2, strategy: fsdp_full',
  }),
  fabricFsdp({
    id: 'fsdp-full-shard-cpu-offload',
    table: 'table "Offload parameters to CPU", column FSDP + CPU offload: 2’825',
    measuredMiB: 2825,
    strategy:
      'FSDPStrategy(auto_wrap_policy=the two layer classes, cpu_offload=True): FULL_SHARD with parameters and gradients on the host and the Adam step on the CPU',
    parallel: 'gpus: 2, strategy: fsdp_full',
    training: ', offload: { parameters: cpu, gradients: cpu, optimizer: cpu }',
  }),

  // torchtune's optimization flags on Llama 3.2 3B, one A100: each row adds one technique.
  torchtuneFlag({
    id: 'full-packed',
    row: '+ Packed Dataset | 60.0',
    measured: 60.0,
    config:
      'full_finetune_single_device, torch.optim.AdamW, nn.CrossEntropyLoss over fp32 logits, no activation checkpointing, not compiled',
    training: 'optimizer: adamw, loss: standard, activation_checkpointing: none',
  }),
  torchtuneFlag({
    id: 'full-packed-compile',
    row: '+ Compile | 51.0',
    measured: 51.0,
    config: 'as full-packed with compile=True (every transformer layer and the loss compiled)',
    training: 'optimizer: adamw, loss: standard, activation_checkpointing: none, compile: true',
  }),
  torchtuneFlag({
    id: 'full-packed-compile-chunked-ce',
    row: '+ Chunked Cross Entropy | 42.9',
    measured: 42.9,
    config:
      'as full-packed-compile with CEWithChunkedOutputLoss (the output projection in 8 chunks, each upcast to fp32 inside the loss)',
    training: 'optimizer: adamw, loss: chunked, activation_checkpointing: none, compile: true',
  }),
  torchtuneFlag({
    id: 'full-packed-compile-chunked-ce-ac',
    row: '+ Activation Checkpointing | 24.9',
    measured: 24.9,
    config: 'as full-packed-compile-chunked-ce with enable_activation_checkpointing=True (every layer)',
    training: 'optimizer: adamw, loss: chunked, activation_checkpointing: full, compile: true',
  }),
  torchtuneFlag({
    id: 'full-packed-compile-chunked-ce-ac-opt-in-bwd',
    row: '+ Fuse optimizer step into backward | 23.1',
    measured: 23.1,
    config:
      'as full-packed-compile-chunked-ce-ac with optimizer_in_bwd=True (one AdamW per parameter, stepped in its gradient hook; the gradient freed at once)',
    training:
      'optimizer: adamw, optimizer_in_backward: true, loss: chunked, activation_checkpointing: full, compile: true',
  }),
  torchtuneFlag({
    id: 'full-packed-compile-chunked-ce-ac-opt-in-bwd-act-offload',
    row: '+ Activation Offloading | 21.8',
    measured: 21.8,
    config:
      'as full-packed-compile-chunked-ce-ac-opt-in-bwd with enable_activation_offloading=True (the checkpointed layer inputs moved to pinned host memory on a side stream)',
    training:
      'optimizer: adamw, optimizer_in_backward: true, loss: chunked, activation_checkpointing: full, compile: true, offload: { activations: cpu }',
  }),
  torchtuneFlag({
    id: 'full-packed-compile-chunked-ce-ac-opt-in-bwd-act-offload-adamw8bit',
    row: '+ 8-bit AdamW | 17.6',
    measured: 17.6,
    config:
      'as full-packed-compile-chunked-ce-ac-opt-in-bwd-act-offload with an 8-bit AdamW (block-wise quantized states on the GPU; the 4.2 GiB drop rules out a paged optimizer)',
    training:
      'optimizer: adam8bit, optimizer_in_backward: true, loss: chunked, activation_checkpointing: full, compile: true, offload: { activations: cpu }',
  }),
  torchtuneFlag({
    id: 'lora-packed-compile-chunked-ce-ac-act-offload',
    row: 'LoRA | 8.5',
    measured: 8.5,
    config:
      'lora_finetune_single_device with llama3_2/3B_lora_single_device (LoRA rank 64, alpha 128, dropout 0 on q_proj, v_proj, output_proj and the MLP), torch.optim.AdamW(fused=True), packed, compiled, chunked loss, activation checkpointing and offloading, no optimizer_in_bwd',
    training:
      'optimizer: adamw, optimizer_impl: fused, loss: chunked, activation_checkpointing: full, compile: true, offload: { activations: cpu }',
    lora: true,
  }),
  torchtuneFlag({
    id: 'qlora-packed-compile-chunked-ce-ac-act-offload',
    row: 'QLoRA | 4.6 (command printed under "Command to reproduce final row")',
    measured: 4.6,
    config:
      'tune run lora_finetune_single_device --config llama3_2/3B_qlora_single_device dataset.packed=True compile=True loss=CEWithChunkedOutputLoss enable_activation_checkpointing=True optimizer_in_bwd=False enable_activation_offloading=True optimizer=torch.optim.AdamW tokenizer.max_seq_len=4096 gradient_accumulation_steps=1 batch_size=2: torchao NF4Tensor base weights (the tied output projection kept in bf16), LoRA rank 64, alpha 128 on q, v, output_proj and the MLP',
    training:
      'optimizer: adamw, loss: chunked, activation_checkpointing: full, compile: true, offload: { activations: cpu }',
    qlora: true,
  }),
  // DeepSpeed's bf16-master-weights example: its fp32-master ZeRO-3 baselines, 254M and 6.86B.
  dsMaster({
    id: '254m-zero3-1gpu',
    table: '"1-GPU Results", Baseline (fp32 master): Peak Memory 5.93 GB',
    model: 'small',
    gpus: 1,
    batch: 4,
    measured: 5.93,
  }),
  dsMaster({
    id: '254m-zero3-4gpu',
    table: '"4-GPU Results (per GPU) - 254M Model", Baseline (fp32 master): Peak Memory 3.57 GB',
    model: 'small',
    gpus: 4,
    batch: 4,
    measured: 3.57,
  }),
  dsMaster({
    id: '6.86b-zero3-4gpu',
    table: '"4-GPU Results (per GPU) - 6.86B Model", Baseline (fp32 master): Peak Memory 41.28 GB',
    model: 'large',
    gpus: 4,
    batch: 1,
    measured: 41.28,
  }),
  dsMaster({
    id: '6.86b-zero3-4gpu-checkpointing',
    table:
      '"4-GPU Results (per GPU) - 6.86B Model with Activation Checkpointing", Baseline (fp32 master): Peak Memory 31.38 GB',
    model: 'large',
    gpus: 4,
    batch: 1,
    measured: 31.38,
    checkpointing: true,
  }),

  // torchtitan on 32 and 64 H200s: Llama 3.1 8B, batch 2, compile and Float8.
  trainy(4, 47.96),
  trainy(8, 46.97),

  // litgpt's LoRA tutorial: StableLM 3B under bf16-mixed and double-quantized NF4, Llama 2 7B NF4-DQ.
  {
    id: 'litgpt-lora-tutorial-stablelm-3b-bf16-mixed-mb1',
    source: `${litgptLoraTutorial}, StableLM 3B table, row "Default (bf16-mixed) | 26.92 GB"`,
    what: 'allocated',
    unit: 'GB',
    measured: 26.92,
    config:
      'litgpt finetune_lora stabilityai/stablelm-base-alpha-3b with the default precision bf16-mixed (fp32 weights, LoRA weights and AdamW states; bf16 autocast), torch.optim.AdamW, micro-batch 1, Alpaca (longest sample 1034 tokens), one A100 40 GB; max_memory_allocated / 1e9',
    spec: `model:
  params: 3637321728
  transformer: { family: neox, layers: 16, hidden: 4096, heads: 32, vocab: 50688, ffn: 16384, seq_len: 1034, attention: flash }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
training: { precision: amp_bf16, optimizer: adamw, batch_size: 1, loss: chunked }`,
  },
  {
    id: 'litgpt-lora-tutorial-stablelm-3b-nf4-dq-mb1',
    source: `${litgptLoraTutorial}, StableLM 3B table, row "--precision bf16-true --quantize bnb.nf4-dq | 6.19 GB"`,
    what: 'allocated',
    unit: 'GB',
    measured: 6.19,
    config:
      'litgpt finetune_lora stabilityai/stablelm-base-alpha-3b --precision bf16-true --quantize bnb.nf4-dq (NF4 with double quantization on every Linear, bf16 compute), bnb PagedAdamW, micro-batch 1, Alpaca (longest sample 1034 tokens), one A100 40 GB; max_memory_allocated / 1e9',
    spec: `model:
  params: 3637321728
  transformer: { family: neox, layers: 16, hidden: 4096, heads: 32, vocab: 50688, ffn: 16384, seq_len: 1034, attention: flash }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16, lm_head: true }
training: { precision: bf16, optimizer: paged_adamw, batch_size: 1, loss: chunked }`,
  },
  {
    id: 'litgpt-lora-tutorial-llama2-7b-nf4-dq-mb1',
    source: `${litgptLoraTutorial}, Llama 2 7B table, row "--precision bf16-true --quantize bnb.nf4-dq | 13.84 GB"`,
    what: 'allocated',
    unit: 'GB',
    measured: 13.84,
    config:
      'litgpt finetune_lora meta-llama/Llama-2-7b-hf --precision bf16-true --quantize bnb.nf4-dq (NF4 with double quantization on every Linear, bf16 compute), bnb PagedAdamW, micro-batch 1, Alpaca (longest sample 1304 tokens), one A100 40 GB; max_memory_allocated / 1e9',
    spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, fused_qkv: true, seq_len: 1304, attention: flash }
  lora: { rank: 8, alpha: 16, targets: [q, v], dropout: 0.05, adapter_dtype: weights }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16, lm_head: true }
training: { precision: bf16, optimizer: paged_adamw, batch_size: 1, loss: chunked }`,
  },
  // Lightning Trainer's FSDP guide: the same 1B model under the Trainer loop.
  trainerFsdp({
    id: 'ddp',
    table: 'tables "Identify large layers" and "Offload parameters to CPU", column DDP: 23’125',
    measuredMiB: 23125,
    strategy: 'strategy "ddp" (DistributedDataParallel, default buckets)',
    parallel: 'gpus: 2, strategy: ddp',
  }),
  trainerFsdp({
    id: 'fsdp-full-shard',
    table:
      'tables "Identify large layers", "Optimize the sharding strategy" and "Offload parameters to CPU", column FSDP / FULL_SHARD: 9’627',
    measuredMiB: 9627,
    strategy:
      'FSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer, nn.TransformerDecoderLayer}), FULL_SHARD',
    parallel: 'gpus: 2, strategy: fsdp_full',
  }),
  trainerFsdp({
    id: 'fsdp-full-shard-cpu-offload',
    table: 'table "Offload parameters to CPU", column FSDP + CPU offload: 2’790',
    measuredMiB: 2790,
    strategy:
      'FSDPStrategy(auto_wrap_policy=the two layer classes, cpu_offload=True): parameters and gradients on the host, the Adam step on the CPU',
    parallel: 'gpus: 2, strategy: fsdp_full',
    training: ', offload: { parameters: cpu, gradients: cpu, optimizer: cpu }',
  }),

  // Lightning Fabric's tensor-parallel guide: one SwiGLU MLP on 1, 2, 4 and 8 GPUs.
  fabricTp(1, 4.04),
  fabricTp(2, 2.03),
  fabricTp(4, 1.02),
  fabricTp(8, 0.6),
  // torchao's B200 float8 benchmark: Llama 3 8B, FSDP 8, model and loss compiled.
  aoB200('bf16-compile', 'Llama3-8b | none (bfloat16)', 33.71, ''),
  aoB200(
    'float8-tensorwise-compile',
    'Llama3-8b | float8 tensorwise (f8 all-gather)',
    33.38,
    ', float8: { recipe: tensorwise, all_gather: true }',
  ),

  // torchtune PR #961: the low-memory full fine-tune at batch 4 and a forced 2048-token sequence.
  {
    id: 'torchtune-pr961-llama2-7b-full-low-memory-bs4-seq2048-allocated',
    source:
      'pytorch/torchtune PR #961 "Update README table" (https://github.com/pytorch/torchtune/pull/961), description: "seeing 20.2 peak memory allocated (and similar for reserved)"',
    what: 'allocated',
    unit: 'GB',
    measured: 20.2,
    config:
      "tune run full_finetune_single_device --config recipes/configs/llama2/7B_full_low_memory.yaml batch_size=4 (torchtune of May 2024, config at 1ae3bfdb6): Llama-2-7B, dtype bf16 (weights and gradients in bf16), bitsandbytes PagedAdamW (32-bit states in unified memory), optimizer_in_bwd True, activation checkpointing of every layer, nn.CrossEntropyLoss over the decoder's .float() logits, not compiled, every batch forced to input_ids and labels of 2048 tokens; torchtune's max_memory_allocated / 1e9; one GPU (the PR's reviewer measured 22.3 on an A100 for the same command)",
    spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 2048, attention: sdpa }
training: { precision: bf16, optimizer: paged_adamw, optimizer_in_backward: true, batch_size: 4, activation_checkpointing: full, loss: standard }`,
  },
];
