// Round 8 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 7 were seen and
// spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before
// the one final measurement, and the model engineer does not read this file until then.
// Each case names its public source (document, commit, table row, line or output cell), what was measured
// (allocated, reserved or device total, and the unit the source divides by), whether the figure is one GPU's
// of a multi-GPU run, the framework release where the source gives it, the config as published, and the spec
// a user would write for it; where a source leaves a setting out, `config` says what was assumed and from
// which default. Where the spec cannot say something the run did, `config` says "NOT EXPRESSIBLE: …" and the
// spec is the nearest one a user would write; every other case is one the spec can say in full (the count is
// in the sources note at the end). No document here is cited by rounds 1 to 7 or ../shared/estimation, and no
// figure here is one an earlier round quotes from another place (the test checks the documents and
// same-figure twins). Parameter counts are computed from the models' published configurations (config.json,
// the framework's model code) and, where the source prints one, checked against its trainable count.
import type { PublishedCase } from './published-measured.js';

const allLinear = '[q, k, v, o, gate, up, down]';

// --- unslothai/notebooks nb/*.ipynb, output of "Show final memory and time stats" (2024-2025) ---------------------
// As round 6 read nb/TinyLlama_(1.1B)-Alpaca.ipynb (another notebook): each notebook loads a model through
// unsloth's FastLanguageModel (bitsandbytes NF4 with double quantization, the T4's fp16 or the A100's bf16 as
// compute and weight dtype: dtype None auto-detects), adds LoRA through get_peft_model with
// use_gradient_checkpointing="unsloth" (every decoder layer checkpointed, its input offloaded to host memory
// until backward), lora_dropout 0, and trains with TRL's SFTTrainer, optim adamw_8bit, padding to the longest
// sample of a batch (packing False), unsloth's own cross-entropy kernel (no fp32 copy of the logits: read as
// chunked) and xformers memory-efficient attention (no s × s scores: read as flash). The printed "Peak reserved
// memory = N GB." is round(torch.cuda.max_memory_reserved() / 1024**3, 3): GiB, including what model loading
// reserved before training ("N GB of memory reserved" above it). One GPU. Sequence lengths are not printed:
// yahma/alpaca-cleaned samples in the Alpaca prompt are mostly 100 to 500 tokens; the peak batch is the longest
// of the 480 samples 60 steps draw, assumed 1024; FineTome-100k conversations are truncated at max_seq_length
// 2048, assumed reached. Cited at the snapshot bdda2efc7 (Aug 2026); the outputs were run with the unsloth,
// transformers and PyTorch releases each notebook prints. Parameter counts computed from each model's config;
// LoRA r 16 on the seven projections gives the "Number of trainable parameters" each notebook prints.
const unslothNotebook = (file: string) =>
  `unslothai/notebooks nb/${file} (at bdda2efc7, https://github.com/unslothai/notebooks/blob/main/nb/${file})`;
const unslothAlpacaSeq =
  'yahma/alpaca-cleaned (unsloth/alpaca-cleaned) in the Alpaca prompt, unpacked, padded to the longest of a batch; the longest batch of the 60 steps assumed to reach 1024 tokens (the notebook prints no lengths)';
const unsloth = (options: {
  id: string;
  file: string;
  measured: number;
  start: number;
  model: { name: string; params: number; shape: string };
  trainable: number;
  gpu: 'T4' | 'A100-40GB' | 'A100-80GB';
  releases: string;
  batch: number;
  accumulation: number;
  seq: number;
  seqText: string;
  optimizer?: 'adam8bit' | 'paged_adamw_8bit';
  lora?: string | false;
  loraText?: string;
  extraTrainable?: string;
  notExpressible?: string;
}): PublishedCase => {
  const isT4 = options.gpu === 'T4';
  const dtype = isT4 ? 'fp16' : 'bf16';
  return {
    id: `unsloth-notebook-${options.id}`,
    source: `${unslothNotebook(options.file)}, output "Peak reserved memory = ${options.measured} GB."`,
    what: 'reserved',
    unit: 'GiB',
    measured: options.measured,
    config: `${options.model.name} (${options.model.params} parameters) loaded in 4-bit NF4 with double quantization and ${dtype} compute, ${options.loraText ?? `LoRA r 16 alpha 16 dropout 0 on q, k, v, o, gate, up, down (${options.trainable} trainable)`}, use_gradient_checkpointing "unsloth" (every layer checkpointed, the checkpoints offloaded to the host), batch ${options.batch} × ${options.accumulation} accumulation steps, ${options.optimizer === 'paged_adamw_8bit' ? 'paged_adamw_8bit (states in unified memory)' : 'adamw_8bit'}, ${dtype} Trainer precision, unsloth's cross-entropy kernel, xformers attention; ${options.seqText}; one ${options.gpu} (${options.releases}); round(max_memory_reserved / 1024**3, 3), ${options.start} GiB of it reserved before training${options.notExpressible ? `. NOT EXPRESSIBLE: ${options.notExpressible}` : ''}`,
    spec: `model:
  params: ${options.model.params}${options.extraTrainable ? `\n  trainable: ${options.extraTrainable}` : ''}
  transformer: { ${options.model.shape}, seq_len: ${options.seq}, attention: flash }${options.lora === false ? '' : `\n  lora: { ${options.lora ?? `rank: 16, alpha: 16, targets: ${allLinear}, dropout: 0`}, adapter_dtype: weights }`}
  quantization: { weights: nf4, double_quant: true, compute_dtype: ${dtype} }
training: { precision: ${dtype}, optimizer: ${options.optimizer ?? 'adam8bit'}, batch_size: ${options.batch}, grad_accumulation: ${options.accumulation}, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }`,
  };
};
const mistral7bV03 = {
  name: 'Mistral-7B-v0.3 (32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 32768, untied)',
  params: 7_248_023_552,
  shape:
    'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 32768, ffn: 14336, tied_embeddings: false',
};

// --- google/flax issue #5026 "High Memory Consumption in Flax NNX Training Compared to PyTorch" (Oct 2025) ------
// "NVIDIA A100, 80 GB memory; 18 fully connected layers, each with 5 × 2048 units; 1,887,621,120 trainable
// parameters (18 × (10240 × 10240 + 10240)); synthetic dataset [1024, 5 × 2048]; batch size 128", the training
// table "PyTorch ~38.5 GB, Flax NNX ~61 GB" (10 epochs over the mini-batches). The issue's scripts build on
// flax #4848 (which sets XLA_PYTHON_CLIENT_PREALLOCATE=false) and #4045's optimised NNX training (an nnx.jit
// train step); the maintainers' answer (flax PR #5031) is that the step does not donate
// its arguments, so XLA keeps the old and the new state. Assumed: fp32 weights and data (the frameworks'
// defaults), Adam (optax.adam / torch.optim.Adam, the optimiser of those examples), a mean-squared-error loss
// on the 10240-wide output, ReLU between the layers, the figures each GPU's device total (nvidia-smi) in GB as
// printed. One GPU.
const flaxIssue = 'google/flax issue #5026 (https://github.com/google/flax/issues/5026)';
const mlp18Spec = (framework: string) => `${framework}model:
  params: 1887621120
  cnn:
    input: [10240, 1, 1]
    layers:
      - { linear: 10240, repeat: 18 }
training: { precision: fp32, optimizer: adam, batch_size: 128 }`;

