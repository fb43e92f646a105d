// Round 23 of published MEASURED peaks for issue #25 (item 6), gathered in session 19 after rounds 1 to 22 were seen.
// EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before the one final
// measurement, and nobody but the gatherer and the lead reads this file until then.
// THE DRAW (set before the first search, from what headroom's users train): full fine-tunes, LoRA and QLoRA of
// decoder LLMs of several families (Llama, Qwen2, Mistral, Gemma, Phi, GPT-2/NeoX), encoders, vision models (ViT,
// CLIP, a CNN/ResNet, a detector), diffusion models, RL/robotics policies where a measured figure is published;
// one GPU and several (DDP, FSDP, DeepSpeed); with and without gradient checkpointing; eager, SDPA and flash
// attention; AdamW, 8-bit, paged, SGD, Adafactor and CPU-offloaded optimizers. At most 5 rows from any one source
// (document or harness), so that no one benchmark decides the figure (round 21 had 24 rows from one PEFT harness).
// SEARCH PROCEDURE (round 23): the search tool's issue, code and page corpora queried for measured peaks
// (max_memory_allocated / max_memory_reserved / nvidia-smi) with the config stated; local snapshots of the
// repositories the hits named, grepped for memory tables; every candidate document checked against the documents
// rounds 1 to 22 and ../shared/estimation cite (casesBefore(23) and references.json), keeping only unread ones.
// Found and kept: mmdetection's "ResNet strikes back" and GHM tables (detectors: AdamW, ResNeXt trunks), two
// unsloth notebooks no round read (QLoRA on a T4: Llama-3, Qwen2), cogvideox-factory's memory tables (a video
// diffusion transformer: LoRA, full fine-tune, DeepSpeed ZeRO-2 offload over 2 GPUs), transformers' BERT page
// (the SDPA training benchmark on an encoder) and its BEiT and Data2Vec pages (the same kind of benchmark on
// ViT-style image encoders at 1048 × 640). Left out for the novelty checks: the GHM R-50 and R-101 rows and the
// unsloth Llama-3 Ollama notebook (their specs are an earlier round's or another row's, the spec having no word for
// the GHM losses or the dataset), and mmdetection's rsb RetinaNet row (an earlier row's model and figure). Looked at and left: LeRobot's hardware guide (indicative ranges,
// not measurements: no RL/robotics policy with a measured peak and its config was found), diffusers' DreamBooth
// READMEs ("requires ~N GB VRAM", not measured), torchtune pull-request tables (screenshots), LitGPT's resource
// tables (already in ../shared/estimation).
// Each case names its public source (document, commit, table and row), what was measured (allocated, reserved or
// device total, and the unit), whether a multi-GPU figure is one GPU's, the config as published, and the spec a
// user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default. Where the spec cannot say something the run did, `config` says "NOT EXPRESSIBLE: …" and the spec is
// the nearest one a user would write.
import type { PublishedCase } from './published-measured.js';

// --- open-mmlab/mmdetection configs/resnet_strikes_back/README.md (commit 10e91fd2, Jan 2022) ----------------
// "Results and Models": Faster R-CNN, Mask R-CNN and Cascade Mask R-CNN on a ResNet-50 initialised from the
// "ResNet strikes back" (timm rsb-a1) ImageNet weights, + FPN, COCO 1x. Each config (e.g.
// faster_rcnn_r50_fpn_rsb-pretrain_1x_coco.py) is the _base_ detector with its optimizer replaced: AdamW lr 2e-4,
// weight decay 0.05 (paramwise norm_decay_mult 0), fp32; the _base_ dataset and runtime of mmdet 2.x: 8 GPUs (DDP,
// tools/dist_train.sh … 8) × 2 images, Resize to (1333, 800) keeping the ratio, padded to a multiple of 32 (800 ×
// 1344 taken as the peak's input), ResNet pytorch style, frozen_stages 1, BatchNorm in eval mode with its affines
// trained. "Mem (GB)" is mmcv's logged memory = torch.cuda.max_memory_allocated() / 2**20 (MiB) of the logging rank
// (rank 0), / 1024 in the table (GiB, one decimal): one GPU's figure. The RetinaNet row (3.8) is left out: its spec
// and figure are those of an earlier round's RetinaNet R-50 row (SGD), which the novelty check reads as the same
// case.
const rsbDoc = 'open-mmlab/mmdetection configs/resnet_strikes_back/README.md';
const rsbAt =
  'commit 10e91fd2, https://github.com/open-mmlab/mmdetection/blob/10e91fd224d83c1a49ef6474cd36e70d0295b1aa/configs/resnet_strikes_back/README.md';
