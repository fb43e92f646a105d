// Round 9 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 8 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// AIM: what users train today — single-GPU and few-GPU fine-tunes of 0.5–14B decoder LLMs (full fine-tune,
// LoRA, QLoRA, with and without gradient checkpointing, DeepSpeed ZeRO and FSDP) by the harnesses people
// use (HF Trainer and the model vendors' own finetune scripts on it, TRL, torchtune, axolotl,
// LLaMA-Factory, Unsloth at most five rows), plus a few vision rows and a JAX row where a real measured peak
// exists. What was found is said in the sources note at the end.
// Each case names its public source (document, commit, table row or line), what was measured (allocated,
// reserved or device total as nvidia-smi shows, and the unit the source divides by), whether the figure is
// one GPU's of a multi-GPU run, the framework release where the source gives it, the config as published,
// and the spec a user would write for it; where a source leaves a setting out, `config` says what was
// assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write; every other case is one the spec
// can say in full (the count is in the sources note). No document here is cited by rounds 1 to 8,
// test/ or ../shared/estimation (the test checks the documents and same-figure twins). Parameter counts are
// computed from the models' published configurations (config.json, the model's own modelling code).
import type { PublishedCase } from './published-measured.js';

// --- QwenLM/Qwen README.md, "Profiling of Memory and Speed" (Qwen 1, 2023-2024; cited at 2df8e8a) ---------------
// "We profile the GPU memory and training speed of both LoRA (LoRA (emb) refers to training the embedding and
// output layer, while LoRA has no trainable embedding and output layer) and Q-LoRA in the setup of single-GPU
// training … a single A100-SXM4-80G GPU … CUDA 11.8 and Pytorch 2.0. Flash attention 2 is applied. We uniformly
// use a batch size of 1 and gradient accumulation of 8 … inputs of different lengths, namely 256, 512, 1024,
// 2048, 4096, and 8192. We also report the statistics of full-parameter finetuning with Qwen-7B on 2 A100 GPUs
// … For Qwen-7B, we also test … multinode finetuning … two servers, each containing two A100-SXM4-80G GPUs".
// The cells read "N G / s/it". The harness is the repository's finetune.py (HF Trainer) with its scripts:
// - LoRA: finetune/finetune_lora_single_gpu.sh (no DeepSpeed, --bf16, --gradient_checkpointing, padding to
//   model_max_length: preprocess() pads every sample to max_len, so every batch is the column's length);
//   LoraConfig r 64, alpha 16, dropout 0.05 on c_attn, c_proj, w1, w2 (c_proj matches both the attention
//   output and the MLP's down projection: every linear); the model loads in bf16 (Qwen's modelling code
//   picks bf16 when the config sets no precision), use_cache False, enable_input_require_grads. "LoRA" rows
//   are the Chat models (is_chat_model: no modules_to_save); "LoRA (emb)" rows the base models, whose wte and
//   lm_head are modules_to_save (full trainable copies).
// - Q-LoRA: finetune/finetune_qlora_single_gpu.sh on the Chat-Int4 checkpoints (GPTQ 4-bit, group size 128,
//   loaded through GPTQConfig(bits 4, disable_exllama); embedding and lm_head unquantised), --fp16, DeepSpeed
//   ZeRO-2 (finetune/ds_config_zero2.json, no offload) on the one GPU, prepare_model_for_kbit_training.
// - Full-parameter: finetune/finetune_ds.sh (torchrun, --bf16, --gradient_checkpointing, DeepSpeed ZeRO-3
//   ds_config_zero3.json with offload "none", DeepSpeed's AdamW).
// - LoRA (multinode): finetune/finetune_lora_ds.sh (ZeRO-2) over 2 × 2 A100s.
// The loss is Qwen's CrossEntropyLoss over the bf16/fp16 logits (no upcast). The README does not say how it
// measured; read as each device's memory as nvidia-smi shows it (device total). Unit: GB (10^9), not GiB:
// the 7B full-parameter row's 162.0 over two 80 GB cards is 81.0 per card, which would not fit in 80 GiB
// read as GiB. Multi-GPU cells are the sum over the GPUs (the 72B LoRA row, 215.4 to 289.2 over four
// cards, cannot be one card's): the case's figure is the cell divided by the GPU count, the mean per GPU.
// Parameter counts computed from the configs (Qwen-1_8B: 24 layers, 2048 wide, 16 heads, MLP 5504 (config
// intermediate_size 11008 halved), vocab 151936, untied, c_attn bias: 1,836,828,672; Qwen-7B: 32 × 4096, 32
// heads, MLP 11008, vocab 151936: 7,721,324,544; Qwen-14B: 40 × 5120, 40 heads, MLP 13696, vocab 152064:
// 14,167,290,880). LoRA r 64 on every linear: 53,673,984 (1.8B), 143,130,624 (7B), 223,150,080 (14B).
const qwenReadme =
  'QwenLM/Qwen README.md (commit 2df8e8a, "Profiling of Memory and Speed", https://github.com/QwenLM/Qwen#profiling-of-memory-and-speed)';
const qwenModels = {
  '1.8B': {
    name: 'Qwen-1_8B',
    params: 1_836_828_672,
    lora: 53_673_984,
    embeddings: 622_329_856,
    shape:
      'family: llama, layers: 24, hidden: 2048, heads: 16, vocab: 151936, ffn: 5504, bias: qkv, fused_qkv: true, tied_embeddings: false',
  },
  '7B': {
    name: 'Qwen-7B',
    params: 7_721_324_544,
    lora: 143_130_624,
    embeddings: 1_244_659_712,
    shape:
      'family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 151936, ffn: 11008, bias: qkv, fused_qkv: true, tied_embeddings: false',
  },
  '14B': {
    name: 'Qwen-14B',
    params: 14_167_290_880,
    lora: 223_150_080,
    embeddings: 1_557_135_360,
    shape:
      'family: llama, layers: 40, hidden: 5120, heads: 40, vocab: 152064, ffn: 13696, bias: qkv, fused_qkv: true, tied_embeddings: false',
  },
} as const;
type QwenSize = keyof typeof qwenModels;
type QwenMethod = 'lora' | 'lora-emb' | 'qlora' | 'full' | 'lora-multinode';
const qwenLora = 'rank: 64, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0.05';
const qwenColumns = [256, 512, 1024, 2048, 4096, 8192] as const;