// --- linkedin/Liger-Kernel examples/huggingface/README.md, "QWEN" (03fd6032, PR #108, Aug 2024) ------------------
// "Benchmark conditions: Qwen2-7B, Alpaca Dataset, Max seq len = 512, Data Type = bf16, Optimizer = AdamW,
// Gradient Checkpointing = True, Distributed Strategy = FSDP1 on 4 A100s"; the chart img/qwen_mem_alloc.png
// "Peak Allocated Memory (MB)" labels each bar. run_qwen.sh and training.py of that commit: torchrun over 4
// GPUs, AutoModelForCausalLM in torch_dtype bfloat16 (weights, gradients and AdamW states bf16), --bf16,
// --fsdp "full_shard auto_wrap" with fsdp_config activation_checkpointing true (every Qwen2DecoderLayer),
// TRL SFTTrainer over tatsu-lab/alpaca's "text" with max_seq_length 512 and DataCollatorForCompletionOnlyLM
// (pad to the longest of the batch, multiple of 16; a batch of 32 or more Alpaca texts assumed to reach the 512
// cap), per_device_train_batch_size as the chart's x axis, HF Trainer's adamw_torch, transformers of Aug 2024
// (4.44: the Qwen2 loss upcasts the logits to fp32). use_liger: apply_liger_kernel_to_qwen2() (RoPE, RMSNorm,
// SwiGLU and the fused linear cross-entropy: no logits kept). callback.py's EfficiencyCallback logs
// torch.cuda.max_memory_allocated() / 2**20 on the logging rank: MiB, one GPU's figure. Qwen/Qwen2-7B: 28
// layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, untied, q/k/v bias: 7,615,616,512.
const ligerQwen =
  'linkedin/Liger-Kernel examples/huggingface/README.md (commit 03fd6032, "QWEN" with img/qwen_mem_alloc.png, https://github.com/linkedin/Liger-Kernel/tree/main/examples/huggingface)';
const qwen2_7b = {
  params: 7_615_616_512,
  shape:
    'family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false',
};
const liger = (options: { isLiger: boolean; batch: number; mib: number }): PublishedCase => ({
  id: `liger-kernel-example-qwen2-7b-fsdp1-4xa100-bs${options.batch}-seq512-${options.isLiger ? 'liger' : 'no-liger'}`,
  source: `${ligerQwen}, bar "${options.isLiger ? 'w liger' : 'w/o liger'}" at batch ${options.batch}: ${options.mib}`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.mib / 1024,
  config: `torchrun --nproc-per-node=4 training.py --model_name Qwen/Qwen2-7B --bf16 --per_device_train_batch_size ${options.batch} --fsdp "full_shard auto_wrap" --fsdp_config config/fsdp_config.json --use_liger ${options.isLiger ? 'True' : 'False'}: Qwen2-7B (7,615,616,512 parameters) in bf16 (bf16 AdamW states), FSDP1 full shard over 4 A100 80GB with every decoder layer checkpointed, ${options.batch} Alpaca texts of up to 512 tokens per GPU (the peak batch assumed to reach 512), SDPA attention, ${options.isLiger ? "Liger's fused linear cross-entropy (no logits kept)" : 'the transformers loss over fp32-upcast logits'}; rank 0's max_memory_allocated in MiB (${options.mib}), one GPU's figure`,
  spec: `model:
  params: ${qwen2_7b.params}
  transformer: { ${qwen2_7b.shape}, seq_len: 512, attention: sdpa }
training: { precision: bf16, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full, loss: ${options.isLiger ? 'fused, kernels: liger' : 'standard'} }
parallel: { gpus: 4, strategy: fsdp_full }`,
});

// --- huggingface/trl examples/notebooks/grpo_trl_lora_qlora.ipynb (output of 7f8fbf04c, run Dec 2025) --------------
// The notebook's selected model Qwen/Qwen2-7B-Instruct ("✅ ~9.2GB VRAM") through GRPOTrainer(model=model_id,
// quantization_config=BitsAndBytesConfig(NF4, double quantization, fp16 compute), peft_config=LoraConfig(r 32,
// alpha 32 on the seven projections: 80,740,352 trainable)), GRPOConfig with model_init_kwargs dtype float32 and
// sdpa (the non-quantized weights fp32; no bf16 on a T4, so no autocast), per_device_train_batch_size 8,
// num_generations 8 (one prompt's 8 completions per step), max_completion_length 256, paged_adamw_8bit,
// use_liger_kernel (Liger's fused GRPO loss: no logits kept), TRL's defaults of then (0.26/0.27:
// gradient_checkpointing True, beta 0.0 so no reference model, generation by transformers' generate in the
// same process, steps_per_generation = gradient_accumulation_steps 1); AI-MO/NuminaMath-TIR problems with the
// notebook's system prompt (about 150 to 300 tokens) plus up to 256 completion tokens, assumed 512 per
// sequence. "Peak reserved memory = 8.832 GB." is round(max_memory_reserved / 1024**3, 3) on a Tesla T4: GiB.
const trlGrpoNotebook =
  'huggingface/trl examples/notebooks/grpo_trl_lora_qlora.ipynb (output cell of 7f8fbf04c, https://github.com/huggingface/trl/blob/main/examples/notebooks/grpo_trl_lora_qlora.ipynb)';

// --- open-mmlab/mmaction2 configs/recognition_audio/resnet/README.md, "gpu_mem(M)" (mmaction2 1.0) -----------------
// At 53b2a43d (the parent of 0341f70a, which dropped the column), as rounds 5 to 7 read mmaction2.
// tsn_r18_8xb320-64x1x1-100e_kinetics400-audio-feature.py: configs/_base_/models/tsn_r18_audio.py =
// RecognizerAudio with mmaction's ResNet-18 (in_channels 1, BasicBlocks [2, 2, 2, 2], BatchNorm trained) and
// TSNAudioHead (global average pool, dropout 0.5, 512 → 400); the input one clip of 64 frames of the 80-bin
// log-mel features of tools/data/build_audio_features.py (num_mels 80), FormatAudioShape NCTF: [1, 64, 80] per
// sample; 320 clips per GPU on 8 GPUs (DDP), SGD momentum 0.9, grad clip 40, fp32. Parameters computed from the
// modules: backbone 11,170,240 (the torchvision ResNet-18 trunk with a 1-channel stem), head 205,200:
// 11,375,440. gpu_mem(M) is mmengine's max_memory_allocated() // 2**20 on rank 0 (MiB), one GPU's figure.
const mmactionAudio =
  'open-mmlab/mmaction2 configs/recognition_audio/resnet/README.md (at 53b2a43d, the parent of 0341f70a, https://github.com/open-mmlab/mmaction2/tree/main/configs/recognition_audio/resnet)';
const resnet18Stack = (): string[] => {
  const layers = [
    '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
    '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
  ];
  [64, 128, 256, 512].forEach((width, stage) => {
    for (let conv = 0; conv < 4; conv++)
      layers.push(`{ conv: ${width}${conv === 0 && stage > 0 ? ', stride: 2' : ''} }`);
  });
  return layers;
};

