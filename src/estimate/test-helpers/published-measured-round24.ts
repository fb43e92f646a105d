// Round 24 of published MEASURED peaks for issue #25 (item 6), gathered in session 19 after rounds 1 to 22 were seen
// and round 23 gathered (by the same engineer, not measured). EVERY case here is HELD OUT: none was scored, estimated
// or looked at through the estimate before the one final measurement, and nobody but the gatherer and the lead reads
// this file until then.
// THE DRAW (set before the first search, the same as round 23's): full fine-tunes, LoRA and QLoRA of decoder LLMs of
// several families, encoders, vision models (ViT, CLIP, a CNN/ResNet, a detector), diffusion models, RL/robotics
// policies where a measured figure is published; one GPU and several (DDP, FSDP, DeepSpeed); with and without
// gradient checkpointing; eager, SDPA and flash attention; AdamW, 8-bit, paged, SGD, Adafactor and offloaded
// optimizers. At most 5 rows from any one source (a document, or one harness over several documents).
// SEARCH PROCEDURE (round 24): what round 23's search left (documents no round cites, rounds 1 to 23 and
// ../shared/estimation checked), then the OpenMMLab model zoos not yet read (mmrotate's rotated detectors,
// mmsegmentation's SETR), transformers' SDPA pull requests whose tables no documentation page kept (ELECTRA),
// the unsloth notebooks round 23 did not take, and issue threads of meta-llama/llama-recipes with measured peaks
// and the repository's configs of that day. Looked at and left: LeRobot's hardware guide (indicative ranges),
// finetrainers' CogVideoX page (its peak is the precomputation's, not training's), the ViViT page's training row
// (its eager and SDPA columns contradict each other: the eager peak is below the attention probabilities a backward
// keeps), fms-acceleration's unread CSVs (unpacked data of unknown lengths, or models without a public shape here),
// ms-swift's tuner scripts (their figures repeat an earlier round's for the same model), diffusers' HiDream README
// (what its "Memory (after backward)" measures is not in the script).
// Each case names its public source (document, commit, table and row), what was measured (allocated, reserved or
// device total, and the unit), whether a multi-GPU figure is one GPU's, the config as published, and the spec a
// user would write for it; where a source leaves a setting out, `config` says what was assumed and from which
// default. Where the spec cannot say something the run did, `config` says "NOT EXPRESSIBLE: …" and the spec is the
// nearest one a user would write.
import type { PublishedCase } from './published-measured.js';

