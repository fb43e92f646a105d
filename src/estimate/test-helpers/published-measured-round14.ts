// Round 14 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 13 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// AIM: rows whose full config the spec can state (transformer fine-tunes: model, sequence, batch, precision,
// optimizer, checkpointing, attention, LoRA / QLoRA, ZeRO), mined from where users and maintainers print a
// measured peak beside the code or command that produced it: a pull-request thread, training logs committed
// beside the launch command, and notebooks committed with their outputs.
// Each case names its public source (document, commit, cell or log line), what was measured (allocated,
// reserved or device total, and the unit), whether the figure is one GPU's of a multi-GPU run, the config as
// published, and the spec a user would write for it; where a source leaves a setting out, `config` says what
// was assumed and from which default. Where the spec cannot say something the run did, `config` says
// "NOT EXPRESSIBLE: …" and the spec is the nearest one a user would write. No document here is cited by
// rounds 1 to 13 or ../shared/estimation (the test checks the documents, the specs and same-figure twins).
// Parameter counts are computed from each model's published config (layer by layer, below).
import type { PublishedCase } from './published-measured.js';

// --- huggingface/transformers pull request #2356 (Dec 2019): GPT-2 fine-tuning memory, before the fix ---------
// "GPT2 should not store/compute cached activations during finetuning" (thomwolf, 2019-12-28), the PR
// description's "Quick estimations": LysandreJik compared the memory of transformers' examples/run_lm_finetuning.py
// with gpt-2-simple: "*Small model*, batch size 4, sequence length 512 (roughly similar): us => 9.9GB";
// "Increasing to a 1024 length: us => 20.4GB"; "*Medium model*, batch size de 4, sequence length de 512: us =>
// 23.36GB. OOM on a titan with 1024 seq len." The figures are the "us" rows (transformers ~v2.3.0, the code this PR
// changes): run_lm_finetuning.py with --model_type gpt2, --block_size 512 or 1024 (every example exactly
// block_size tokens: TextDataset cuts the corpus into block_size chunks), --per_gpu_train_batch_size 4, no --fp16
// (fp32 weights, gradients and optimizer), transformers' own AdamW (a Python for-loop over the parameters, two fp32
// moments), no gradient checkpointing (GPT-2 had none then), GPT2LMHeadModel with labels: eager attention with
// dropout (the attention probabilities kept for backward), the tied LM head, the loss over shift_logits
// (.contiguous(): a second fp32 copy of the logits) in fp32. The pre-fix model also returned `presents` (each
// layer's key and value stacked: 2 × batch × seq × hidden fp32 per layer, alive until the step's outputs are
// dropped): the cause the PR addresses, about 2% of the small model's figure at 512. What was measured is not
// stated: read as the device total (nvidia-smi), in GB as printed (assumed); one GPU (the script spreads a batch
// over every visible GPU with DataParallel; the thread speaks of one Titan, 24 GB). GPT-2 small: 12 layers, 768
// wide, 12 heads, vocab 50257, 1024 positions, tied: 124,439,808 parameters; medium: 24 layers, 1024 wide, 16
// heads: 354,823,168. The CUDA context is the eager one (spec `cuda.module_loading: eager`, said after the round was
// spent): the PyTorch releases of Dec 2019 (1.3.1) were built with CUDA 9.2 and 10.1, and lazy loading first came
// with the CUDA 11.7 runtime ("Libraries compiled using older CUDA runtime versions will load all modules eagerly":
// CUDA C++ Programming Guide, Lazy Loading, change history).
const gpt2PrDoc = 'huggingface/transformers pull request #2356';
const gpt2PrSource = `${gpt2PrDoc} ("GPT2 should not store/compute cached activations during finetuning", https://github.com/huggingface/transformers/pull/2356, description of 2019-12-28, "Quick estimations")`;
const gpt2Pr = (options: {
  size: 'small' | 'medium';
  seq: number;
  measured: number;
  quote: string;
}): PublishedCase => {
  const isSmall = options.size === 'small';
  const params = isSmall ? 124_439_808 : 354_823_168;
  const shape = isSmall
    ? 'family: gpt, layers: 12, hidden: 768, heads: 12, ffn: 3072'
    : 'family: gpt, layers: 24, hidden: 1024, heads: 16, ffn: 4096';
  return {
    id: `hf-transformers-pr2356-gpt2-${options.size}-run-lm-finetuning-bs4-seq${options.seq}-fp32`,
    source: `${gpt2PrSource}: "${options.quote}"`,
    what: 'device total',
    unit: 'GB',
    measured: options.measured,
    config: `examples/run_lm_finetuning.py (transformers ~v2.3.0, before this PR) --model_type gpt2 --model_name_or_path gpt2${isSmall ? '' : '-medium'} --do_train --block_size ${options.seq} --per_gpu_train_batch_size 4: GPT-2 ${options.size} (${params} parameters, tied LM head), every example ${options.seq} tokens, batch 4, fp32 (no --fp16), transformers' AdamW (for-loop, two fp32 moments), no gradient checkpointing, eager attention with dropout, the loss over a contiguous copy of the shifted fp32 logits; the pre-fix GPT-2 also returns every layer's stacked key/value ("presents") until the step ends (the PR's subject, about 2% of the small model's figure). Measured with what is not stated: read as the device total in GB (nvidia-smi, assumed), one GPU`,
    spec: `model:
  params: ${params}
  transformer: { ${shape}, vocab: 50257, max_positions: 1024, seq_len: ${options.seq}, fused_qkv: true, bias: true, lm_head: true, tied_embeddings: true, attention: eager, dropout: true }
training: { precision: fp32, optimizer: adamw, optimizer_impl: for_loop, batch_size: 4, activation_checkpointing: none, loss: standard }
cuda: { module_loading: eager }`,
  };
};
const gpt2PrCases: PublishedCase[] = [
  gpt2Pr({
    size: 'small',
    seq: 512,
    measured: 9.9,
    quote: 'Small model, batch size 4, sequence length 512 (roughly similar): us => 9.9GB',
  }),
  gpt2Pr({ size: 'small', seq: 1024, measured: 20.4, quote: 'Increasing to a 1024 length: us => 20.4GB' }),
  gpt2Pr({
    size: 'medium',
    seq: 512,
    measured: 23.36,
    quote: 'Medium model, batch size de 4, sequence length de 512: us => 23.36GB',
  }),
];

