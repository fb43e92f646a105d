// Round 4 of published MEASURED peaks for issue #25 (item 6), gathered after rounds 1 to 3 were seen
// and spent. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate
// before the one final measurement, and the model engineer does not read this file until then.
// Each case names its public source (document, commit, table row or line), what was measured
// (allocated, reserved or device total, and the unit the source divides by), whether the figure is one
// GPU's of a multi-GPU run, the config as published, and the spec a user would write for it; where a
// source leaves a setting out, `config` says what was assumed and from which default. Where the spec
// cannot say something the run did (a UNet's or a DiT's cross-attention, a compiler other than
// torch.compile), `config` says so: the case is kept because users bring such runs. No document here is
// cited by rounds 1 to 3 or ../shared/estimation (the test checks).
import type { PublishedCase } from './published-measured.js';

// --- Lightning-AI/litgpt extensions/thunder/README.md, "Examples and benchmarks" (May 2024) -----------------
// litgpt PR #1264 (commit 101e31d2): extensions/thunder/pretrain.py pre-training TinyLlama 1.1B (litgpt's
// "tiny-llama-1.1b": 22 layers, 2048 wide, 32 heads, 4 query groups, LLaMAMLP 5632, RMSNorm, vocab 32000,
// block_size 2048, lm_head separate from the embedding: train.tie_embeddings False) from scratch on
// TinyStories (litdata TokensLoader: every sample is a full 2049-token block), micro_batch_size 4 (the
// script's default), max_seq_length = block_size 2048, Fabric precision "bf16-true" (weights, gradients and
// AdamW states in bf16), torch.optim.AdamW(fused=True), no activation checkpointing, litgpt's
// chunked_cross_entropy with chunk_size=0 (one F.cross_entropy over the whole bf16 logits). The "Eager" rows
// run with --compiler null: no thunder, no torch.compile. Multi-GPU: Fabric FSDPStrategy(auto_wrap_policy=
// {Block}, sharding_strategy FULL_SHARD) or strategy "ddp" (DistributedDataParallel, default 25 MiB buckets)
// on 8 × A100-SXM4-40GB; torch 2.4.0.dev20240427, lightning 2.3.0.dev20240328. "Memory (GB)" is what the
// script prints at the end: torch.cuda.max_memory_allocated() / 1e9 on rank 0 (fabric.print).
const litgptThunder =
  'Lightning-AI/litgpt extensions/thunder/README.md "Examples and benchmarks" (commit 101e31d2, https://github.com/Lightning-AI/litgpt/blob/main/extensions/thunder/README.md)';
const tinyLlamaShape =
  'family: llama, layers: 22, hidden: 2048, heads: 32, kv_heads: 4, vocab: 32000, ffn: 5632, seq_len: 2048, lm_head: true, tied_embeddings: false, attention: sdpa';
const litgptThunderEager = (options: {
  id: string;
  row: string;
  measured: number;
  strategy: string;
  accumulation: number;
  parallel?: string;
}): PublishedCase => ({
  id: `litgpt-thunder-readme-tinyllama-pretrain-eager-${options.id}-a100-40gb`,
  source: `${litgptThunder}, row "${options.row}"`,
  what: 'allocated',
  unit: 'GB',
  measured: options.measured,
  config: `python extensions/thunder/pretrain.py --config config.yaml --compiler null ${options.strategy}: TinyLlama 1.1B (1,100,048,384 parameters with the separate head) pre-trained from scratch, bf16-true, fused AdamW, micro-batch 4 × 2048 tokens, ${options.accumulation} micro-batch${options.accumulation > 1 ? 'es' : ''} per optimizer step (TrainArgs.gradient_accumulation_iters: global batch / devices / 4), no activation checkpointing, not compiled, one cross-entropy over the bf16 logits, A100 40 GB; max_memory_allocated / 1e9${options.parallel ? ", rank 0's figure (one GPU's of 8)" : ''}`,
  spec: `model:
  params: 1100048384
  transformer: { ${tinyLlamaShape} }
training: { precision: bf16, optimizer: adamw, optimizer_impl: fused, batch_size: 4, grad_accumulation: ${options.accumulation}, activation_checkpointing: none, loss: standard }${options.parallel ? `\nparallel: { ${options.parallel} }` : ''}`,
});

// --- pytorch/ao docs/source/eager_tutorials/pretraining.rst, "(Part 1) Pre-training with float8" (June 2025) --
// torchtitan at 775a486e: NGPU=8 ./run_train.sh with torchtitan/models/llama3/train_configs/llama3_8b.toml
// of that commit (Llama 3 8B: 32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 128256;
// batch_size 1, seq_len 8192, AdamW lr 3e-4, data_parallel_shard_degree -1 = FSDP2 over the 8 GPUs,
// mixed_precision_param bfloat16 and mixed_precision_reduce float32 (config_manager.py defaults),
// activation_checkpoint mode "selective" with selective_ac_option "op", float8 filter_fqns ["output"],
// enable_fsdp_float8_all_gather false, precompute_float8_dynamic_scale_for_fsdp false) plus
// --training.compile (each TransformerBlock and, by components/loss.py build_cross_entropy_loss, the
// cross-entropy over .float() logits compiled). The log's "memory: X GiB(Y%)" is torchtitan's peak of
// reserved bytes / 1024**3 since the last log; the tutorial quotes the step-10-onwards value. The GPU is
// not named: 30.99 GiB = 32.62% gives a 95.0 GiB device (H100 NVL class). The bf16 run of the same page
// (30.89 GiB) is left out: its spec equals round 3's B200 bf16 case.
const aoPretrainDoc =
  'pytorch/ao docs/source/eager_tutorials/pretraining.rst (commit 348ef1e73, https://docs.pytorch.org/ao/stable/eager_tutorials/pretraining.html)';
const aoPretrain = (options: {
  id: string;
  section: string;
  line: string;
  measured: number;
  flags: string;
  float8: string;
}): PublishedCase => ({
  id: `torchao-pretraining-tutorial-llama3-8b-fsdp8-compile-${options.id}`,
  source: `${aoPretrainDoc}, section "${options.section}", log line "${options.line}"`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `torchtitan 775a486e llama3_8b.toml --training.compile ${options.flags}: Llama 3 8B pre-training, FSDP2 over 8 GPUs of 95.0 GiB (fp32 sharded parameters, bf16 compute, fp32 reduce), local batch 1 × 8192 tokens, per-op selective activation checkpointing, compiled blocks and loss, AdamW; one rank's (rank 0) peak reserved GiB`,
  spec: `model:
  params: 8030261248
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, seq_len: 8192, attention: flash }
training: { precision: mixed_bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: op, compile: true, float8: ${options.float8} }
parallel: { gpus: 8, strategy: fsdp_full, fsdp_wrap: torchtitan }`,
});