// --- open-mmlab/mmrotate configs/<method>/README.md, DOTA1.0 "Mem (GB)" (mmrotate v0.1, Jan–Mar 2022) -------------
// Oriented detectors on DOTA-v1.0 split into 1024 × 1024 patches (gap 200), 15 classes, a ResNet-50 (pytorch style,
// frozen_stages 1, BatchNorm in eval mode with its affines trained) + FPN; _base_/datasets/dotav1.py samples_per_gpu 2
// (the tables' "Batch Size 2"), RResize to (1024, 1024), padded to a multiple of 32; _base_/schedules/schedule_1x.py
// SGD lr 0.0025 momentum 0.9 weight decay 1e-4, gradient clipping 35, 12 epochs. The lr is mmdetection's 0.02 for 16
// images scaled to 2: one GPU × 2 images (assumed; the tables do not name the GPU count). The fp16 configs add mmcv's
// fp16 = dict(loss_scale='dynamic') (Fp16OptimizerHook, read as autocast over fp32 weights as earlier rounds read
// mmdetection's fp16 rows). "Mem (GB)" is mmcv's logged torch.cuda.max_memory_allocated() / 2**20 (MiB) / 1024 in the
// table: GiB. The spec says each rotated head as model.detector.head (rotated_retinanet, rotated_faster_rcnn,
// oriented_rcnn, roi_trans: the angle's deltas, the oriented RPN, RoI Transformer's two box stages, RoIAlignRotated,
// SmoothL1 losses; re-said in session 20, first gathered as the axis-aligned head of the same kind).
const mmrotateDocs = {
  retinanet: {
    doc: 'open-mmlab/mmrotate configs/rotated_retinanet/README.md',
    at: 'commit 190f1d8a, https://github.com/open-mmlab/mmrotate/blob/190f1d8a3019967ca7bbbcdeed2642d1ebd22f4b/configs/rotated_retinanet/README.md',
  },
  fasterRcnn: {
    doc: 'open-mmlab/mmrotate configs/rotated_faster_rcnn/README.md',
    at: 'commit 190f1d8a, https://github.com/open-mmlab/mmrotate/blob/190f1d8a3019967ca7bbbcdeed2642d1ebd22f4b/configs/rotated_faster_rcnn/README.md',
  },
  orientedRcnn: {
    doc: 'open-mmlab/mmrotate configs/oriented_rcnn/README.md',
    at: 'commit 041050b6, https://github.com/open-mmlab/mmrotate/blob/041050b661bedd5e917483f5cb80a00edfc8ebb9/configs/oriented_rcnn/README.md',
  },
  roiTrans: {
    doc: 'open-mmlab/mmrotate configs/roi_trans/README.md',
    at: 'commit 041050b6, https://github.com/open-mmlab/mmrotate/blob/041050b661bedd5e917483f5cb80a00edfc8ebb9/configs/roi_trans/README.md',
  },
} as const;
const mmrotate = (options: {
  doc: keyof typeof mmrotateDocs;
  label: string;
  detector: string;
  config: string;
  head: 'rotated_retinanet' | 'rotated_faster_rcnn' | 'oriented_rcnn' | 'roi_trans';
  isFp16?: boolean;
  row: string;
  measured: number;
}): PublishedCase => {
  const d = mmrotateDocs[options.doc];
  return {
    id: `mmrotate-${options.label}-r50-fpn-1x-dota-le90-1x2img${options.isFp16 ? '-fp16' : ''}`,
    source: `${d.doc} (${d.at}), table "Results and models" DOTA1.0, row "${options.row}", column "Mem (GB)"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `configs/${options.config}.py: ${options.detector} on a ResNet-50 (pytorch style, frozen_stages 1, BatchNorm in eval mode) + FPN, DOTA-v1.0's 15 classes, 2 images of 1024 × 1024 per GPU on one GPU (assumed from the table's batch size 2 and lr 0.0025), SGD momentum 0.9, gradient clipping 35, ${options.isFp16 ? "fp16 (mmcv's Fp16OptimizerHook, dynamic loss scale; read as autocast over fp32 weights)" : 'fp32'}, 1x schedule, mmrotate v0.1; mmcv's logged max_memory_allocated in MiB / 1024 (GiB); the spec's head is ${options.head}`,
    spec: `model:
  detector:
    input: [3, 1024, 1024]
    backbone: { depth: 50 }
    head: ${options.head}
    classes: 15
training: { precision: ${options.isFp16 ? 'amp_fp16' : 'fp32'}, optimizer: sgd_momentum, batch_size: 2 }`,
  };
};

// --- open-mmlab/mmsegmentation configs/setr/README.md "Results and models" (mmseg v0.x, June and Nov 2021) ---------
// SETR on a ViT-L/16 (24 layers of 1024, 16 heads, MLP 4096, LayerNorm eps 1e-6, cls token, drop_rate 0 in the ADE20K
// and Cityscapes configs, mmcv's nn.MultiheadAttention: eager softmax attention) and three decoders: Naive and PUP
// (SETRUPHead: LayerNorm, ConvModules of 1×1 or 3×3 convs with SyncBN and ReLU, each followed by a ×4 bilinear
// upsampling) and MLA (MLANeck over layers 6, 12, 18, 24 to 256 channels, SETRMLAHead of 3×3 convs to 128 each,
// upsampled and concatenated), with auxiliary heads on earlier layers (loss weight 0.4). The configs read: setr_naive
// and setr_pup _512x512_160k_b16_ade20k (ADE20K, 150 classes, 512 × 512 crops, 8 GPUs × 2, decoder channels 512,
// three auxiliary SETRUPHeads of 256), setr_mla_512x512_160k_b8_ade20k (8 GPUs × 1, four auxiliary FCNHeads without
// convs), setr_vit-large_{naive,pup}_8x1_768x768_80k_cityscapes (Cityscapes, 19 classes, 768 × 768 crops, 8 GPUs × 1,
// the _base_ heads: channels 512, three (Naive) or four (PUP) auxiliary heads); SGD momentum 0.9, weight decay 0,
// fp32, SyncBN in the heads (DDP). The losses are cross-entropy over each head's logits resized to the crop (mmseg
// 0.x decode_head.losses), fp32: one logits-sized tensor per head kept for backward.
// Parameters counted from the modules (backbone: patch embedding 787,456, cls token 1,024, positions (crop/16)² + 1,
// 24 blocks of 12,596,224; heads as configured). "Mem (GB)" is mmcv's logged max_memory_allocated in MiB / 1024:
// GiB, the logging rank's (rank 0) figure: one GPU's. The spec says the heads as model.segmenter (decoder, crop,
// classes, channels, auxiliary heads and their convs; each head's upsampled maps, SyncBN and fp32 log-softmax at the
// crop), re-said in session 20; first gathered as the ViT-L trunk with one logits tensor per head. Still NOT
// EXPRESSIBLE where a row says so: one `channels` for the decode and auxiliary heads (the ADE20K naive and PUP
// configs give the decoder 512 and the auxiliary heads 256), and the naive decoder's two 1×1 convs as read here
// (the key builds mmseg's one).
const setrDoc = 'open-mmlab/mmsegmentation configs/setr/README.md';
const setrAt =
  'commit 02e04cc2, https://github.com/open-mmlab/mmsegmentation/blob/02e04cc213fa7fe5313258e27fcca6c8d4ef8e23/configs/setr/README.md';
const setr = (options: {
  label: string;
  head: string;
  config: string;
  dataset: 'ADE20K' | 'Cityscapes';
  batch: number;
  params: number;
  heads: number;
  decoder: 'setr_naive' | 'setr_pup' | 'setr_mla';
  channels?: number;
  auxHeads: number;
  auxConvs?: number;
  /** The auxiliary heads' channels where not the decode head's (session 21's aux_channels). */
  auxChannels?: number;
  /** The decode head's convs where not the decoder's default (session 21's decode_convs). */
  decodeConvs?: number;
  notExpressible?: string;
  row: string;
  measured: number;
}): PublishedCase => {
  const crop = options.dataset === 'ADE20K' ? 512 : 768;
  const classes = options.dataset === 'ADE20K' ? 150 : 19;
  // mmseg's MLA ViT drops the class token (model.segmenter refuses a seq_len with it).
  const tokens = (crop / 16) ** 2 + (options.decoder === 'setr_mla' ? 0 : 1);
  const segmenterKeys = [
    `decoder: ${options.decoder}`,
    `crop: [${crop}, ${crop}]`,
    `classes: ${classes}`,
    ...(options.channels ? [`channels: ${options.channels}`] : []),
    `aux_heads: ${options.auxHeads}`,
    ...(options.auxConvs ? [`aux_convs: ${options.auxConvs}`] : []),
    ...(options.auxChannels ? [`aux_channels: ${options.auxChannels}`] : []),
    ...(options.decodeConvs ? [`decode_convs: ${options.decodeConvs}`] : []),
  ].join(', ');
  return {
    id: `mmseg-setr-${options.label}-vit-l16-${crop}x${crop}-${options.dataset.toLowerCase()}-8x${options.batch}`,
    source: `${setrDoc} (${setrAt}), table ${options.dataset}, row "${options.row}", column "Mem (GB)"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `configs/setr/${options.config}.py (mmsegmentation 0.x): SETR ${options.head} on a ViT-L/16 (${options.params} parameters with the heads, counted from the modules), ${options.dataset} ${classes} classes, ${crop} × ${crop} crops (${tokens} tokens${options.decoder === 'setr_mla' ? ', no cls token' : ' with the cls token'}), ${options.batch} per GPU on 8 GPUs (DDP, SyncBN in the heads), SGD momentum 0.9, fp32, eager attention; ${options.heads} heads each with a cross-entropy over logits resized to the crop; mmcv's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure${options.notExpressible ? `. NOT EXPRESSIBLE: ${options.notExpressible}` : ''}`,
    spec: `model:
  params: ${options.params}
  transformer: { family: vit, layers: 24, hidden: 1024, heads: 16, ffn: 4096, seq_len: ${tokens}, attention: eager }
  segmenter: { ${segmenterKeys} }
training: { precision: fp32, optimizer: sgd_momentum, batch_size: ${options.batch} }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

// --- huggingface/transformers pull request #37106 "Add Sdpa Support: [Electra]" (nnilayy, March 2025) ------------
// The pull request's documentation table (docs/source/en/model_doc/electra.md of its branch; the merged page has no
// table): "On a local benchmark (NVIDIA Tesla T4-15GB, PyTorch 2.5.1, OS Ubuntu 22.04.3 LTS) using float16 with
// google/electra-base-generator and google/electra-base-discriminator models with a MaskedLM head"; the training
// benchmark is the author's adaptation of fxmarty's script (gist 7e75cc39, as round 22 and round 23 read it): the
// model loaded in float16 (is_half True), model.train() (dropout 0.1), random input_ids with an all-ones attention
// mask, after warm-up reset_peak_memory_stats and 100 × { model.zero_grad(); loss = model(**inputs).logits.sum();
// loss.backward() }: pure fp16 weights and gradients, no optimizer, no labels (assumed unchanged in the adaptation);
// peak = max_memory_allocated × 1e-6 printed as "MB" (decimal). ElectraForMaskedLM on the discriminator config: 12
// layers of 768 (12 heads, GELU MLP 3072), 768-wide embeddings (no projection), learned positions 512, token types 2,
// the LM head's 768 → 768 transform with GELU and LayerNorm, the vocabulary projection tied to the word embedding,
// vocab 30522: 109,514,298 parameters. On the generator config (hidden 256, 4 heads, MLP 1024, 768-wide embeddings
// projected to 256, the head's 256 → 768 transform): 33,740,602 parameters. The spec says family electra with
// word_embed_dim 768 (embedding_size; the generator's embeddings_project to 256), re-said in session 20 (first
// gathered as family bert), and the logits as round 22's correction does: optimizer sgd (a backward with no optimizer
// step), lm_head false and a tensors entry for the fp16 logits and their gradient. NOT EXPRESSIBLE: ElectraForMaskedLM's
// head under a loss of logits.sum() — lm_head true says that head but with a cross-entropy the benchmark does not run;
// lm_head false says ElectraForPreTraining's head (dense, GELU, one logit per token) in its place, with the masked-LM
// model's parameter count given.
const electraDoc = 'huggingface/transformers pull request #37106';
const electraAt =
  'https://github.com/huggingface/transformers/pull/37106, its docs/source/en/model_doc/electra.md "Training Benchmark" tables';
const electraModels = {
  discriminator: {
    name: 'google/electra-base-discriminator in ElectraForMaskedLM (12 layers of 768, 12 heads, MLP 3072, LM-head transform, tied vocabulary projection, vocab 30522; 109,514,298 parameters)',
    params: 109_514_298,
    shape:
      'family: electra, layers: 12, hidden: 768, heads: 12, ffn: 3072, vocab: 30522, word_embed_dim: 768, max_positions: 512, dropout: true',
  },
  generator: {
    name: 'google/electra-base-generator in ElectraForMaskedLM (12 layers of 256, 4 heads, MLP 1024, 768-wide embeddings projected to 256, a 256 → 768 LM-head transform, tied vocabulary projection; 33,740,602 parameters)',
    params: 33_740_602,
    shape:
      'family: electra, layers: 12, hidden: 256, heads: 4, ffn: 1024, vocab: 30522, word_embed_dim: 768, max_positions: 512, dropout: true',
  },
} as const;
const electra = (options: {
  model: keyof typeof electraModels;
  attention: 'eager' | 'sdpa';
  batch: number;
  seq: number;
  mb: number;
  row: string;
}): PublishedCase => {
  const m = electraModels[options.model];
  return {
    id: `transformers-sdpa-bench-electra-base-${options.model}-mlm-${options.attention}-fp16-nooptim-bs${options.batch}-seq${options.seq}-t4`,
    source: `${electraDoc} (${electraAt}), "Benchmarks For google/electra-base-${options.model}", row "${options.row}", column "${options.attention === 'eager' ? 'Eager' : 'sdpa'} peak mem (MB)"`,
    what: 'allocated',
    unit: 'GB',
    measured: options.mb / 1000,
    config: `SDPA training benchmark adapted from fxmarty's (torch_dtype float16, model.train(), random input_ids with an all-ones attention mask; after warm-up, reset_peak_memory_stats and 100 × { model.zero_grad(); loss = model(**inputs).logits.sum(); loss.backward() }: pure fp16 weights and gradients, no optimizer — assumed as fxmarty's script does it): ${m.name}, attn_implementation "${options.attention}", batch ${options.batch} × ${options.seq} tokens (fixed), one Tesla T4 15 GB, PyTorch 2.5.1, Ubuntu 22.04; max_memory_allocated × 1e-6 printed as MB (decimal): allocated, ${options.mb} MB. NOT EXPRESSIBLE: ElectraForMaskedLM's head under logits.sum() with no cross-entropy; the spec says lm_head false (ElectraForPreTraining's head in its place) with the masked-LM model's parameter count and the fp16 logits and their gradient as a tensor`,
    spec: `model:
  params: ${m.params}
  transformer: { ${m.shape}, seq_len: ${options.seq}, lm_head: false, attention: ${options.attention} }
training: { precision: fp16, optimizer: sgd, batch_size: ${options.batch}, activation_checkpointing: none }
tensors:
  - { name: fp16 logits kept for logits.sum() and their gradient, shape: [${options.batch}, ${options.seq}, 30522], dtype: float16, count: 2, covers: logits }`,
  };
};