const rsb = (options: {
  kind: 'faster_rcnn' | 'mask_rcnn' | 'cascade_mask_rcnn';
  name: string;
  config: string;
  row: string;
  measured: number;
}): PublishedCase => ({
  id: `mmdet-rsb-${options.kind.replaceAll('_', '-')}-r50-fpn-adamw-1x-coco-8x2img`,
  source: `${rsbDoc} (${rsbAt}), table "Results and Models", row "${options.row}", column "Mem (GB)"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `tools/dist_train.sh configs/resnet_strikes_back/${options.config}.py 8: ${options.name} on a ResNet-50 (pytorch style, rsb-a1 ImageNet weights, frozen_stages 1, BatchNorm in eval mode with its affines trained) + FPN, COCO's 80 classes; 2 images per GPU resized to (1333, 800) keeping the ratio (800 × 1344 padded taken as the peak's input) on 8 GPUs (DDP), AdamW lr 2e-4 weight decay 0.05 (fp32 moments), fp32, 1x schedule; mmcv's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure`,
  spec: `model:
  detector:
    input: [3, 800, 1344]
    backbone: { depth: 50 }
    head: ${options.kind}
training: { precision: fp32, optimizer: adamw, batch_size: 2 }
parallel: { gpus: 8, strategy: ddp }`,
});

// --- open-mmlab/mmdetection configs/ghm/README.md (commit 20e454e1, mmdetection v1 models of June 2019) --------
// "Gradient Harmonized Single-stage Detector": RetinaNet (FPN from C3 with P6/P7, two towers of four 3×3 convs of
// 256, 9 anchors, 80 classes) with the GHM-C classification loss (30 bins, momentum 0.75) and the GHM-R box loss
// (mu 0.02, 10 bins) instead of focal and smooth-L1 losses; retinanet_ghm_{r50,r101,x101_32x4d,x101_64x4d}_fpn_1x of
// mmdetection v1: 8 GPUs (DDP) × 2 images (imgs_per_gpu 2), SGD lr 0.01 momentum 0.9 weight decay 1e-4, gradient
// clipping 35, fp32, img_scale (1333, 800) keeping the ratio, padded to a multiple of 32 (800 × 1344 taken as the
// peak's input); ResNet / ResNeXt (groups 32 or 64, 4 channels per group) pytorch style, frozen_stages 1, BatchNorm
// in eval mode. "Mem (GB)": mmdetection v1's logged torch.cuda.max_memory_allocated() / 2**20 (MiB) of rank 0, / 1024
// in the table: GiB, one GPU's figure. NOT EXPRESSIBLE: the GHM losses (gradient-norm histograms over every anchor
// and class); the spec's RetinaNet head is the focal-loss one.
const ghmDoc = 'open-mmlab/mmdetection configs/ghm/README.md';
const ghmAt =
  'commit 20e454e1, https://github.com/open-mmlab/mmdetection/blob/20e454e1dd13f97873bb03604ffcb30998413680/configs/ghm/README.md';
const ghm = (options: {
  label: string;
  name: string;
  backbone: string;
  row: string;
  measured: number;
}): PublishedCase => ({
  id: `mmdet-ghm-retinanet-${options.label}-fpn-1x-coco-8x2img`,
  source: `${ghmDoc} (${ghmAt}), table "Results and Models", row "${options.row}", column "Mem (GB)"`,
  what: 'allocated',
  unit: 'GiB',
  measured: options.measured,
  config: `mmdetection v1 configs/ghm/retinanet_ghm_${options.label.replaceAll('-', '_')}_fpn_1x.py on 8 GPUs: RetinaNet with GHM-C (30 bins) and GHM-R (10 bins) losses on a ${options.name} (pytorch style, frozen_stages 1, BatchNorm in eval mode) + FPN, COCO's 80 classes; 2 images per GPU at (1333, 800) keeping the ratio (800 × 1344 padded taken as the peak's input), DDP, SGD momentum 0.9, gradient clipping 35, fp32, 1x schedule; the logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure. NOT EXPRESSIBLE: the GHM-C and GHM-R losses (per-anchor gradient-norm histograms) in place of the focal loss the spec's RetinaNet head assumes`,
  spec: `model:
  detector:
    input: [3, 800, 1344]
    backbone: { ${options.backbone} }
    head: retinanet
training: { precision: fp32, optimizer: sgd_momentum, batch_size: 2 }
parallel: { gpus: 8, strategy: ddp }`,
});