// --- open-mmlab/mmaction2 configs/recognition/tanet/README.md, "gpu_mem(M)" (mmaction2 1.0) --------------------------
// At 53b2a43d like the audio case. tanet_imagenet-pretrained-r50_8xb8-1x1x8-50e_sthv1-rgb.py:
// configs/_base_/models/tanet_r50.py = Recognizer2D with TANet (the torchvision-layout ResNet-50, stride on the
// 3×3, BatchNorm trained, a Temporal Adaptive Module on each bottleneck's first conv output: a global branch
// Linear(8 → 16), BN, ReLU, Linear(16 → 3), softmax giving a per-channel temporal kernel, and a local branch
// Conv1d(c → c/4, 3), BN, ReLU, Conv1d(c/4 → c, 1), sigmoid; mmaction/models/common/tam.py) and TSMHead (average
// consensus, dropout 0.6, 2048 → 174); 8 segments of one frame, MultiScaleCrop then Resize to 224 × 224, 8 clips
// per GPU = 64 images on 8 GPUs (DDP), SGD momentum 0.9 (sgd_tsm_50e), fp32. Parameters computed from the
// modules: the trunk 23,508,032, the 16 TAMs 1,262,688, the head 356,526: 25,127,246. The 1x1x16 row is
// tanet_imagenet-pretrained-r50_8xb6-1x1x16-50e_sthv1-rgb.py: 16 segments (the TAMs' global branch 16 → 32 → 3:
// 1,270,112 in all; 25,134,670), 6 clips per GPU = 96 images. gpu_mem(M): rank 0's max_memory_allocated in MiB,
// one GPU's figure.
const mmactionTanet =
  'open-mmlab/mmaction2 configs/recognition/tanet/README.md (at 53b2a43d, the parent of 0341f70a, https://github.com/open-mmlab/mmaction2/tree/main/configs/recognition/tanet)';
const resnet50Stack = (blocks: readonly number[] = [3, 4, 6, 3]): string[] => {
  const layers = [
    '{ conv: 64, kernel: 7, stride: 2, padding: 3 }',
    '{ pool: max, kernel: 3, stride: 2, padding: 1 }',
  ];
  blocks.forEach((count, stage) => {
    const width = 64 * 2 ** stage;
    for (let block = 0; block < count; block++)
      layers.push(
        `{ conv: ${width}, kernel: 1 }`,
        `{ conv: ${width}${block === 0 && stage > 0 ? ', stride: 2' : ''} }`,
        `{ conv: ${4 * width}, kernel: 1 }`,
      );
  });
  return layers;
};

const tanet = (options: {
  segments: 8 | 16;
  clips: number;
  params: number;
  mib: number;
  row: string;
}): PublishedCase => {
  const images = options.segments * options.clips;
  const config = `tanet_imagenet-pretrained-r50_8xb${options.clips}-1x1x${options.segments}-50e_sthv1-rgb.py`;
  return {
    id: `mmaction2-tanet-r50-8xb${options.clips}-1x1x${options.segments}-sthv1`,
    source: `${mmactionTanet}, Something-Something V1 row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.mib / 1024,
    config: `tools/dist_train.sh configs/recognition/tanet/${config} 8: TANet on ResNet-50 (${options.params} parameters), ${options.clips} clips × ${options.segments} frames of 224 × 224 = ${images} images per GPU on 8 GPUs (DDP), BatchNorm trained, SGD momentum 0.9, fp32; rank 0's max_memory_allocated, ${options.mib} MiB (gpu_mem(M)), one GPU's figure. NOT EXPRESSIBLE: the temporal adaptive modules (a per-channel temporal convolution with learned kernels and a sigmoid gate on each bottleneck's first conv output, with their activations); the spec holds the ResNet-50 stack, the residual adds and downsample convs outside it`,
    spec: `model:
  params: ${options.params}
  cnn:
    input: [3, 224, 224]
    layers:
${[...resnet50Stack(), '{ pool: global }', '{ linear: 174, relu: false }'].map((layer) => `      - ${layer}`).join('\n')}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: ${images} }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

// --- pytorch/torchtitan pull request #1884 "[llama3-8B] add flex_attention model flavor" (Oct 2025) -------------------
// The PR's "Test": CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml NGPU=4 ./run_train.sh
// --model.flavor "8B_flex_attn" --activation_checkpoint.mode "full" --parallelism.context_parallel_degree 2, with
// the log of the four ranks. llama3_8b.toml of then (92ed8b318, the main branch the PR stack sat on): Llama 3
// 8B (8,030,261,248 parameters), AdamW, local batch 1 × 8192 C4 tokens, data_parallel_shard_degree -1 (2 with
// context parallelism 2 on 4 GPUs; FSDP2 shards the parameters over all 4 ranks, bf16 compute, fp32 reduce over
// fp32 sharded parameters and states), compile off, the loss a cross-entropy over fp32-upcast logits; the
// 8B_flex_attn flavor runs FlexAttention with a causal block mask. Each rank holds 4096 of the 8192 tokens. The
// log's "memory: N GiB(P%)" is torchtitan's max_memory_reserved in GiB on that rank (P% of a 95 GiB device, an
// H100 96GB), one GPU's figure; the step-10 line is the largest printed (step 1's 33.21 GiB is before the first
// optimizer step). The PR was closed unmerged; the measurement stands as published.
const titanFlexPr = 'pytorch/torchtitan pull request #1884 (https://github.com/pytorch/torchtitan/pull/1884)';

// --- cloneofsimo/min-max-gpt pull request #10 "add gradient checkpointing" (March 2024) -------------------------------
// "Gradient checkpointing (grad ckpt) is tested on 4x 80GB A100 … deepspeed --num_gpus 4 run_trainer.py
// --learning_rate 1e-4 --head_width 128 --run_name test --per_device_train_batch_size 128 --print_profile_results
// [--gradient_checkpointing False] … exp w/ grad ckpt consumes 59GB as max reserved, but 70GB for exp w/o grad"
// (the 4th batch of each run). run_trainer.py and tweakablegpt.py of the PR's commit 8c99d88: GPTModel with the
// defaults n_layer 12, n_head 4, head_width 128 (512 wide), GELU MLP 2048 with bias, q/k/v and output
// projections without bias, LayerNorm, learned positions (512), an untied head over the GPT-2 vocabulary 50257:
// 89,530,368 parameters, built under deepspeed.zero.Init; WikiText samples padded to max_length 512; DeepSpeed
// bfloat16, ZeRO-3 with offload_param and offload_optimizer on the CPU (offload default True: DeepSpeedCPUAdam, the
// fp32 master copy and Adam states on the host), train_batch_size 2048 = 128 per GPU × 4 GPUs × 4 accumulation
// steps; the loss F.cross_entropy over logits upcast with .float() and a contiguous shifted copy; SDPA attention.
// Checkpointing (default on): DeepSpeed's activation checkpointing over segments of 3 blocks (number_checkpoints
// 3) with cpu_checkpointing (the segment inputs on the host). The figures: memory_profile_utils prints
// torch.cuda.max_memory_reserved() / 1024**2 (MB) on each rank; the PR's "59GB"/"70GB" read as GiB, one GPU's.
const minMaxGptPr =
  'cloneofsimo/min-max-gpt pull request #10 (https://github.com/cloneofsimo/min-max-gpt/pull/10)';
const minMaxGpt = (isCheckpointed: boolean): PublishedCase => ({
  id: `min-max-gpt-pr-10-gpt-90m-zero3-offload-bs128-seq512-4xa100-${isCheckpointed ? 'ds-checkpointing' : 'no-checkpointing'}`,
  source: `${minMaxGptPr}, description: "exp w/ grad ckpt consumes 59GB as max reserved, but 70GB for exp w/o grad"`,
  what: 'reserved',
  unit: 'GiB',
  measured: isCheckpointed ? 59 : 70,
  config: `deepspeed --num_gpus 4 run_trainer.py --head_width 128 --per_device_train_batch_size 128${isCheckpointed ? '' : ' --gradient_checkpointing False'} (8c99d88): a 12-layer GPT 512 wide (89,530,368 parameters, vocab 50257, untied head), 128 WikiText rows of 512 tokens per GPU, 4 accumulation steps, DeepSpeed bf16 ZeRO-3 with parameters and the optimizer (DeepSpeedCPUAdam, fp32 master and states) offloaded to the host, SDPA, cross-entropy over fp32-upcast logits, ${isCheckpointed ? 'DeepSpeed activation checkpointing of 3-block segments with their inputs on the host' : 'no activation checkpointing'}; 4 × A100 80GB, each rank's max_memory_reserved (per GPU, the PR's GB read as GiB)${isCheckpointed ? ". NOT EXPRESSIBLE: checkpoint segments of 3 blocks (the spec checkpoints each block; one segment's activations are alive during its recompute)" : ''}`,
  spec: `model:
  params: 89530368
  transformer: { family: gpt, layers: 12, hidden: 512, heads: 4, ffn: 2048, vocab: 50257, max_positions: 512, seq_len: 512, tied_embeddings: false, attention: sdpa }
training: { precision: bf16, convention: zero, optimizer: adam, batch_size: 128, grad_accumulation: 4, activation_checkpointing: ${isCheckpointed ? 'full' : 'none'}, loss: standard, offload: { parameters: cpu, optimizer: cpu${isCheckpointed ? ', activations: cpu' : ''} } }
parallel: { gpus: 4, strategy: zero3 }`,
});

// --- open-mmlab/mmdetection configs/retinanet/README.md, "Mem (GB)" (mmdet v2, 2020-2022) ----------------------------
// Cited at 10e91fd2 (the mmdet 2.x README). retinanet_r{18,50,101}_fpn_1x_coco.py (pytorch style): ResNet with the
// stride on each stage's 3×3 (BasicBlocks for R-18), BatchNorm in eval mode (norm_eval: running statistics
// frozen, affine weights learned, so each BN keeps its input), frozen_stages 1 (stem and first stage frozen), FPN
// (256 channels from C3-C5, P6 by a stride-2 3×3 on C5 and P7 on P6: add_extra_convs on_input), RetinaHead (two
// branches of four 3×3 convs of 256 with ReLU, 9 anchors, 80 classes, focal loss, L1 box loss) over the five
// levels; COCO resized to 1333 × 800 keeping the ratio, padded to a multiple of 32 (800 × 1344 taken as the peak's
// input); SGD momentum 0.9, fp32; 2 images per GPU on 8 GPUs (DDP), or 8 images on 1 GPU for "1x(1 x 8 BS)". The
// FP16 row is retinanet_r50_fpn_fp16_1x_coco.py (mmcv's fp16 hook with loss_scale 512; read as autocast over fp32
// weights, assumed). Parameter counts computed from the modules: trunks 11,176,512 (R-18), 23,508,032 (R-50),
// 42,500,160 (R-101); FPN 3,770,368 (R-18) or 7,997,440; head 6,463,220; frozen 157,504 (R-18) or 225,344. "Mem
// (GB)" is mmcv's logged max_memory_allocated in MiB / 1024 (GiB), one GPU's figure. Gathered NOT EXPRESSIBLE (the
// FPN and the dense heads over five pyramid levels); session 17 (issue 25, the round spent): model.detector.
const mmdetRetina =
  'open-mmlab/mmdetection configs/retinanet/README.md (commit 10e91fd2, https://github.com/open-mmlab/mmdetection/tree/master/configs/retinanet)';
const retinaNet = (options: {
  depth: 18 | 50 | 101;
  row: string;
  measured: number;
  gpus: number;
  batch: number;
  isFp16?: boolean;
  config: string;
}): PublishedCase => {
  const trunk = { 18: 11_176_512, 50: 23_508_032, 101: 42_500_160 }[options.depth];
  const params = trunk + (options.depth === 18 ? 3_770_368 : 7_997_440) + 6_463_220;
  const frozen = options.depth === 18 ? 157_504 : 225_344;
  return {
    id: `mmdet-retinanet-r${options.depth}-fpn-pytorch-1x-coco-${options.gpus}x${options.batch}img${options.isFp16 ? '-fp16' : ''}`,
    source: `${mmdetRetina}, row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `configs/retinanet/${options.config}: RetinaNet, ResNet-${options.depth} (pytorch style, BN in eval mode) + FPN (${params} parameters, ${params - frozen} trainable: stem and first stage frozen), ${options.batch} COCO images per GPU at 1333 × 800 (padded to 800 × 1344) on ${options.gpus} GPU${options.gpus > 1 ? 's (DDP)' : ''}, SGD momentum 0.9, ${options.isFp16 ? 'fp16 mixed precision (loss scale 512)' : 'fp32'}; the logged max_memory_allocated in MiB / 1024 (one GPU's figure). Session 17: the spec says the whole detector (model.detector: the trunk with its residual adds and shortcut convs, the FPN and the RetinaNet head), its ${params} parameters (${params - frozen} trainable) counted from the modules; before it, the spec was the trunk as a sequential stack with the FPN and head's parameters in params`,
    spec: `model:
  detector:
    input: [3, 800, 1344]
    backbone: { depth: ${options.depth} }
    head: retinanet
training: { precision: ${options.isFp16 ? 'amp_fp16' : 'fp32'}, optimizer: sgd_momentum, batch_size: ${options.batch} }${options.gpus > 1 ? `\nparallel: { gpus: ${options.gpus}, strategy: ddp }` : ''}`,
  };
};