// --- unslothai/notebooks nb/*.ipynb committed with their outputs, "Show final memory and time stats" ------------
// As round 23 (and rounds 6, 8, 14) read other notebooks of this repository: a model loaded through unsloth's
// FastLanguageModel / FastModel in 4-bit (bitsandbytes NF4 with double quantization; the "unsloth-bnb-4bit" dynamic
// checkpoints keep some linears in 16 bits), LoRA dropout 0 on q, k, v, o, gate, up, down, unsloth's gradient
// checkpointing ("unsloth": every decoder layer checkpointed, its input offloaded to host memory until backward),
// TRL's SFTTrainer with adamw_8bit, padding to the longest sample of a batch, unsloth's cross-entropy kernel (read
// as chunked). The printed "Peak reserved memory = N GB." is round(torch.cuda.max_memory_reserved() / 1024**3, 3):
// GiB, including what loading reserved before training ("N GB of memory reserved." above it). One GPU. Cited at the
// snapshot bdda2efc7 (Aug 2026). Sequence lengths are not printed: the reasoning data (unsloth/OpenMathReasoning-mini
// "cot": long worked solutions) and FineTome-100k conversations are truncated at max_seq_length 2048, and the longest
// batch of the steps run is assumed to reach it. Left out: nb/Qwen3_(14B).ipynb, another run of the configuration of
// nb/Qwen3_(14B)-Reasoning-Conversational.ipynb that round 14 read.
const unslothNb = (file: string) => `unslothai/notebooks nb/${file}`;
const unsloth = (options: {
  id: string;
  file: string;
  measured: number;
  start: number;
  config: string;
  spec: string;
}): PublishedCase => ({
  id: `unsloth-notebook-${options.id}`,
  source: `${unslothNb(options.file)} (at bdda2efc7, https://github.com/unslothai/notebooks/blob/main/nb/${options.file}), output "Peak reserved memory = ${options.measured} GB."`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `${options.config}; round(max_memory_reserved / 1024**3, 3), ${options.start} GiB of it reserved before training`,
  spec: options.spec,
});
const sevenProjections = '[q, k, v, o, gate, up, down]';