const qwen = (options: {
  size: QwenSize;
  method: QwenMethod;
  seq: (typeof qwenColumns)[number];
  cell: number;
  row: string;
}): PublishedCase => {
  const model = qwenModels[options.size];
  const gpus =
    options.method === 'full' ? (options.size === '7B' ? 2 : 1) : options.method === 'lora-multinode' ? 4 : 1;
  const shape = `${model.shape}, seq_len: ${options.seq}, attention: flash`;
  const perGpu =
    gpus > 1
      ? `; the cell ${options.cell} is the sum over the ${gpus} GPUs: ${options.cell} / ${gpus} = ${(options.cell / gpus).toFixed(3)} GB per GPU, the mean of each GPU's figure`
      : '; one GPU';
  const common = `batch 1 × 8 accumulation steps of ${options.seq} tokens (every sample padded to model_max_length ${options.seq}), gradient checkpointing (HF, reentrant) with enable_input_require_grads, flash attention 2, Qwen's loss over the 16-bit logits, A100-SXM4-80G, CUDA 11.8, PyTorch 2.0; the memory in GB as the README gives it, read as the device total (nvidia-smi)${perGpu}`;
  // The single-GPU LoRA scripts run no DeepSpeed, so the HF Trainer's --bf16 is autocast (accelerate wraps the
  // model's forward, and Qwen's loss with it, in torch.autocast): cross_entropy is on autocast's float32 list
  // (PyTorch "Automatic Mixed Precision package", CUDA Ops that can autocast to float32: cross_entropy,
  // log_softmax, nll_loss), so the loss is upcast (the spec's default) whatever the logits' dtype. Said after the
  // round was spent; until then these rows said loss_upcast: false. The DeepSpeed rows (ZeRO-2 QLoRA, ZeRO-3 full,
  // multinode ZeRO-2 LoRA) keep it: with DeepSpeed the Trainer leaves precision to the engine (no autocast).
  const byMethod: Record<QwenMethod, { model: string; config: string; spec: string }> = {
    lora: {
      model: `${model.name}-Chat`,
      config: `finetune/finetune_lora_single_gpu.sh on ${model.name}-Chat (${model.params} parameters, bf16 weights), LoRA r 64 alpha 16 dropout 0.05 on c_attn, c_proj, w1, w2 (${model.lora} trainable), no DeepSpeed, HF Trainer --bf16 (autocast over the bf16 model), AdamW (adamw_torch), ${common}`,
      spec: `model:
  params: ${model.params}
  transformer: { ${shape} }
  lora: { ${qwenLora} }
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard }`,
    },
    'lora-emb': {
      model: model.name,
      config: `finetune/finetune_lora_single_gpu.sh on the base ${model.name} (${model.params} parameters, bf16 weights), LoRA r 64 alpha 16 dropout 0.05 on c_attn, c_proj, w1, w2 (${model.lora}) plus modules_to_save wte and lm_head, full trainable copies (${model.embeddings}): ${model.lora + model.embeddings} trainable, no DeepSpeed, HF Trainer --bf16, AdamW, ${common}. Marked not expressible when gathered (the spec could not give both lora and trainable, and gave the ${model.lora + model.embeddings} trainable parameters without the adapters' activations); session 17 (issue 25): lora.modules_to_save says the copies beside the adapters`,
      spec: `model:
  params: ${model.params}
  transformer: { ${shape} }
  lora: { ${qwenLora}, modules_to_save: [embed, lm_head] }
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard }`,
    },
    qlora: {
      model: `${model.name}-Chat-Int4`,
      config: `finetune/finetune_qlora_single_gpu.sh on ${model.name}-Chat-Int4 (${model.params} parameters; GPTQ 4-bit linears, group size 128, fp16 embedding and lm_head), LoRA r 64 alpha 16 dropout 0.05 on c_attn, c_proj, w1, w2 (${model.lora} trainable), prepare_model_for_kbit_training, --fp16 under DeepSpeed ZeRO-2 on the one GPU (no offload; fp32 master copy of the adapters), DeepSpeed's AdamW, ${common}`,
      spec: `model:
  params: ${model.params}
  transformer: { ${shape} }
  lora: { ${qwenLora} }
  quantization: { weights: gptq4, group_size: 128, compute_dtype: fp16 }
training: { precision: fp16, convention: zero, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard, loss_upcast: false }
parallel: { gpus: 1, strategy: zero2 }`,
    },
    full: {
      model: model.name,
      config: `finetune/finetune_ds.sh on ${model.name} (${model.params} parameters, all trainable), bf16 under DeepSpeed ZeRO-3 (ds_config_zero3.json: no offload; fp32 master weights and AdamW states partitioned) over ${gpus} GPU${gpus > 1 ? 's (each rank its share, per GPU)' : ''}, ${common}`,
      spec: `model:
  params: ${model.params}
  transformer: { ${shape} }
training: { precision: bf16, convention: zero, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard, loss_upcast: false }
parallel: { gpus: ${gpus}, strategy: zero3 }`,
    },
    'lora-multinode': {
      model: `${model.name}-Chat`,
      config: `finetune/finetune_lora_ds.sh on ${model.name}-Chat (${model.params} parameters, bf16), LoRA r 64 alpha 16 dropout 0.05 on c_attn, c_proj, w1, w2 (${model.lora} trainable), DeepSpeed ZeRO-2 (no offload) over 2 nodes × 2 GPUs (each rank a full bf16 copy, per GPU), ${common}`,
      spec: `model:
  params: ${model.params}
  transformer: { ${shape} }
  lora: { ${qwenLora} }
training: { precision: bf16, convention: zero, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard, loss_upcast: false }
parallel: { gpus: 4, strategy: zero2 }`,
    },
  };
  const chosen = byMethod[options.method];
  return {
    id: `qwen-readme-${chosen.model.toLowerCase().replace(/_/g, '.')}-${options.method}-seq${options.seq}${gpus > 1 ? `-${gpus}xa100` : '-a100-80gb'}`,
    source: `${qwenReadme}, row "${options.size} | ${options.row}", column ${options.seq}: "${options.cell}G"`,
    what: 'device total',
    unit: 'GB',
    measured: Number((options.cell / gpus).toFixed(3)),
    config: chosen.config,
    spec: chosen.spec,
  };
};

// --- QwenLM/Qwen-VL README.md, "Profiling of Memory and Speed" (2023; cited at 03c5f17e) -------------------------
// "a single A100-SXM4-80G GPU … CUDA 11.8 and Pytorch 2.0. We uniformly use a batch size of 1 and gradient
// accumulation of 8. Each sample contains an image … inputs of different lengths, namely 384, 512, 1024, and
// 2048". The same harness as Qwen's (finetune.py with finetune_lora_single_gpu.sh and, for Q-LoRA,
// finetune_qlora_single_gpu.sh on Qwen-VL-Chat-Int4 with ZeRO-2 and fp16), the vision encoder frozen (fix_vit),
// LoRA r 64 alpha 16 on the language model's c_attn, attn.c_proj, w1, w2 (assumed as Qwen's scripts set them),
// LoRA (Base) = Qwen-VL with wte and lm_head as modules_to_save. Qwen-VL: a ViT-bigG/14 (48 blocks, 1664
// wide) over a 448 × 448 image (1024 patches), a one-layer cross-attention resampler to 256 tokens, and
// Qwen-7B (about 9.6B in all, the model card's count; the spec gives 9,600,000,000). Device total in GB as
// Qwen's table (above) is read. NOT EXPRESSIBLE for every row: the frozen vision encoder's forward over 1024
// patches and the resampler's cross-attention, and the 256 image tokens inside the text sequence.
const qwenVlReadme =
  'QwenLM/Qwen-VL README.md (commit 03c5f17e, "Profiling of Memory and Speed", https://github.com/QwenLM/Qwen-VL#profiling-of-memory-and-speed)';