// --- a-r-r-o-w/finetrainers docs/training/ltx_video.md and hunyuan_video.md, "Memory Usage" (Jan 2025) ------
// finetrainers train.py with --mixed_precision bf16 (the transformer loaded in bf16; LoRA weights bf16 too:
// the allocated memory "before training start" is the bf16 transformer plus the bf16 adapters), batch 1,
// --gradient_checkpointing (every transformer block), torch.optim.AdamW over the trainable parameters (the
// states take the parameters' dtype), 10 steps on one video bucket, one GPU (not named). With
// --precompute_conditions the text encoder and VAE outputs are computed first and the encoders moved off
// the GPU, so training holds only the transformer. The tables give torch.cuda.memory_allocated() and
// max_memory_reserved() / 1024**3 at each stage, peak statistics reset after each stage (they fall
// between stages); the row "after epoch 1" is therefore the reserved peak of the 10 training steps.
// The DiT's cross-attention to the 128 (LTX) or 256 (Hunyuan) text tokens, its adaptive norms and its
// 3-D rotary embeddings are not in the spec; the spec gives the self-attention stack over the video
// latent tokens.
const finetrainersDocs = 'a-r-r-o-w/finetrainers docs/training';

// --- ShivamShrirao/diffusers examples/dreambooth/README.md, the flags table (Oct 2022) ----------------------
// DreamBooth of CompVis/stable-diffusion-v1-4 with train_dreambooth.py of that fork: only the UNet trained
// (859,520,964 parameters, fp32 master weights), 512 × 512 images (64 × 64 × 4 latents), xformers
// memory-efficient attention, latents and text embeddings cached first and the VAE and text encoder freed
// ("Caching the outputs of VAE and Text Encoder and freeing them also helped"), --use_8bit_adam =
// bitsandbytes AdamW8bit (8-bit states on the GPU), fp16 = accelerate's autocast (fp16 compute over the
// fp32 UNet). "Tested on Tesla T4 GPU"; "GB VRAM usage" is not said to come from a PyTorch counter: it is
// taken as the device total nvidia-smi shows (the fork's colab prints nvidia-smi), in GB as printed.
// Assumed: no prior preservation (the table lists train_batch_size only; with it every batch would double).
// The UNet's convolutions, attention and cross-attention are not expressible in the spec (no UNet family):
// the spec gives the parameters and the training settings, and says so in config.
const shivamDreambooth =
  'ShivamShrirao/diffusers examples/dreambooth/README.md (commit b2983e7f, https://github.com/ShivamShrirao/diffusers/tree/main/examples/dreambooth)';
const sdUnetParams = 859_520_964;
const shivam = (options: {
  fp16: boolean;
  batch: number;
  accumulation: number;
  checkpointing: boolean;
  adam8bit: boolean;
  measured: number;
  row: string;
}): PublishedCase => ({
  id: `shivam-dreambooth-sd14-unet-t4-${options.fp16 ? 'fp16' : 'fp32'}-bs${options.batch}-ga${options.accumulation}${options.checkpointing ? '-gc' : ''}${options.adam8bit ? '-adam8bit' : '-adamw'}`,
  source: `${shivamDreambooth}, ${options.row}`,
  what: 'device total',
  unit: 'GB',
  measured: options.measured,
  config: `accelerate launch train_dreambooth.py --pretrained_model_name_or_path CompVis/stable-diffusion-v1-4 --resolution 512 --train_batch_size ${options.batch} --gradient_accumulation_steps ${options.accumulation}${options.checkpointing ? ' --gradient_checkpointing' : ''}${options.adam8bit ? ' --use_8bit_adam' : ''} --mixed_precision ${options.fp16 ? 'fp16' : 'no'}: the SD 1.4 UNet (${sdUnetParams} parameters) trained alone, ${options.adam8bit ? 'bitsandbytes AdamW8bit' : 'torch.optim.AdamW (fp32 states)'}, ${options.fp16 ? 'fp16 autocast over fp32 weights' : 'fp32 throughout'}, xformers attention, cached latents and text embeddings (VAE and CLIP text encoder freed), 64 × 64 × 4 latents, one Tesla T4 16 GB; the device total as nvidia-smi shows it (assumed), in GB as printed. The UNet's activations are not expressible in the spec (no UNet shape)`,
  // Re-expressed 2026-11-29 (session 28, estimate-unet): model.unet says the UNet itself (the SD 1.x config of
  // CompVis/stable-diffusion-v1-4, 859,520,964 parameters from its modules), xformers attention, and the VAE and
  // text encoder cached and freed; before it the spec gave the parameter count alone. diffusers '0.6.0': the fork
  // followed diffusers' main of October 2022 (0.5 / 0.6; every release before 0.20, August 2023, checkpoints each
  // Transformer2DModel whole and not the mid block).
  spec: `model:
  unet: { preset: sd15, resolution: 512, attention: xformers, text_encoder: cached, vae: cached, diffusers: '0.6.0' }
training: { precision: ${options.fp16 ? 'amp_fp16' : 'fp32'}, optimizer: ${options.adam8bit ? 'adam8bit' : 'adamw'}, batch_size: ${options.batch}, grad_accumulation: ${options.accumulation}, activation_checkpointing: ${options.checkpointing ? 'full' : 'none'} }`,
});

// --- hpcaitech/ColossalAI applications/ColossalChat/examples/README.md, "Hardware Requirements" (July 2024) ---
// ColossalAI commit d888c3787 ("add benchmark for sft, dpo, simpo, orpo. Add benchmarking result"):
// benchmarks/benchmark_sft.py with the Llama-2-7b-hf checkpoint (benchmark_sft.sh), a dummy dataset whose
// every sample is max_len 2048 tokens (benchmarks/dummy_dataset.py: torch.ones(seq_len)), --grad_checkpoint
// (model.gradient_checkpointing_enable(): every decoder layer), --use_flash_attn (attn_implementation
// flash_attention_2), mixed_precision bf16 (the script's default): LowLevelZeroPlugin(stage=2,
// precision="bf16") keeps the bf16 model on every GPU and fp32 master weights, bf16 gradients and
// HybridAdam's fp32 moments partitioned over the ranks; "zero2_cpu" adds cpu_offload=True (master weights
// and moments on the host, HybridAdam steps on the CPU). --lora_rank r: coati's convert_to_lora_module
// wraps every nn.Linear (attention, MLP and lm_head) in a LoraLinear of rank r. H800 80 GB GPUs. "VRAM
// Usage" is the script's last line, "Max CUDA memory usage: torch.cuda.max_memory_allocated()/1024**2 MB"
// on rank 0 (coordinator.print_on_master), in MiB. Transformers of then upcasts the logits to fp32 for
// the loss (LlamaForCausalLM: logits.float()).
// The LoRA rows (added after the round's one measurement, estimate-model 2026-11-27): coati's LoRA freezes
// every weight but the adapters, and model.gradient_checkpointing_enable() of transformers 4.39.3 (the
// app's requirements.txt) checkpoints with use_reentrant=True and calls enable_input_require_grads() only
// for PEFT-loaded adapters, so no decoder layer's input requires grad: the layers record no graph and only
// the LM head's adapter trains (the script's own comment: "for some models, lora may not be compatible with
// gradient checkpointing"). Their specs say so (checkpointed_inputs_require_grad: false).
const colossalChat =
  'hpcaitech/ColossalAI applications/ColossalChat/examples/README.md "Hardware Requirements" (commit d888c3787, https://github.com/hpcaitech/ColossalAI/tree/main/applications/ColossalChat/examples)';
