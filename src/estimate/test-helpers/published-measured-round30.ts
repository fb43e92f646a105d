// Round 30 of published MEASURED peaks for issue #25 (item 6), gathered in session 23 by estimate-gather30 after rounds
// 1 to 29. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before the lead's
// one measurement.
// THE DRAW (round 28's rules with seed 30, written to the gatherer's notes at 01:28 UTC on 2026-11-29, before the first
// search): 30 candidate repositories and documentation sites that no earlier round, test/gpu/peaks-references* or
// ../shared/estimation cites, shuffled with Python's random.Random(30).shuffle and taken in that order; at most 4 rows
// from any one document; where a document gives more than 4 candidates, the 4 are picked with random.Random(30).sample
// over the candidates in the document's order, as each case block says. The order: DiffSynth-Studio, NeMo, nanoGPT,
// LOMO, bitsandbytes, open_clip, alpaca-lora, Qwen2.5, InternVL, sd-scripts, ChatGLM-6B, SimpleTuner, nanotron,
// musubi-tuner, EasyContext, Open-Sora, verl, timm, Firefly, LLaVA, OpenRLHF, mistral-finetune, xtuner, gpt-neox,
// flash-attention, LLaMA-Factory, maxtext, llm.c, Megablocks, ai-toolkit.
// Each case names its public source (document, commit, quote), what was measured, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// `config` also ends with a `traceable` note: whether the model's code is available to trace here.
// WHAT IT HOLDS: 8 rows from 4 documents of 2 harnesses (short of the brief's 15 rows, 6 documents and 4 harnesses: the
// 30 drawn repositories were walked in order, and most gave no measured training peak with its config, see below) —
// Qwen2.5's LLaMA-Factory fine-tuning page (Qwen2-7B-Instruct LoRA and QLoRA, device total assumed, 2), xtuner's
// installation check (Qwen3-8B's shape cut to 3 layers of 512 under FSDP2 on one GPU, 1), xtuner's get-started SFT log
// (Qwen3-8B full fine-tune under FSDP2 on 8 GPUs, 1), LLaMA-Factory's reward-model memory commits (Qwen3-4B-Instruct-2507
// LoRA reward model, 4). Four are NOT EXPRESSIBLE: the reward model's value head and pairwise loss (the spec gives the
// language model with its standard loss).
// LOOKED AT AND LEFT (in draw order): DiffSynth-Studio docs/en/Training/Offload_Training.md (a toy 10-layer MLP at
// "4GB VRAM usage", rounded to one figure, how read not said); NeMo, nanoGPT, LOMO, bitsandbytes, open_clip and
// alpaca-lora (no measured training peak with its config in their documents or commit messages at the fetched
// snapshots; NeMo's and open_clip's only requirements); Qwen2.5's full-parameter figure (its DeepSpeed config is
// "PATH-TO-DS-CONFIG" and the GPU count is not given) and its ms-swift page ("The required GPU memory is 22GB", a
// requirement); InternVL (only "Required GPU memory" tables); sd-scripts (requirements tables; PR #1259's SDXL Adafactor
// fused-backward "BF16(10GB)/FP32(16.4GB)", a U-Net the spec cannot say, batch and data not given); ChatGLM-6B's
// P-Tuning v2 "最低只需 6.7G 显存" (a prefix encoder and GLM's own int4 kernels, and the vocabulary of that day not
// checked in the time); SimpleTuner documentation/experimental/SEGMENTED_CHECKPOINTING.md (674 measured cells; seed 30
// drew AuraFlow bf16 seg2-stride4 L40S 16.14, LongCat-Image int8-sdnq-hadamard seg2-stride4 L40S 9.68, SD3
// fp8wo-torchao interval2 L40S 7.03, Z-Image Turbo bf16 seg2-stride4-offload L40S 14.99 GiB: four diffusion
// transformers under segmented checkpointing and SDNQ/torchao quantization, none expressible, and their block
// structures were not resolved to specs in the time — a deviation, left for a later round); nanotron, musubi-tuner
// (requirements), EasyContext, Open-Sora (inference tables; training batch sizes "searched on H200"), verl (PR #5854's
// text is cut off in the excerpt corpus and the pull request was closed unmerged), timm, Firefly (its figures are in
// WeChat articles), LLaVA, OpenRLHF, mistral-finetune (no measured figure); xtuner's ChunkLoss commit 4ee7bda7 (a
// profiling log without its config) and the installation check's second run (Intern-S1 tiny, a vision model whose tower
// was not resolved); gpt-neox, maxtext, llm.c, ai-toolkit (nothing at the fetched snapshots); flash-attention's
// training/configs/experiment/owt/gpt2xl-flash.yaml comments ("mem 46GB" on a card it names A100 40GB: the figures
// exceed the card they name); Megablocks (no snapshot here).
import type { PublishedCase } from './published-measured.js';