const qwenVl = (options: {
  method: 'lora-base' | 'lora-chat' | 'qlora';
  seq: 384 | 512 | 1024 | 2048;
  cell: number;
  row: string;
}): PublishedCase => {
  const isQ = options.method === 'qlora';
  const isBase = options.method === 'lora-base';
  return {
    id: `qwen-vl-readme-${isQ ? 'chat-int4-qlora' : isBase ? 'base-lora-emb' : 'chat-lora'}-seq${options.seq}-a100-80gb`,
    source: `${qwenVlReadme}, row "${options.row}", column ${options.seq}: "${options.cell}G"`,
    what: 'device total',
    unit: 'GB',
    measured: options.cell,
    config: `Qwen-VL${isBase ? '' : isQ ? '-Chat-Int4 (GPTQ 4-bit language model, fp16, DeepSpeed ZeRO-2 on the one GPU)' : '-Chat (bf16)'} (about 9.6B parameters: ViT-bigG 448 px, resampler to 256 tokens, Qwen-7B), the ViT frozen, LoRA r 64 alpha 16 on the language model${isBase ? ' plus wte and lm_head as full trainable copies' : ''}, batch 1 × 8 accumulation steps of ${options.seq} tokens with one image each, gradient checkpointing, flash attention 2, one A100-SXM4-80G, CUDA 11.8, PyTorch 2.0; GB as the README gives it, read as the device total (nvidia-smi). Session 17: the spec says the frozen ViT-bigG (model.vision: 48 layers of 1664, 16 heads, MLP 8192, 1024 patches, trainable false: the images need no gradient and its weights are frozen, so it records nothing and only its output stays; its forward runs before the language model's), the whole parameter count stated; the resampler's cross-attention (256 queries over the 1024 patches, frozen) is not described${isBase ? "; LoRA beside trainable copies of the embedding and LM head (marked not expressible when gathered: the spec gave their 1,387,790,336 trainable parameters without the adapters' activations) is lora.modules_to_save" : ''}`,
    spec: `model:
  params: 9600000000
  transformer: { ${qwenModels['7B'].shape}, seq_len: ${options.seq}, attention: flash }
  vision: { layers: 48, hidden: 1664, heads: 16, ffn: 8192, seq_len: 1024, trainable: false }
  lora: { ${qwenLora}${isBase ? ', modules_to_save: [embed, lm_head]' : ''} }${isQ ? '\n  quantization: { weights: gptq4, group_size: 128, compute_dtype: fp16 }' : ''}
training: { precision: ${isQ ? 'fp16, convention: zero' : 'bf16'}, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: full, loss: standard, loss_upcast: false }${isQ ? '\nparallel: { gpus: 1, strategy: zero2 }' : ''}`,
  };
};

// --- THUDM/ChatGLM3 finetune_demo/README.md, "测试硬件标准" (2024; cited at 07e8993a) ------------------------------
// "本仓库中的默认配置文件中，我们记录了显存的占用情况：SFT 全量微调: 4张显卡平均分配，每张显卡占用 `48346MiB` 显存。
// P-TuningV2 微调: 1张显卡，占用 `18426MiB` 显存。LORA 微调: 1张显卡，占用 `14082MiB` 显存。" (the default config
// files; SFT on 4 GPUs, each GPU 48346 MiB; P-Tuning v2 on 1 GPU; LoRA on 1 GPU). The harness is
// finetune_hf.py (HF Seq2SeqTrainer) on THUDM/chatglm3-6b and AdvertiseGen (configs at 0a761625):
// max_input_length 256, max_output_length 512, per_device_train_batch_size 4, DataCollatorForSeq2Seq padding
// to the longest of a batch (AdvertiseGen's keyword prompts are 20 to 60 tokens and its ad texts 80 to 200:
// the longest batch assumed 256 tokens), no bf16/fp16 flag in training_args; the model loads in bfloat16
// (finetune_hf.py), its trainable parameters cast to fp32 (_prepare_model_for_training), gradient
// checkpointing with enable_input_require_grads, SDPA attention in ChatGLM's modelling code, its loss over
// fp32-upcast logits, AdamW. LoRA: peft_config r 32 alpha 32 dropout 0.1 with PEFT's default target for
// chatglm, query_key_value. SFT: DeepSpeed ZeRO-3 (ds_zero_3.json, no offload assumed) on 4 GPUs.
// P-Tuning v2: num_virtual_tokens 128 (ptuning_v2.yaml, assumed), the prefix encoder's past key/values.
// ChatGLM3-6B: 28 layers, 4096 wide, 32 heads, 2 KV groups (multi-query), MLP 13696 (SwiGLU), vocab 65024,
// untied output layer, qkv bias: 6,243,584,000 computed. The figures: nvidia-smi's MiB (device total).
const chatglm3Readme =
  'THUDM/ChatGLM3 finetune_demo/README.md (commit 07e8993a, https://github.com/THUDM/ChatGLM3/blob/main/finetune_demo/README.md)';
const chatglm3Shape =
  'family: llama, layers: 28, hidden: 4096, heads: 32, kv_heads: 2, vocab: 65024, ffn: 13696, bias: qkv, fused_qkv: true, tied_embeddings: false, seq_len: 256, attention: sdpa';

// --- THUDM/GLM-4 finetune_demo/README.md, "硬件检查" (June 2024; cited at 081f0fb9) --------------------------------
// "本文档的数据均在以下硬件环境测试 … CUDA Version: 12.3 … GPU: NVIDIA A100-SXM4-80GB * 8", the table
// "lora (PEFT) | 21531MiB | 17M; p-tuning v2 (PEFT) | 21381MiB | 121M; SFT (Zero3 method) | 80935MiB (Each GPU，
// 需要使用8张GPU) | 20G". The harness is finetune.py (HF Seq2SeqTrainer) on THUDM/glm-4-9b-chat and AdvertiseGen,
// the configs of 0b80c79b: lora.yaml max_input_length 512, max_output_length 512, per_device_train_batch_size 1,
// r 8, lora_alpha 32, lora_dropout 0.1 on query_key_value; sft.yaml batch 1 under DeepSpeed ZeRO-3
// (configs/ds_zero_3.json, no offload assumed) on 8 GPUs. As ChatGLM3's: bf16 weights, trainable parameters
// in fp32, gradient checkpointing, padding to the longest of a batch (assumed 256), AdamW, loss over
// fp32-upcast logits. GLM-4-9B: 40 layers, 4096 wide, 32 heads, 2 KV groups, MLP 13696, vocab 151552,
// untied, qkv bias: 9,399,951,360 computed. The figures: nvidia-smi's MiB (device total), per GPU.
const glm4Readme =
  'THUDM/GLM-4 finetune_demo/README.md (commit 081f0fb9, https://github.com/THUDM/GLM-4/blob/main/finetune_demo/README.md)';