// --- deepspeedai/DeepSpeedExamples, DeepSpeed-Chat training logs committed beside their launch commands --------
// applications/DeepSpeed-Chat/training/<step>/training_log_output/*.log: each log opens with its command line
// ("cmd = deepspeed main.py …") and DeepSpeed's ThroughputTimer prints, every steps_per_print steps,
// "MemAllocated=…GB, MaxMemAllocated=…GB" = round(torch.cuda.max_memory_allocated() / 1024**3, 2) of the logging
// rank (deepspeed/utils/timer.py): GiB, rank 0's figure, each rank its own. The data: DeepSpeed-Chat's
// data_utils tokenizes every prompt+answer with padding="max_length", truncation=True at --max_seq_len, so every
// batch is exactly max_seq_len tokens. The models keep their dropout (output_…_withDropout). DeepSpeed config of
// DeepSpeed-Chat (utils/ds_utils.py get_train_ds_config): fp16 enabled (dynamic loss scale; fp16 weights and
// gradients, fp32 master weights and Adam moments in the ZeRO optimizer), FusedAdam (no offload), the
// --zero_stage given. The world size is the log file's global batch over the command's per-GPU batch
// (ThroughputTimer's samples per second are global batches of that size), the cards not named.
// facebook/opt-1.3b: 24 layers, 2048 wide, 32 heads, ReLU MLP 8192, vocab 50272, 2050 learned positions, tied:
// 1,315,758,080 parameters. facebook/opt-350m: 24 layers, 1024 wide, 16 heads, MLP 4096, word embeddings of 512
// projected in and out (project_in / project_out), vocab 50272, tied: 331,196,416 parameters.
const dsChatDoc = (step: string, file: string) =>
  `deepspeedai/DeepSpeedExamples applications/DeepSpeed-Chat/training/${step}/training_log_output/${file}`;
const dsChatSft = dsChatDoc('step1_supervised_finetuning', 'opt-1.3b-globalBatchSize128.log');
const dsChatRm = dsChatDoc('step2_reward_model_finetuning', 'opt-350m_globalBatchSize-64.log');
const dsChatDpo = dsChatDoc('step2_dpo_finetuning', 'opt-350M_globalBatchSize-32.log');
// OPT-350m: post-norm, 512-wide word embeddings (project_in / project_out), ReLU MLP 4096, attention dropout 0.
// Session 19 (issue 25): family opt, post_norm and word_embed_dim; gathered as family gpt (no projections).
const opt350m =
  'family: opt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50272, max_positions: 2050, word_embed_dim: 512, post_norm: true';