// --- meta-llama/llama-cookbook (then facebookresearch/llama-recipes) issue #100 "7B Fine-tuning GPU requirements" --
// HamidShojanazeri, 2023-08-07: "For 7B with FSDP only without PEFT, on 4 A100 40 GB, Max CUDA memory reserved was 29
// GB and if you use this PR (#97), on A100 that make use of flash attention it reduced the max reserved to 27." The
// run is the README's "Fine-tuning using FSDP Only" command on 4 GPUs (torchrun --nproc_per_node 4 llama_finetuning.py
// --enable_fsdp --model_name <7B>), with the repository's defaults of that day (commit 41ffbcab, 2023-08-07):
// meta-llama/Llama-2-7b-hf assumed for "7B" (32 layers, 4096 wide, 32 heads, MLP 11008, vocab 32000, untied: 6,738,415,616
// parameters) loaded in fp32; FSDP FULL_SHARD wrapping each LlamaDecoderLayer (the embedding and the head in the root
// unit), mixed_precision True with bf16 supported, which selects policies.bfSixteen_mixed = MixedPrecision(param_dtype
// float32, reduce_dtype bfloat16, buffer_dtype bfloat16): fp32 compute; fsdp_activation_checkpointing True
// (non-reentrant checkpoint_wrapper on every decoder layer); torch.optim.AdamW over the fp32 shards; samsum in the
// Summarize prompt tokenised and concatenated into 2048-token chunks (ft_datasets/utils.Concatenator), batch_size_training
// 4 per GPU, no accumulation; transformers 4.31 (eager attention, the loss over fp32 logits), PyTorch 2.0.1. PR #97
// (use_fast_kernels: optimum's BetterTransformer, PyTorch's SDPA with the flash kernel) for the 27 (assumed).
// utils/memory_utils.MemoryTrace prints int(torch.cuda.max_memory_reserved() / 2**30): GiB rounded down to an integer,
// rank 0's: one GPU's figure.
const llamaRecipesIssue =
  'meta-llama/llama-cookbook issue #100 (https://github.com/meta-llama/llama-cookbook/issues/100, then facebookresearch/llama-recipes), comment of 2023-08-07';