const glm4Shape =
  'family: llama, layers: 40, hidden: 4096, heads: 32, kv_heads: 2, vocab: 151552, ffn: 13696, bias: qkv, fused_qkv: true, tied_embeddings: false, seq_len: 256, attention: sdpa';

// --- foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb.csv (cited at 24bdadb, Feb 2025) ----
// IBM's benchmark of its acceleration plugins against plain HF/TRL runs, one row per run: the columns
// framework_config, model_name_or_path, num_gpus, per_device_train_batch_size, peft_method, r, lora_alpha,
// target_modules, torch_dtype, mem_nvidia_mem_reserved (MiB) and mem_peak_torch_mem_alloc_in_bytes. The harness
// (scripts/benchmarks/benchmark.py, scenarios.yaml, defaults.yaml of that commit): fms-hf-tuning's sft_trainer
// (TRL 0.13 SFTTrainer, transformers 4.48.1, PyTorch 2.4.1, PEFT 0.13.2, accelerate 1.0.1, bitsandbytes 0.43.3,
// flash-attn 2.7.3: refs/requirements.txt) over yahma/alpaca-cleaned in the Alpaca prompt, packing True at
// max_seq_len 4096 (every sequence a full 4096 tokens), use_flash_attn True, gradient_checkpointing True,
// gradient_accumulation_steps 1, AdamW (adamw_torch, adam_epsilon 1e-4), 100 steps; effective batch 4 or 8
// split over the GPUs (per_device_train_batch_size = effective / num_gpus). One GPU: plain python; two GPUs:
// accelerate launch with scripts/benchmarks/accelerate.yaml (FSDP FULL_SHARD, TRANSFORMER_BASED_WRAP,
// BACKWARD_PRE prefetch, no offload, mixed_precision 'no': the weights' dtype throughout). The figures:
// mem_peak_torch_mem_alloc_in_bytes is the HF Trainer's memory metrics (skip_memory_metrics False: rank 0's
// torch.cuda.max_memory_allocated over init and train, README "Calculating Memory from HFTrainer Output
// Metrics"), bytes; mem_nvidia_mem_reserved is nvidia-smi's memory.used sampled through the run, the peak per
// device averaged over the devices, MiB (the device total; README "Logging GPU Memory"). Each run gives both;
// one is taken per run. mistralai/Mistral-7B-v0.1: 32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336,
// vocab 32000, untied: 7,241,732,096 parameters; LoRA r 16 on q, k, v, o: 13,631,488. The loss: transformers
// 4.48's ForCausalLMLoss over fp32-upcast logits.
const fmsCsv =
  'foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb.csv (commit 24bdadb, https://github.com/foundation-model-stack/fms-acceleration/blob/main/scripts/benchmarks/refs/a100_80gb.csv)';
const mistral7bV01Shape =
  'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32000, ffn: 14336, tied_embeddings: false, seq_len: 4096, attention: flash';
type FmsMethod = 'full' | 'lora' | 'qlora-bnb' | 'gptq-lora' | 'foak-lora';
const fms = (options: {
  method: FmsMethod;
  gpus: 1 | 2;
  batch: number;
  row: number;
  frameworkConfig: string;
  figure: { allocatedBytes: number } | { nvidiaMib: number };
}): PublishedCase => {
  const isAllocated = 'allocatedBytes' in options.figure;
  const value = 'allocatedBytes' in options.figure ? options.figure.allocatedBytes : options.figure.nvidiaMib;
  const model =
    options.method === 'gptq-lora' ? 'TheBloke/Mistral-7B-v0.1-GPTQ' : 'mistralai/Mistral-7B-v0.1';
  const multi =
    options.gpus > 1
      ? ", accelerate launch over 2 A100-80GB with FSDP FULL_SHARD (TRANSFORMER_BASED_WRAP, mixed_precision no: the weights' dtype throughout, no offload)"
      : ', one A100-80GB (plain python, no FSDP)';
  const figureText = isAllocated
    ? `mem_peak_torch_mem_alloc_in_bytes ${value}: the HF Trainer's memory metrics, rank 0's max_memory_allocated (${options.gpus > 1 ? "one GPU's figure, rank 0" : 'one GPU'})`
    : `mem_nvidia_mem_reserved ${value} MiB: nvidia-smi's memory.used, its peak on each device${options.gpus > 1 ? ' averaged over the 2 GPUs (the mean per GPU)' : ' (one GPU)'} (device total)`;
  const common = `${options.batch} packed Alpaca sequences of 4096 tokens per GPU (effective batch ${options.batch * options.gpus}), no accumulation, gradient checkpointing (HF), flash attention 2, AdamW (adamw_torch), transformers 4.48.1, TRL 0.13.0, PyTorch 2.4.1${multi}; ${figureText}`;
  const parallel =
    options.gpus > 1
      ? '\nparallel: { gpus: 2, strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 1 }'
      : '';
  const lora = 'rank: 16, alpha: 16, targets: [q, k, v, o], dropout: 0.1';
  const byMethod: Record<FmsMethod, { config: string; spec: string }> = {
    full: {
      config: `full-finetuning scenario, framework_config none: ${model} (7,241,732,096 parameters, all trainable) loaded in bfloat16 with no bf16 flag (weights, gradients and AdamW states bf16, no autocast), ${common}`,
      spec: `model:
  params: 7241732096
  transformer: { ${mistral7bV01Shape} }
training: { precision: bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: standard }${parallel}`,
    },
    lora: {
      config: `standard-peft scenario, framework_config none: ${model} (7,241,732,096 parameters) in bfloat16 with no bf16 flag, LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj, v_proj, o_proj (13,631,488 trainable, in the base's bf16), ${common}`,
      spec: `model:
  params: 7241732096
  transformer: { ${mistral7bV01Shape} }
  lora: { ${lora} }
training: { precision: bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: standard }${parallel}`,
    },
    'qlora-bnb': {
      config: `baseline-peft-bnb scenario (sample-configurations/baseline-peft-bnb-nf4: the plugin loads the model through BitsAndBytesConfig(load_in_4bit, nf4, bnb_4bit_use_double_quant True, compute dtype bfloat16) and leaves PEFT to SFTTrainer): ${model} (7,241,732,096 parameters) in NF4 with bf16 compute, --bf16 (autocast), LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj, v_proj, o_proj (13,631,488 trainable), ${common}. SFTTrainer's prepare_model_for_kbit_training casts every parameter that is not 4-bit (the embedding, the LM head and the norms: 262,410,240) to fp32 (peft/utils/other.py). Marked not expressible when gathered; session 17 (issue 25): the spec already says it: under amp_bf16 the frozen parameters that are not quantized are fp32 (weights: 262.41M frozen × 4 B), the LM head computes on its autocast bf16 copy and the residual stream from the fp32 embedding is fp32, as the cast leaves them; the spec is unchanged`,
      spec: `model:
  params: 7241732096
  transformer: { ${mistral7bV01Shape} }
  lora: { ${lora} }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }
training: { precision: amp_bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: standard }${parallel}`,
    },
    'gptq-lora': {
      config: `accelerated-peft-gptq scenario, framework_config accelerated-peft-autogptq (the plugin's GPTQ loading, triton_v2 kernels, prepare_model_for_kbit_training: no fp32 cast for a GPTQ model): ${model} (4-bit GPTQ, group size 128, of the 7,241,732,096-parameter model; embedding and LM head fp16), torch_dtype float16 with --fp16, LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj, v_proj, o_proj (13,631,488 trainable), ${common}`,
      spec: `model:
  params: 7241732096
  transformer: { ${mistral7bV01Shape} }
  lora: { ${lora} }
  quantization: { weights: gptq4, group_size: 128, compute_dtype: fp16 }
training: { precision: fp16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: standard }${parallel}`,
    },
    'foak-lora': {
      config: `standard-peft scenario with framework_config foak-fast-kernels (fused-ops-and-kernels: fused LoRA QKV/O Triton kernels, fast RMSNorm, RoPE and a chunked cross-entropy kernel): ${model} (7,241,732,096 parameters) in bfloat16, LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj, v_proj, o_proj (13,631,488 trainable), ${common}. NOT EXPRESSIBLE: the fused LoRA attention kernels (what they keep for backward instead of the separate LoRA and projection activations); the spec gives the plain LoRA run with a chunked loss`,
      spec: `model:
  params: 7241732096
  transformer: { ${mistral7bV01Shape} }
  lora: { ${lora} }
training: { precision: bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: chunked }${parallel}`,
    },
  };
  const chosen = byMethod[options.method];
  return {
    id: `fms-acceleration-a100-mistral-7b-v0.1-${options.method}-bs${options.batch}-seq4096-${options.gpus}gpu${options.gpus > 1 ? '-fsdp' : ''}-${isAllocated ? 'allocated' : 'nvidia'}`,
    source: `${fmsCsv}, data row ${options.row} (counted from 1 after the header; framework_config ${options.frameworkConfig}, ${model}, num_gpus ${options.gpus}, per_device_train_batch_size ${options.batch}): ${isAllocated ? 'mem_peak_torch_mem_alloc_in_bytes' : 'mem_nvidia_mem_reserved'} ${value}`,
    what: isAllocated ? 'allocated' : 'device total',
    unit: isAllocated ? 'GB' : 'GiB',
    measured: isAllocated ? value / 1e9 : value / 1024,
    config: chosen.config,
    spec: chosen.spec,
  };
};