const colossalSft = (options: {
  gpus: number;
  plugin: 'zero2' | 'zero2_cpu';
  batch: number;
  mib: number;
  line: string;
  lora?: number;
}): PublishedCase => ({
  id: `colossalchat-sft-llama2-7b-${options.plugin.replace('_', '-')}${options.lora ? `-lora-r${options.lora}` : ''}-mbs${options.batch}-${options.gpus}xh800`,
  source: `${colossalChat}, SFT list, "${options.gpus} H800 GPU${options.gpus > 1 ? 's' : ''}", line "${options.line}"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.mib / 1024,
  config: `colossalai run --nproc_per_node ${options.gpus} benchmark_sft.py --pretrain Llama-2-7b-hf --plugin ${options.plugin} --batch_size ${options.batch} --max_len 2048 --grad_checkpoint --use_flash_attn${options.lora ? ` --lora_rank ${options.lora} (LoRA on every Linear, the head included)` : ''}: Llama-2-7B, bf16 ZeRO-2 (LowLevelZeroPlugin) with fp32 master weights and HybridAdam moments partitioned over ${options.gpus} GPUs${options.plugin === 'zero2_cpu' ? ', offloaded to the CPU (cpu_offload=True)' : ''}, micro-batch ${options.batch} × 2048 tokens, every layer checkpointed, FlashAttention-2, H800 80 GB; rank 0's max_memory_allocated, ${options.mib} MiB (printed "MB"), one GPU's figure`,
  spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 2048, attention: flash }${options.lora ? `\n  lora: { rank: ${options.lora}, targets: [q, k, v, o, gate, up, down, lm_head] }` : ''}
training: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: ${options.batch}, activation_checkpointing: full${options.lora ? ', checkpointed_inputs_require_grad: false' : ''}, loss: standard${options.plugin === 'zero2_cpu' ? ', offload: { optimizer: cpu }' : ''} }
parallel: { gpus: ${options.gpus}, strategy: zero2 }`,
});

// --- open-mmlab model zoos: mmsegmentation configs/pspnet/README.md and mmpretrain configs/fp16/README.md ---
// OpenMMLab's "Mem (GB)" column is the training log's "memory" field: mmcv's LoggerHook takes
// torch.cuda.max_memory_allocated() // 2**20 MiB, the largest over the ranks, and the table divides by
// 1024 (GiB). mmsegmentation Cityscapes configs of 2020 (mmseg v0.5): PSPNet on ResNetV1c (deep stem of
// three 3×3 convs 32, 32, 64; "D8": strides (1, 2, 1, 1) and dilations (1, 1, 2, 4), so stages 3 and 4
// stay at 1/8 of the crop), PSPHead (pool scales 1, 2, 3, 6: four 1×1 convs to 512, concatenated with the
// 2048-channel features, a 3×3 conv 4096 → 512, a 1×1 classifier to 19 classes; R-18: 512 in, 128 wide)
// and an auxiliary FCNHead on stage 3 (3×3 conv 1024 → 256, classifier; R-18: 256 → 64); SyncBN, cross-
// entropy on the logits resized to the crop (aux weight 0.4), SGD momentum 0.9, "4xb2": 4 GPUs × 2 crops.
// Parameter counts computed from that architecture (convolutions without bias, BatchNorm weight and bias,
// classifiers with bias). The spec's cnn stack is the main path of the backbone (bottleneck or basic-block
// convolutions in order, dilation kept as "same" padding) and the decode head's 3×3 conv and classifier:
// the residual adds, the downsample convs, the pyramid-pooling branches and the auxiliary head are not
// expressible as a sequential stack (their parameters are in params).
const mmsegPsp =
  'open-mmlab/mmsegmentation configs/pspnet/README.md "Results and models", Cityscapes (https://github.com/open-mmlab/mmsegmentation/blob/main/configs/pspnet/README.md)';
const mmpretrainFp16 =
  'open-mmlab/mmpretrain configs/fp16/README.md "Results and models" (https://github.com/open-mmlab/mmpretrain/blob/main/configs/fp16/README.md)';
const resnetStages = (depth: 18 | 50 | 101, strides: readonly number[]): string[] => {
  const blocks = { 18: [2, 2, 2, 2], 50: [3, 4, 6, 3], 101: [3, 4, 23, 3] }[depth];
  const layers: string[] = [];
  blocks.forEach((count, stage) => {
    const width = 64 * 2 ** stage;
    for (let block = 0; block < count; block++) {
      const stride = block === 0 && (strides[stage] ?? 1) > 1 ? `, stride: ${strides[stage]}` : '';
      if (depth === 18) layers.push(`{ conv: ${width}${stride} }`, `{ conv: ${width} }`);
      else
        layers.push(
          `{ conv: ${width}, kernel: 1 }`,
          `{ conv: ${width}${stride} }`,
          `{ conv: ${4 * width}, kernel: 1 }`,
        );
    }
  });
  return layers;
};
const cnnSpec = (input: readonly number[], layers: readonly string[]): string =>
  `  cnn:\n    input: [${input.join(', ')}]\n    layers:\n${layers.map((layer) => `      - ${layer}`).join('\n')}`;
const pspParams = { 18: 12_790_086, 50: 48_975_494, 101: 67_967_622 } as const;
const mmsegPspCase = (options: {
  depth: 18 | 50 | 101;
  crop: readonly [number, number];
  measured: number;
  row: string;
  schedule: string;
  fp16?: boolean;
}): PublishedCase => {
  const [height, width] = options.crop;
  return {
    id: `mmseg-pspnet-r${options.depth}-d8-${height}x${width}-cityscapes-4xb2${options.fp16 ? '-fp16' : ''}`,
    source: `${options.fp16 ? mmsegPsp.replace('configs/pspnet/README.md', 'configs/pspnet/README.md (and configs/fp16/README.md)') : mmsegPsp}, row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `mmsegmentation pspnet_r${options.depth}-d8 ${height}x${width} ${options.schedule} Cityscapes: PSPNet on ResNetV1c-${options.depth}-D8 (${pspParams[options.depth]} parameters with both heads), ${height} × ${width} crops, 2 per GPU on 4 GPUs (DDP, SyncBN), SGD momentum, ${options.fp16 ? "fp16 by mmcv 1.0's Fp16OptimizerHook (loss scale 512; July 2020, before PyTorch 1.6: the model in fp16 but its norms, an fp32 master copy of the parameters in the hook; assumed here as fp16 autocast over fp32 weights)" : 'fp32'}; the largest rank's max_memory_allocated in GiB (one GPU's figure). Residual adds, downsample convs, pooling branches and the auxiliary head are outside the spec's sequential stack`,
    traceModule: `pspnet:r${options.depth}_${height}x${width}`,
    // Re-said (session 22, estimate-express; spec only, the figure and the config unchanged): model.segmenter
    // decoder psp on the dilated ResNetV1c says the whole network — the residual branches, the pyramid pooling, the
    // auxiliary head and each head's logits at the crop — where the spec was the main path as a sequential stack
    // with a tensors: entry for the resized logits. Its parameters are counted (the same ${pspParams[options.depth]}).
    spec: `model:
  segmenter: { decoder: psp, encoder: resnet${options.depth}_v1c_d8, crop: [${height}, ${width}], classes: 19 }
training: { precision: ${options.fp16 ? 'amp_fp16' : 'fp32'}, optimizer: sgd_momentum, batch_size: 2 }
parallel: { gpus: 4, strategy: ddp }`,
  };
};