// --- unslothai/notebooks nb/*.ipynb committed with their outputs, "Show final memory and time stats" ------------
// As rounds 6, 8 and 14 read other notebooks of this repository: each notebook loads a model through unsloth's
// FastLanguageModel (bitsandbytes NF4 with double quantization; dtype None: fp16 compute on a T4), adds LoRA r 16
// alpha 16 dropout 0 on q, k, v, o, gate, up, down through get_peft_model with use_gradient_checkpointing="unsloth"
// (every decoder layer checkpointed, its input offloaded to host memory until backward), and trains with TRL's
// SFTTrainer: batch 2 × 4 accumulation steps, 60 steps, optim adamw_8bit, the Trainer's fp16, padding to the longest
// sample of a batch (packing False), max_seq_length 2048, unsloth's own cross-entropy kernel (no fp32 copy of the
// logits: read as chunked) and xformers memory-efficient attention (no s × s scores: read as flash). The printed
// "Peak reserved memory = N GB." is round(torch.cuda.max_memory_reserved() / 1024**3, 3): GiB, including what
// loading reserved before training ("N GB of memory reserved." above it). One Tesla T4. Sequence lengths are not
// printed: Alpaca samples in the Alpaca prompt (or in the Llama-3 chat template) are mostly 100 to 500 tokens; the
// longest batch of the 480 samples 60 steps draw is assumed to reach 1024 tokens (round 8's assumption for the same
// data). Cited at the snapshot bdda2efc7 (Aug 2026); the outputs were run with the releases each notebook prints.
const unslothNb = (file: string) => `unslothai/notebooks nb/${file}`;
const unsloth = (options: {
  id: string;
  file: string;
  measured: number;
  start: number;
  model: { name: string; params: number; shape: string };
  trainable: number;
  releases: string;
  data: string;
}): PublishedCase => ({
  id: `unsloth-notebook-${options.id}`,
  source: `${unslothNb(options.file)} (at bdda2efc7, https://github.com/unslothai/notebooks/blob/main/nb/${options.file}), output "Peak reserved memory = ${options.measured} GB."`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `${options.model.name} (${options.model.params} parameters) loaded in 4-bit NF4 with double quantization and fp16 compute, LoRA r 16 alpha 16 dropout 0 on q, k, v, o, gate, up, down (${options.trainable} trainable, as printed), use_gradient_checkpointing "unsloth" (every layer checkpointed, the checkpoints offloaded to the host), batch 2 × 4 accumulation steps, 60 steps, adamw_8bit, fp16 Trainer precision, unsloth's cross-entropy kernel, xformers attention; ${options.data}, unpacked, padded to the longest of a batch, max_seq_length 2048; the longest batch assumed to reach 1024 tokens (the notebook prints no lengths); one Tesla T4 (${options.releases}); round(max_memory_reserved / 1024**3, 3), ${options.start} GiB of it reserved before training`,
  spec: `model:
  params: ${options.model.params}
  transformer: { ${options.model.shape}, seq_len: 1024, attention: flash }
  lora: { rank: 16, alpha: 16, targets: [q, k, v, o, gate, up, down], dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16 }
training: { precision: fp16, optimizer: adam8bit, batch_size: 2, grad_accumulation: 4, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
});
const llama3_8b = {
  name: 'unsloth/llama-3-8b-bnb-4bit (Meta-Llama-3-8B: 32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 128256, untied)',
  params: 8_030_261_248,
  shape:
    'family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false',
};

// --- a-r-r-o-w/cogvideox-factory README.md "Memory requirements" (tables of d81209b and 3a519f5, Oct 2024) ----------
// Text-to-video fine-tuning of CogVideoX with training/cogvideox_text_to_video_lora.py and _sft.py of those commits
// (cited at 223add1, Dec 2024, whose README keeps the tables): accelerate, mixed_precision bf16 — the transformer,
// the T5 text encoder and the VAE all moved to the GPU in bf16 (weight_dtype) and kept there through training; LoRA
// (rank as the row says) on to_q, to_k, to_v, to_out.0 of every block, created in the base layers' bf16; the full
// fine-tune trains the bf16 transformer itself (no fp32 master copy outside DeepSpeed). The scripts' defaults for the
// tables: 49 frames at 480 × 720 (height_buckets 480, width_buckets 720, frame_buckets 49), so VAE latents of 13 ×
// 60 × 90 × 16, patchified 2 × 2: 13 × 30 × 45 = 17,550 video tokens joined by 226 T5 tokens (max_text_seq_length):
// 17,776 tokens through every block; latents and prompt embeddings precomputed (the README: "reported after running
// training/prepare_dataset.py … we directly load the latents and embeddings"), gradient accumulation 1. Optimizers:
// "AdamW" torch.optim.AdamW (states in the parameters' bf16), "AdamW (8-bit bitsandbytes)" bnb AdamW8bit, DeepSpeed
// ZeRO-2 (accelerate_configs/deepspeed.yaml: 2 processes, offload_optimizer_device cpu, bf16: fp32 master weights
// and Adam moments on the host). The figures: training/utils.py print_memory() prints
// torch.cuda.max_memory_allocated(device) / 1024**3 after reset_memory() (reset_peak_memory_stats) just before
// training; the column "memory_before_validation" is printed on the main process after the epoch's training steps,
// before the validation pipeline loads ("the true indicator of the peak memory required for training"): GiB,
// allocated, rank 0's figure where two GPUs ran. Parameter counts computed from the transformers' configs (assumed
// exact to the module list): CogVideoX-2b 30 blocks of 1920 (30 heads of 64, GELU MLP 7680, two adaptive
// LayerNorm-zero modulations from a 512-wide timestep embedding, LayerNorm on q and k) = 1,693,783,872;
// CogVideoX-5b 42 blocks of 3072 (48 heads) = 5,570,283,072. The frozen T5 v1.1 XXL encoder (4,762,310,656) and the
// VAE (about 216M, assumed) stay resident in bf16: a tensor of 4,978,000,000 bf16 elements in the spec.
// NOT EXPRESSIBLE: the CogVideoX blocks (adaptive LayerNorm-zero modulation from the timestep embedding on the video
// and text tokens separately, 3D positions) and the resident text encoder and VAE; the spec's transformer is a
// GPT-style stack of the same width, depth and MLP over the joint 17,776 tokens with the transformer's parameter
// count, and the resident frozen models a tensor.
const cogDoc = 'a-r-r-o-w/cogvideox-factory README.md';
const cogAt =
  'commit 223add1, https://github.com/a-r-r-o-w/cogvideox-factory/blob/223add1/README.md; the tables added in d81209b (LoRA, Oct 4 2024) and 3a519f5 (full fine-tuning, Oct 9 2024)';
const cogModels = {
  '2b': {
    name: 'THUDM/CogVideoX-2b',
    params: 1_693_783_872,
    shape:
      'family: gpt, layers: 30, hidden: 1920, heads: 30, ffn: 7680, vocab: 0, max_positions: 0, lm_head: false, bias: true',
  },
  '5b': {
    name: 'THUDM/CogVideoX-5b',
    params: 5_570_283_072,
    shape:
      'family: gpt, layers: 42, hidden: 3072, heads: 48, ffn: 12288, vocab: 0, max_positions: 0, lm_head: false, bias: true',
  },
} as const;
const cogNotExpressible =
  "NOT EXPRESSIBLE: the CogVideoX blocks (adaptive LayerNorm-zero modulation from the timestep embedding, video and text tokens normalised apart, 3D positions) and the frozen T5 encoder and VAE resident beside the transformer; the spec is a GPT-style stack of the same width, depth and MLP over the 17,776 joint tokens with the transformer's parameter count, and the resident frozen weights a bf16 tensor";
const cog = (options: {
  model: '2b' | '5b';
  label: string;
  table: string;
  row: string;
  measured: number;
  batch: number;
  checkpointing: boolean;
  lora?: number;
  optimizer: 'adamw' | 'adam8bit';
  optimizerText: string;
  deepspeed?: boolean;
}): PublishedCase => {
  const m = cogModels[options.model];
  const gpus = options.deepspeed ? 2 : 1;
  return {
    id: `cogvideox-factory-${options.model}-${options.label}-bs${options.batch}${options.checkpointing ? '-gc' : ''}`,
    source: `${cogDoc} (${cogAt}), "${options.table}", row "${options.row}", column "memory_before_validation"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `${m.name} text-to-video ${options.lora ? `LoRA rank ${options.lora} on to_q, to_k, to_v, to_out.0` : 'full fine-tune'} (transformer ${m.params} parameters, bf16), T5 v1.1 XXL encoder and VAE resident in bf16, 49 frames at 480 × 720 (17,550 latent patches + 226 text tokens), batch ${options.batch}, ${options.checkpointing ? 'gradient checkpointing on every block' : 'no gradient checkpointing'}, ${options.optimizerText}, SDPA attention, ${options.deepspeed ? '2 × A100 80 GB' : 'one A100 80 GB'}; max_memory_allocated / 1024**3 (GiB) since the reset before training, printed on the main process after the epoch's steps${options.deepspeed ? " (rank 0's, one GPU's figure)" : ''}. ${cogNotExpressible}`,
    spec: `model:
  params: ${m.params}
  transformer: { ${m.shape}, seq_len: 17776, attention: sdpa }${options.lora ? `\n  lora: { rank: ${options.lora}, alpha: ${options.lora}, targets: [q, k, v, o], dropout: 0 }` : ''}
training: { precision: ${options.deepspeed ? 'amp_bf16, convention: zero' : 'bf16'}, optimizer: ${options.optimizer}, batch_size: ${options.batch}, activation_checkpointing: ${options.checkpointing ? 'full' : 'none'}${options.deepspeed ? ', offload: { optimizer: cpu }' : ''} }${gpus > 1 ? `\nparallel: { gpus: ${gpus}, strategy: zero2 }` : ''}
tensors:
  - { name: frozen T5 v1.1 XXL encoder and CogVideoX VAE weights resident in bf16, shape: [4978000000], dtype: bfloat16, count: 1 }`,
  };
};