// --- huggingface/peft method_comparison/MetaMathQA/results/<experiment>.json (51c2ff666, July 2026) -------------------
// The benchmark rounds 2 and 7 read (other result files, other methods): meta-llama/Llama-3.2-3B (28 layers,
// 3072 wide, 24 heads, 8 KV heads, MLP 8192, vocab 128256, tied; 3,212,749,824 parameters) loaded in bfloat16,
// no AMP, no gradient checkpointing, not compiled, SDPA, torch AdamW, batch 4, MetaMathQA samples up to
// max_seq_length 768 padded to the longest of the batch (the peak batch assumed to reach 768), one NVIDIA L40S,
// PyTorch 2.13.0+cu130, transformers 5.13.1, PEFT 0.19.2.dev0 (each file's meta_info; runs of 2026-07-14 to
// 2026-07-16). train_info.accelerator_memory_max = max_memory_reserved() at the end minus the reserved bytes at
// start (a few MiB), in bytes; the cache is emptied every 10 steps and evaluation generates for batches of 50
// (max_length 800) inside the same window. The parameter counts are the file's num_total_params and
// num_trainable_params.
const peftResults = (file: string) =>
  `huggingface/peft method_comparison/MetaMathQA/results/${file} (commit 51c2ff666, https://github.com/huggingface/peft/blob/main/method_comparison/MetaMathQA/results/${file})`;
const peftMetaMath = (options: {
  label: string;
  file: string;
  bytes: number;
  params: number;
  trainable: number;
  config: string;
  lora?: string;
}): PublishedCase => ({
  id: `peft-metamathqa-llama32-3b-${options.label}`,
  source: `${peftResults(options.file)}, train_info.accelerator_memory_max = ${options.bytes}`,
  what: 'reserved',
  unit: 'GB',
  measured: options.bytes / 1e9,
  config: `meta-llama/Llama-3.2-3B, ${options.config}; bf16 weights, AdamW, batch 4, max_seq_length 768 (the peak batch assumed to reach it), no gradient checkpointing, eager (not compiled), SDPA attention, cross-entropy over upcast logits, 1 × L40S 48 GB, PyTorch 2.13.0+cu130, transformers 5.13.1, PEFT 0.19.2.dev0; ${options.bytes} bytes = max_memory_reserved − the reserved bytes at start (a few MiB), the cache emptied every 10 steps, evaluation generation (batch 50, max_length 800) inside the same peak window`,
  spec: `model:
  params: ${options.lora ? 3_212_749_824 : options.params}${options.lora ? '' : `\n  trainable: ${options.trainable}`}
  transformer: { family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true, seq_len: 768, attention: sdpa }${options.lora ? `\n  lora: { ${options.lora}, adapter_dtype: fp32 }` : ''}
training: { precision: bf16, optimizer: adamw, batch_size: 4, activation_checkpointing: none, loss: standard }`,
});