// --- foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb_liger.csv (cited at 733992a, Dec 2024) --
// The same benchmark harness (above) run with scenarios-liger.yaml on meta-llama/Meta-Llama-3-8B and its GPTQ
// copy, one A100-80GB, the benchmark's defaults of then (packing True at max_seq_len 4096, gradient
// checkpointing, flash attention 2, no accumulation), every LoRA run with the fused-ops-and-kernels plugin
// ("foak": fused LoRA QKV/O Triton kernels, fast RMSNorm and RoPE) and the "-liger" framework configs adding
// Liger's fused linear cross-entropy (no logits kept). LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj,
// v_proj, o_proj: 13,631,488 trainable. Llama-3-8B: 32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336,
// vocab 128256, untied: 8,030,261,248 parameters. The figure taken: mem_peak_torch_mem_alloc_in_bytes (the HF
// Trainer's max_memory_allocated, bytes). NOT EXPRESSIBLE for every row: the fused LoRA attention kernels
// (what they keep for backward instead of the separate LoRA and projection activations).
const fmsLigerCsv =
  'foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb_liger.csv (commit 733992a, https://github.com/foundation-model-stack/fms-acceleration/blob/main/scripts/benchmarks/refs/a100_80gb_liger.csv)';
const llama3_8bShape =
  'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false, seq_len: 4096, attention: flash';
const fmsLiger = (options: {
  kind: 'lora' | 'bnb' | 'gptq';
  batch: number;
  row: number;
  frameworkConfig: string;
  bytes: number;
}): PublishedCase => {
  const quantization = {
    lora: '',
    bnb: '\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }',
    gptq: '\n  quantization: { weights: gptq4, group_size: 128, compute_dtype: fp16 }',
  }[options.kind];
  const weights = {
    lora: 'meta-llama/Meta-Llama-3-8B in bfloat16 with --bf16',
    bnb: "meta-llama/Meta-Llama-3-8B in NF4 (the accelerated-peft plugin's BitsAndBytesConfig: nf4, double quantization, bf16 compute) with --bf16",
    gptq: "TechxGenus/Meta-Llama-3-8B-GPTQ (4-bit GPTQ, group size 128 assumed) in float16 with --fp16, the plugin's GPTQ kernels",
  }[options.kind];
  return {
    id: `fms-acceleration-liger-a100-llama3-8b-${options.kind}-lora-foak-liger-bs${options.batch}-seq4096`,
    source: `${fmsLigerCsv}, data row ${options.row} (counted from 1 after the header; framework_config ${options.frameworkConfig}, num_gpus 1, per_device_train_batch_size ${options.batch}): mem_peak_torch_mem_alloc_in_bytes ${options.bytes}`,
    what: 'allocated',
    unit: 'GB',
    measured: options.bytes / 1e9,
    config: `framework_config ${options.frameworkConfig}: ${weights} (8,030,261,248 parameters), LoRA r 16 alpha 16 dropout 0.1 on q_proj, k_proj, v_proj, o_proj (13,631,488 trainable), ${options.batch} packed Alpaca sequences of 4096 tokens, no accumulation, gradient checkpointing, flash attention 2, AdamW, Liger's fused linear cross-entropy, one A100-80GB (plain python); the HF Trainer's max_memory_allocated in bytes (one GPU). NOT EXPRESSIBLE: the fused LoRA attention kernels of the foak plugin (what they keep for backward); the spec gives plain LoRA with a fused loss`,
    spec: `model:
  params: 8030261248
  transformer: { ${llama3_8bShape} }
  lora: { rank: 16, alpha: 16, targets: [q, k, v, o], dropout: 0.1 }${quantization}
training: { precision: ${options.kind === 'gptq' ? 'fp16' : 'amp_bf16'}, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: fused }`,
  };
};