// --- Lightning-AI/pytorch-lightning examples/fabric/tensor_parallel/README.md (Lightning 2.4, 2024) ---------
// examples/fabric/tensor_parallel/train.py: a Llama-style Transformer (model.py: dim 4096, 32 layers, 32
// heads, SwiGLU hidden 11008 from multiple_of 256, RMSNorm, vocab 32000, untied output; "6.7 B"
// parameters = 6,738,415,616) built on meta and initialised after parallelize(): ModelParallelStrategy
// (data_parallel_size 2, tensor_parallel_size 2) on 4 GPUs. parallelism.py: tensor parallel plan
// (embedding row-wise, output column-wise with loss_parallel, wq/wk/wv/w1/w3 column-wise, wo/w2 row-wise,
// the norms sequence-parallel), every block wrapped in checkpoint_wrapper, FSDP2 fully_shard per block
// (reshard_after_forward except the last) and at the root with MixedPrecisionPolicy(param_dtype bf16,
// reduce_dtype fp32); torch.optim.AdamW(foreach=True) over the fp32 sharded parameters; RandomTokenDataset
// of 128 samples × 129 tokens, DataLoader batch 8 (per data-parallel rank), inputs 128 tokens; F.cross_entropy
// under loss_parallel. The README's last line "Peak memory usage: 17.95 GB" was written with the example's
// first train.py (commit 0c8a193d3c, May 2024) and never re-run: that train.py built AdamW over the model's
// meta-device parameters BEFORE fabric.setup(model, optimizer), and parallelize() replaces every parameter
// (parallelize_module's DTensors, fully_shard's shards), so the optimizer held parameters that never got a
// gradient: no optimizer states, and optimizer.zero_grad() never freed the real gradients (Fabric's check
// for this, _validate_setup, covered FSDPStrategy only). 9455871c93 moved the optimizer after setup and
// 987c2c4093 switched the print from torch.cuda.max_memory_reserved() to max_memory_allocated(), both
// without touching the README's figure. So 17.95 GB is rank 0's max_memory_reserved() / 1e9 of a run with
// gradients and no optimizer states (spec: optimizer sgd, which keeps none). The GPU is not named ("at
// least 4 GPUs and 24 GB memory each"). The Trainer twin of this example (examples/pytorch/tensor_parallel,
// 36.73 GB max_memory_allocated, its optimizer made in configure_optimizers after configure_model, so with
// AdamW's states) is left out: its spec would equal this case's as first written.
const fabricTp2d =
  'Lightning-AI/pytorch-lightning examples/fabric/tensor_parallel/README.md (commit 1b26ac4cf5, https://github.com/Lightning-AI/pytorch-lightning/tree/master/examples/fabric/tensor_parallel)';

// --- hpcaitech/ColossalAI examples/language/bert/README.md, "Benchmark" results (Sept 2023) --------------
// ColossalAI commit ec0866804: benchmark.sh runs torchrun --nproc_per_node 2 benchmark.py --plugin P
// --model_type bert|albert: a randomly initialised transformers BertForSequenceClassification(BertConfig(
// vocab_size=1000, num_labels=10)) — BERT-base shape, 12 layers, 768 wide, 12 heads, FFN 3072, 512
// positions: 86,817,034 parameters — or AlbertForSequenceClassification(AlbertConfig(vocab_size=1000,
// num_labels=10)) — ALBERT-xxlarge shape, one 4096-wide layer of 64 heads and FFN 16384 shared by 12
// layers, embeddings 128: 218,924,554 parameters (the README's "82M" and "208M" are these counts / 2**20);
// RandintDataset of 1000 random sequences of 512 tokens, DataLoader batch 32 on each of the 2 ranks,
// HybridAdam (fp32 moments), eager attention (transformers of then). Plugins: torch_ddp (fp32 DDP),
// torch_ddp_fp16 (DDP with torch.cuda.amp fp16 autocast), gemini (GeminiPlugin(placement_policy='cuda',
// strict_ddp_mode=True): fp16 chunks of parameters and gradients, not sharded in strict DDP mode, fp32
// master weights and moments on the GPU), low_level_zero (LowLevelZeroPlugin(): ZeRO stage 1, fp16 weights
// and gradients, fp32 master weights and moments partitioned over the 2 ranks). "max cuda mem" is
// benchmark_utils.benchmark(): torch.cuda.reset_peak_memory_stats() after 3 warm-up steps, then
// max_memory_allocated() over 3 epochs, printed with format_num(bytes=True) in powers of 1024 (GiB), the
// master rank's figure.
const colossalBert =
  'hpcaitech/ColossalAI examples/language/bert/README.md "Benchmark" (commit ec0866804, https://github.com/hpcaitech/ColossalAI/tree/main/examples/language/bert)';