export const round8Cases: PublishedCase[] = [
  // Unsloth's notebooks: QLoRA of eight dense models on Alpaca (T4), a 70B on an A100, continued pretraining.
  unsloth({
    id: 'llama3.1-8b-alpaca-qlora-r16-t4',
    file: 'Llama3.1_(8B)-Alpaca.ipynb',
    measured: 7.922,
    start: 5.984,
    model: {
      name: 'unsloth/Llama-3.1-8B (32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 128256, untied)',
      params: 8_030_261_248,
      shape:
        'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false',
    },
    trainable: 41_943_040,
    gpu: 'T4',
    releases: 'unsloth 2024.8, transformers 4.44.2, PyTorch 2.4.0+cu121, xformers 0.0.27.post2',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'mistral-7b-v0.3-alpaca-qlora-r16-t4',
    file: 'Mistral_v0.3_(7B)-Alpaca.ipynb',
    measured: 5.836,
    start: 4.52,
    model: { ...mistral7bV03, name: `unsloth/mistral-7b-v0.3, ${mistral7bV03.name}` },
    trainable: 41_943_040,
    gpu: 'T4',
    releases: 'unsloth 2024.5, PyTorch 2.3.0+cu121, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'mistral-nemo-12b-alpaca-qlora-r16-t4',
    file: 'Mistral_Nemo_(12B)-Alpaca.ipynb',
    measured: 10.68,
    start: 8.588,
    model: {
      name: 'unsloth/Mistral-Nemo-Base-2407 (40 layers, 5120 wide, 32 heads of 128, 8 KV heads, MLP 14336, vocab 131072, untied)',
      params: 12_247_782_400,
      shape:
        'family: llama, layers: 40, hidden: 5120, heads: 32, kv_heads: 8, head_dim: 128, vocab: 131072, ffn: 14336, tied_embeddings: false',
    },
    trainable: 57_016_320,
    gpu: 'T4',
    releases: 'unsloth 2024.7, PyTorch 2.3.1+cu121, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'mistral-small-22b-alpaca-qlora-r16-bs1-t4',
    file: 'Mistral_Small_(22B)-Alpaca.ipynb',
    measured: 14.271,
    start: 12.486,
    model: {
      name: 'unsloth/Mistral-Small-Instruct-2409 (56 layers, 6144 wide, 48 heads of 128, 8 KV heads, MLP 16384, vocab 32768, untied)',
      params: 22_247_282_688,
      shape:
        'family: llama, layers: 56, hidden: 6144, heads: 48, kv_heads: 8, head_dim: 128, vocab: 32768, ffn: 16384, tied_embeddings: false',
    },
    trainable: 95_420_416,
    gpu: 'T4',
    releases: 'unsloth 2024.9, transformers 4.44.2, PyTorch 2.4.0+cu121, xformers 0.0.27.post2',
    batch: 1,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'qwen2.5-7b-alpaca-qlora-r16-t4',
    file: 'Qwen2.5_(7B)-Alpaca.ipynb',
    measured: 7.893,
    start: 5.764,
    model: {
      name: 'unsloth/Qwen2.5-7B (28 layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, untied, q/k/v bias)',
      ...qwen2_7b,
    },
    trainable: 40_370_176,
    gpu: 'T4',
    releases: 'unsloth 2024.9.post1, transformers 4.44.2, PyTorch 2.4.1+cu121, xformers 0.0.28.post1',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'qwen3-14b-base-alpaca-qlora-r16-t4',
    file: 'Qwen3_(14B)-Alpaca.ipynb',
    measured: 12.949,
    start: 11.898,
    model: {
      name: 'unsloth/Qwen3-14B-Base-unsloth-bnb-4bit (40 layers, 5120 wide, 40 heads of 128, 8 KV heads, QK-norm, MLP 17408, vocab 151936, untied)',
      params: 14_768_307_200,
      shape:
        'family: llama, layers: 40, hidden: 5120, heads: 40, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 17408, tied_embeddings: false',
    },
    trainable: 64_225_280,
    gpu: 'T4',
    releases: 'unsloth 2025.4.4, transformers 4.51.3, PyTorch 2.6.0+cu124, xformers 0.0.29.post3',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
    notExpressible: 'the "unsloth-bnb-4bit" dynamic checkpoint keeps a few sensitive linears in 16 bits',
  }),
  unsloth({
    id: 'gemma2-2b-alpaca-qlora-r16-t4',
    file: 'Gemma2_(2B)-Alpaca.ipynb',
    measured: 7.684,
    start: 2.697,
    model: {
      name: 'unsloth/gemma-2-2b (26 layers, 2304 wide, 8 heads of 256, 4 KV heads, GeGLU MLP 9216, vocab 256000, tied)',
      params: 2_614_341_888,
      shape:
        'family: llama, layers: 26, hidden: 2304, heads: 8, kv_heads: 4, head_dim: 256, vocab: 256000, ffn: 9216, tied_embeddings: true',
    },
    trainable: 20_766_720,
    gpu: 'T4',
    releases: 'unsloth 2024.8, transformers 4.43.3, PyTorch 2.3.1+cu121, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'gemma2-9b-alpaca-qlora-r16-t4',
    file: 'Gemma2_(9B)-Alpaca.ipynb',
    measured: 9.383,
    start: 6.576,
    model: {
      name: 'unsloth/gemma-2-9b (42 layers, 3584 wide, 16 heads of 256, 8 KV heads, GeGLU MLP 14336, vocab 256000, tied)',
      params: 9_241_705_984,
      shape:
        'family: llama, layers: 42, hidden: 3584, heads: 16, kv_heads: 8, head_dim: 256, vocab: 256000, ffn: 14336, tied_embeddings: true',
    },
    trainable: 54_018_048,
    gpu: 'T4',
    releases: 'unsloth 2024.7, PyTorch 2.3.0+cu121, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 4,
    seq: 1024,
    seqText: unslothAlpacaSeq,
  }),
  unsloth({
    id: 'llama3.3-70b-instruct-finetome-qlora-r16-a100-80gb',
    file: 'Llama3.3_(70B)_A100-Conversational.ipynb',
    measured: 42.789,
    start: 39.221,
    model: {
      name: 'unsloth/Llama-3.3-70B-Instruct (80 layers, 8192 wide, 64 heads, 8 KV heads, MLP 28672, vocab 128256, untied)',
      params: 70_553_706_496,
      shape:
        'family: llama, layers: 80, hidden: 8192, heads: 64, kv_heads: 8, vocab: 128256, ffn: 28672, tied_embeddings: false',
    },
    trainable: 207_093_760,
    gpu: 'A100-80GB',
    releases: 'unsloth 2025.9.1, transformers 4.55.4, PyTorch 2.8.0+cu126, xformers 0.0.32.post2',
    batch: 2,
    accumulation: 4,
    seq: 2048,
    seqText:
      'mlabonne/FineTome-100k conversations in the Llama-3.1 chat template, train_on_responses_only, DataCollatorForSeq2Seq padding to the longest of a batch, truncated at max_seq_length 2048; the longest batch of 60 steps assumed to reach 2048',
  }),
  unsloth({
    id: 'qwen2.5-coder-14b-instruct-finetome-qlora-r16-paged-adamw8bit-bs1-t4',
    file: 'Qwen2.5_Coder_(14B)-Conversational.ipynb',
    measured: 13.24,
    start: 10.287,
    model: {
      name: 'unsloth/Qwen2.5-Coder-14B-Instruct (48 layers, 5120 wide, 40 heads, 8 KV heads, MLP 13824, vocab 152064, untied, q/k/v bias)',
      params: 14_770_033_664,
      shape:
        'family: llama, layers: 48, hidden: 5120, heads: 40, kv_heads: 8, vocab: 152064, ffn: 13824, bias: qkv, tied_embeddings: false',
    },
    trainable: 68_812_800,
    gpu: 'T4',
    releases: 'unsloth 2024.11.6, transformers 4.46.2, PyTorch 2.5.0+cu121, xformers 0.0.28.post2',
    batch: 1,
    accumulation: 4,
    optimizer: 'paged_adamw_8bit',
    seq: 2048,
    seqText:
      'mlabonne/FineTome-100k conversations in the Qwen-2.5 chat template, train_on_responses_only, padded to the longest of a batch, truncated at max_seq_length 2048; the longest of the 30 steps assumed to reach 2048',
  }),
  unsloth({
    id: 'qwen3-32b-reasoning-mix-qlora-r32-a100-40gb',
    file: 'Qwen3_(32B)_A100-Reasoning-Conversational.ipynb',
    measured: 24.529,
    start: 19.121,
    model: {
      name: 'unsloth/Qwen3-32B (64 layers, 5120 wide, 64 heads of 128, 8 KV heads, QK-norm, MLP 25600, vocab 151936, untied)',
      params: 32_762_123_264,
      shape:
        'family: llama, layers: 64, hidden: 5120, heads: 64, kv_heads: 8, head_dim: 128, vocab: 151936, ffn: 25600, tied_embeddings: false',
    },
    trainable: 268_435_456,
    gpu: 'A100-40GB',
    releases: 'unsloth 2025.9.1, transformers 4.55.4, PyTorch 2.8.0+cu126, xformers 0.0.32.post2',
    batch: 2,
    accumulation: 4,
    seq: 2048,
    seqText:
      'unsloth/OpenMathReasoning-mini (cot) reasoning traces mixed with mlabonne/FineTome-100k conversations in the Qwen3 chat template, padded to the longest of a batch, truncated at max_seq_length 2048; the long reasoning traces assumed to reach 2048 within the 30 steps',
    loraText: 'LoRA r 32 alpha 32 dropout 0 on q, k, v, o, gate, up, down (268,435,456 trainable, computed)',
    lora: `rank: 32, alpha: 32, targets: ${allLinear}, dropout: 0`,
  }),
  unsloth({
    id: 'phi-4-finetome-qlora-r16-t4',
    file: 'Phi_4-Conversational.ipynb',
    measured: 12.361,
    start: 10.043,
    model: {
      name: 'unsloth/Phi-4 (Phi-4 in the Llama layout: 40 layers, 5120 wide, 40 heads, 10 KV heads, MLP 17920, vocab 100352, untied)',
      params: 14_659_507_200,
      shape:
        'family: llama, layers: 40, hidden: 5120, heads: 40, kv_heads: 10, vocab: 100352, ffn: 17920, tied_embeddings: false',
    },
    trainable: 65_536_000,
    gpu: 'T4',
    releases: 'unsloth 2025.1.5, transformers 4.47.1, PyTorch 2.5.1+cu121, xformers 0.0.29.post1',
    batch: 2,
    accumulation: 4,
    seq: 2048,
    seqText:
      'mlabonne/FineTome-100k conversations in the Phi-4 chat template, train_on_responses_only, padded to the longest of a batch, truncated at max_seq_length 2048; the longest of the 30 steps assumed to reach 2048',
  }),
  unsloth({
    id: 'llama3.2-3b-instruct-finetome-qlora-r16-t4',
    file: 'Llama3.2_(1B_and_3B)-Conversational.ipynb',
    measured: 6.531,
    start: 2.635,
    model: {
      name: 'unsloth/Llama-3.2-3B-Instruct (28 layers, 3072 wide, 24 heads, 8 KV heads, MLP 8192, vocab 128256, tied)',
      params: 3_212_749_824,
      shape:
        'family: llama, layers: 28, hidden: 3072, heads: 24, kv_heads: 8, vocab: 128256, ffn: 8192, tied_embeddings: true',
    },
    trainable: 24_313_856,
    gpu: 'T4',
    releases: 'unsloth 2024.10.0 (the notebook prints no other release)',
    batch: 2,
    accumulation: 4,
    seq: 2048,
    seqText:
      'mlabonne/FineTome-100k conversations in the Llama-3.1 chat template, train_on_responses_only, padded to the longest of a batch, truncated at max_seq_length 2048; the longest of the 60 steps assumed to reach 2048',
  }),
  unsloth({
    id: 'mistral-7b-v0.3-tinystories-continued-pretraining-r128-embed-head-t4',
    file: 'Mistral_(7B)-Text_Completion.ipynb',
    measured: 11.432,
    start: 6.367,
    model: { ...mistral7bV03, name: `unsloth/mistral-7b-v0.3, ${mistral7bV03.name}` },
    trainable: 603_979_776,
    gpu: 'T4',
    releases: 'unsloth 2024.5, PyTorch 2.3.0+cu121, xformers 0.0.26.post1',
    batch: 2,
    accumulation: 8,
    seq: 1024,
    seqText:
      'UnslothTrainer over roneneldan/TinyStories train[:2500] (one epoch), stories of about 100 to 900 tokens padded to the longest of a batch, assumed 1024',
    loraText:
      'rank-stabilised LoRA r 128 alpha 32 dropout 0 on q, k, v, o, gate, up, down (335,544,320) plus "embed_tokens" and "lm_head" in target_modules, which unsloth trains as full trainable copies (268,435,456): 603,979,776 trainable as printed, embedding_learning_rate 5e-6',
    // Gathered NOT EXPRESSIBLE (the spec could not give both lora and trainable: it gave the 603,979,776 trainable
    // parameters without the adapters' activations); session 17 (issue 25): lora.modules_to_save says the copies.
    lora: `rank: 128, alpha: 32, targets: ${allLinear}, dropout: 0, modules_to_save: [embed, lm_head]`,
  }),

  // flax #5026: the same 1.9B-parameter MLP trained in Flax NNX and in PyTorch on one A100 80GB.
  {
    id: 'flax-issue-5026-nnx-mlp-18x10240-adam-bs128-a100-80gb',
    source: `${flaxIssue}, "Training (10 epochs over all mini-batches)" row "Flax NNX | ~61 GB | ~14.3 s"`,
    what: 'device total',
    unit: 'GB',
    measured: 61,
    config:
      "Flax NNX (JAX on GPU, Oct 2025): 18 nnx.Linear layers of 10240 → 10240 (1,887,621,120 parameters), fp32, batch 128 of a synthetic [1024, 10240] set, an nnx.jit train step whose model and optimizer state are not donated (the old and the new state both alive: the maintainers' answer in flax PR #5031), one A100 80GB; the device's memory in GB as reported (nvidia-smi, with preallocation off, assumed). Assumed: optax Adam, MSE loss, ReLU between layers",
    spec: mlp18Spec('framework: jax\n'),
  },
  {
    id: 'flax-issue-5026-pytorch-mlp-18x10240-adam-bs128-a100-80gb',
    source: `${flaxIssue}, "Training (10 epochs over all mini-batches)" row "PyTorch | ~38.5 GB | ~14.5 s"`,
    what: 'device total',
    unit: 'GB',
    measured: 38.5,
    config:
      'PyTorch (Oct 2025): the same 18 Linear layers of 10240 → 10240 (1,887,621,120 parameters), fp32, batch 128 of a synthetic [1024, 10240] set, eager, one A100 80GB; the device memory in GB as reported (nvidia-smi, assumed). Assumed: torch.optim.Adam (foreach, the default), MSE loss, ReLU between layers',
    spec: mlp18Spec(''),
  },

  // Liger-Kernel's Hugging Face example: Qwen2-7B under FSDP1 on 4 A100s, with and without Liger, batch 32 to 64.
  liger({ isLiger: false, batch: 32, mib: 51154.27 }),
  liger({ isLiger: true, batch: 32, mib: 39300.01 }),
  liger({ isLiger: true, batch: 48, mib: 42085.62 }),
  liger({ isLiger: true, batch: 64, mib: 42709.12 }),

  // TRL's GRPO notebook: a QLoRA policy trained by GRPO (generation in the loop) on a T4.
  {
    id: 'trl-notebook-grpo-qwen2-7b-instruct-qlora-r32-paged-adamw8bit-liger-t4',
    source: `${trlGrpoNotebook}, output "Peak reserved memory = 8.832 GB."`,
    what: 'reserved',
    unit: 'GiB',
    measured: 8.832,
    config:
      "GRPOTrainer on Qwen/Qwen2-7B-Instruct (7,615,616,512 parameters) in 4-bit NF4 with double quantization and fp16 compute, every other weight fp32 (model_init_kwargs dtype float32), LoRA r 32 alpha 32 on q, k, v, o, gate, up, down (80,740,352 trainable), 8 completions of one NuminaMath-TIR prompt per step (about 250 prompt tokens plus up to 256 generated: 512 assumed), every layer checkpointed (TRL's default), paged_adamw_8bit, Liger's fused GRPO loss, beta 0 (no reference model), 500 steps, TRL 0.26/0.27 of Dec 2025; 6.773 GiB reserved before training; one Tesla T4; round(max_memory_reserved / 1024**3, 3). NOT EXPRESSIBLE: the generation phase (transformers' generate of 8 completions with their KV cache in the same process) and the reward models' scoring between steps",
    spec: `model:
  params: ${qwen2_7b.params}
  transformer: { ${qwen2_7b.shape}, seq_len: 512, attention: sdpa }
  lora: { rank: 32, alpha: 32, targets: ${allLinear}, dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16 }
training: { precision: fp32, optimizer: paged_adamw_8bit, batch_size: 8, activation_checkpointing: full, loss: fused }`,
  },

  // mmaction2's audio recogniser: a ResNet-18 over log-mel features, 320 clips per GPU.
  {
    id: 'mmaction2-audio-tsn-r18-8xb320-64x1x1-kinetics400-audio-feature',
    source: `${mmactionAudio}, Kinetics-400 row "64x1x1 | 1024 | 8 | Resnet18 | None | 19.7 | 35.75 | 10 clips | 1897"`,
    what: 'allocated',
    unit: 'GiB',
    measured: 1897 / 1024,
    config:
      "tools/dist_train.sh configs/recognition_audio/resnet/tsn_r18_8xb320-64x1x1-100e_kinetics400-audio-feature.py 8: ResNet-18 (1 input channel, BasicBlocks, BatchNorm trained) and a 512 → 400 head (11,375,440 parameters) over one 64-frame clip of 80-bin log-mel features per sample ([1, 64, 80]), 320 clips per GPU on 8 GPUs (DDP), SGD momentum 0.9, fp32; rank 0's max_memory_allocated, 1897 MiB (gpu_mem(M)), one GPU's figure. The residual adds and the 1 × 1 downsample convs are outside the spec's sequential stack (their parameters are in params)",
    spec: `model:
  params: 11375440
  cnn:
    input: [1, 64, 80]
    layers:
${[...resnet18Stack(), '{ pool: global }', '{ linear: 400, relu: false }'].map((layer) => `      - ${layer}`).join('\n')}
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 320 }
parallel: { gpus: 8, strategy: ddp }`,
  },

  // mmaction2's TANet: ResNet-50 with temporal adaptive modules, 8 and 16 segments.
  tanet({
    segments: 8,
    clips: 8,
    params: 25_127_246,
    mib: 7116,
    row: '1x1x8 | height 100 | 8 | ResNet50 | ImageNet | 46.98/49.71 | 75.75/77.43 | 8 clips x 3 crop | x | 7116',
  }),
  tanet({
    segments: 16,
    clips: 6,
    params: 25_134_670,
    mib: 10464,
    row: '1x1x16 | height 100 | 8 | ResNet50 | ImageNet | 48.24/50.95 | 78.16/79.28 | 8 clips x 3 crop | x | 10464',
  }),

  // torchtitan's flex-attention PR: Llama 3 8B with context parallelism 2 on 4 GPUs.
  {
    id: 'torchtitan-pr-1884-llama3-8b-flex-attn-cp2-fsdp4-full-ac-seq8192',
    source: `${titanFlexPr}, description "Test" log: "[rank2]: … step: 10  loss: 10.2391  grad_norm: 16.1413  memory: 44.84GiB(47.19%)"`,
    what: 'reserved',
    unit: 'GiB',
    measured: 44.84,
    config:
      "NGPU=4 ./run_train.sh with llama3_8b.toml (at 92ed8b318) --model.flavor 8B_flex_attn --activation_checkpoint.mode full --parallelism.context_parallel_degree 2: Llama 3 8B (8,030,261,248 parameters), FSDP2 over the 4 GPUs (fp32 sharded parameters and AdamW states, bf16 compute, fp32 reduce) with context parallelism 2 (each rank 4096 of the 8192 tokens, FlexAttention causal), batch 1, every block checkpointed, not compiled, cross-entropy over fp32 logits; each rank's max_memory_reserved in GiB as torchtitan logs it at step 10 (one GPU's figure, an H100 of 95 GiB)",
    spec: `model:
  params: 8030261248
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full, loss: standard }
parallel: { gpus: 4, strategy: fsdp_full, context: 2, fsdp_wrap: torchtitan }`,
  },

  // mmdetection's RetinaNet: ResNet-18, 50 and 101 with FPN on COCO, fp32 and fp16.
  retinaNet({
    depth: 18,
    row: 'R-18-FPN | pytorch | 1x | 1.7 | | 31.7',
    measured: 1.7,
    gpus: 8,
    batch: 2,
    config: 'retinanet_r18_fpn_1x_coco.py (2022)',
  }),
  retinaNet({
    depth: 18,
    row: 'R-18-FPN | pytorch | 1x(1 x 8 BS) | 5.0 | | 31.7',
    measured: 5,
    gpus: 1,
    batch: 8,
    config: 'retinanet_r18_fpn_1x8_1x_coco.py (2022)',
  }),
  retinaNet({
    depth: 50,
    row: 'R-50-FPN | pytorch | 1x | 3.8 | 19.0 | 36.5',
    measured: 3.8,
    gpus: 8,
    batch: 2,
    config: 'retinanet_r50_fpn_1x_coco.py (Jan 2020)',
  }),
  retinaNet({
    depth: 50,
    row: 'R-50-FPN (FP16) | pytorch | 1x | 2.8 | 31.6 | 36.4',
    measured: 2.8,
    gpus: 8,
    batch: 2,
    isFp16: true,
    config: 'retinanet_r50_fpn_fp16_1x_coco.py (July 2020)',
  }),
  retinaNet({
    depth: 101,
    row: 'R-101-FPN | pytorch | 1x | 5.7 | 15.0 | 38.5',
    measured: 5.7,
    gpus: 8,
    batch: 2,
    config: 'retinanet_r101_fpn_1x_coco.py (Jan 2020)',
  }),

  // min-max-gpt's checkpointing PR: a 90M GPT under ZeRO-3 with CPU offload, with and without checkpointing.
  minMaxGpt(true),
  minMaxGpt(false),

  // PEFT's MetaMathQA benchmark: AdaLoRA, BOFT, IA³, LoHa and VeRA on Llama-3.2-3B.
  peftMetaMath({
    label: 'adalora-init-r64-target-r32',
    file: 'adalora--llama-3.2-3B-rank32.json',
    bytes: 22_781_362_176,
    params: 3_231_103_544,
    trainable: 18_353_664,
    config:
      "AdaLoRA on q_proj and v_proj (init_r 64 pruned toward target_r 32 between steps 200 and 4500 — the SVD-form adapters P, Λ, Q keep their rank-64 size, masked — lora_alpha 8; 18,353,664 trainable; 3,231,103,544 in all), lr 1e-4. Marked not expressible when gathered (the orthogonality regulariser over P and Q and the rank allocator's importance scores (two EMAs per adapter parameter); the spec gives rank-64 LoRA on q and v); session 18 (issue 25): lora.variant adalora says it (lora_A, lora_E, lora_B at init_r 64 counted from the shape: 18,353,664; the allocator's two EMAs of each)",
    lora: 'variant: adalora, rank: 64, alpha: 8, targets: [q, v]',
  }),
  peftMetaMath({
    label: 'boft-block4-qv',
    file: 'boft--llama-3.2-3B-default.json',
    bytes: 24_691_867_648,
    params: 3_213_552_640,
    trainable: 802_816,
    config:
      'BOFT (PEFT BOFT on q_proj and v_proj, boft_block_size 4, one butterfly factor: an orthogonal rotation of each adapted weight built from Cayley-transformed 4 × 4 blocks, plus a trainable output scale; 802,816 trainable; 3,213,552,640 in all), lr 1e-4. NOT EXPRESSIBLE: the rotated full-size weight each adapted layer builds every forward (and its Cayley inverses); the spec gives the frozen model with 802,816 trainable parameters',
  }),
  peftMetaMath({
    label: 'ia3-default',
    file: 'ia3--llama-3.2-3B-default.json',
    bytes: 23_234_347_008,
    params: 3_213_036_544,
    trainable: 286_720,
    config:
      "IA³ (PEFT IA3 on k_proj, v_proj and down_proj, down_proj as a feed-forward module: learned vectors scaling k and v's outputs and down_proj's input; 286,720 trainable; 3,213,036,544 in all), lr 1e-4. Marked not expressible when gathered (the scaled activations each IA³ vector keeps for backward; the spec gave the frozen model with 286,720 trainable parameters); session 18 (issue 25): lora.variant ia3 says it (the base's 3,212,749,824 parameters, the vectors counted from the shape: 286,720)",
    lora: 'variant: ia3, targets: [k, v, down]',
  }),
  peftMetaMath({
    label: 'loha-r32-qv',
    file: 'loha--llama-3.2-3B-rank32.json',
    bytes: 23_907_532_800,
    params: 3_231_099_904,
    trainable: 18_350_080,
    config:
      "LoHa (PEFT LOHA r 32 alpha 64 on q_proj and v_proj: ΔW = (W1a W1b) ⊙ (W2a W2b), 18,350,080 trainable; 3,231,099,904 in all), lr 1e-4. Marked not expressible when gathered (the full-size ΔW each adapted layer builds every forward and keeps for backward; the spec gave the frozen model with 18,350,080 trainable parameters); session 18 (issue 25): lora.variant loha says it (the base's 3,212,749,824 parameters, the factors counted from the shape: 18,350,080)",
    lora: 'variant: loha, rank: 32, alpha: 64, targets: [q, v]',
  }),
  peftMetaMath({
    label: 'vera-r256-qv',
    file: 'vera--llama-3.2-3B-default.json',
    bytes: 21_621_637_120,
    params: 3_212_878_848,
    trainable: 129_024,
    config:
      "VeRA (PEFT VERA r 256 on q_proj and v_proj: frozen random projections A (256 × 3072) and B shared by every layer, trainable scaling vectors d and b; 129,024 trainable; 3,212,878,848 in all with the projections as buffers), lr 1e-3. Marked not expressible when gathered (the rank-256 intermediate activations of the shared projections; the spec gives the frozen model with 129,024 trainable parameters); session 18 (issue 25): lora.variant vera says it (the base's 3,212,749,824 parameters, the vectors counted from the shape: 129,024)",
    lora: 'variant: vera, rank: 256, targets: [q, v]',
  }),
];