// --- QwenLM/Qwen2.5 examples/llama-factory/finetune-zh.md ("add fine-tuning readme for llama-factory", #982, commit
// b6c9f8a9, 2024-10-15; unchanged in the figures at 2b567c63) ----------------------------------------------------------
// "使用上述训练配置，各个方法实测的显存占用如下" (with the training configs above, the measured GPU memory of each
// method): "全量参数训练：42.18GB", "LoRA训练：20.17GB", "QLoRA训练: 10.97GB". The configs are the directory's
// qwen2-7b-lora-sft.yaml and qwen2-7b-qlora-sft.yaml under LLaMA-Factory 0.8.4.dev0 (the version the page installs):
// Qwen/Qwen2-7B-Instruct (28 layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, q/k/v bias, untied:
// 7,615,616,512 parameters), LoRA r 16 alpha 16 dropout 0.05 on all linears (lora_target: all), cutoff_len 1024,
// per_device_train_batch_size 1, gradient_accumulation_steps 16, bf16 true; QLoRA adds quantization_bit 4 through
// bitsandbytes. LLaMA-Factory's defaults of that version (assumed): the model loaded in bf16, gradient checkpointing on
// (disable_gradient_checkpointing false), flash_attn "auto" (SDPA), the trainable adapters upcast to fp32, HF Trainer
// optim adamw_torch, 4-bit as NF4 with double quantization and bf16 compute. One GPU (the LoRA and QLoRA commands run
// without torchrun). How the figure was read is not said: read as the device total (nvidia-smi, GB) — assumed. The data
// is the user's own chat jsonl ("PATH-TO-YOUR-TRAIN-DATA"): seq_len is the cutoff, not known to be reached (capped).
// Both rows taken (2 of 3; the full-parameter row left, see the header).
const qwen25LlamaFactoryDoc = 'QwenLM/Qwen2.5 examples/llama-factory/finetune-zh.md';
const qwen2_7bShape =
  'family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false, seq_len: 1024, attention: sdpa';
const qwen25LlamaFactory = (options: {
  method: 'lora' | 'qlora';
  quote: string;
  measured: number;
}): PublishedCase => ({
  id: `qwen25-llamafactory-qwen2-7b-instruct-${options.method}-r16-all-bs1-cutoff1024-bf16`,
  source: `${qwen25LlamaFactoryDoc} (https://github.com/QwenLM/Qwen2.5/blob/b6c9f8a9767b02abd883b2a3b42708957264e61a/examples/llama-factory/finetune-zh.md), "使用上述训练配置，各个方法实测的显存占用如下": "${options.quote}"`,
  what: 'device total',
  unit: 'GB',
  measured: options.measured,
  config: `llamafactory-cli train qwen2-7b-${options.method}-sft.yaml (LLaMA-Factory 0.8.4.dev0, October 2024) on one GPU (not named): Qwen/Qwen2-7B-Instruct (7,615,616,512 parameters) in bf16${options.method === 'qlora' ? ', quantized on load to 4 bits by bitsandbytes (NF4 with double quantization and bf16 compute: LLaMA-Factory defaults, assumed)' : ''}, LoRA r 16 alpha 16 dropout 0.05 on every linear of the decoder layers (lora_target: all; adapters upcast to fp32, LLaMA-Factory default), batch 1 × 16 accumulation steps, cutoff_len 1024 over the user's own chat data (the longest batch not known to reach it), bf16 autocast, adamw_torch (HF default), gradient checkpointing of every decoder layer (LLaMA-Factory default, assumed), SDPA (flash_attn auto, assumed), transformers of autumn 2024 (the older copying loss over fp32-upcast logits); the page's "GB" read as the device total (nvidia-smi; how it was read is not said); traceable: yes (Qwen/Qwen2-7B-Instruct's Qwen2ForCausalLM config builds in transformers 5.18)`,
  spec: `model:
  params: 7615616512
  transformer: { ${qwen2_7bShape} }
  lora: { rank: 16, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0.05, adapter_dtype: fp32 }${options.method === 'qlora' ? '\n  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }' : ''}
training: { precision: bf16, optimizer: adamw, batch_size: 1, grad_accumulation: 16, activation_checkpointing: full, loss: standard }
cuda: { lengths: capped }`,
});