// --- huggingface/transformers docs/source/en/model_doc/bert.md, "Using Scaled Dot Product Attention (SDPA)" ------
// The "Training" table that came with pull request #28802 ("[BERT] Add support for sdpa", 2024-02; the PR says
// "using BertLMHeadModel", "Training benchmark based on fxmarty's script"), as published in the documentation of
// v4.46.0 (https://huggingface.co/docs/transformers/v4.46.0/en/model_doc/bert): "On a local benchmark (A100-80GB,
// CPUx12, RAM 96.6GB, PyTorch 2.2.0, OS Ubuntu 22.04) with float16". The same benchmark as round 22 read for other
// models (fxmarty's gist 7e75cc39): the model loaded with torch_dtype float16, model.train() (dropout 0.1 as
// bert-base-uncased's config sets it), random input_ids with an all-ones attention_mask, after warm-up
// reset_peak_memory_stats and num_training_steps × { model.zero_grad(); loss = model(**inputs).logits.sum();
// loss.backward() }: pure fp16 weights and gradients, no optimizer, no labels. Peak = max_memory_allocated() × 1e-6
// printed as "MB" (decimal). The model assumed bert-base-uncased (the page's example) in BertLMHeadModel (the PR's
// class): BertModel without its pooler (108,891,648) and the LM head's 768 → 768 transform with LayerNorm and a
// vocabulary bias, the projection tied to the word embedding: 109,514,298 parameters. As round 22 (after the lead's
// correction) says it: optimizer sgd (a backward with no optimizer step), lm_head false with a tensors entry for the
// fp16 logits and their gradient.
const bertDoc = 'huggingface/transformers docs/source/en/model_doc/bert.md';
const bertAt =
  'as published in the transformers documentation of v4.46.0, https://huggingface.co/docs/transformers/v4.46.0/en/model_doc/bert, section "Using Scaled Dot Product Attention (SDPA)"; the table came with pull request #28802 (https://github.com/huggingface/transformers/pull/28802)';