// --- Sources note (round 8, gathered 2026-11-27 10:27–11:10 UTC) ---------------------------------------------
// 37 cases from 27 documents (6 repositories' files, one issue thread and two pull requests); 21 the spec can
// say in full, 16 marked NOT EXPRESSIBLE (Unsloth's dynamic 4-bit checkpoint, LoRA beside trainable embedding and
// head copies, GRPO's generation phase, TANet's temporal adaptive modules, DeepSpeed's 3-block checkpoint
// segments, RetinaNet's FPN and dense heads, AdaLoRA, BOFT, IA³, LoHa and VeRA's own tensors). What was
// measured: 23 reserved, 12 allocated, 2 device total. One document family gives 14 cases
// (Unsloth's notebooks, one harness: QLoRA with offloaded checkpoints and 8-bit AdamW on one GPU): read per
// harness as well as per case. One JAX case (flax #5026's NNX run, beside its PyTorch twin), from an issue's
// table whose optimiser is assumed; no other JAX source gave a measured training peak with its config: flax
// #5116 quotes XLA's compile-time memory_analysis (its script not visible), MaxText's logs guide prints
// bytes_in_use after initialisation, openpi's and LeRobot's memory tables are requirement envelopes, the uvadlc
// scaling notebooks are round 1's. Years: Jan 2020 (mmdetection's RetinaNet) to July 2026 (PEFT's MetaMathQA files);
// frameworks: PyTorch eager, HF Trainer, TRL (SFT, GRPO), PEFT, Unsloth, FSDP1, FSDP2 with context parallelism
// (torchtitan), DeepSpeed ZeRO-3 with CPU offload and its activation checkpointing, Liger, mmcv/mmengine
// (mmdetection, mmaction2), Flax NNX.
// Left out, and why: PEFT's docs/source/accelerate/deepspeed.md and fsdp.md (found here, then found cited by an
// earlier round); torchao's mx_formats README table (the table round 3 reads from docs/source/workflows/
// training.md); unsloth's Llama3_(8B)-Alpaca and Qwen2_(7B)-Alpaca (the same spec as the Llama 3.1 and Qwen2.5
// notebooks kept), Falcon_H1_(0.5B)-Alpaca (its output is the Gemma 2 2B notebook's, stale), the vision, audio,
// MoE, GRPO and phone-deployment notebooks and the Kaggle-/AMD- copies; Liger's Llama 3 8B and Gemma 7B charts
// (bars without labels); PEFT's other MetaMathQA files (one harness with rounds 2 and 7: five methods taken,
// adapters of five different kinds, the rest left so one harness does not fill the round); TRL's
// sft_tool_calling notebook (CohereLabs/tiny-aya-global's config not in reach) and sft_nemotron_3 (a hybrid Mamba
// MoE); litgpt's 0_to_litgpt run (left out by round 7); DeepSpeed's blogs and DeepSpeedExamples' READMEs
// (throughput only, or allocated-after-offload figures); flax's docs_nnx image_segmentation example ("use 19GB
// of GPU memory": JAX's default preallocation of 75% of a 24 GB card would show the same); the keras GPT-2 LoRA
// example (a plot, TensorFlow); transformers PR #15119's scaling.mdx (the document an earlier round reads as
// perf_train_gpu_one); torchtitan PR #778 (the float8nocompile README's figures, an earlier round's).