const colossalBertShapes = {
  bert: {
    params: 86_817_034,
    shape:
      'family: bert, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 1000, max_positions: 512, seq_len: 512, classes: 10, pooler: true, attention: eager, dropout: true',
  },
  albert: {
    params: 218_924_554,
    shape:
      'family: bert, layers: 12, hidden: 4096, heads: 64, ffn: 16384, vocab: 1000, max_positions: 512, seq_len: 512, classes: 10, pooler: true, attention: eager, dropout: true',
  },
} as const;
const colossalBertCase = (options: {
  model: keyof typeof colossalBertShapes;
  plugin: 'torch_ddp' | 'torch_ddp_fp16' | 'gemini' | 'low_level_zero';
  measured: number;
  row: string;
}): PublishedCase => {
  const model = colossalBertShapes[options.model];
  const training = {
    torch_ddp: 'precision: fp32, optimizer: adamw',
    torch_ddp_fp16: 'precision: amp_fp16, optimizer: adamw',
    gemini: 'precision: amp_fp16, convention: zero, optimizer: adamw',
    low_level_zero: 'precision: amp_fp16, convention: zero, optimizer: adamw',
  }[options.plugin];
  const strategy = options.plugin === 'low_level_zero' ? 'zero1' : 'ddp';
  return {
    id: `colossalai-bert-example-${options.model}-${options.plugin.replaceAll('_', '-')}-bs32-seq512-2gpu`,
    source: `${colossalBert}, table "${options.model === 'bert' ? 'Bert' : 'AlBert'}", row "${options.row}"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `torchrun --nproc_per_node 2 benchmark.py --plugin ${options.plugin} --model_type ${options.model}: ${options.model === 'bert' ? 'BERT-base' : 'ALBERT-xxlarge (12 passes through one shared layer)'} sequence classifier with vocab 1000 (${model.params} parameters), batch 32 × 512 random tokens per rank, 2 GPUs, HybridAdam, ${{ torch_ddp: 'fp32 DDP', torch_ddp_fp16: 'DDP with fp16 autocast', gemini: 'Gemini in strict DDP mode (fp16 parameter and gradient chunks, fp32 master weights and moments on the GPU, nothing sharded)', low_level_zero: 'ZeRO-1 (fp16 weights and gradients, fp32 master weights and moments partitioned)' }[options.plugin]}; the master rank's max_memory_allocated after warm-up in GiB (one GPU's figure). The GPU is not named`,
    spec: `model:
  params: ${model.params}
  transformer: { ${model.shape} }
training: { ${training}, batch_size: 32, activation_checkpointing: none }
parallel: { gpus: 2, strategy: ${strategy} }`,
  };
};

// --- open-mmlab/mmsegmentation configs/vit/README.md, ADE20K (June 2021, mmseg v0.14) ----------------------
// upernet_vit-b16_mln_512x512_80k_ade20k.py: VisionTransformer backbone (img_size 512, patch 16: 32 × 32 =
// 1024 patches plus a class token, fused-qkv nn.MultiheadAttention, MLP ratio 4, drop path 0.1, outputs of
// blocks 3, 6, 9 and 12), the MultiLevelNeck (MLN: 1×1 and 3×3 convs rescaling the four outputs to 4×, 2×,
// 1× and 0.5×) where the row says "+ MLN" (the DeiT rows without it: neck=None, all four maps at 1/16),
// UPerHead (channels 512, pool scales 1, 2, 3, 6, 150 classes) and an auxiliary FCNHead (256 wide); AdamW
// (lr 6e-5), fp32, "8 GPUs with 2 images per GPU" (the config's comment), 512 × 512 crops, SyncBN in the
// heads. Parameter counts computed from that architecture (patch embedding, 1025 position embeddings, class
// token, blocks, neck and both heads). Mem (GB): mmcv's logged max_memory_allocated, GiB, largest rank.
// The spec gives the transformer over the 1025 tokens; the neck and the UPerNet head are outside it.
const mmsegVit =
  'open-mmlab/mmsegmentation configs/vit/README.md "Results and models", ADE20K (https://github.com/open-mmlab/mmsegmentation/blob/main/configs/vit/README.md)';
const mmsegVitCase = (options: {
  id: string;
  row: string;
  measured: number;
  params: number;
  hidden: number;
  heads: number;
  neck: boolean;
  backbone: string;
}): PublishedCase => ({
  id: `mmseg-upernet-${options.id}-512x512-ade20k-8xb2`,
  source: `${mmsegVit}, row "${options.row}"`,
  traceModule: `upernet_vit:${{ 'deit-s16': 'deit_s', 'deit-b16': 'deit_b', 'vit-b16-mln': 'vit_b_mln' }[options.id]}`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `mmsegmentation UPerNet on ${options.backbone} (12 blocks, ${options.hidden} wide, ${options.heads} heads, 1025 tokens)${options.neck ? ' with the MultiLevelNeck' : ' without a neck'}, ${options.params} parameters with both heads, ADE20K 512 × 512 crops, 2 per GPU on 8 GPUs (DDP), AdamW, fp32; the largest rank's max_memory_allocated in GiB (one GPU's figure). The UPerNet head's feature pyramid (four ${options.neck ? 'rescaled' : '32 × 32'} maps, 512 channels) and the auxiliary head are outside the spec's transformer`,
  // Re-said (2026-11-29, session 29, estimate-r36; spec only, the figure, source and config unchanged): model.segmenter
  // decoder upernet with neck mln (the MultiLevelNeck row) or none (the DeiT rows, neck=None) says the neck, UPerHead
  // (channels 512), the FCN auxiliary head on the fourth map and both heads' fp32 log-softmax at the crop, in place of
  // the one `logits resized to the crop` tensor the gatherer listed. Its counts give the rows' parameters to within the
  // spec's final LayerNorm (52,094,636, 120,576,044 and 144,175,148 beside the rows' 52,093,868, 120,574,508 and
  // 144,173,612).
  spec: `model:
  params: ${options.params}
  transformer: { family: vit, layers: 12, hidden: ${options.hidden}, heads: ${options.heads}, ffn: ${4 * options.hidden}, seq_len: 1025, fused_qkv: true, attention: eager, dropout: true }
  segmenter: { decoder: upernet, neck: ${options.neck ? 'mln' : 'none'}, crop: [512, 512], classes: 150, channels: 512 }