const bert = (options: {
  attention: 'eager' | 'sdpa';
  batch: number;
  seq: number;
  mb: number;
  row: string;
}): PublishedCase => ({
  id: `transformers-sdpa-bench-bert-base-lmhead-${options.attention}-fp16-nooptim-bs${options.batch}-seq${options.seq}-a100`,
  source: `${bertDoc} (${bertAt}), "Training" table, row "${options.row}", column "${options.attention === 'eager' ? 'Eager' : 'sdpa'} peak mem (MB)"`,
  what: 'allocated',
  unit: 'GB',
  measured: options.mb / 1000,
  config: `fxmarty's SDPA training benchmark (torch_dtype float16, model.train(), random input_ids with an all-ones attention_mask; after warm-up, reset_peak_memory_stats and num_training_steps × { model.zero_grad(); loss = model(**inputs).logits.sum(); loss.backward() }: pure fp16 weights and gradients, no optimizer): bert-base-uncased in BertLMHeadModel (assumed from the pull request: 12 layers, 768 wide, 12 heads, GELU MLP 3072, learned positions 512, token types 2, dropout 0.1, no pooler, LM head transform 768 → 768 with LayerNorm, the vocabulary projection tied to the word embedding, vocab 30522; 109,514,298 parameters), attn_implementation "${options.attention}", batch ${options.batch} × ${options.seq} tokens (fixed), one A100 80 GB, PyTorch 2.2.0, Ubuntu 22.04; torch.cuda.max_memory_allocated() over the timed steps × 1e-6, printed as MB (decimal): allocated, ${options.mb} MB`,
  spec: `model:
  params: 109514298
  transformer: { family: bert, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 30522, max_positions: 512, pooler: false, dropout: true, seq_len: ${options.seq}, lm_head: false, attention: ${options.attention} }
training: { precision: fp16, optimizer: sgd, batch_size: ${options.batch}, activation_checkpointing: none }
tensors:
  - { name: fp16 logits kept for logits.sum() and their gradient, shape: [${options.batch}, ${options.seq}, 30522], dtype: float16, count: 2, covers: logits }`,
});