// --- facebookresearch/dino issue #69 "Training Time" (June 2021) -----------------------------------------------------
// "I run your code on a single node with 4 GPUs (V100) with the ViT_S_16 backbone … Epoch: [0/100] [4400/5004] …
// max mem: 19499". main_dino.py's defaults (the issue changes none it names): arch vit_small, patch 16,
// batch_size_per_gpu 64, out_dim 65536, norm_last_layer True, use_bn_in_head False, 2 global crops of 224 and
// local_crops_number 8 crops of 96, use_fp16 True (torch.cuda.amp with a GradScaler), AdamW, drop_path_rate 0.1,
// DDP over the 4 GPUs; the teacher an EMA copy of student and head (no gradients). MetricLogger's "max mem" is
// torch.cuda.max_memory_allocated() / (1024 * 1024): MiB, the main process's (rank 0's). ViT-S/16: 12 blocks, 384
// wide, 6 heads, MLP 1536, DINO's own attention (explicit softmax): 21,665,664 parameters; the DINO head (384 →
// 2048 → 2048 → 256, then a weight-normalised 256 → 65536): 22,352,128; student 44,017,792, teacher the same.
const dinoIssue = 'facebookresearch/dino issue #69 (https://github.com/facebookresearch/dino/issues/69)';

export const round9Cases: PublishedCase[] = [
  // Qwen's README: Qwen-1_8B, 7B and 14B, LoRA / LoRA with trainable embeddings / GPTQ Q-LoRA / full, 256 to 8192.
  qwen({ size: '1.8B', method: 'lora', seq: 2048, cell: 11.0, row: 'LoRA | 1 | 1' }),
  qwen({ size: '1.8B', method: 'lora', seq: 8192, cell: 21.8, row: 'LoRA | 1 | 1' }),
  qwen({ size: '1.8B', method: 'lora-emb', seq: 2048, cell: 15.1, row: 'LoRA (emb) | 1 | 1' }),
  qwen({ size: '1.8B', method: 'qlora', seq: 1024, cell: 6.6, row: 'Q-LoRA | 1 | 1' }),
  qwen({ size: '1.8B', method: 'qlora', seq: 4096, cell: 10.2, row: 'Q-LoRA | 1 | 1' }),
  qwen({ size: '1.8B', method: 'full', seq: 512, cell: 43.5, row: 'Full-parameter | 1 | 1' }),
  qwen({ size: '1.8B', method: 'full', seq: 8192, cell: 48.3, row: 'Full-parameter | 1 | 1' }),
  qwen({ size: '7B', method: 'lora', seq: 4096, cell: 29.7, row: 'LoRA | 1 | 1' }),
  qwen({ size: '7B', method: 'lora', seq: 8192, cell: 36.6, row: 'LoRA | 1 | 1' }),
  qwen({ size: '7B', method: 'lora-emb', seq: 8192, cell: 48.5, row: 'LoRA (emb) | 1 | 1' }),
  qwen({ size: '7B', method: 'qlora', seq: 256, cell: 11.5, row: 'Q-LoRA | 1 | 1' }),
  qwen({ size: '7B', method: 'qlora', seq: 8192, cell: 23.5, row: 'Q-LoRA | 1 | 1' }),
  qwen({ size: '7B', method: 'full', seq: 1024, cell: 162.0, row: 'Full-parameter | 1 | 2' }),
  qwen({ size: '7B', method: 'lora-multinode', seq: 2048, cell: 95.1, row: 'LoRA (multinode) | 2 | 2' }),
  qwen({ size: '14B', method: 'lora', seq: 8192, cell: 55.2, row: 'LoRA | 1 | 1' }),
  qwen({ size: '14B', method: 'qlora', seq: 8192, cell: 27.9, row: 'Q-LoRA | 1 | 1' }),

  // fms-acceleration's A100 benchmark: Mistral-7B full, LoRA, NF4 QLoRA and GPTQ-LoRA at 4096 packed tokens.
  fms({
    method: 'full',
    gpus: 1,
    batch: 4,
    row: 9,
    frameworkConfig: 'none',
    figure: { allocatedBytes: 72_434_837_504 },
  }),
  fms({ method: 'full', gpus: 1, batch: 8, row: 11, frameworkConfig: 'none', figure: { nvidiaMib: 72_988 } }),
  fms({
    method: 'full',
    gpus: 2,
    batch: 2,
    row: 10,
    frameworkConfig: 'none',
    figure: { allocatedBytes: 36_225_939_968 },
  }),
  fms({
    method: 'lora',
    gpus: 1,
    batch: 4,
    row: 33,
    frameworkConfig: 'none',
    figure: { allocatedBytes: 26_704_571_904 },
  }),
  fms({
    method: 'lora',
    gpus: 1,
    batch: 8,
    row: 35,
    frameworkConfig: 'none',
    figure: { allocatedBytes: 38_742_912_512 },
  }),
  fms({
    method: 'lora',
    gpus: 2,
    batch: 2,
    row: 34,
    frameworkConfig: 'none',
    figure: { allocatedBytes: 15_144_870_400 },
  }),
  fms({ method: 'lora', gpus: 2, batch: 4, row: 36, frameworkConfig: 'none', figure: { nvidiaMib: 26_328 } }),
  fms({
    method: 'foak-lora',
    gpus: 1,
    batch: 8,
    row: 39,
    frameworkConfig: 'foak-fast-kernels',
    figure: { allocatedBytes: 34_280_434_688 },
  }),
  fms({
    method: 'qlora-bnb',
    gpus: 1,
    batch: 4,
    row: 57,
    frameworkConfig: 'baseline-peft-bnb',
    figure: { allocatedBytes: 20_669_338_112 },
  }),
  fms({
    method: 'qlora-bnb',
    gpus: 1,
    batch: 8,
    row: 59,
    frameworkConfig: 'baseline-peft-bnb',
    figure: { allocatedBytes: 37_002_646_016 },
  }),
  fms({
    method: 'qlora-bnb',
    gpus: 2,
    batch: 2,
    row: 58,
    frameworkConfig: 'baseline-peft-bnb',
    figure: { allocatedBytes: 9_424_594_432 },
  }),
  fms({
    method: 'gptq-lora',
    gpus: 1,
    batch: 4,
    row: 101,
    frameworkConfig: 'accelerated-peft-autogptq',
    figure: { allocatedBytes: 16_404_148_736 },
  }),
  fms({
    method: 'gptq-lora',
    gpus: 1,
    batch: 8,
    row: 103,
    frameworkConfig: 'accelerated-peft-autogptq',
    figure: { allocatedBytes: 28_442_489_344 },
  }),
  fms({
    method: 'gptq-lora',
    gpus: 2,
    batch: 2,
    row: 102,
    frameworkConfig: 'accelerated-peft-autogptq',
    figure: { allocatedBytes: 9_442_125_824 },
  }),

  // fms-acceleration's Liger table: Llama-3-8B LoRA, NF4 and GPTQ LoRA with fused kernels and Liger's loss.
  fmsLiger({
    kind: 'lora',
    batch: 8,
    row: 14,
    frameworkConfig: 'foak-fast-kernels-liger',
    bytes: 33_567_698_944,
  }),
  fmsLiger({
    kind: 'bnb',
    batch: 16,
    row: 23,
    frameworkConfig: 'accelerated-peft-bnb-foak-liger',
    bytes: 39_987_639_296,
  }),
  fmsLiger({
    kind: 'gptq',
    batch: 4,
    row: 29,
    frameworkConfig: 'accelerated-peft-autogptq-foak-liger',
    bytes: 14_441_084_416,
  }),

  // DINO's self-distillation of a ViT-S/16 on 4 V100s: a vision row.
  {
    id: 'dino-issue-69-vit-s16-multicrop-bs64-fp16-4xv100',
    source: `${dinoIssue}, the description's log line "Epoch: [0/100] [4400/5004] … max mem: 19499"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 19499 / 1024,
    config:
      "main_dino.py on 4 GPUs with its defaults (assumed: the issue names only the ViT_S_16 backbone, 4 V100s and 100 epochs): DINO self-distillation of a ViT-S/16 (21,665,664 parameters) with its DINO head (22,352,128; 44,017,792 trainable) and an EMA teacher of the same size, 64 images per GPU, each as 2 global crops of 224 × 224 (197 tokens) and 8 local crops of 96 × 96 (37 tokens), torch.cuda.amp fp16 with fp32 weights, AdamW, DDP over 4 V100s; MetricLogger's max mem 19499 = rank 0's max_memory_allocated in MiB (one GPU's figure, per GPU). NOT EXPRESSIBLE: the teacher's forward over the global crops, the multi-crop batch (10 crops per image at two resolutions) and the 65536-wide head over every crop; the spec gives the student over 64 × 2 global crops with the teacher's parameters counted",
    spec: `model:
  params: 88035584
  trainable: 44017792
  transformer: { family: vit, layers: 12, hidden: 384, heads: 6, ffn: 1536, seq_len: 197, fused_qkv: true, attention: eager }
training: { precision: amp_fp16, optimizer: adamw, batch_size: 128 }
parallel: { gpus: 4, strategy: ddp }`,
  },

  // Qwen-VL's README: the same harness on the vision-language model (one image per sample).
  qwenVl({ method: 'lora-chat', seq: 384, cell: 23.3, row: 'LoRA (Chat)' }),
  qwenVl({ method: 'lora-chat', seq: 2048, cell: 27.3, row: 'LoRA (Chat)' }),
  qwenVl({ method: 'qlora', seq: 1024, cell: 18.2, row: 'Q-LoRA' }),
  qwenVl({ method: 'lora-base', seq: 2048, cell: 38.7, row: 'LoRA (Base)' }),

  // ChatGLM3's finetune demo: LoRA and P-Tuning v2 on one GPU, SFT under ZeRO-3 on four.
  {
    id: 'chatglm3-finetune-demo-6b-lora-r32-bs4-1gpu',
    source: `${chatglm3Readme}, "LORA 微调: 1张显卡，占用 \`14082MiB\` 显存"`,
    what: 'device total',
    unit: 'GiB',
    measured: 14082 / 1024,
    config:
      'python finetune_hf.py data/AdvertiseGen/ THUDM/chatglm3-6b configs/lora.yaml: ChatGLM3-6B (6,243,584,000 parameters) in bf16, LoRA r 32 alpha 32 dropout 0.1 on query_key_value (trainable cast to fp32), batch 4 of AdvertiseGen padded to the longest (assumed 256 tokens), gradient checkpointing, SDPA, AdamW, no autocast (no bf16 flag), loss over fp32-upcast logits; one GPU, 14082 MiB as nvidia-smi shows (device total)',
    spec: `model:
  params: 6243584000
  transformer: { ${chatglm3Shape} }
  lora: { rank: 32, alpha: 32, targets: [q, k, v], dropout: 0.1 }
training: { precision: bf16, optimizer: adamw, batch_size: 4, activation_checkpointing: full, loss: standard }`,
  },
  {
    id: 'chatglm3-finetune-demo-6b-ptuning-v2-bs4-1gpu',
    source: `${chatglm3Readme}, "P-TuningV2 微调: 1张显卡，占用 \`18426MiB\` 显存"`,
    what: 'device total',
    unit: 'GiB',
    measured: 18426 / 1024,
    config:
      "python finetune_hf.py data/AdvertiseGen/ THUDM/chatglm3-6b configs/ptuning_v2.yaml: ChatGLM3-6B (6,243,584,000 parameters) in bf16, P-Tuning v2 with 128 virtual tokens (the prefix encoder: 128 × 28 layers × 2 × 256 = 1,835,008 trainable, in fp32), batch 4 padded to the longest (assumed 256 tokens), gradient checkpointing, AdamW; one GPU, 18426 MiB as nvidia-smi shows (device total). Marked not expressible when gathered (the prefix key/values prepended to every layer's attention: each layer attends over 128 more positions, and the prefix is in the graph of every layer; the spec gave the frozen model with 1,835,008 trainable parameters); session 19 (issue 25): lora.variant prefix_tuning with virtual_tokens 128 says it (the 1,835,008 counted from the shape)",
    spec: `model:
  params: 6243584000
  transformer: { ${chatglm3Shape} }
  lora: { variant: prefix_tuning, virtual_tokens: 128 }
training: { precision: bf16, optimizer: adamw, batch_size: 4, activation_checkpointing: full, loss: standard }`,
  },
  {
    id: 'chatglm3-finetune-demo-6b-sft-zero3-bs4-4gpu',
    source: `${chatglm3Readme}, "SFT 全量微调: 4张显卡平均分配，每张显卡占用 \`48346MiB\` 显存"`,
    what: 'device total',
    unit: 'GiB',
    measured: 48346 / 1024,
    config:
      'torchrun --nproc_per_node=4 finetune_hf.py data/AdvertiseGen/ THUDM/chatglm3-6b configs/sft.yaml (deepspeed ds_zero_3.json): ChatGLM3-6B (6,243,584,000 parameters, all trainable) loaded in bf16, DeepSpeed ZeRO-3 over 4 GPUs without offload (no bf16 flag in training_args: the parameters, gradients and AdamW states partitioned in the weights\' bf16, assumed), batch 4 per GPU padded to the longest (assumed 256 tokens), gradient checkpointing, SDPA, loss over fp32-upcast logits; each GPU 48346 MiB as nvidia-smi shows (device total, per GPU: "平均分配")',
    spec: `model:
  params: 6243584000
  transformer: { ${chatglm3Shape} }
training: { precision: bf16, optimizer: adamw, batch_size: 4, activation_checkpointing: full, loss: standard }
parallel: { gpus: 4, strategy: zero3 }`,
  },

  // GLM-4's finetune demo: LoRA and P-Tuning v2 on one GPU, SFT under ZeRO-3 on eight.
  {
    id: 'glm4-finetune-demo-9b-chat-lora-r8-bs1-1gpu',
    source: `${glm4Readme}, row "lora (PEFT) | 21531MiB | 17M"`,
    what: 'device total',
    unit: 'GiB',
    measured: 21531 / 1024,
    config:
      'python finetune.py data/AdvertiseGen/ THUDM/glm-4-9b-chat configs/lora.yaml: GLM-4-9B-Chat (9,399,951,360 parameters) in bf16, LoRA r 8 alpha 32 dropout 0.1 on query_key_value (trainable cast to fp32), batch 1 of AdvertiseGen padded to the longest (assumed 256 tokens), gradient checkpointing, SDPA, AdamW, loss over fp32-upcast logits; one A100-SXM4-80GB, CUDA 12.3, 21531 MiB as nvidia-smi shows (device total)',
    spec: `model:
  params: 9399951360
  transformer: { ${glm4Shape} }
  lora: { rank: 8, alpha: 32, targets: [q, k, v], dropout: 0.1 }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: standard }`,
  },
  {
    id: 'glm4-finetune-demo-9b-chat-ptuning-v2-bs1-1gpu',
    source: `${glm4Readme}, row "p-tuning v2 (PEFT) | 21381MiB | 121M"`,
    what: 'device total',
    unit: 'GiB',
    measured: 21381 / 1024,
    config:
      "python finetune.py data/AdvertiseGen/ THUDM/glm-4-9b-chat configs/ptuning_v2.yaml: GLM-4-9B-Chat (9,399,951,360 parameters) in bf16, P-Tuning v2 (PREFIX_TUNING, 128 virtual tokens assumed; the 121M checkpoint is the prefix encoder saved in fp32: about 31M parameters, 128 × 40 layers × 2 × 256 = 2,621,440 of them the prefix key/values and the rest its projection, assumed), batch 1 padded to the longest (assumed 256 tokens), gradient checkpointing, AdamW; one A100-SXM4-80GB, 21381 MiB as nvidia-smi shows (device total). Marked not expressible when gathered (the prefix key/values prepended to every layer's attention; the spec gave the frozen model with the prefix's 2,621,440 trainable parameters); session 19 (issue 25): lora.variant prefix_tuning with virtual_tokens 128 says it (the 2,621,440 counted from the shape)",
    spec: `model:
  params: 9399951360
  transformer: { ${glm4Shape} }
  lora: { variant: prefix_tuning, virtual_tokens: 128 }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: standard }`,
  },
  {
    id: 'glm4-finetune-demo-9b-chat-sft-zero3-bs1-8xa100',
    source: `${glm4Readme}, row "SFT (Zero3 method) | 80935MiB<br/>(Each GPU，需要使用8张GPU) | 20G"`,
    what: 'device total',
    unit: 'GiB',
    measured: 80935 / 1024,
    config:
      'torchrun --nproc_per_node=8 finetune.py data/AdvertiseGen/ THUDM/glm-4-9b-chat configs/sft.yaml (deepspeed configs/ds_zero_3.json): GLM-4-9B-Chat (9,399,951,360 parameters, all trainable) loaded in bf16, DeepSpeed ZeRO-3 over 8 A100-SXM4-80GB without offload (no bf16 flag in training_args: parameters, gradients and AdamW states partitioned in bf16, assumed), batch 1 per GPU padded to the longest (assumed 256 tokens), gradient checkpointing, SDPA, loss over fp32-upcast logits; each GPU 80935 MiB as nvidia-smi shows (device total, "Each GPU": per GPU; the card is full, so the figure may be the caching allocator filling what it can)',
    spec: `model:
  params: 9399951360
  transformer: { ${glm4Shape} }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: standard }