training: { precision: fp32, optimizer: adamw, batch_size: 2 }
parallel: { gpus: 8, strategy: ddp }`,
});

// --- modelscope/ms-swift docs/source_en/Megatron-SWIFT/Quick-start.md, "Benchmark" (Aug 2025) --------------
// "full-parameter dense models with 8K context length ... single-node, eight-GPU A800": Qwen/Qwen2.5-14B
// (48 layers, 5120 wide, 40 heads, 8 KV heads, MLP 13824, vocab 152064 untied, qkv bias; 14,770,033,664
// parameters) on liucong/Chinese-DeepSeek-R1-Distill-data-110k-SFT, packing to max_length 8192, micro-batch
// 1, bf16, PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True. "Megatron-LM" column: examples/megatron/
// base_to_chat.sh (megatron sft --tensor_model_parallel_size 4 --sequence_parallel true --micro_batch_size 1
// --global_batch_size 16 --recompute_granularity selective (core attention only) --cross_entropy_loss_fusion
// true --attention_backend flash; Megatron-SWIFT defaults: use_distributed_optimizer True (ZeRO-1 over the 2
// data-parallel ranks), fp32 main parameters, Adam moments and fp32 main gradients (accumulate_allreduce_
// grads_in_fp32 with bf16)); the script's own comment says "# 8 * 65GiB". "Deepspeed-ZeRO3" column:
// examples/megatron/benchmark/deepspeed.sh (swift sft --tuner_type full --per_device_train_batch_size 1
// --gradient_accumulation_steps 2 --packing true --max_length 8192 --attn_impl flash_attn --torch_dtype
// bfloat16) with --deepspeed zero3 in place of the script's zero2 (assumed: the table names only the stage);
// swift's default gradient_checkpointing True, AdamW. "GPU Memory Usage" is given per GPU in whole GB:
// assumed to be the memory(GiB) that swift logs, torch.cuda.max_memory_reserved() / 2**30 over the local
// devices (swift/utils/torch_utils.py), rounded; one GPU's figure.
const swiftBench =
  'modelscope/ms-swift docs/source_en/Megatron-SWIFT/Quick-start.md "Benchmark" (commit 3bbc7fe43, https://github.com/modelscope/ms-swift/blob/main/docs/source_en/Megatron-SWIFT/Quick-start.md)';
const qwen25_14b =
  'family: llama, layers: 48, hidden: 5120, heads: 40, kv_heads: 8, vocab: 152064, ffn: 13824, bias: qkv, tied_embeddings: false, seq_len: 8192, attention: flash';

/** Every round-4 case: all held out until the one final measurement. */
export const round4Cases: PublishedCase[] = [
  // litgpt's thunder extension: TinyLlama pre-training, eager PyTorch on 1 and 8 A100s.
  litgptThunderEager({
    id: 'fsdp8',
    row: 'Fully-sharded ZeRO 3 | Eager | - | 8 | 456.57 | 22.13',
    measured: 22.13,
    strategy: '--train.global_batch_size 32 (strategy fsdp, 8 devices: no gradient accumulation)',
    accumulation: 1,
    parallel: 'gpus: 8, strategy: fsdp_full',
  }),
  litgptThunderEager({
    id: 'ddp8',
    row: 'Replicated | Eager | - | 8 | 569.46 | 32.04',
    measured: 32.04,
    strategy: '--strategy ddp (global batch 512: 16 accumulation steps under no_backward_sync)',
    accumulation: 16,
    parallel: 'gpus: 8, strategy: ddp',
  }),
  litgptThunderEager({
    id: '1gpu',
    row: '- | Eager | - | 1 | 447.65 | 29.84',
    measured: 29.84,
    strategy: '--devices 1 (global batch 512: 128 accumulation steps)',
    accumulation: 128,
  }),

  // torchao's pre-training tutorial: Llama 3 8B on 8 GPUs with float8 linears (rowwise, tensorwise).
  aoPretrain({
    id: 'float8-rowwise',
    section: 'Rowwise scaling',
    line: 'step: 10  loss: 10.7069  memory: 30.99GiB(32.62%)',
    measured: 30.99,
    flags: '--model.converters="float8" --float8.recipe_name="rowwise"',
    float8: '{ recipe: rowwise }',
  }),
  aoPretrain({
    id: 'float8-tensorwise',
    section: 'Tensorwise scaling',
    line: 'step: 10  loss: 10.9106  memory: 30.91GiB(32.53%)',
    measured: 30.91,
    flags: '--model.converters="float8" (tensorwise, the default recipe; no float8 all-gather)',
    float8: '{ recipe: tensorwise, all_gather: false }',
  }),

  // finetrainers: video DiT training with precomputed conditions, LoRA and full.
  {
    id: 'finetrainers-ltx-video-lora-r128-precomputed-49x512x768',
    source: `${finetrainersDocs}/ltx_video.md (commit 0329f619, https://github.com/a-r-r-o-w/finetrainers/blob/main/docs/training/ltx_video.md), "LoRA ... with precomputation" table, row "after epoch 1 | 4.26 | 10.916"`,
    what: 'reserved',
    unit: 'GiB',
    measured: 10.916,
    config:
      'finetrainers train.py --model_name ltx_video --pretrained_model_name_or_path Lightricks/LTX-Video --training_type lora --rank 128 --lora_alpha 128 --target_modules to_q to_k to_v to_out.0 (self- and cross-attention of all 28 blocks: 117,440,512 trainable parameters, as the log says) --mixed_precision bf16 --batch_size 1 --gradient_checkpointing --optimizer adamw --precompute_conditions, video bucket 49x512x768 (LTX VAE 32 × 32 spatial and 8 × temporal compression, patch 1: 7 × 16 × 24 = 2688 latent tokens); transformer 1,923,385,472 parameters (28 blocks, 2048 wide, 32 heads of 64, GELU MLP 8192) in bf16; one GPU; max_memory_reserved / 1024**3 over the 10 training steps. Cross-attention to 128 T5 tokens not in the spec',
    spec: `model:
  params: 1923385472
  transformer: { family: gpt, layers: 28, hidden: 2048, heads: 32, ffn: 8192, vocab: 0, lm_head: false, seq_len: 2688, attention: sdpa }
  lora: { rank: 128, alpha: 128, targets: [q, k, v, o] }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full }`,
  },
  {
    id: 'finetrainers-ltx-video-full-precomputed-49x512x768',
    source: `${finetrainersDocs}/ltx_video.md (commit 0329f619, https://github.com/a-r-r-o-w/finetrainers/blob/main/docs/training/ltx_video.md), "Full Finetuning" table, row "after epoch 1 | 10.769 | 20.357"`,
    what: 'reserved',
    unit: 'GiB',
    measured: 20.357,
    config:
      "finetrainers train.py --model_name ltx_video (Lightricks/LTX-Video) --training_type full-finetune --mixed_precision bf16 --batch_size 1 --gradient_checkpointing --optimizer adamw --precompute_conditions, 49x512x768 (2688 latent tokens): all 1,923,385,472 transformer parameters trained in bf16 (the allocated 3.583 before training is the bf16 transformer alone), torch.optim.AdamW with bf16 states; the rest of the command as the page's LoRA script (assumed: the table names only the training type); one GPU; max_memory_reserved / 1024**3 over the 10 training steps. Cross-attention to 128 T5 tokens not in the spec",
    spec: `model:
  params: 1923385472
  transformer: { family: gpt, layers: 28, hidden: 2048, heads: 32, ffn: 8192, vocab: 0, lm_head: false, seq_len: 2688, attention: sdpa }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full }`,
  },
  {
    id: 'finetrainers-hunyuan-video-lora-r128-precomputed-49x512x768',
    source: `${finetrainersDocs}/hunyuan_video.md (commit 0ad57edc, https://github.com/a-r-r-o-w/finetrainers/blob/main/docs/training/hunyuan_video.md), "LoRA ... with precomputation" table, row "after epoch 1 | 24.83 | 42.387"`,
    what: 'reserved',
    unit: 'GiB',
    measured: 42.387,
    config:
      'finetrainers train.py --model_name hunyuan_video --pretrained_model_name_or_path hunyuanvideo-community/HunyuanVideo --training_type lora --rank 128 --lora_alpha 128 --target_modules to_q to_k to_v to_out.0 (163,577,856 trainable parameters, as the log says) --mixed_precision bf16 --batch_size 1 --gradient_checkpointing --optimizer adamw --precompute_conditions, bucket 49x512x768 (VAE 8 × 8 spatial and 4 × temporal, patch 2 × 2: 13 × 32 × 48 = 19,968 video tokens, plus 256 text tokens in the joint attention); HunyuanVideoTransformer3DModel of about 12.8B parameters (20 dual-stream and 40 single-stream blocks, 3072 wide, 24 heads of 128, MLP ratio 4; count from the architecture, rounded) in bf16; one GPU; max_memory_reserved / 1024**3 over the 10 training steps. The dual-stream text path and the token refiner are not in the spec',
    spec: `model:
  params: 12.8B
  transformer: { family: gpt, layers: 60, hidden: 3072, heads: 24, ffn: 12288, vocab: 0, lm_head: false, seq_len: 20224, attention: sdpa }
  lora: { rank: 128, alpha: 128, targets: [q, k, v, o] }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full }`,
  },

  // ShivamShrirao's DreamBooth fork: the SD 1.4 UNet on a T4, nine flag combinations and one more line.
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 1,
    checkpointing: true,
    adam8bit: true,
    measured: 9.92,
    row: 'row "fp16 | 1 | 1 | TRUE | TRUE | 9.92"',
  }),
  shivam({
    fp16: false,
    batch: 1,
    accumulation: 1,
    checkpointing: true,
    adam8bit: true,
    measured: 10.08,
    row: 'row "no | 1 | 1 | TRUE | TRUE | 10.08"',
  }),
  shivam({
    fp16: true,
    batch: 2,
    accumulation: 1,
    checkpointing: true,
    adam8bit: true,
    measured: 10.4,
    row: 'row "fp16 | 2 | 1 | TRUE | TRUE | 10.4"',
  }),
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 1,
    checkpointing: false,
    adam8bit: true,
    measured: 11.17,
    row: 'row "fp16 | 1 | 1 | FALSE | TRUE | 11.17"',
  }),
  shivam({
    fp16: false,
    batch: 1,
    accumulation: 1,
    checkpointing: false,
    adam8bit: true,
    measured: 11.17,
    row: 'row "no | 1 | 1 | FALSE | TRUE | 11.17"',
  }),
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 2,
    checkpointing: true,
    adam8bit: true,
    measured: 11.56,
    row: 'row "fp16 | 1 | 2 | TRUE | TRUE | 11.56"',
  }),
  shivam({
    fp16: true,
    batch: 2,
    accumulation: 1,
    checkpointing: false,
    adam8bit: true,
    measured: 13.67,
    row: 'row "fp16 | 2 | 1 | FALSE | TRUE | 13.67"',
  }),
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 2,
    checkpointing: false,
    adam8bit: true,
    measured: 13.7,
    row: 'row "fp16 | 1 | 2 | FALSE | TRUE | 13.7"',
  }),
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 1,
    checkpointing: true,
    adam8bit: false,
    measured: 15.79,
    row: 'row "fp16 | 1 | 1 | TRUE | FALSE | 15.79"',
  }),
  shivam({
    fp16: true,
    batch: 1,
    accumulation: 1,
    checkpointing: false,
    adam8bit: false,
    measured: 17.7,
    row: 'text above the table: "Model with just xformers memory efficient flash attention uses 15.79 GB VRAM with --gradient_checkpointing else 17.7 GB"',
  }),
  // ColossalChat SFT: Llama-2-7B on 2 and 4 H800s, ZeRO-2 with and without CPU offload, LoRA.
  colossalSft({
    gpus: 2,
    plugin: 'zero2_cpu',
    batch: 4,
    mib: 22457.98,
    line: 'zero2-cpu, micro batch size=4, VRAM Usage=22457.98 MB',
  }),
  colossalSft({
    gpus: 2,
    plugin: 'zero2',
    batch: 4,
    mib: 72390.95,
    line: 'zero2, micro batch size=4, VRAM Usage=72390.95 MB',
  }),
  colossalSft({
    gpus: 4,
    plugin: 'zero2_cpu',
    batch: 8,
    mib: 19412.77,
    line: 'zero2_cpu, micro batch size=8, VRAM Usage=19412.77 MB',
  }),
  colossalSft({
    gpus: 4,
    plugin: 'zero2',
    batch: 8,
    mib: 43446.31,
    line: 'zero2, micro batch size=8, VRAM Usage=43446.31 MB',
  }),
  colossalSft({
    gpus: 4,
    plugin: 'zero2',
    batch: 16,
    mib: 58082.3,
    line: 'zero2, micro batch size=16, VRAM Usage=58082.30 MB',
  }),
  colossalSft({
    gpus: 4,
    plugin: 'zero2',
    batch: 8,
    lora: 8,
    mib: 21167.73,
    line: 'zero2, micro batch size=8, lora_rank=8, VRAM Usage=21167.73 MB',
  }),
  colossalSft({
    gpus: 4,
    plugin: 'zero2',
    batch: 8,
    lora: 32,
    mib: 21344.17,
    line: 'zero2, micro batch size=8, lora_rank=32, VRAM Usage=21344.17 MB',
  }),

  // OpenMMLab CNNs: PSPNet semantic segmentation on Cityscapes (4 GPUs) and ResNet-50 on ImageNet (8 GPUs).
  mmsegPspCase({
    depth: 50,
    crop: [512, 1024],
    measured: 6.1,
    schedule: '40k',
    row: 'PSPNet | R-50-D8 | 512x1024 | 40000 | 6.1',
  }),
  mmsegPspCase({
    depth: 101,
    crop: [512, 1024],
    measured: 9.6,
    schedule: '40k',
    row: 'PSPNet | R-101-D8 | 512x1024 | 40000 | 9.6',
  }),
  mmsegPspCase({
    depth: 50,
    crop: [769, 769],
    measured: 6.9,
    schedule: '40k',
    row: 'PSPNet | R-50-D8 | 769x769 | 40000 | 6.9',
  }),
  mmsegPspCase({
    depth: 101,
    crop: [769, 769],
    measured: 10.9,
    schedule: '40k',
    row: 'PSPNet | R-101-D8 | 769x769 | 40000 | 10.9',
  }),
  mmsegPspCase({
    depth: 18,
    crop: [512, 1024],
    measured: 1.7,
    schedule: '80k',
    row: 'PSPNet | R-18-D8 | 512x1024 | 80000 | 1.7',
  }),
  mmsegPspCase({
    depth: 101,
    crop: [512, 1024],
    measured: 5.34,
    schedule: '80k',
    row: 'PSPNet (FP16) | R-101-D8 | 512x1024 | 80000 | 5.34',
    fp16: true,
  }),
  {
    // mmpretrain's ResNet-50 (style pytorch) is torchvision's: traced as it (examples/trace/torchvision_classifiers.py).
    traceModule: 'torchvision_classifiers:resnet50_224x224_c1000',
    id: 'mmpretrain-resnet50-8xb32-fp16-imagenet',
    source: `${mmpretrainFp16}, row "ResNet-50 | 25.56 | 4.12 | 1.9" (config resnet50_8xb32-fp16_in1k.py, log of 2021-03-20)`,
    what: 'allocated',
    unit: 'GiB',
    measured: 1.9,
    config:
      'mmclassification resnet50_b32x8_fp16_imagenet (March 2021): torchvision-layout ResNet-50 (7×7 stem, bottlenecks [3, 4, 6, 3], "pytorch" style stride on the 3×3, 25,557,032 parameters), 224 × 224 RandomResizedCrop, 32 images per GPU on 8 V100s (DDP), SGD momentum 0.9, fp16 with dynamic loss scale (mmcv of then on PyTorch ≥ 1.6: assumed torch.cuda.amp autocast over fp32 weights), label cross-entropy; the largest rank\'s max_memory_allocated in GiB (one GPU\'s figure). Residual adds and downsample convs are outside the sequential stack',
    spec: `model:
  params: 25557032
${cnnSpec([3, 224, 224], ['{ conv: 64, kernel: 7, stride: 2, padding: 3 }', '{ pool: max, kernel: 3, stride: 2, padding: 1 }', ...resnetStages(50, [1, 2, 2, 2]), '{ pool: global }', '{ linear: 1000 }'])}
training: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 32 }
parallel: { gpus: 8, strategy: ddp }`,
  },
  // Lightning Fabric's 2-D parallel example: a 6.7B Llama, tensor parallel 2 × FSDP2 2 on 4 GPUs.
  {
    id: 'fabric-tensor-parallel-example-llama-6.7b-tp2-fsdp2-4gpu',
    source: `${fabricTp2d}, expected output "Peak memory usage: 17.95 GB"`,
    what: 'reserved',
    unit: 'GB',
    measured: 17.95,
    config:
      "python train.py in examples/fabric/tensor_parallel as first published (0c8a193d3c): Llama-2-7B-shaped Transformer (6,738,415,616 parameters), ModelParallelStrategy data_parallel_size 2 × tensor_parallel_size 2 on 4 GPUs (sequence-parallel norms), FSDP2 with bf16 compute and fp32 reduce over fp32 sharded parameters, every block checkpointed, AdamW foreach built over the meta-device parameters before setup (so it never stepped: gradients kept, no optimizer states), batch 8 × 128 tokens per data-parallel rank, random tokens; rank 0's max_memory_reserved / 1e9 (one GPU's figure)",
    spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, seq_len: 128, attention: sdpa }