// --- InternLM/xtuner docs/en/get_started/installation.md, "XTuner Verification" / "LLM Large Model Fine-tuning" (as of
// commit 4b10fa3e, 2025-10-28; the log is dated 2025-09-08) --------------------------------------------------------------
// "torchrun xtuner/v1/train/cli/sft.py --model-cfg examples/v1/sft_qwen3_tiny.py --chat_template qwen3 --dataset
// tests/resource/openai_sft.jsonl", then the log of 13 steps, each "max_memory: N GB reserved_memory: M GB"; the largest
// max_memory is 7.06 (steps 2 to 13; step 1 5.36), reserved 8.79. One candidate run (the peak allocated taken; its
// reserved figure is the same run, not a second row); the page's second run (the Intern-S1 tiny multimodal model) is
// left: its vision tower and projector config were not resolved in the time. The config at the log's date (3546ecaf,
// 2025-09-08): examples/v1/sft_qwen3_tiny.py is Qwen3Dense8BConfig(num_hidden_layers=3, hidden_size=512): Qwen3-8B's
// attention (32 heads of 128, 8 KV heads, q/k norm) and MLP 12288 over a 512-wide stream, vocab 151936, untied: counted
// 2 × 77,791,232 (embedding, LM head) + 3 × 24,118,528 + 512 = 227,938,560 parameters. The CLI's TrainingArguments
// defaults: data packed to pack_max_length 4096 (max_length 4096), AdamW (foreach False), chunked_loss True, one GPU;
// fsdp_config None, so the trainer's FSDPConfig defaults (assumed applied): FSDP2 with bf16 parameters and bf16
// reduction, reshard_after_forward, recompute_ratio 1.0 (every layer checkpointed), torch_compile False, no CPU offload.
// Global batch size: not given (1 packed sequence per step assumed: "text_tokens" ~4000 per step). Attention: flash
// (the page recommends flash-attn; assumed installed). "max_memory" is torch.cuda.max_memory_allocated() / 1024**3
// (xtuner/v1/train/trainer.py), printed as "GB": GiB.
const xtunerInstallDoc = 'InternLM/xtuner docs/en/get_started/installation.md';
const xtunerQwen3TinyCase: PublishedCase = {
  id: 'xtuner-v1-install-check-qwen3-tiny-3l-512-packed4096-fsdp2-1gpu',
  source: `${xtunerInstallDoc} (https://github.com/InternLM/xtuner/blob/4b10fa3ed3e68f921a209c362c6711108f1bed81/docs/en/get_started/installation.md), "XTuner Verification", the dense model's log: "Step 2/13 ... max_memory: 7.06 GB reserved_memory: 8.79 GB" (7.06 the largest of the 13 steps)`,
  what: 'allocated',
  unit: 'GiB',
  measured: 7.06,
  config:
    "xtuner v1 sft.py (September 2025, 3546ecaf) on one GPU (not named): examples/v1/sft_qwen3_tiny.py, Qwen3-8B's config cut to 3 layers of 512 (32 heads of 128, 8 KV heads, q/k RMSNorm, MLP 12288, vocab 151936, untied: 227,938,560 parameters counted), tests/resource/openai_sft.jsonl packed to 4096 tokens, one packed sequence per step (assumed), AdamW (foreach off), xtuner's chunked loss, FSDP2 on one GPU with bf16 parameters and reduction over fp32 sharded weights (FSDPConfig defaults, assumed applied when fsdp_config is None), every layer checkpointed (recompute_ratio 1.0), not compiled, flash attention (assumed installed, varlen over the packed samples); the log's max_memory = torch.cuda.max_memory_allocated() / 1024**3, the largest over the 13 steps; traceable: yes (a Qwen3ForCausalLM config with 3 layers, hidden_size 512 and head_dim 128 builds in transformers 5.18; xtuner's own model code is not installed here)",
  spec: `model:
  params: 227938560
  transformer: { family: llama, layers: 3, hidden: 512, heads: 32, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 12288, tied_embeddings: false, seq_len: 4096, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: chunked }
parallel: { gpus: 1, strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2 }`,
};