const dsChatCases: PublishedCase[] = [
  {
    id: 'deepspeed-chat-step1-sft-opt-1.3b-zero2-fp16-bs8-seq512-16gpu',
    source: `${dsChatSft} (added in 3a77097a, 2023-04-21, https://github.com/deepspeedai/DeepSpeedExamples/blob/master/applications/DeepSpeed-Chat/training/step1_supervised_finetuning/training_log_output/opt-1.3b-globalBatchSize128.log), every "MaxMemAllocated=22.95GB" line`,
    what: 'allocated',
    unit: 'GiB',
    measured: 22.95,
    config:
      "cmd = deepspeed main.py --data_path Dahoas/rm-static Dahoas/full-hh-rlhf Dahoas/synthetic-instruct-gptj-pairwise yitingxie/rlhf-reward-datasets --data_split 2,4,4 --model_name_or_path facebook/opt-1.3b --per_device_train_batch_size 8 --max_seq_len 512 --gradient_accumulation_steps 1 --zero_stage 2 --deepspeed (no --gradient_checkpointing, no --lora_dim): OPT-1.3b (1,315,758,080 parameters, tied head) full fine-tune, every sample padded to 512 tokens, batch 8 per GPU, 16 ranks (global batch 128 ÷ 8), DeepSpeed ZeRO-2 fp16 (fp16 weights and gradients; fp32 master weights and FusedAdam moments partitioned over the 16 ranks), no activation checkpointing, eager attention (OPT upcasts the fp16 softmax to fp32), dropout kept, HF OPTForCausalLM loss over the fp16 logits (no fp32 upcast), transformers and DeepSpeed of April 2023; rank 0's max_memory_allocated in GiB, one GPU's figure (each rank its own)",
    spec: `model:
  params: 1315758080
  transformer: { family: gpt, layers: 24, hidden: 2048, heads: 32, ffn: 8192, vocab: 50272, max_positions: 2050, seq_len: 512, bias: true, lm_head: true, tied_embeddings: true, attention: eager, dropout: true }
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 8, activation_checkpointing: none, loss: standard, loss_upcast: false }
parallel: { gpus: 16, strategy: zero2 }`,
  },
  {
    id: 'deepspeed-chat-step2-reward-opt-350m-zero0-fp16-bs4-seq512-16gpu',
    source: `${dsChatRm} (added in 3a77097a, 2023-04-21), every "MaxMemAllocated=12.81GB" line`,
    what: 'allocated',
    unit: 'GiB',
    measured: 12.81,
    config:
      "cmd = deepspeed main.py … --model_name_or_path facebook/opt-350m --num_padding_at_beginning 1 --per_device_train_batch_size 4 --max_seq_len 512 --gradient_accumulation_steps 1 --zero_stage 0 --deepspeed: the reward model (OPT-350m trunk, 331,196,416 parameters, its LM head replaced by a 1024 → 1 value head) trained on chosen/rejected pairs: each step runs 4 chosen and 4 rejected sequences of 512 tokens (a batch of 8), 16 ranks (global batch 64 ÷ 4), DeepSpeed fp16 without ZeRO partitioning (fp16 weights, fp32 master weights and FusedAdam moments on every rank), no activation checkpointing, eager attention, dropout kept; rank 0's max_memory_allocated in GiB, one GPU's figure. Marked not expressible when gathered (a reward model, a scalar head and no vocabulary logits, scored over pairs; OPT-350m's 512-wide word embeddings projected to 1024; the spec gave the trunk with batch 8); session 19 (issue 25): family opt with word_embed_dim and post_norm says the trunk, and lm_head: false the reward model (no vocabulary logits; its 512 → 1 value head, 512 parameters, left out), batch 8 its 4 chosen and 4 rejected sequences",
    spec: `model:
  params: 331196416
  transformer: { ${opt350m}, seq_len: 512, bias: true, lm_head: false, tied_embeddings: true, attention: eager, dropout: true }
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 8, activation_checkpointing: none }
parallel: { gpus: 16, strategy: ddp }`,
  },
  {
    id: 'deepspeed-chat-step2-dpo-opt-350m-bs2-seq512-8gpu',
    source: `${dsChatDpo} (added in 1842b4fd, 2025-01-06), every "MaxMemAllocated=8.61GB" line`,
    what: 'allocated',
    unit: 'GiB',
    measured: 8.61,
    config:
      "main.py (step2_dpo_finetuning) --data_path Dahoas/rm-static Dahoas/full-hh-rlhf --data_split 2,4,4 --model_name_or_path facebook/opt-350m --per_device_train_batch_size 2 --max_seq_len 512 --dropout 0.0 --gradient_accumulation_steps 2 --zero_stage 0 --deepspeed, launched over 8 ranks (dist_world_size=8 in the log; global batch 2 × 2 × 8 = 32): DPO on chosen/rejected pairs, the policy (OPT-350m, 331,196,416 parameters) trained and a frozen reference copy run forward, DeepSpeed fp16 without ZeRO partitioning (fp16 weights, fp32 master weights and FusedAdam moments on every rank), dropout 0, no activation checkpointing, sequences padded to 512, DeepSpeed and transformers of Jan 2025; rank 0's max_memory_allocated in GiB, one GPU's figure. Marked not expressible when gathered (DPO: a second, frozen reference model; each step runs chosen and rejected sequences through both; the spec gave the policy alone with batch 4, 2 pairs); session 19 (issue 25): model.reference (session 18) says the reference: a frozen fp16 copy (DeepSpeed-Chat initialises it with the fp16 eval config at ZeRO stage 0) run without grad over the same 4 sequences after the policy's forward, its logits beside the loss; and family opt (post_norm, word_embed_dim) with SDPA attention, not eager as gathered: transformers of Jan 2025 (v4.48) build OPT with SDPA by default (OPT's SDPA came with pull request #33298, in v4.46), and DeepSpeed-Chat's create_hf_model names no attn_implementation",
    spec: `model:
  params: 331196416
  transformer: { ${opt350m}, seq_len: 512, bias: true, lm_head: true, tied_embeddings: true, attention: sdpa, dropout: false }
  reference: { dtype: fp16, logits: beside_loss }
training: { precision: amp_fp16, convention: zero, optimizer: adamw, batch_size: 4, grad_accumulation: 2, activation_checkpointing: none }
parallel: { gpus: 8, strategy: ddp }`,
  },
];