training: { precision: mixed_bf16, optimizer: sgd, batch_size: 8, activation_checkpointing: full, loss: standard }
parallel: { gpus: 4, strategy: fsdp_full, tensor: 2 }`,
  },
  // ColossalAI's BERT/ALBERT benchmark: DDP, fp16 DDP, Gemini and ZeRO-1 on 2 GPUs.
  colossalBertCase({
    model: 'bert',
    plugin: 'torch_ddp',
    measured: 21.44,
    row: 'ddp | 21.44 GB | 3.0 | 82M',
  }),
  colossalBertCase({
    model: 'bert',
    plugin: 'torch_ddp_fp16',
    measured: 16.26,
    row: 'ddp_fp16 | 16.26 GB | 11.3 | 82M',
  }),
  colossalBertCase({ model: 'bert', plugin: 'gemini', measured: 11.0, row: 'gemini | 11.0 GB | 12.9 | 82M' }),
  colossalBertCase({
    model: 'bert',
    plugin: 'low_level_zero',
    measured: 11.29,
    row: 'low_level_zero | 11.29 G | 14.7 | 82M',
  }),
  colossalBertCase({
    model: 'albert',
    plugin: 'gemini',
    measured: 69.39,
    row: 'gemini | 69.39 G | 1.3 | 208M',
  }),
  colossalBertCase({
    model: 'albert',
    plugin: 'low_level_zero',
    measured: 56.89,
    row: 'low_level_zero | 56.89 G | 1.4 | 208M',
  }),
  // mmsegmentation's plain-ViT UPerNet on ADE20K: DeiT-S, DeiT-B, ViT-B with the multi-level neck.
  mmsegVitCase({
    id: 'deit-s16',
    row: 'UPerNet | DeiT-S | 512x512 | 80000 | 4.68',
    measured: 4.68,
    params: 52_093_868,
    hidden: 384,
    heads: 6,
    neck: false,
    backbone: 'DeiT-S/16',
  }),
  mmsegVitCase({
    id: 'deit-b16',
    row: 'UPerNet | DeiT-B | 512x512 | 80000 | 7.75',
    measured: 7.75,
    params: 120_574_508,
    hidden: 768,
    heads: 12,
    neck: false,
    backbone: 'DeiT-B/16',
  }),
  mmsegVitCase({
    id: 'vit-b16-mln',
    row: 'UPerNet | ViT-B + MLN | 512x512 | 80000 | 9.20',
    measured: 9.2,
    params: 144_173_612,
    hidden: 768,
    heads: 12,
    neck: true,
    backbone: 'ViT-B/16',
  }),
  // ms-swift's 8 × A800 benchmark: Qwen2.5-14B full SFT at 8K, Megatron TP 4 and DeepSpeed ZeRO-3.
  {
    id: 'ms-swift-megatron-qwen25-14b-full-tp4-sp-dp2-8k-8xa800',
    source: `${swiftBench}, table "Dense Qwen2.5-14B", row "GPU Memory Usage", column "Megatron-LM": 8*64GB`,
    what: 'reserved',
    unit: 'GiB',
    measured: 64,
    config:
      "megatron sft Qwen/Qwen2.5-14B (14,770,033,664 parameters): tensor parallel 4 with sequence parallelism × data parallel 2 on 8 A800 80 GB, distributed optimizer (ZeRO-1 over the 2 data-parallel ranks) with fp32 main parameters, moments and gradients, bf16 compute, packed 8192-token micro-batches of 1, global batch 16 (8 accumulation steps), selective recomputation of core attention, fused cross-entropy, FlashAttention; per GPU, rounded to a whole GB (assumed max_memory_reserved in GiB), one GPU's figure",
    spec: `model:
  params: 14770033664
  transformer: { ${qwen25_14b} }