// --- InternLM/xtuner docs/en/get_started/sft.md, "Language Model Fine-tuning" (as of commit 4b10fa3e, 2025-10-28; the
// log is dated 2025-08-29) --------------------------------------------------------------------------------------------
// "torchrun --nproc-per-node 8 xtuner/v1/train/cli/sft.py --load-from <model_path> --chat_template qwen3 --dataset
// <dataset_path> --total-step 100 --work-dir <target_work_directory>" with Qwen/Qwen3-8B, then the log of steps 1 and 2
// on the 8 ranks: "max_memory: 15.90 GB reserved_memory: 17.87" at step 1, "max_memory: 18.02 GB reserved_memory:
// 22.20" at step 2 (every rank the same). One candidate run: its peak allocated, 18.02 (step 2, the first step that
// holds the AdamW states from step 1's update). The config: the CLI's TrainingArguments defaults of the log's date (read
// at 3546ecaf, 2025-09-08, as for the installation check above): packed to 4096 tokens, AdamW (foreach off), xtuner's
// chunked loss, the trainer's FSDPConfig defaults (FSDP2 over the 8 GPUs, bf16 parameters and reduction, reshard after
// forward, every layer checkpointed, not compiled; assumed applied), one packed sequence per GPU per step (assumed:
// "text_tokens" ~4000 per rank per step), flash attention (assumed). Qwen3-8B: 36 layers of 4096, 32 heads of 128, 8 KV
// heads, q/k norm, MLP 12288, vocab 151936, untied: 8,190,735,360 parameters. "max_memory" is
// torch.cuda.max_memory_allocated() / 1024**3, printed as "GB": GiB; rank 0's (one GPU's) figure.
const xtunerSftDoc = 'InternLM/xtuner docs/en/get_started/sft.md';
const xtunerQwen3_8bCase: PublishedCase = {
  id: 'xtuner-v1-get-started-sft-qwen3-8b-full-packed4096-fsdp2-8gpu',
  source: `${xtunerSftDoc} (https://github.com/InternLM/xtuner/blob/4b10fa3ed3e68f921a209c362c6711108f1bed81/docs/en/get_started/sft.md), "Start Fine-tuning", the log: "[RANK 0][2025-08-29 09:17:52][INFO] Step 2/100 ... max_memory: 18.02 GB reserved_memory: 22.20 GB"`,
  what: 'allocated',
  unit: 'GiB',
  measured: 18.02,
  config:
    "xtuner v1 sft.py (August 2025) on 8 GPUs (not named): Qwen/Qwen3-8B (8,190,735,360 parameters, untied) fully fine-tuned, the user's OpenAI-format chat jsonl packed to 4096 tokens, one packed sequence per GPU per step (assumed), AdamW (foreach off), xtuner's chunked loss, FSDP2 over the 8 GPUs with bf16 parameters and reduction over fp32 sharded weights (the trainer's FSDPConfig defaults, assumed applied), every layer checkpointed (recompute_ratio 1.0), not compiled, flash attention (assumed installed, varlen over the packed samples); the log's max_memory = torch.cuda.max_memory_allocated() / 1024**3 of rank 0 at step 2 (after the first optimizer step; step 1 15.90); traceable: yes (Qwen/Qwen3-8B's Qwen3ForCausalLM config builds in transformers 5.18; xtuner's own model code is not installed here)",
  spec: `model:
  params: 8190735360
  transformer: { family: llama, layers: 36, hidden: 4096, heads: 32, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 12288, tied_embeddings: false, seq_len: 4096, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: chunked }
parallel: { gpus: 8, strategy: fsdp_full, fsdp_wrap: layers, fsdp_version: 2 }`,
};