// --- liguodongiot/llm-action llm-train/megatron/gpt2/model_train.md: Megatron-LM GPT-2 345M logs (July 2023) -----
// A walk-through that pre-trains Megatron-LM's GPT-2 345M (examples/pretrain_gpt*.sh) on 4 A800 80GB cards in
// four layouts and pastes, for each, the full argument dump, the per-rank parameter counts and the training log with
// Megatron's report_memory line "[Rank r] (after 100 iterations) memory (MB) | allocated: … | max allocated: … |
// reserved: … | max reserved: …" (megatron/utils.py: torch.cuda.max_memory_allocated() / 1024**2, printed by every
// rank whose data-parallel rank is 0): MiB, each printing rank its own figure. The shared arguments, as dumped: 24
// layers, hidden 1024, 16 heads, ffn 4096, seq_length 1024, max_position_embeddings 1024, GPT2BPETokenizer (50257
// padded to 50304), tied embeddings (untie_embeddings_and_output_weights False): 354,871,296 parameters on one
// rank; fp16 True (fp16 weights, fp32 main parameters and Adam moments in Megatron's Float16OptimizerWithFloat16Params,
// use_distributed_optimizer False), optimizer adam, DDP_impl local with a contiguous fp16 gradient buffer
// (accumulate_allreduce_grads_in_fp32 False), recompute_granularity None (no activation checkpointing),
// use_flash_attn False (masked_softmax_fusion: the fused scaled upper-triangular softmax keeps the s × s
// probabilities in fp16), hidden and attention dropout 0.1, fp16_lm_cross_entropy False (the vocab-parallel loss
// over fp32 logits), no virtual pipeline stages. The figure taken is rank 0's (the first pipeline stage where there
// is one).
const megatronDoc = 'liguodongiot/llm-action llm-train/megatron/gpt2/model_train.md';
const megatronSource = `${megatronDoc} (added in 3c6d1c7, 2024-05-14, https://github.com/liguodongiot/llm-action/blob/main/llm-train/megatron/gpt2/model_train.md; runs of 2023-07-16)`;
const megatronGpt345m = (options: {
  id: string;
  section: string;
  mib: number;
  layout: string;
  training: string;
  parallel: string;
  sequenceParallel: boolean;
}): PublishedCase => ({
  id: `llm-action-megatron-gpt2-345m-${options.id}`,
  source: `${megatronSource}, section "${options.section}", "[Rank 0] (after 100 iterations) memory (MB) | … | max allocated: ${options.mib}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.mib / 1024,
  config: `Megatron-LM pretrain_gpt.py (July 2023) on 4 A800 80GB, GPT-2 345M (24 layers, 1024 wide, 16 heads, ffn 4096, vocab 50304, 1024 positions, tied; 354,871,296 parameters), seq_length 1024, ${options.layout}, fp16 with fp32 main parameters and Adam moments (no distributed optimizer), local DDP with a contiguous fp16 gradient buffer, no activation recomputation, fused masked softmax (no flash attention), dropout 0.1, the loss over fp32 logits${options.sequenceParallel ? ', sequence_parallel True' : ''}; rank 0's max_memory_allocated in MiB / 1024, one GPU's figure (each rank its own)`,
  spec: `model:
  params: 354871296
  transformer: { family: gpt, layers: 24, hidden: 1024, heads: 16, ffn: 4096, vocab: 50304, max_positions: 1024, seq_len: 1024, bias: true, lm_head: true, tied_embeddings: true, attention: eager, dropout: true }
training: { precision: amp_fp16, convention: zero, optimizer: adam, ${options.training}, activation_checkpointing: none, loss: standard }
parallel: { ${options.parallel} }`,
});
const megatronCases: PublishedCase[] = [
  megatronGpt345m({
    id: '4dp-mbs1-gbs8',
    section: '单机多卡(4DP)',
    mib: 8696.8515625,
    layout:
      'data parallel over 4 GPUs (tensor 1, pipeline 1), micro_batch_size 1, global_batch_size 8 (2 micro-batches accumulated per rank)',
    training: 'batch_size: 1, grad_accumulation: 2',
    // Megatron's local DDP keeps each gradient only in its contiguous buffer (megatron/model/distributed.py of
    // 2023, DistributedDataParallel with use_contiguous_buffers: param.main_grad is a view of _grad_buffers and
    // _make_param_hook does `param.main_grad.add_(param.grad.data); param.grad = None`): no Reducer copy
    // beside the gradients, which the spec says as gradient_as_bucket_view (labelled after the round was spent).
    parallel: 'gpus: 4, strategy: ddp, gradient_as_bucket_view: true',
    sequenceParallel: false,
  }),
  megatronGpt345m({
    id: 'tp2-pp2-sp-mbs4-gbs16',
    section: '模型并行（2TP+2DP）',
    mib: 7253.22705078125,
    layout:
      'tensor 2 × pipeline 2 over 4 GPUs (the section title says 2TP+2DP; the argument dump says pipeline_model_parallel_size 2, data parallel 1), micro_batch_size 4, global_batch_size 16 (4 micro-batches per step, the default 1F1B schedule); ranks 0 and 1 (first stage, 102,483,968 parameters each) report 7253.2 MiB, ranks 2 and 3 (second stage) 5373.5',
    training: 'batch_size: 4',
    parallel:
      'gpus: 4, tensor: 2, sequence_parallel: true, pipeline: 2, micro_batches: 4, schedule: 1f1b, strategy: ddp',
    sequenceParallel: true,
  }),
  megatronGpt345m({
    id: 'tp4-sp-mbs2-gbs8',
    section: '模型并行（4TP）',
    mib: 3059.67138671875,
    layout:
      'tensor parallel over 4 GPUs (89,714,688 parameters per rank), micro_batch_size 2, global_batch_size 8 (4 micro-batches accumulated); the other ranks report 3065.7 to 3081.7 MiB',
    training: 'batch_size: 2, grad_accumulation: 4',
    parallel: 'gpus: 4, tensor: 4, sequence_parallel: true, strategy: ddp',
    sequenceParallel: true,
  }),
  megatronGpt345m({
    id: 'pp4-mbs2-gbs8',
    section: '模型并行（4PP）',
    mib: 7643.34033203125,
    layout:
      'pipeline parallel over 4 GPUs (stage 0 holds the embeddings and 6 layers: 128,137,216 parameters), micro_batch_size 2, global_batch_size 8 (4 micro-batches, the default 1F1B schedule); ranks 1 to 3 report 5477.1, 4104.9 and 4390.3 MiB',
    training: 'batch_size: 2',
    parallel: 'gpus: 4, pipeline: 4, micro_batches: 4, schedule: 1f1b, strategy: ddp',
    sequenceParallel: false,
  }),
];

// --- unslothai/notebooks nb/*.ipynb committed with their outputs, "Show final memory and time stats" ------------
// As rounds 6 and 8 read other notebooks of this repository: each notebook loads a model through unsloth's
// FastLanguageModel (bitsandbytes NF4 with double quantization; dtype None: fp16 compute and weights on a T4,
// bf16 on Ampere), adds LoRA through get_peft_model with use_gradient_checkpointing="unsloth" (every decoder layer
// checkpointed, its input offloaded to host memory until backward), lora_dropout 0, bias "none", and trains with
// TRL's SFTTrainer: optim adamw_8bit unless said, the Trainer's fp16 (T4) or bf16, padding to the longest sample of
// a batch (packing False), unsloth's own cross-entropy kernel (no fp32 copy of the logits: read as chunked) and
// xformers memory-efficient attention (no s × s scores: read as flash). The printed "Peak reserved memory = N GB." is
// round(torch.cuda.max_memory_reserved() / 1024**3, 3): GiB, including what model loading reserved before training
// ("N GB of memory reserved." above it). One GPU. Sequence lengths are not printed: the conversational notebooks
// train on philschmid/guanaco-sharegpt-style (9,033 multi-turn conversations in the model's chat template,
// truncated at max_seq_length); the longest batch of the steps run is assumed to reach max_seq_length (assumed: many
// guanaco conversations run past 2048 tokens). The rows said `cuda.lengths: variable` when measured (never-seen
// figure, pinned in references-round14.test.ts); after the round was spent they say `capped` (cuda.ts: the sequence
// is the cap the notebook sets, no batch length is printed, so the cap is the one allowance for the varying
// lengths). Cited at the snapshot bdda2efc7 (Aug 2026); the outputs were run with
// the unsloth release each notebook prints. LoRA r 16 alpha 16 on the seven projections unless said; trainable
// counts computed from each model's config (printed where the notebook prints them).
const unslothNb = (file: string) => `unslothai/notebooks nb/${file}`;
const unslothSource = (file: string, measured: number) =>
  `${unslothNb(file)} (at bdda2efc7, https://github.com/unslothai/notebooks/blob/main/nb/${file}), output "Peak reserved memory = ${measured} GB."`;
const sevenProjections = '[q, k, v, o, gate, up, down]';
const unslothRow = (options: {
  id: string;
  file: string;
  measured: number;
  start: number;
  model: { name: string; params: number; shape: string };
  trainable: number;
  rank?: number;
  gpu: 'T4' | 'A10G';
  releases: string;
  batch: number;
  accumulation: number;
  steps: number;
  seq: number;
  seqText: string;
  optimizer?: 'adam8bit' | 'adamw';
  notExpressible?: string;
}): PublishedCase => {
  const dtype = options.gpu === 'T4' ? 'fp16' : 'bf16';
  const rank = options.rank ?? 16;
  return {
    id: `unsloth-notebook-${options.id}`,
    source: unslothSource(options.file, options.measured),
    what: 'reserved',
    unit: 'GiB',
    measured: options.measured,
    config: `${options.model.name} (${options.model.params} parameters) loaded in 4-bit NF4 with double quantization and ${dtype} compute, LoRA r ${rank} alpha ${rank} dropout 0 on q, k, v, o, gate, up, down (${options.trainable} trainable), use_gradient_checkpointing "unsloth" (every layer checkpointed, the checkpoints offloaded to the host), batch ${options.batch} × ${options.accumulation} accumulation steps, ${options.steps} steps, ${options.optimizer === 'adamw' ? 'adamw_torch' : 'adamw_8bit'}, ${dtype} Trainer precision, unsloth's cross-entropy kernel, xformers attention; ${options.seqText}; one ${options.gpu} (${options.releases}); round(max_memory_reserved / 1024**3, 3), ${options.start} GiB of it reserved before training${options.notExpressible ? `. NOT EXPRESSIBLE: ${options.notExpressible}` : ''}`,
    spec: `model:
  params: ${options.model.params}
  transformer: { ${options.model.shape}, seq_len: ${options.seq}, attention: flash }
  lora: { rank: ${rank}, alpha: ${rank}, targets: ${sevenProjections}, dropout: 0, adapter_dtype: weights }
  quantization: { weights: nf4, double_quant: true, compute_dtype: ${dtype} }
training: { precision: ${dtype}, optimizer: ${options.optimizer ?? 'adam8bit'}, batch_size: ${options.batch}, grad_accumulation: ${options.accumulation}, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: capped }`,
  };
};
const guanacoSeq = (cap: number, samples: number) =>
  `philschmid/guanaco-sharegpt-style conversations in the chat template, unpacked, padded to the longest of a batch and truncated at max_seq_length ${cap}; the longest batch of the ${samples} samples drawn assumed to reach ${cap} (the notebook prints no lengths)`;
const unslothCases: PublishedCase[] = [
  unslothRow({
    id: 'llama3-8b-instruct-guanaco-qlora-r16-t4',
    file: 'Llama3_(8B)-Conversational.ipynb',
    measured: 9.549,
    start: 5.594,
    model: {
      name: 'unsloth/llama-3-8b-Instruct-bnb-4bit (Meta-Llama-3-8B-Instruct: 32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 128256, untied)',
      params: 8_030_261_248,
      shape:
        'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false',
    },
    trainable: 41_943_040,
    gpu: 'T4',
    releases: 'unsloth 2024.5, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    steps: 60,
    seq: 2048,
    seqText: guanacoSeq(2048, 120),
  }),
  unslothRow({
    id: 'mistral-7b-instruct-v0.3-guanaco-qlora-r16-t4',
    file: 'Mistral_v0.3_(7B)-Conversational.ipynb',
    measured: 6.289,
    start: 4.52,
    model: {
      name: 'unsloth/mistral-7b-instruct-v0.3-bnb-4bit (32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 32768, untied)',
      params: 7_248_023_552,
      shape:
        'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32768, ffn: 14336, tied_embeddings: false',
    },
    trainable: 41_943_040,
    gpu: 'T4',
    releases: 'unsloth 2024.5, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    steps: 60,
    seq: 2048,
    seqText: guanacoSeq(2048, 120),
  }),
  unslothRow({
    id: 'phi-3.5-mini-instruct-guanaco-qlora-r16-t4',
    file: 'Phi_3.5_Mini-Conversational.ipynb',
    measured: 3.342,
    start: 2.285,
    model: {
      name: 'unsloth/Phi-3.5-mini-instruct (4-bit; unsloth runs it as a Llama with q, k, v and gate, up split: 32 layers, 3072 wide, 32 heads, MLP 8192, vocab 32064, untied)',
      params: 3_821_079_552,
      shape:
        'family: llama, layers: 32, hidden: 3072, heads: 32, vocab: 32064, ffn: 8192, tied_embeddings: false',
    },
    trainable: 29_884_416,
    gpu: 'T4',
    releases: 'unsloth 2024.8, transformers 4.44.1, xformers 0.0.27',
    batch: 2,
    accumulation: 4,
    steps: 60,
    seq: 2048,
    seqText: guanacoSeq(2048, 120),
  }),
  unslothRow({
    id: 'phi-3-medium-4k-instruct-guanaco-qlora-r16-t4',
    file: 'Phi_3_Medium-Conversational.ipynb',
    measured: 9.623,
    start: 7.504,
    model: {
      name: 'unsloth/Phi-3-medium-4k-instruct (4-bit; run as a Mistral with the projections split: 40 layers, 5120 wide, 40 heads, 10 KV heads, MLP 17920, vocab 32064, untied)',
      params: 13_960_238_080,
      shape:
        'family: llama, layers: 40, hidden: 5120, heads: 40, kv_heads: 10, vocab: 32064, ffn: 17920, tied_embeddings: false',
    },
    trainable: 65_536_000,
    gpu: 'T4',
    releases: 'unsloth 2024.5, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    steps: 60,
    seq: 2048,
    seqText: guanacoSeq(2048, 120),
  }),
  unslothRow({
    id: 'codegemma-7b-guanaco-qlora-r16-bs1-t4',
    file: 'CodeGemma_(7B)-Conversational.ipynb',
    measured: 12.316,
    start: 5.967,
    model: {
      name: 'unsloth/codegemma-7b-bnb-4bit (Gemma 7B: 28 layers, 3072 wide, 16 heads of 256, GeGLU MLP 24576, vocab 256000, tied)',
      params: 8_537_680_896,
      shape:
        'family: llama, layers: 28, hidden: 3072, heads: 16, head_dim: 256, vocab: 256000, ffn: 24576, tied_embeddings: true',
    },
    trainable: 50_003_968,
    gpu: 'T4',
    releases: 'unsloth 2024.4, xformers 0.0.25.post1',
    batch: 1,
    accumulation: 4,
    steps: 20,
    seq: 4096,
    seqText: guanacoSeq(4096, 80),
  }),
  unslothRow({
    id: 'qwen3-14b-reasoning-mix-qlora-r32-t4',
    file: 'Qwen3_(14B)-Reasoning-Conversational.ipynb',
    measured: 14.508,
    start: 11.898,
    model: {
      name: 'unsloth/Qwen3-14B, load_in_4bit (40 layers, 5120 wide, 40 heads of 128, 8 KV heads, QK-norm, MLP 17408, vocab 151936, untied)',
      params: 14_768_307_200,
      shape:
        'family: llama, layers: 40, hidden: 5120, heads: 40, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 17408, tied_embeddings: false',
    },
    trainable: 128_450_560,
    rank: 32,
    gpu: 'T4',
    releases: 'unsloth 2025.5.9, transformers 4.51.3, PyTorch 2.6.0+cu124, xformers 0.0.29.post3',
    batch: 2,
    accumulation: 4,
    steps: 30,
    seq: 2048,
    seqText:
      'unsloth/OpenMathReasoning-mini (cot) mixed with mlabonne/FineTome-100k (25,669 conversations), unpacked, truncated at max_seq_length 2048; the longest batch of the 60 samples drawn assumed to reach 2048 (long reasoning traces; the notebook prints no lengths)',
    notExpressible:
      'unsloth loads its dynamic "unsloth-bnb-4bit" checkpoint for this model (a few sensitive linears kept in 16 bits), as an earlier round reads the Qwen3-14B notebook. nb/Qwen3_(14B).ipynb runs the same config (14.066 GB, 11.898 before training) and is left out as the same spec',
  }),
  unslothRow({
    id: 'llama3.2-1b-instruct-raft-qlora-r16-adamw-a10g',
    file: 'Llama3.2_(1B)-RAFT.ipynb',
    measured: 2.156,
    start: 1.457,
    model: {
      name: 'unsloth/Llama-3.2-1B-Instruct, load_in_4bit (16 layers, 2048 wide, 32 heads, 8 KV heads, MLP 8192, vocab 128256, tied)',
      params: 1_235_814_400,
      shape:
        'family: llama, layers: 16, hidden: 2048, heads: 32, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true',
    },
    trainable: 11_272_192,
    gpu: 'A10G',
    releases: 'unsloth 2025.4.7, transformers 4.51.3, PyTorch 2.6.0+cu124, xformers 0.0.29.post2',
    batch: 1,
    accumulation: 8,
    steps: 185,
    seq: 2048,
    seqText:
      'a RAFT set of 301 question/context/answer samples built in the notebook, truncated at max_seq_length 2048; the longest sample of the 5 epochs assumed to reach 2048 (the notebook prints no lengths)',
    optimizer: 'adamw',
    notExpressible:
      'unsloth loads its dynamic "unsloth-bnb-4bit" checkpoint for this model in 2025 (a few sensitive linears kept in 16 bits)',
  }),
];

/** Every round-14 case, in the order gathered. */
export const round14Cases: PublishedCase[] = [
  ...gpt2PrCases,
  ...dsChatCases,
  ...megatronCases,
  ...unslothCases,
];

/** The documents round 14 draws on (each gives at least one case; none is cited by an earlier round). */
export const round14Documents: readonly string[] = [
  gpt2PrDoc,
  dsChatSft,
  dsChatRm,
  dsChatDpo,
  megatronDoc,
  ...[
    'Llama3_(8B)-Conversational.ipynb',
    'Mistral_v0.3_(7B)-Conversational.ipynb',
    'Phi_3.5_Mini-Conversational.ipynb',
    'Phi_3_Medium-Conversational.ipynb',
    'CodeGemma_(7B)-Conversational.ipynb',
    'Qwen3_(14B)-Reasoning-Conversational.ipynb',
    'Llama3.2_(1B)-RAFT.ipynb',
  ].map(unslothNb),
];