training: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: 1, grad_accumulation: 8, activation_checkpointing: selective, loss: fused }
parallel: { gpus: 8, tensor: 4, sequence_parallel: true, strategy: zero1 }`,
  },
  {
    id: 'ms-swift-deepspeed-zero3-qwen25-14b-full-8k-8xa800',
    source: `${swiftBench}, table "Dense Qwen2.5-14B", row "GPU Memory Usage", column "Deepspeed-ZeRO3": 8*58GB`,
    what: 'reserved',
    unit: 'GiB',
    measured: 58,
    config:
      "swift sft --model Qwen/Qwen2.5-14B --tuner_type full --deepspeed zero3 (assumed: benchmark/deepspeed.sh with zero3 for zero2) on 8 A800 80 GB: bf16 weights with fp32 master weights, gradients and AdamW moments partitioned over 8 ranks, gradient checkpointing (swift default), packed 8192-token micro-batches of 1, 2 accumulation steps, FlashAttention-2, cross-entropy over upcast logits; per GPU, rounded to a whole GB (assumed max_memory_reserved in GiB), one GPU's figure",
    spec: `model:
  params: 14770033664
  transformer: { ${qwen25_14b} }
training: { precision: amp_bf16, convention: zero, optimizer: adamw, batch_size: 1, grad_accumulation: 2, activation_checkpointing: full, loss: standard }
parallel: { gpus: 8, strategy: zero3 }`,
  },
];