// --- hiyouga/LLaMA-Factory, branch dev_efficient_valuehead_forward: the reward-model memory commits of Tony Wang
// (fac296c7 and 6221fc6d, 2026-04-04; 9976572d, 2026-04-06) -------------------------------------------------------------
// 6221fc6d's message: "Tested on Qwen3-4B-Instruct-2507 + UltraFeedback on H100: - Memory: 15.09 GiB -> 9.50 GiB";
// 9976572d's: "Benchmark (Qwen3-4B, H100, bs=4, cutoff=512): Baseline: 14.36 GiB peak, 1.049 s/step / Optimized: 9.66
// GiB peak". Four figures (all taken, no draw). The config is scripts/benchmark_rm_memory.py at each commit: run_exp
// with stage "rm", finetuning_type "lora", dataset ultrafeedback, template qwen3, cutoff_len 512,
// per_device_train_batch_size 4, max_steps 20, bf16, and the script's defaults --model Qwen/Qwen3-4B-Instruct-2507;
// LLaMA-Factory's defaults (assumed): lora_rank 8, lora_alpha 16 (twice the rank), dropout 0, lora_target all, adapters
// upcast to fp32, gradient checkpointing on, SDPA, adamw_torch. The pairwise trainer runs the 4 chosen and the 4
// rejected answers as one batch of 8, each padded to the batch's longest (at most 512). The peak is
// torch.cuda.max_memory_allocated() / 1024**3 over the whole run_exp (model load included). "Baseline": TRL's
// AutoModelForCausalLMWithValueHead forward with output_hidden_states=True and the LM head restored (its vocabulary
// logits upcast to fp32 by TRL, every layer's hidden state returned); 6221fc6d's "optimized": the LM head replaced by
// Identity (no vocabulary logits), the value head on the last hidden state; 9976572d's "optimized": the LM head kept, the
// last hidden state taken by a hook on the final norm, output_hidden_states=False.
const llamaFactoryRmDoc =
  'hiyouga/LLaMA-Factory reward-model memory commits (branch dev_efficient_valuehead_forward)';
const qwen3_4bInstructShape =
  'family: llama, layers: 36, hidden: 2560, heads: 32, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 9728, tied_embeddings: true, seq_len: 512, attention: sdpa';