parallel: { gpus: 8, strategy: zero3 }`,
  },
];

// --- Sources note (round 9, gathered 2026-11-27 from 13:17 UTC) ------------------------------------------------
// 44 cases from 8 documents (four repositories' READMEs, two benchmark tables of one repository, one issue
// thread); 28 the spec can say in full, 16 marked NOT EXPRESSIBLE (LoRA beside trainable embedding and head
// copies, Qwen-VL's vision encoder and resampler, P-Tuning v2's prefix key/values, prepare_model_for_kbit_training's
// fp32 cast of the embedding, head and norms, fused LoRA kernels, DINO's teacher and multi-crop batch). What was
// measured: 16 allocated, 28 device total (nvidia-smi), 0 reserved. Two harnesses give most cases: Qwen's
// finetune.py (HF Trainer, DeepSpeed; 20 with Qwen-VL's) and fms-acceleration's benchmark (TRL SFTTrainer,
// FSDP1; 17): read per harness as well as per case.
// Aim against find: the aim was today's fine-tunes of 0.5–14B decoders; found were Qwen 1 (1.8B, 7B, 14B),
// Mistral 7B, Llama 3 8B, ChatGLM3-6B and GLM-4-9B under HF Trainer, TRL, DeepSpeed ZeRO-2/3 and FSDP1, LoRA,
// bitsandbytes NF4 and GPTQ QLoRA, full fine-tunes, at 256 to 8192 tokens, and one vision row (DINO ViT-S/16).
// Not found with a stated config and a measured peak (each looked for): a JAX/Flax training peak (issue
// threads quote compile-time analyses or none), a ViT/ResNet/UNet fine-tune not already cited, Qwen2.5 / Qwen3 /
// Gemma 2/3 / Phi rows from a harness not already cited (torchtune's README and tutorials, axolotl's example
// READMEs, ms-swift's scripts, universal-llm-trainer's gpu_test.md, Unsloth's notebooks are earlier rounds'),
// so no Unsloth row is here.
// Left out: torchtune PR #1517 (its results are screenshots), a "FPFT vs LoRA vs QLoRA" Qwen2-0.5B README
// whose repository and config could not be identified, web "VRAM requirement" pages (estimates, not
// measurements), fms-acceleration's Mixtral and Llama-2-70B rows (outside the aim; several at the card's limit),
// its santacoder rows (max_seq_len 4096 over a 2048-position model), its Llama-3-8B full fine-tunes (at the
// card's limit, 80.3 GB allocated alike with and without Liger) and its granite (PowerLM-3b) table (the
// model's config not in reach), Qwen's 72B rows, DINO issue #69's 16-GPU log (its config not stated), TRL issue
// #5200 (a DPO run whose batch size is not stated).