const llamaRecipesRun = (options: {
  attention: 'eager' | 'flash';
  measured: number;
  quote: string;
}): PublishedCase => ({
  id: `llama-recipes-issue100-llama2-7b-full-fsdp-fp32-4xa100-40gb-bs4-seq2048-${options.attention}`,
  source: `${llamaRecipesIssue}: "${options.quote}"`,
  what: 'reserved',
  unit: 'GiB',
  measured: options.measured,
  config: `llama_finetuning.py --enable_fsdp (llama-recipes at 41ffbcab, 2023-08-07) on 4 A100 40 GB: Llama-2-7B (assumed for "7B", 6,738,415,616 parameters) full fine-tune, FSDP FULL_SHARD per decoder layer with the bfSixteen_mixed policy (param_dtype float32: fp32 weights and compute, bf16 gradient reduction), activation checkpointing on every decoder layer, torch AdamW, samsum packed into 2048-token chunks, batch 4 per GPU, ${options.attention === 'eager' ? 'eager attention (transformers 4.31)' : 'the fast-kernels pull request #97 (BetterTransformer, SDPA flash attention; assumed)'}; MemoryTrace's int(max_memory_reserved / 2**30): GiB rounded down (the true peak between ${options.measured} and ${options.measured + 1}), rank 0's: one GPU's figure`,
  spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, tied_embeddings: false, seq_len: 2048, attention: ${options.attention} }
training: { precision: fp32, optimizer: adamw, batch_size: 4, activation_checkpointing: full, loss: standard }
parallel: { gpus: 4, strategy: fsdp_full, fsdp_version: 1 }`,
});

export const round24Cases: PublishedCase[] = [
  // Oriented object detectors on DOTA (mmrotate): one GPU × 2 images of 1024 × 1024, fp32 and fp16.
  mmrotate({
    doc: 'retinanet',
    label: 'rotated-retinanet-obb',
    detector: 'Rotated RetinaNet (obb assigner, 9 anchors per position, focal loss)',
    config: 'rotated_retinanet/rotated_retinanet_obb_r50_fpn_1x_dota_le90',
    head: 'rotated_retinanet',
    row: 'ResNet50 (1024,1024,200) | 68.42 | le90 | 1x | 3.38 | 16.2 | - | 2',
    measured: 3.38,
  }),
  mmrotate({
    doc: 'fasterRcnn',
    label: 'rotated-faster-rcnn',
    detector:
      'Rotated Faster R-CNN (horizontal RPN, rotated RoI Align, a shared 2-FC head regressing rotated boxes)',
    config: 'rotated_faster_rcnn/rotated_faster_rcnn_r50_fpn_1x_dota_le90',
    head: 'rotated_faster_rcnn',
    row: 'ResNet50 (1024,1024,200) | 73.40 | le90 | 1x | 8.46 | 16.0 | - | 2',
    measured: 8.46,
  }),
  mmrotate({
    doc: 'orientedRcnn',
    label: 'oriented-rcnn',
    detector: 'Oriented R-CNN (oriented RPN, rotated RoI Align, a shared 2-FC head)',
    config: 'oriented_rcnn/oriented_rcnn_r50_fpn_fp16_1x_dota_le90',
    head: 'oriented_rcnn',
    isFp16: true,
    row: 'ResNet50 (1024,1024,200) | 75.63 | le90 | 1x | 7.37 | 21.2 | - | 2',
    measured: 7.37,
  }),
  mmrotate({
    doc: 'roiTrans',
    label: 'roi-transformer',
    detector:
      'RoI Transformer (horizontal RPN, an RoI learner head turning horizontal RoIs into rotated ones, then a rotated R-CNN head)',
    config: 'roi_trans/roi_trans_r50_fpn_1x_dota_le90',
    head: 'roi_trans',
    row: 'ResNet50 (1024,1024,200) | 76.08 | le90 | 1x | 8.67 | 14.4 | - | 2',
    measured: 8.67,
  }),
  mmrotate({
    doc: 'roiTrans',
    label: 'roi-transformer',
    detector:
      'RoI Transformer (horizontal RPN, an RoI learner head turning horizontal RoIs into rotated ones, then a rotated R-CNN head)',
    config: 'roi_trans/roi_trans_r50_fpn_fp16_1x_dota_le90',
    head: 'roi_trans',
    isFp16: true,
    row: 'ResNet50 (1024,1024,200) | 75.75 | le90 | 1x | 7.56 | 19.3 | - | 2',
    measured: 7.56,
  }),
  // SETR semantic segmentation on a ViT-L/16 (mmsegmentation): 8 GPUs, ADE20K 512² and Cityscapes 768².
  setr({
    label: 'naive',
    head: 'Naive (decoder 2 × 1×1 convs of 512; 3 auxiliary heads of 256)',
    config: 'setr_naive_512x512_160k_b16_ade20k',
    dataset: 'ADE20K',
    batch: 2,
    params: 306_122_840,
    heads: 4,
    decoder: 'setr_naive',
    // Session 21: decoder 512 and auxiliary heads 256 (aux_channels), the decoder's two 1×1 convs (decode_convs):
    // now expressed; the config's note is the gatherer's.
    channels: 512,
    auxChannels: 256,
    decodeConvs: 2,
    auxHeads: 3,
    auxConvs: 2,
    notExpressible:
      "one channels key for the decode head (512) and the auxiliary heads (256): the spec gives the auxiliary heads' 256; the naive decoder's two 1×1 convs as read here (the key builds mmseg's one)",
    row: 'SETR Naive | ViT-L | 512x512 | 16 | 160000 | 18.40',
    measured: 18.4,
  }),
  setr({
    label: 'pup',
    head: 'PUP (decoder 4 × 3×3 convs of 512 with ×4 upsamplings; 3 auxiliary heads of 2 × 3×3 convs of 256)',
    config: 'setr_pup_512x512_160k_b16_ade20k',
    dataset: 'ADE20K',
    batch: 2,
    params: 324_999_256,
    heads: 4,
    decoder: 'setr_pup',
    // Session 21: decoder 512, auxiliary heads 256 (aux_channels): now expressed; the config's note is the gatherer's.
    channels: 512,
    auxChannels: 256,
    auxHeads: 3,
    auxConvs: 2,
    notExpressible:
      "one channels key for the decode head (512) and the auxiliary heads (256): the spec gives the auxiliary heads' 256",
    row: 'SETR PUP | ViT-L | 512x512 | 16 | 160000 | 19.54',
    measured: 19.54,
  }),
  setr({
    label: 'mla',
    head: 'MLA (MLANeck to 256 over layers 6/12/18/24, SETRMLAHead of 3×3 convs to 128; 4 auxiliary FCNHeads without convs)',
    config: 'setr_mla_512x512_160k_b8_ade20k',
    dataset: 'ADE20K',
    batch: 1,
    params: 309_570_286,
    heads: 5,
    decoder: 'setr_mla',
    auxHeads: 4,
    row: 'SETR MLA | ViT-L | 512x512 | 8 | 160000 | 10.96',
    measured: 10.96,
  }),
  setr({
    label: 'naive',
    head: 'Naive (decoder 2 × 1×1 convs of 512; 3 auxiliary heads of 512)',
    config: 'setr_vit-large_naive_8x1_768x768_80k_cityscapes',
    dataset: 'Cityscapes',
    batch: 1,
    params: 308_659_276,
    heads: 4,
    decoder: 'setr_naive',
    channels: 512,
    // Session 21: the decoder's two 1×1 convs (decode_convs): now expressed; the config's note is the gatherer's.
    decodeConvs: 2,
    auxHeads: 3,
    auxConvs: 2,
    notExpressible: "the naive decoder's two 1×1 convs as read here (the key builds mmseg's one)",
    row: 'SETR Naive | ViT-L | 768x768 | 8 | 80000 | 24.06',
    measured: 24.06,
  }),
  setr({
    label: 'pup',
    head: 'PUP (decoder 4 × 3×3 convs of 512; 4 auxiliary heads of 2 × 3×3 convs of 512)',
    config: 'setr_vit-large_pup_8x1_768x768_80k_cityscapes',
    dataset: 'Cityscapes',
    batch: 1,
    params: 345_637_471,
    heads: 5,
    decoder: 'setr_pup',
    channels: 512,
    auxHeads: 4,
    auxConvs: 2,
    row: 'SETR PUP | ViT-L | 768x768 | 8 | 80000 | 27.96',
    measured: 27.96,
  }),
  // ELECTRA masked-LM encoders in the SDPA training benchmark, T4.
  electra({
    model: 'discriminator',
    attention: 'eager',
    batch: 8,
    seq: 256,
    mb: 1798.541,
    row: '100 | 8 | 256 | True | True | 0.105 | 0.0976 | 7.4594 | 1798.541 | 1418.122 | 26.8258',
  }),
  electra({
    model: 'discriminator',
    attention: 'eager',
    batch: 16,
    seq: 128,
    mb: 1605.603,
    row: '100 | 16 | 128 | True | True | 0.0986 | 0.0944 | 4.3308 | 1605.603 | 1415.605 | 13.4216',
  }),
  electra({
    model: 'discriminator',
    attention: 'sdpa',
    batch: 8,
    seq: 256,
    mb: 1418.122,
    row: '100 | 8 | 256 | True | True | 0.105 | 0.0976 | 7.4594 | 1798.541 | 1418.122 | 26.8258',
  }),
  electra({
    model: 'discriminator',
    attention: 'sdpa',
    batch: 16,
    seq: 256,
    mb: 2564.827,
    row: '100 | 16 | 256 | True | True | 0.2188 | 0.2036 | 7.4636 | 3318.753 | 2564.827 | 29.395',
  }),
  electra({
    model: 'generator',
    attention: 'eager',
    batch: 16,
    seq: 256,
    mb: 1804.67,
    row: '100 | 16 | 256 | True | True | 0.0970 | 0.0832 | 16.9086 | 1804.67 | 1553.798 | 16.146',
  }),
  // QLoRA through unsloth: gpt-oss 20B (MoE) and Gemma 3 4B on a T4, Magistral Small 24B on an L4.
  unsloth({
    id: 'gpt-oss-20b-multilingual-thinking-qlora-r8-attn-t4',
    file: 'gpt-oss-(20B)-Fine-tuning.ipynb',
    measured: 12.975,
    start: 12.811,
    config:
      'unsloth/gpt-oss-20b in 4-bit (24 layers, 2880 wide, 64 heads of 64, 8 KV heads, 32 routed experts of MLP 2880 with 4 per token, vocab 201088, untied: 20,914,757,184 parameters, the printed total less the adapters) on a Tesla T4: unsloth switches gpt-oss to float32 ("Using float16 precision for gpt_oss won\'t work! Using float32": fp32 compute, adapters and activations), LoRA r 8 alpha 16 dropout 0 with the seven projections named but only q, k, v, o adapted (the experts are fused: 3,981,312 trainable, as printed), use_gradient_checkpointing "unsloth" (and "smartly offload gradients" as logged), batch 1 × 4 accumulation steps, 30 steps, adamw_8bit, train_on_responses_only; HuggingFaceH4/Multilingual-Thinking (1,000 conversations with their reasoning) in the gpt-oss chat template, max_seq_length 1024, the longest batch assumed to reach it; unsloth 2025.8.5, transformers 4.56.0.dev0, PyTorch 2.8.0+cu128. NOT EXPRESSIBLE: the attention sinks and the sliding-window (128) attention of every other layer, how the 4-bit checkpoint stores the fused experts, and the gradient offload; the spec is an MoE decoder in NF4 with fp32 compute',
    spec: `model:
  params: 20914757184
  transformer: { family: llama, layers: 24, hidden: 2880, heads: 64, kv_heads: 8, head_dim: 64, vocab: 201088, ffn: 2880, experts: 32, experts_per_token: 4, tied_embeddings: false, seq_len: 1024, attention: sdpa }
  lora: { rank: 8, alpha: 16, targets: [q, k, v, o], dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp32 }
training: { precision: fp32, optimizer: adam8bit, batch_size: 1, grad_accumulation: 4, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
  unsloth({
    id: 'gemma3-4b-it-finetome-qlora-r8-t4',
    file: 'Gemma3_(4B).ipynb',
    measured: 13.561,
    start: 4.283,
    config:
      "unsloth/gemma-3-4b-it through FastModel in 4-bit (NF4, double quantization), fp16 compute on a Tesla T4 (the stats cell's GPU; the loading banner of the committed outputs shows compute capability 8.6, another run's); the language model: 34 layers, 2560 wide, 8 heads of 256, 4 KV heads, GeGLU MLP 10240, vocab 262208, tied embeddings, local sliding-window attention (1024) in five of every six layers: 3,880,263,168 parameters counted; LoRA r 8 alpha 8 dropout 0 on the language layers' q, k, v, o, gate, up, down (finetune_vision_layers False: 14,901,248 trainable, as printed), gradient checkpointing \"unsloth\" (FastModel's default, assumed), batch 2 × 4 accumulation steps, 30 steps, adamw_8bit, train_on_responses_only; mlabonne/FineTome-100k in the gemma-3 chat template, max_seq_length 2048, the longest batch assumed to reach it; unsloth 2025.3.19, transformers 4.50.2, PyTorch 2.6.0+cu124. NOT EXPRESSIBLE: the SigLIP vision tower and projector (about 0.42B parameters) resident in 4-bit though no image is trained on, and the sliding-window layers; the spec is the language model alone",
    spec: `model:
  params: 3880263168
  transformer: { family: llama, layers: 34, hidden: 2560, heads: 8, kv_heads: 4, head_dim: 256, vocab: 262208, ffn: 10240, tied_embeddings: true, seq_len: 2048, attention: sdpa }
  lora: { rank: 8, alpha: 8, targets: ${sevenProjections}, dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: fp16 }
training: { precision: fp16, optimizer: adam8bit, batch_size: 2, grad_accumulation: 4, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
  unsloth({
    id: 'magistral-small-2509-reasoning-qlora-r32-l4',
    file: 'Magistral_(24B)-Reasoning-Conversational.ipynb',
    measured: 18.139,
    start: 14.594,
    config:
      'unsloth/Magistral-Small-2509-unsloth-bnb-4bit (the Mistral Small 3.2 text decoder: 40 layers, 5120 wide, 32 heads of 128, 8 KV heads, MLP 32768, vocab 131072, untied: 23,572,403,200 parameters) on one NVIDIA L4 22 GB, bf16 compute, LoRA r 32 alpha 32 dropout 0 on q, k, v, o, gate, up, down (184,811,520 trainable, as printed), use_gradient_checkpointing "unsloth", batch 2 × 2 accumulation steps, 15 steps, adamw_8bit, bf16 Trainer precision; unsloth/OpenMathReasoning-mini "cot" (19,252 conversations) in the chat template, max_seq_length 2048, the longest batch assumed to reach it; unsloth 2025.6.1, transformers 4.52.4, PyTorch 2.6.0+cu124. NOT EXPRESSIBLE: the dynamic 4-bit checkpoint (some linears kept in 16 bits) and the Pixtral vision encoder resident though no image is trained on; the spec is the text decoder in NF4',
    spec: `model:
  params: 23572403200
  transformer: { family: llama, layers: 40, hidden: 5120, heads: 32, kv_heads: 8, head_dim: 128, vocab: 131072, ffn: 32768, tied_embeddings: false, seq_len: 2048, attention: flash }
  lora: { rank: 32, alpha: 32, targets: ${sevenProjections}, dropout: 0 }
  quantization: { weights: nf4, double_quant: true, compute_dtype: bf16 }
training: { precision: bf16, optimizer: adam8bit, batch_size: 2, grad_accumulation: 2, activation_checkpointing: full, loss: chunked, offload: { activations: cpu } }
cuda: { lengths: variable }`,
  }),
  // Llama-2-7B full fine-tune under FSDP (fp32 compute) on 4 GPUs: eager, then SDPA flash.
  llamaRecipesRun({
    attention: 'eager',
    measured: 29,
    quote: 'For 7B with FSDP only without PEFT, on 4 A100 40 GB, Max CUDA memory reserved was 29 GB',
  }),
  llamaRecipesRun({
    attention: 'flash',
    measured: 27,
    quote: 'if you use this PR, on A100 that make use of flash attention it reduced the max reserved to 27',
  }),
];

/** The documents round 24 reads: none is cited by rounds 1 to 23 or ../shared/estimation. */
export const round24Documents = [
  ...Object.values(mmrotateDocs).map((d) => d.doc),
  setrDoc,
  electraDoc,
  unslothNb('gpt-oss-(20B)-Fine-tuning.ipynb'),
  unslothNb('Gemma3_(4B).ipynb'),
  unslothNb('Magistral_(24B)-Reasoning-Conversational.ipynb'),
  llamaRecipesIssue,
];