const llamaFactoryRm = (options: {
  commit: string;
  label: string;
  quote: string;
  measured: number;
  forward: string;
  /**
   * Re-said (session 27, estimate-express; spec only, the figure and the config with its gatherer's mark unchanged):
   * the forwards that form no vocabulary logits for the loss say their head as it is, `lm_head: false` with the
   * value head as a 1-wide classifier (TRL's ValueHead, trl/models/modeling_value_head.py: nn.Linear(hidden, 1)).
   * 6221fc6d replaces the LM head by Identity; 9976572d's hook keeps it but its bf16 logits are formed and dropped
   * in the forward (no loss reads them, so autograd keeps nothing of them) while the backward's recomputed layer
   * is the peak. The baselines keep `loss: standard` as their gatherer wrote them (TRL's fp32-upcast vocabulary
   * logits returned beside the values: no key says "formed, upcast, never in the loss").
   */
  isValueHeadOnly?: boolean;
}): PublishedCase => ({
  id: `llamafactory-rm-${options.commit.slice(0, 8)}-qwen3-4b-instruct-2507-lora-r8-ultrafeedback-bs4x2-cutoff512-${options.label}`,
  source: `${llamaFactoryRmDoc} (https://github.com/hiyouga/LLaMA-Factory/commit/${options.commit}), commit message: "${options.quote}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `LLaMA-Factory reward modeling (stage rm, April 2026) through scripts/benchmark_rm_memory.py on one H100: Qwen/Qwen3-4B-Instruct-2507 (4,022,468,096 parameters, tied embeddings) in bf16 with a scalar value head, LoRA r 8 alpha 16 dropout 0 on every linear (LLaMA-Factory defaults, assumed; adapters in fp32), UltraFeedback pairs, batch 4 pairs (8 sequences: chosen and rejected), cutoff_len 512 (each batch padded to its longest, assumed to reach 512), bf16, adamw_torch, gradient checkpointing (default, assumed), SDPA; ${options.forward}; torch.cuda.max_memory_allocated() / 1024**3 over the whole run. NOT EXPRESSIBLE: the reward model's pairwise loss on a value head (no language-model loss); the spec gives the language model with the standard loss over its vocabulary; traceable: yes (Qwen/Qwen3-4B-Instruct-2507's Qwen3ForCausalLM config builds in transformers 5.18)`,
  spec: `model:
  params: 4022468096
  transformer: { ${qwen3_4bInstructShape}${options.isValueHeadOnly ? ', lm_head: false, classes: 1' : ''} }
  lora: { rank: 8, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0, adapter_dtype: fp32 }
training: { precision: bf16, optimizer: adamw, batch_size: 8, activation_checkpointing: full, loss: standard, transformers: '5.5' }
cuda: { lengths: variable }`,
});

export const round30Cases: PublishedCase[] = [
  qwen25LlamaFactory({ method: 'lora', quote: 'LoRA训练：20.17GB', measured: 20.17 }),
  qwen25LlamaFactory({ method: 'qlora', quote: 'QLoRA训练: 10.97GB', measured: 10.97 }),
  xtunerQwen3TinyCase,
  xtunerQwen3_8bCase,
  llamaFactoryRm({
    commit: '6221fc6d26c3f275f1952bb33e410ae8d95de359',
    label: 'baseline',
    quote: 'Tested on Qwen3-4B-Instruct-2507 + UltraFeedback on H100: - Memory: 15.09 GiB -> 9.50 GiB',
    measured: 15.09,
    forward:
      "baseline: TRL's value-head forward with output_hidden_states=True and the LM head restored (vocabulary logits computed and upcast to fp32, every layer's hidden state returned)",
  }),
  llamaFactoryRm({
    commit: '6221fc6d26c3f275f1952bb33e410ae8d95de359',
    label: 'lm-head-identity',
    quote: 'Tested on Qwen3-4B-Instruct-2507 + UltraFeedback on H100: - Memory: 15.09 GiB -> 9.50 GiB',
    measured: 9.5,
    forward:
      'optimized (fac296c7): the LM head replaced by Identity, no vocabulary logits, the value head on the last hidden state',
    isValueHeadOnly: true,
  }),
  llamaFactoryRm({
    commit: '9976572d954af941f34d5eeaefbcee95649d09f7',
    label: 'baseline',
    quote: 'Benchmark (Qwen3-4B, H100, bs=4, cutoff=512): Baseline: 14.36 GiB peak',
    measured: 14.36,
    forward:
      "baseline: TRL's value-head forward with output_hidden_states=True and the LM head restored (vocabulary logits computed and upcast to fp32, every layer's hidden state returned)",
  }),
  llamaFactoryRm({
    commit: '9976572d954af941f34d5eeaefbcee95649d09f7',
    label: 'norm-hook',
    quote: 'Optimized: 9.66 GiB peak',
    measured: 9.66,
    forward:
      'optimized: the LM head kept (its bf16 vocabulary logits formed and dropped), the last hidden state taken by a forward hook on the final norm, output_hidden_states=False',
    isValueHeadOnly: true,
  }),
];

/** The documents round 30 reads: none is cited by rounds 1 to 29 or ../shared/estimation. */
export const round30Documents = [qwen25LlamaFactoryDoc, xtunerInstallDoc, xtunerSftDoc, llamaFactoryRmDoc];