// --- huggingface/transformers docs/source/en/model_doc/beit.md and data2vec.md, "Using Scaled Dot Product Attention" ---
// The "Training" table each page gained with BEiT's and Data2VecVision's SDPA support (BEiT's cited as published in
// the v5.14.0 documentation, Data2Vec's as the page's source in the repository): "On a local benchmark (NVIDIA GeForce RTX 2060-8GB, PyTorch
// 2.5.1, OS Ubuntu 20.04) with float16", 50 training steps, batch 2, image_size (1048, 640). The benchmark (assumed
// to be fxmarty's training script adapted to images, as the table layout is the one round 22's masked-LM variant
// prints): the model loaded in float16, model.train(), random pixel_values of 2 × 3 × 1048 × 640 with
// interpolate_pos_encoding, after warm-up reset_peak_memory_stats and { model.zero_grad(); loss =
// model(**inputs).logits.sum(); loss.backward() }: pure fp16 weights and gradients, no optimizer; peak =
// max_memory_allocated × 1e-6 printed as "MB" (decimal). 1048 × 640 in 16-pixel patches: 65 × 40 = 2,600 patches and
// the CLS token, 2,601 tokens. microsoft/beit-base-patch16-224 (BeitForImageClassification, the page's example): 12
// layers of 768 (12 heads, GELU MLP 3072, no bias on the key projection, layer scale, stochastic depth 0.1 in
// train mode), a relative position bias of its own in every layer (interpolated to the 65 × 40 grid: a 12 × 2601 ×
// 2601 bias per layer, SDPA's attn_mask), mean pooling and a 1000-class head: 86,530,984 parameters counted from the
// modules. facebook/data2vec-vision-base (Data2VecVisionForImageClassification, the page's example; the checkpoint
// has no classifier, so the default 2 labels): the same trunk with one relative position bias shared by the layers
// (assumed from the pre-trained checkpoint's use_shared_relative_position_bias), 85,666,898 parameters (assumed:
// BEiT-base's trunk with the bias table once, 2 labels). NOT EXPRESSIBLE: layer scale and the key projection
// without bias (a few thousand parameters; the spec's ViT has biased q, k, v); the attention bias is said with
// attention_bias.
const vitDocs = {
  beit: {
    doc: 'huggingface/transformers docs/source/en/model_doc/beit.md',
    url: 'as published in the transformers documentation of v5.14.0, https://huggingface.co/docs/transformers/v5.14.0/en/model_doc/beit',
    model:
      'microsoft/beit-base-patch16-224 (BeitForImageClassification, 1000 classes, a relative position bias per layer)',
    params: 86_530_984,
    classes: 1000,
    bias: 'layer',
  },
  data2vec: {
    doc: 'huggingface/transformers docs/source/en/model_doc/data2vec.md',
    url: 'the page source in huggingface/transformers, https://github.com/huggingface/transformers/blob/main/docs/source/en/model_doc/data2vec.md (the Data2VecVision table)',
    model:
      'facebook/data2vec-vision-base (Data2VecVisionForImageClassification, the default 2 labels, one relative position bias shared by the layers: assumed from the checkpoint)',
    params: 85_666_898,
    classes: 2,
    bias: 'model',
  },
} as const;
const vitSdpa = (options: {
  model: keyof typeof vitDocs;
  attention: 'eager' | 'sdpa';
  mb: number;
  row: string;
}): PublishedCase => {
  const m = vitDocs[options.model];
  return {
    id: `transformers-sdpa-bench-${options.model}-base-${options.attention}-fp16-nooptim-bs2-1048x640-rtx2060`,
    source: `${m.doc} (${m.url}, section "Using Scaled Dot Product Attention (SDPA)"), "Training" table, row "${options.row}", column "${options.attention === 'eager' ? 'Eager' : 'SDPA'} peak mem (MB)"`,
    what: 'allocated',
    unit: 'GB',
    measured: options.mb / 1000,
    config: `SDPA training benchmark (assumed fxmarty's script adapted to images: torch_dtype float16, model.train(), random pixel_values with interpolate_pos_encoding, after warm-up reset_peak_memory_stats and 50 × { model.zero_grad(); loss = model(**inputs).logits.sum(); loss.backward() }: pure fp16 weights and gradients, no optimizer): ${m.model}, ${m.params} parameters, attn_implementation "${options.attention}", batch 2 images of 1048 × 640 (2,601 tokens), one GeForce RTX 2060 8 GB, PyTorch 2.5.1, Ubuntu 20.04; max_memory_allocated × 1e-6 printed as MB (decimal): allocated, ${options.mb} MB. NOT EXPRESSIBLE: layer scale and the bias-free key projection (the spec's ViT has biased q, k and v)`,
    spec: `model:
  params: ${m.params}
  transformer: { family: vit, layers: 12, hidden: 768, heads: 12, ffn: 3072, seq_len: 2601, classes: ${m.classes}, attention: ${options.attention}, attention_bias: { per: ${m.bias} } }
training: { precision: fp16, optimizer: sgd, batch_size: 2, activation_checkpointing: none }`,
  };
};

export const round23Cases: PublishedCase[] = [
  // Detectors with AdamW (ResNet strikes back): 8 GPUs × 2 images.
  rsb({
    kind: 'faster_rcnn',
    name: 'Faster R-CNN (RPN with 3 anchors, Shared2FCBBoxHead, class-specific boxes)',
    config: 'faster_rcnn_r50_fpn_rsb-pretrain_1x_coco',
    row: 'Faster R-CNN | R-50 rsb | 1x | 3.9',
    measured: 3.9,
  }),
  rsb({
    kind: 'mask_rcnn',
    name: 'Mask R-CNN (RPN, Shared2FCBBoxHead, FCNMaskHead)',
    config: 'mask_rcnn_r50_fpn_rsb-pretrain_1x_coco',
    row: 'Mask R-CNN | R-50 rsb | 1x | 4.5',
    measured: 4.5,
  }),
  rsb({
    kind: 'cascade_mask_rcnn',
    name: 'Cascade Mask R-CNN (RPN, three cascade stages of class-agnostic box heads and mask heads)',
    config: 'cascade_mask_rcnn_r50_fpn_rsb-pretrain_1x_coco',
    row: 'Cascade Mask R-CNN | R-50 rsb | 1x | 6.2',
    measured: 6.2,
  }),
  // RetinaNet with GHM losses on ResNet and ResNeXt trunks (mmdetection v1): NOT EXPRESSIBLE (the losses).
  ghm({
    label: 'x101-32x4d',
    name: 'ResNeXt-101 32×4d',
    backbone: 'depth: 101, groups: 32, width_per_group: 4',
    row: 'X-101-32x4d-FPN | pytorch | 1x | 7.0',
    measured: 7.0,
  }),
  ghm({
    label: 'x101-64x4d',
    name: 'ResNeXt-101 64×4d',
    backbone: 'depth: 101, groups: 64, width_per_group: 4',
    row: 'X-101-64x4d-FPN | pytorch | 1x | 9.9',
    measured: 9.9,
  }),
  // QLoRA on a T4 through unsloth: Llama-3 8B and Qwen2 7B on Alpaca.
  unsloth({
    id: 'llama3-8b-alpaca-qlora-r16-t4',
    file: 'Llama3_(8B)-Alpaca.ipynb',
    measured: 7.535,
    start: 5.594,
    model: llama3_8b,
    trainable: 41_943_040,
    releases: 'unsloth 2024.5, PyTorch 2.3.0+cu121',
    data: 'yahma/alpaca-cleaned (unsloth/alpaca-cleaned, 51,760 samples) in the Alpaca prompt',
  }),
  unsloth({
    id: 'qwen2-7b-alpaca-qlora-r16-t4',
    file: 'Qwen2_(7B)-Alpaca.ipynb',
    measured: 9.137,
    start: 7.072,
    model: {
      name: 'unsloth/Qwen2-7B quantised on load (28 layers, 3584 wide, 28 heads, 4 KV heads, MLP 18944, vocab 152064, untied, q/k/v bias)',
      params: 7_615_616_512,
      shape:
        'family: llama, layers: 28, hidden: 3584, heads: 28, kv_heads: 4, vocab: 152064, ffn: 18944, bias: qkv, tied_embeddings: false',
    },
    trainable: 40_370_176,
    releases: 'unsloth 2024.6, PyTorch 2.3.0+cu121',
    data: 'yahma/alpaca-cleaned (unsloth/alpaca-cleaned, 51,760 samples) in the Alpaca prompt',
  }),
  // CogVideoX text-to-video: LoRA and full fine-tune on one A100, full fine-tune under DeepSpeed ZeRO-2 on two.
  cog({
    model: '2b',
    label: 'lora-r16-adamw',
    table: 'LoRA finetuning / AdamW / train_batch_size = 1',
    row: 'THUDM/CogVideoX-2b | 16 | False | 12.945 | 43.764 | 46.918 | 24.234',
    measured: 43.764,
    batch: 1,
    checkpointing: false,
    lora: 16,
    optimizer: 'adamw',
    optimizerText: 'torch AdamW (bf16 moments)',
  }),
  cog({
    model: '2b',
    label: 'lora-r64-adamw8bit',
    table: 'LoRA finetuning / AdamW (8-bit bitsandbytes) / train_batch_size = 4',
    row: 'THUDM/CogVideoX-2b | 64 | True | 13.036 | 21.941 | 21.941 | 24.445',
    measured: 21.941,
    batch: 4,
    checkpointing: true,
    lora: 64,
    optimizer: 'adam8bit',
    optimizerText: 'bitsandbytes AdamW8bit',
  }),
  cog({
    model: '5b',
    label: 'lora-r16-adamw',
    table: 'LoRA finetuning / AdamW / train_batch_size = 4',
    row: 'THUDM/CogVideoX-5b | 16 | True | 19.742 | 46.492 | 46.492 | 38.197',
    measured: 46.492,
    batch: 4,
    checkpointing: true,
    lora: 16,
    optimizer: 'adamw',
    optimizerText: 'torch AdamW (bf16 moments)',
  }),
  cog({
    model: '2b',
    label: 'full-adamw',
    table: 'Full finetuning / AdamW / train_batch_size = 1',
    row: 'THUDM/CogVideoX-2b | True | 16.396 | 33.934 | 43.848 | 37.520',
    measured: 33.934,
    batch: 1,
    checkpointing: true,
    optimizer: 'adamw',
    optimizerText: 'torch AdamW over the bf16 transformer (bf16 gradients and moments)',
  }),
  cog({
    model: '5b',
    label: 'full-deepspeed-zero2-offload-2gpu',
    table: 'Full finetuning / DeepSpeed (AdamW + CPU/Parameter offloading) / train_batch_size = 4',
    row: 'THUDM/CogVideoX-5b | 19.762 | 43.465 | 43.531 | 38.082',
    measured: 43.465,
    batch: 4,
    checkpointing: true,
    optimizer: 'adamw',
    optimizerText:
      'DeepSpeed ZeRO-2 over 2 GPUs with offload_optimizer cpu (fp32 master weights and Adam moments on the host, bf16 weights and gradient partitions on each GPU; offload_param is ignored at stage 2), DeepSpeedCPUAdam, gradient clipping 1.0',
    deepspeed: true,
  }),
  // BERT (BertLMHeadModel) in fxmarty's SDPA training benchmark, A100: eager and SDPA.
  bert({
    attention: 'eager',
    batch: 4,
    seq: 512,
    mb: 1970.447,
    row: '4 | 512 | 0.023 | 0.018 | 23.687 | 1970.447 | 1227.162 | 60.569',
  }),
  bert({
    attention: 'eager',
    batch: 8,
    seq: 512,
    mb: 3629.401,
    row: '8 | 512 | 0.035 | 0.025 | 43.058 | 3629.401 | 2134.262 | 70.054',
  }),
  bert({
    attention: 'eager',
    batch: 16,
    seq: 256,
    mb: 2874.426,
    row: '16 | 256 | 0.030 | 0.024 | 25.583 | 2874.426 | 2134.262 | 34.680',
  }),
  bert({
    attention: 'sdpa',
    batch: 4,
    seq: 256,
    mb: 764.834,
    row: '4 | 256 | 0.023 | 0.017 | 35.472 | 939.213 | 764.834 | 22.800',
  }),
  bert({
    attention: 'sdpa',
    batch: 16,
    seq: 512,
    mb: 3961.013,
    row: '16 | 512 | 0.064 | 0.044 | 46.223 | 6964.659 | 3961.013 | 75.830',
  }),
  // BEiT and Data2VecVision image encoders at 1048 × 640 in the same kind of benchmark, RTX 2060.
  vitSdpa({
    model: 'beit',
    attention: 'eager',
    mb: 6738.915,
    row: '50 | 2 | (1048, 640) | True | 0.984 | 0.746 | 31.975 | 6738.915 | 4319.886 | 55.998',
  }),
  vitSdpa({
    model: 'beit',
    attention: 'sdpa',
    mb: 4319.886,
    row: '50 | 2 | (1048, 640) | True | 0.984 | 0.746 | 31.975 | 6738.915 | 4319.886 | 55.998',
  }),
  vitSdpa({
    model: 'data2vec',
    attention: 'eager',
    mb: 6722.198,
    row: '50 | 2 | (1048, 640) | True | 0.996 | 0.754 | 32.147 | 6722.198 | 4264.653 | 57.626',
  }),
  vitSdpa({
    model: 'data2vec',
    attention: 'sdpa',
    mb: 4264.653,
    row: '50 | 2 | (1048, 640) | True | 0.996 | 0.754 | 32.147 | 6722.198 | 4264.653 | 57.626',
  }),
];

/** The documents round 23 reads: none is cited by rounds 1 to 22 or ../shared/estimation. */
export const round23Documents = [
  rsbDoc,
  ghmDoc,
  unslothNb('Llama3_(8B)-Alpaca.ipynb'),
  unslothNb('Qwen2_(7B)-Alpaca.ipynb'),
  cogDoc,
  bertDoc,
  vitDocs.beit.doc,
  vitDocs.data2vec.doc,
];
