// Round 25 of published MEASURED peaks for issue #25 (item 6), gathered in session 20 after rounds 1 to 24 were
// gathered. EVERY case here is HELD OUT: none was scored, estimated or looked at through the estimate before the one
// final measurement, and nobody but the gatherer and the lead reads this file until then.
// THE DRAW (set before the first search): what users train — full fine-tunes, LoRA, QLoRA / 8-bit LoRA, vision
// models (ViT, CNN detectors, segmentation), multi-GPU runs (DDP, DeepSpeed ZeRO-2/3 with and without offload),
// RL policies and diffusion where a measured figure with its config is published. At most 4 rows from any one source
// (a document, or one harness over several documents); no document any earlier round or ../shared/estimation cites.
// SEARCH PROCEDURE (round 25): the search tool's code, issues, docs and pages corpora queried by category (model-zoo
// "Mem (GB)" tables of CNN detectors and segmenters, fine-tuning memory tables of VLMs, DeepSpeed ZeRO benchmark
// tables, LoRA / 8-bit LoRA READMEs with "VRAM" tables, training logs with a memory column); each candidate's
// repository checked against the owner/name list of every earlier round's sources and ../shared/estimation, its
// config read from the repository at the commit of the table (mirrored snapshots). Seven sources passed, in the
// order found: S1 open-mmlab/mmyolo configs/yolov5/README.md (the COCO detection table without its Mask Refine rows:
// 9 rows), S2 OpenBMB/MiniCPM-V finetune/readme.md (5 measured cells; the "Out of memory" cell is no figure), S3 the
// chenyaofo DeepSpeed LLaMA-7B gist (11 rows), S4 project-baize/baize-chatbot README.md (3 rows), S5
// open-mmlab/mmsegmentation configs/segformer/README.md (ADE20K then Cityscapes: 13 rows), S6 peshmerge/ml_2_project's
// YOLOv5 training log (1 row), S7 zjykzj/YOLO11Face's three ultralytics training-log documents (4 runs; one harness).
// ROW DRAW, seed 25: one mulberry32(25) stream; for S1..S7 in that order a Fisher–Yates shuffle of the source's row
// indices (table order, top to bottom, first table first), the first min(4, n) indices kept, sorted back to table
// order: S1 0,2,3,8; S2 0,2,3,4; S3 0,3,4,8; S4 0,1,2; S5 2,7,9,10; S6 0; S7 0,1,2,3 (24 rows; S7 was found after the
// first six were drawn and was appended to the same stream, so their draws did not change).
// Looked at and left: the LOMO README (its memory table lives only in the paper, not readable here), pycls's model
// zoo (no memory column), accelerate's FSDP2 benchmark (figures only as images), flash-attention's training configs
// (no figures), ChatGLM-6B's P-Tuning README (one "minimum" figure), two arXiv benchmark papers (2311.03687,
// 2406.02290: their tables were not readable through the tools), LeRobot / robotics issue threads (no measured peak
// with a full config: no RL policy row this round), diffusers-style DreamBooth tables (the one found, ShivamShrirao's,
// is round 4's; a "Performance log" of CogVideoX runs whose repository and model the index does not name: config not
// recoverable), MAE / VideoMAE issue logs (no run with both a "max mem" figure and its full config).
// Each case names its public source (document, commit, table and row), what was measured (allocated, reserved or
// device total, and the unit), whether a multi-GPU figure is one GPU's, the config as published, and the spec a user
// would write for it; where a source leaves a setting out, `config` says what was assumed and from which default.
// Where the spec cannot say something the run did, `config` says "NOT EXPRESSIBLE: …" (and a comment over the row
// says so) and the spec is the nearest one a user would write.
import type { PublishedCase } from './published-measured.js';

// --- YOLO rows: model.yolo (session 21) ------------------------------------------------------------------------
// Gathered as the CSPDarknet backbone's main path in a sequential model.cnn stack with one head conv (what the spec
// could say then; each row's config keeps that note). Re-expressed with model.yolo (the published network of each
// version and scale, neck, heads, loss over every position and the EMA copy), a spec change only: ids, sources,
// configs and figures unchanged. The WIDER FACE rows still cannot say the densest batch's face count
// (model.yolo.max_objects): no source gives it, so the TaskAlignedAssigner's working set stays uncounted there.
const yoloNotExpressible =
  "the PAFPN neck (upsampling and concatenation across strides 8–32, or 8–64 for P6), the three or four detection heads, C3's two-branch concatenation, the loss's target assignment and the EMA copy of the model; SiLU counted as ReLU. The spec is the CSPDarknet backbone's main path as a sequential model.cnn stack with one 1×1 head conv";

// --- S1: open-mmlab/mmyolo configs/yolov5/README.md "Results and models", COCO (mmyolo v0.x, Nov 2022) -------------
// configs/yolov5/yolov5_{n,m,l}-v61_syncbn_fast_8xb16-300e_coco.py and yolov5_l-p6-v62_syncbn_fast_8xb16-300e_coco.py:
// YOLOv5 v6.1 (P5: CSPDarknet channels 64·w … 1024·w, C3 repeats 3·d, 6·d, 9·d, 3·d) or v6.2 P6 (an extra 768·w
// stage), deepen/widen 0.33/0.25 (n), 0.67/0.75 (m), 1.0/1.0 (l); 80 classes; 16 images per GPU on 8 A100 (the
// README's note 4), mosaic to img_scale 640 × 640 (P6: 1280 × 1280), SyncBN, AMP ("AMP Yes": mmengine's
// AmpOptimWrapper, fp16 autocast over fp32 weights), SGD momentum 0.937 nesterov, weight decay 5e-4. "Mem (GB)" is
// mmengine's logged memory = torch.cuda.max_memory_allocated() / 2**20 (MiB) of rank 0, / 1024 in the table: GiB,
// one GPU's figure.
const mmyoloDoc = 'open-mmlab/mmyolo configs/yolov5/README.md';
const mmyoloAt =
  'commit e8203150, https://github.com/open-mmlab/mmyolo/blob/e8203150f5e16b40a865f19eb5f64e70c244f6b2/configs/yolov5/README.md';
const mmyolo = (options: {
  size: 'n' | 'm' | 'l';
  isP6?: boolean;
  deepen: number;
  widen: number;
  repeats: number[];
  row: string;
  measured: number;
}): PublishedCase => {
  const base = options.isP6 ? [64, 128, 256, 512, 768, 1024] : [64, 128, 256, 512, 1024];
  const channels = base.map((c) => Math.round(c * options.widen));
  const image = options.isP6 ? 1280 : 640;
  const config = options.isP6
    ? `yolov5_${options.size}-p6-v62_syncbn_fast_8xb16-300e_coco`
    : `yolov5_${options.size}-v61_syncbn_fast_8xb16-300e_coco`;
  return {
    // The network itself (examples/trace/yolo.py): YOLOv5 from its layer table, its loss, mmyolo's EMA
    // copy on the GPU (EMAHook); the most boxes an image has: a mosaic of 4 COCO images, 4 × 7.3.
    traceModule: `yolo:v5${options.isP6 ? 'p6' : ''}_${options.size}_${image}x${image}_c80_b29_ema`,
    id: `mmyolo-yolov5-${options.size}${options.isP6 ? '-p6' : ''}-syncbn-amp-8xb16-${image}-coco`,
    source: `${mmyoloDoc} (${mmyoloAt}), table "COCO", row "${options.row}", column "Mem (GB)"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `tools/dist_train.sh configs/yolov5/${config}.py 8 (mmyolo v0.x): YOLOv5-${options.size}${options.isP6 ? ' P6 (v6.2)' : ' P5 (v6.1)'}, deepen ${options.deepen}, widen ${options.widen} (channels ${channels.join(', ')}), 80 COCO classes, 16 mosaic images of ${image} × ${image} per GPU on 8 A100 (DDP, SyncBN), AMP (fp16 autocast over fp32 weights), SGD momentum 0.937 nesterov; mmengine's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure. NOT EXPRESSIBLE: ${yoloNotExpressible}`,
    spec: `model:
  yolo: { version: v5, scale: ${options.size}, input: [3, ${image}, ${image}]${options.isP6 ? ', p6: true' : ''} }
training: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 16 }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

// --- S2: OpenBMB/MiniCPM-V finetune/readme.md "Model Fine-tuning Memory Usage Statistics" (2024-05-28) --------------
// "the memory usage of the model when fine-tuning using NVIDIA A100 (80GiB) GPUs under different numbers of GPUs. The
// fine-tuning was performed with the DeepSpeed Zero-2 optimization and Gradient Checkpointing techniques, with a
// maximum length set to 2048 and batch size set to 1"; figures in GiB. The model is the scripts' default
// openbmb/MiniCPM-Llama3-V-2_5: Llama-3-8B (32 layers, 4096 wide, 32 heads, 8 KV heads, MLP 14336, vocab 128256,
// untied) under a SigLIP-400M tower (27 layers, 1152 wide, 16 heads, MLP 4304, patch 14; each 448 × 448 slice is 1024
// patches) and a perceiver resampler (96 queries per slice) — loaded in bf16 (finetune.py torch_dtype), HF Trainer +
// DeepSpeed (ds_config_zero2.json: stage 2, overlap_comm, reduce and allgather buckets 2e8, DeepSpeed AdamW: fp32
// master weights and moments partitioned), gradient checkpointing on the LLM. finetune_lora.sh: LoRA r 64 alpha 64
// dropout 0.05 (finetune.py defaults) on the LLM's q_proj and k_proj, vision frozen (tune_vision false), the resampler
// trained. finetune_ds.sh ("Full Parameters"): the LLM trained (the readme: "updating all parameters of LLM"; the
// script's own tune_llm false read as a slip), vision frozen (tune_vision false), the resampler trained. How the
// figure was taken is not said: read as the device total (nvidia-smi) per GPU — assumed. Images per sample: the
// slicing makes 1 overview + up to 9 slices (max_slice_nums 9); 10 images assumed (the longest samples of a 2048
// length). Attention: transformers' SDPA default (assumed).
const minicpmDoc = 'OpenBMB/MiniCPM-V finetune/readme.md';
const minicpmAt =
  'commit f592fedb, https://github.com/OpenBMB/MiniCPM-V/blob/f592fedb2ec02fff905bd122dee6e34e647bf03e/finetune/readme.md';
const minicpmNotExpressible =
  "the perceiver resampler (96 learned queries cross-attending to each slice's patches, trained) and the image slicing (the number of slices per sample depends on each image's size; 10 assumed); the spec is Llama-3-8B with a frozen SigLIP tower of 10 images";
const minicpm = (options: {
  method: 'lora' | 'full';
  gpus: number;
  row: string;
  column: string;
  measured: number;
}): PublishedCase => ({
  id: `minicpm-llama3-v25-${options.method}-zero2-${options.gpus}xa100-80gb-bs1-len2048-ckpt`,
  source: `${minicpmDoc} (${minicpmAt}), table "Model Fine-tuning Memory Usage Statistics", row "${options.row}", column "${options.column}"`,
  what: 'device total',
  unit: 'GiB',
  measured: options.measured,
  config: `${options.method === 'lora' ? 'finetune_lora.sh' : 'finetune_ds.sh'} on ${options.gpus} A100 80 GB (torchrun, HF Trainer, DeepSpeed ZeRO-2 with overlap_comm and 2e8 buckets): openbmb/MiniCPM-Llama3-V-2_5 in bf16 (Llama-3-8B + SigLIP-400M + resampler), ${options.method === 'lora' ? 'LoRA r 64 alpha 64 dropout 0.05 on the LLM q_proj and k_proj (the base frozen)' : 'the LLM fully trained'}, vision tower frozen, resampler trained, gradient checkpointing, batch 1 per GPU, max length 2048 (assumed reached), AdamW (fp32 master and moments partitioned over the ${options.gpus} GPUs), SDPA attention (assumed); the readme's GiB per GPU, read as the device total (how it was measured is not said): one GPU's figure. NOT EXPRESSIBLE: ${minicpmNotExpressible}`,
  spec: `model:
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, kv_heads: 8, vocab: 128256, ffn: 14336, tied_embeddings: false, seq_len: 2048, attention: sdpa }
  vision: { family: vit, layers: 27, hidden: 1152, heads: 16, ffn: 4304, seq_len: 1024, images: 10, trainable: false, attention: sdpa }${
    options.method === 'lora'
      ? `
  lora: { rank: 64, alpha: 64, targets: [q, k], dropout: 0.05 }`
      : ''
  }
training: { precision: bf16, optimizer: adamw, batch_size: 1, activation_checkpointing: full }
parallel: { gpus: ${options.gpus}, strategy: zero2, deepspeed: { overlap_comm: true, reduce_bucket_size: 200000000 } }`,
});

// --- S3: gist chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a, "Benchmark of LLaMA-7B models using deepspeed-based
// training code" (2024) --------------------------------------------------------------------------------------------
// "We use a machine with A800 x 8, 1 TB CPU memory … CUDA 12.1, PyTorch 2.2.0, Deepspeed 0.14.2 … The sequence length
// is 4096." Columns: ZeRO stage, Ckpt. ("HF gradient checkpointing"), Optim. Off. (zero_optimization offload_optimizer),
// Param. Off. (offload_param), Zero++, BS ("batch size per device per iteration / batch size for gradient descent":
// micro-batch / global batch over the 8 GPUs, so accumulation = global / (micro × 8)), GPU Mem. =
// "torch.cuda.memory_allocated() / torch.cuda.max_memory_allocated()": the second figure is the peak allocated, in
// "GB" (divided by 2**30 assumed: GiB). The model: LLaMA-7B (32 layers, 4096 wide, 32 heads, MLP 11008, vocab 32000,
// untied: 6,738,415,616 parameters) through transformers (HF gradient checkpointing). Not stated, assumed: bf16 (an
// A800; DeepSpeed's bf16 ZeRO optimizer: fp32 master and Adam moments partitioned), DeepSpeed's AdamW (CPU Adam when
// offloaded), SDPA attention (transformers' default under PyTorch 2.2), samples packed to the full 4096 tokens, the
// rank-0 figure (one GPU's).
const gistDoc = 'gist chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a';
const gistAt = 'https://gist.github.com/chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a';
const gist = (options: {
  stage: 2 | 3;
  isCheckpointed: boolean;
  offload: 'none' | 'optimizer' | 'optimizer+parameters';
  isZeroPlusPlus?: boolean;
  micro: number;
  global: number;
  row: string;
  measured: number;
}): PublishedCase => {
  const accumulation = options.global / (options.micro * 8);
  const offloadSpec =
    options.offload === 'none'
      ? ''
      : options.offload === 'optimizer'
        ? ', offload: { optimizer: cpu }'
        : ', offload: { optimizer: cpu, parameters: cpu }';
  return {
    id: `gist-chenyaofo-llama-7b-full-zero${options.stage}${options.isCheckpointed ? '-ckpt' : ''}${options.offload === 'none' ? '' : `-offload-${options.offload.replace('+', '-')}`}${options.isZeroPlusPlus ? '-zeropp' : ''}-8xa800-bs${options.micro}-seq4096`,
    source: `${gistDoc} (${gistAt}), table "Benchmark of LLaMA-7B models using deepspeed-based traning code", row "${options.row}", column "GPU Mem." (its second figure, max_memory_allocated)`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `DeepSpeed ${options.stage === 2 ? 'ZeRO-2' : 'ZeRO-3'} on 8 A800 80 GB (DeepSpeed 0.14.2, PyTorch 2.2.0, CUDA 12.1): LLaMA-7B (6,738,415,616 parameters) full fine-tune, ${options.isCheckpointed ? 'HF gradient checkpointing on every decoder layer' : 'no gradient checkpointing'}, ${options.offload === 'none' ? 'no offload' : options.offload === 'optimizer' ? 'offload_optimizer to the CPU' : 'offload_optimizer and offload_param to the CPU'}${options.isZeroPlusPlus ? ', ZeRO++' : ''}, micro-batch ${options.micro} × 4096 tokens per GPU, global batch ${options.global} (${accumulation} accumulation steps); bf16, DeepSpeed AdamW, SDPA attention and full-length samples assumed (not stated); max_memory_allocated in "GB" (2**30 assumed), rank 0's: one GPU's figure${options.isZeroPlusPlus ? '. NOT EXPRESSIBLE: ZeRO++ (zero_quantized_weights, zero_hpz_partition_size, zero_quantized_gradients: int8 weight all-gathers and int4 gradient reduce-scatters with their quantization buffers); the spec is the same run without it' : ''}`,
    spec: `model:
  params: 6738415616
  transformer: { family: llama, layers: 32, hidden: 4096, heads: 32, vocab: 32000, ffn: 11008, tied_embeddings: false, seq_len: 4096, attention: sdpa }
training: { precision: bf16, optimizer: adamw, batch_size: ${options.micro}, grad_accumulation: ${accumulation}, activation_checkpointing: ${options.isCheckpointed ? 'full' : 'none'}${offloadSpec} }
parallel: { gpus: 8, strategy: zero${options.stage}, deepspeed: { version: 0.14.2 } }`,
  };
};

// --- S4: project-baize/baize-chatbot README.md "GPU VRAM Consumption" (commit 9acab563, 2023-04-04) ---------------
// "The fine-tuning code is designed to run on an A100-80G GPU … With the settings above: | | Training (with int8) |
// Baize-7B 26GB, Baize-13B 25GB, Baize-30B 42GB", the settings being `python finetune.py 7b 32 0.0002 …`, `13b 16
// 0.0001`, `30b 8 0.00005` (the per-device micro-batch; the total batch fixed at 64). finetune.py of that commit:
// decapoda-research/llama-{7b,13b,30b}-hf loaded with load_in_8bit (bitsandbytes LLM.int8), peft's
// prepare_model_for_int8_training from git of the day (gradient checkpointing enabled, the LM head's output cast to
// fp32; from peft 0.3, April 2023, every non-int8 parameter — embedding, norms, LM head — cast to fp32 too: which of
// the two the run had is not known), LoRA r 8 alpha 16 dropout 0.05 on q, k, v,
// gate, up, down, samples tokenised with padding="max_length" to 512 tokens (CUTOFF_LEN 512: fixed length), HF
// Trainer fp16=True (autocast), its default optimizer of the day (adamw_hf: fp32 moments of the adapters),
// torch.compile(model) when torch ≥ 2 (assumed taken: the requirements pin no torch; PyTorch 2.0 was current).
// transformers from git of the day (eager attention). How the VRAM was read is not said: the device total
// (nvidia-smi) assumed, decimal GB. One A100 80 GB.
const baizeDoc = 'project-baize/baize-chatbot README.md';
const baizeAt =
  'commit 9acab563, https://github.com/project-baize/baize-chatbot/blob/9acab5630cc352c6b7c76afcd6cba2dddc5dfb94/README.md';
const baizeModels = {
  '7b': { params: 6_738_415_616, shape: 'layers: 32, hidden: 4096, heads: 32, ffn: 11008' },
  '13b': { params: 13_015_864_320, shape: 'layers: 40, hidden: 5120, heads: 40, ffn: 13824' },
  '30b': { params: 32_528_943_616, shape: 'layers: 60, hidden: 6656, heads: 52, ffn: 17920' },
} as const;
const baize = (options: {
  size: keyof typeof baizeModels;
  micro: number;
  row: string;
  measured: number;
}): PublishedCase => {
  const m = baizeModels[options.size];
  return {
    id: `baize-llama-${options.size}-lora-r8-int8-bs${options.micro}-seq512-a100-80gb`,
    source: `${baizeDoc} (${baizeAt}), table "GPU VRAM Consumption", row "${options.row}", column "Training (with int8)"`,
    what: 'device total',
    unit: 'GB',
    measured: options.measured,
    config: `python finetune.py ${options.size} ${options.micro} … (Baize, April 2023) on one A100 80 GB: LLaMA-${options.size.toUpperCase()} (decapoda-research conversion, ${m.params} parameters, vocab 32000) in 8-bit (bitsandbytes LLM.int8) through peft's prepare_model_for_int8_training (gradient checkpointing, fp32 LM-head output, and possibly fp32 non-int8 parameters), LoRA r 8 alpha 16 dropout 0.05 on q, k, v, gate, up, down, micro-batch ${options.micro} × 512 tokens (padded to max_length), ${64 / options.micro} accumulation steps, HF Trainer fp16 autocast, adamw_hf, torch.compile (assumed taken), eager attention; the README's "GB", read as the device total (nvidia-smi; not said). NOT EXPRESSIBLE: prepare_model_for_int8_training's fp32 embedding, norms and LM head beside the int8 linears (peft 0.3); the spec keeps them in the compute dtype`,
    spec: `model:
  params: ${m.params}
  transformer: { family: llama, ${m.shape}, vocab: 32000, tied_embeddings: false, seq_len: 512, attention: eager }
  lora: { rank: 8, alpha: 16, targets: [q, k, v, gate, up, down], dropout: 0.05 }
  quantization: { weights: int8 }
training: { precision: amp_fp16, optimizer: adamw, batch_size: ${options.micro}, grad_accumulation: ${64 / options.micro}, activation_checkpointing: full, compile: true }`,
  };
};

// --- S5: open-mmlab/mmsegmentation configs/segformer/README.md "Results and models" (mmseg v0.x, 2021) -------------
// Re-expressed in session 21 with model.segmenter decoder segformer (the MiT encoder and SegformerHead counted from
// their modules): a spec change only; the config's parameter figure and NOT EXPRESSIBLE note are the gatherer's.
// SegFormer: a Mix Transformer (MiT) encoder of four stages (overlapping patch embeddings at strides 4, 8, 16, 32;
// efficient self-attention with spatial reduction 8, 4, 2, 1; Mix-FFN with a 3×3 depth-wise conv) and the all-MLP
// decoder (SegformerHead: each stage's output projected to 256 channels by a 1×1 ConvModule with SyncBN, upsampled to
// 1/4, concatenated, fused by a 1×1 ConvModule to 256, dropout 0.1, the classifier), cross-entropy over the logits
// resized to the crop (mmseg 0.x). MiT-B0: stage widths 32, 64, 160, 256, depths 2, 2, 2, 2; MiT-B2: 64, 128, 320,
// 512, depths 3, 4, 6, 3; MiT-B3: depths 3, 4, 18, 3; mmseg keeps the _base_ head's 256 channels for every variant
// (the paper's B2 to B5 use 768). Parameters: the encoder's from the paper (Xie et al. 2021, Table 1: B0 3.4M, B2
// 24.2M, B3 44.0M) plus mmseg's head counted from its modules (B0 0.40M; B2 and B3 0.57M with 150 classes, 0.53M
// with 19). Configs: ADE20K
// segformer_mit-b*_512x512_160k_ade20k (8 GPUs × 2 crops of 512 × 512, 150 classes) and Cityscapes
// segformer_mit-b*_8x1_1024x1024_160k_cityscapes (8 GPUs × 1 crop of 1024 × 1024, 19 classes); AdamW lr 6e-5 weight
// decay 0.01, fp32. "Mem (GB)" is mmcv's logged max_memory_allocated in MiB / 1024: GiB, rank 0's.
const segformerDoc = 'open-mmlab/mmsegmentation configs/segformer/README.md';
const segformerAt =
  'commit 02e04cc2, https://github.com/open-mmlab/mmsegmentation/blob/02e04cc213fa7fe5313258e27fcca6c8d4ef8e23/configs/segformer/README.md';
const segformerNotExpressible =
  "the MiT encoder (four stages at strides 4 to 32 with spatial-reduction attention and Mix-FFN depth-wise convs) and the MLP decoder; the spec is the model's parameter count with the decoder's concatenated 1/4-resolution features and the logits resized to the crop as tensors";
const segformer = (options: {
  variant: 'b0' | 'b2' | 'b3';
  dataset: 'ADE20K' | 'Cityscapes';
  params: number;
  row: string;
  measured: number;
}): PublishedCase => {
  const crop = options.dataset === 'ADE20K' ? 512 : 1024;
  const batch = options.dataset === 'ADE20K' ? 2 : 1;
  const classes = options.dataset === 'ADE20K' ? 150 : 19;
  const config =
    options.dataset === 'ADE20K'
      ? `segformer_mit-${options.variant}_512x512_160k_ade20k`
      : `segformer_mit-${options.variant}_8x1_1024x1024_160k_cityscapes`;
  return {
    // The network itself: transformers' MiT encoder under mmseg's SegformerHead (examples/trace/segformer.py),
    // which resizes its logits to the crop for the loss.
    traceModule: `segformer:mmseg_${options.variant}_${options.dataset.toLowerCase()}`,
    id: `mmseg-segformer-mit-${options.variant}-${crop}x${crop}-${options.dataset.toLowerCase()}-8x${batch}-adamw`,
    source: `${segformerDoc} (${segformerAt}), table ${options.dataset}, row "${options.row}", column "Mem (GB)"`,
    what: 'allocated',
    unit: 'GiB',
    measured: options.measured,
    config: `configs/segformer/${config}.py (mmsegmentation 0.x) on 8 GPUs (DDP, SyncBN in the decoder): SegFormer MiT-${options.variant.toUpperCase()} (${options.params} parameters: the paper's encoder and the mmseg head's modules), decoder width 256, ${options.dataset} ${classes} classes, ${batch} crop${batch > 1 ? 's' : ''} of ${crop} × ${crop} per GPU, AdamW, fp32; mmcv's logged max_memory_allocated in MiB / 1024 (GiB), rank 0's: one GPU's figure. NOT EXPRESSIBLE: ${segformerNotExpressible}`,
    spec: `model:
  segmenter: { decoder: segformer, encoder: mit_${options.variant}, crop: [${crop}, ${crop}], classes: ${classes} }
training: { precision: fp32, optimizer: adamw, batch_size: ${batch} }
parallel: { gpus: 8, strategy: ddp }`,
  };
};

// --- S6: peshmerge/ml_2_project yolov5/runs/train/training_terminal_output_150e_20bs.md (a YOLOv5 training log) ------
// `python train.py --single-cls --img 1280 --rect --batch 20 --epochs 150 --data cots.yml --weights
// weights/yolov5n6.pt --workers 0` on ultralytics/yolov5 at 4ce6737 with torch 1.10.1 on one GeForce GTX 1060 6GB:
// YOLOv5n6 (the printed model: channels 16, 32, 64, 128, 192, 256, C3 repeats 1, 2, 3, 1, 1; 3,094,312 parameters,
// one class), SGD momentum 0.937 nesterov, AMP (train.py's amp.autocast on CUDA), rectangular batches (--rect: the
// Kaggle reef images of 1280 × 720 become 1280 × 768 inputs, stride 64). The log's gpu_mem column is train.py's
// torch.cuda.memory_reserved() / 1E9 printed as "G": reserved, decimal GB; epoch 0 prints 5.05G, later epochs 4.89G:
// the largest, 5.05, is taken.
const yoloLogDoc = 'peshmerge/ml_2_project yolov5/runs/train/training_terminal_output_150e_20bs.md';
const yoloLogAt =
  'commit e97a795a, https://github.com/peshmerge/ml_2_project/blob/e97a795a9af97e82af36b2104f9b32c584414143/yolov5/runs/train/training_terminal_output_150e_20bs.md';

// --- S7: zjykzj/YOLO11Face yolo11face/docs/*/detect_train.md (ultralytics 8.3.75 training logs, 2025-03-01) --------
// Face detectors trained on WIDER FACE (12,876 training images, one class, from a handful to over a thousand faces
// per image) through the repository's detect_train.py, which passes its arguments to ultralytics' trainer: `--imgsz
// 800 --batch 8 --device 0`, 300 epochs, on one RTX 3090 24 GB with torch 1.12.1+cu113 and ultralytics 8.3.75 (all
// printed). The trainer's defaults, printed in the logs: amp=True (the AMP check passed: fp16 autocast over fp32
// weights, GradScaler), optimizer auto → SGD(lr 0.01, momentum 0.9), mosaic 1.0 (800 × 800 inputs), rect False,
// workers 8, an EMA copy of the model, the anchor-free Detect head (DFL, 16 bins) and the TaskAlignedAssigner (its
// per-batch tensors are batch × the most faces in any image of the batch × 13,125 anchors at 800 px). The GPU_mem
// column is the trainer's _get_memory(): torch.cuda.memory_reserved(), printed as "G" — divided by 1e9 assumed (the
// 8.3 releases of early 2025; later releases divide by 2**30): reserved, decimal GB. Each document shows the first
// epoch's progress line only; its figure is taken.
const yoloFaceDocs = {
  v8: 'zjykzj/YOLO11Face yolo11face/docs/yolo8face/detect_train.md',
  v11: 'zjykzj/YOLO11Face yolo11face/docs/yolo11face/detect_train.md',
  v5: 'zjykzj/YOLO11Face yolo11face/docs/yolo5face/detect_train.md',
} as const;
const yoloFaceCommit = 'd923b7f734e53e0d0a0c5f7943e44e0498e1913f';
const yoloFaceNotExpressible =
  "the TaskAlignedAssigner's per-batch tensors (batch × the most faces of any image × 13,125 anchors: alignment metrics, overlaps and masks, which WIDER FACE's crowded images make large), the neck and the three anchor-free heads, the blocks' two-branch concatenations (C3 / C2f / C3k2, and YOLO11's C2PSA attention) and the EMA copy; SiLU counted as ReLU. The spec is the backbone's main path as a sequential model.cnn stack with one head conv, and the printed parameter count";
// The networks examples/trace/yolo.py builds (YOLO11's C3k2 and C2PSA blocks are not among them), with the
// EMA copy ultralytics keeps on the GPU (ModelEMA). The assigner is padded to the batch's most faces: taken
// as a mosaic's mean, 4 × 12.2 (WIDER FACE: 393,703 faces in 32,203 images, Yang et al. 2016) = 49; the
// epoch's most crowded batch, which sets the reserved peak, holds far more (not modelled).
const yoloFaceTraced: Record<string, string> = { yolov8s: 'v8_s', yolov5su: 'v5u_s', yolov5nu: 'v5u_n' };
const wideFaceBoxes = 49;
const yoloFace = (options: {
  doc: keyof typeof yoloFaceDocs;
  model: string;
  name: string;
  params: number;
  /** model.yolo's version and scale of the trained model. */
  yolo: { version: 'v5u' | 'v8' | 'v11'; scale: 'n' | 's' };
  line: string;
  measured: number;
}): PublishedCase => ({
  ...(yoloFaceTraced[options.model]
    ? { traceModule: `yolo:${yoloFaceTraced[options.model]}_800x800_c1_b${wideFaceBoxes}_ema` }
    : {}),
  id: `yolo11face-log-${options.model}-widerface-800-bs8-amp-rtx3090`,
  source: `${yoloFaceDocs[options.doc]} (commit ${yoloFaceCommit.slice(0, 8)}, https://github.com/zjykzj/YOLO11Face/blob/${yoloFaceCommit}/${yoloFaceDocs[options.doc].split(' ')[1]}), section "${options.model}", the first epoch's progress line "${options.line}", column "GPU_mem"`,
  what: 'reserved',
  unit: 'GB',
  measured: options.measured,
  config: `python3 detect_train.py --model ${options.model}.pt --data widerface.yaml --epochs 300 --imgsz 800 --batch 8 --device 0 (ultralytics 8.3.75, torch 1.12.1+cu113, one RTX 3090 24 GB): ${options.name} (${options.params} parameters as printed, one class), 8 mosaic images of 800 × 800 per batch, AMP (fp16 autocast over fp32 weights), SGD momentum 0.9, EMA; GPU_mem is torch.cuda.memory_reserved() / 1e9 (assumed), "G": reserved, decimal GB, at the end of the first epoch. NOT EXPRESSIBLE: ${yoloFaceNotExpressible}`,
  spec: `model:
  yolo: { version: ${options.yolo.version}, scale: ${options.yolo.scale}, classes: 1, input: [3, 800, 800] }
training: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 8 }`,
});

export const round25Cases: PublishedCase[] = [
  // S1 mmyolo YOLOv5 on COCO, 8 GPUs × 16 images, AMP.
  // Expressed by model.yolo (was NOT EXPRESSIBLE: the PAFPN neck, the heads, C3's concatenation, EMA).
  mmyolo({
    size: 'n',
    deepen: 0.33,
    widen: 0.25,
    repeats: [1, 2, 3, 1],
    row: 'YOLOv5-n | P5 | 640 | No | Yes | Yes | 1.5 | 28.0 | 30.7',
    measured: 1.5,
  }),
  // Expressed by model.yolo, as above.
  mmyolo({
    size: 'm',
    deepen: 0.67,
    widen: 0.75,
    repeats: [2, 4, 6, 2],
    row: 'YOLOv5-m | P5 | 640 | No | Yes | Yes | 5.0 | 45.3 | 46.9',
    measured: 5.0,
  }),
  // Expressed by model.yolo, as above.
  mmyolo({
    size: 'l',
    deepen: 1.0,
    widen: 1.0,
    repeats: [3, 6, 9, 3],
    row: 'YOLOv5-l | P5 | 640 | No | Yes | Yes | 8.1 | 48.8 | 49.9',
    measured: 8.1,
  }),
  // Expressed by model.yolo (p6: four heads at strides 8 to 64), as above.
  mmyolo({
    size: 'l',
    isP6: true,
    deepen: 1.0,
    widen: 1.0,
    repeats: [3, 6, 9, 3, 3],
    row: 'YOLOv5-l | P6 | 1280 | No | Yes | Yes | 30.5 | 53.7',
    measured: 30.5,
  }),
  // S2 MiniCPM-Llama3-V 2.5 under ZeRO-2 on A100 80 GB.
  // NOT EXPRESSIBLE: the trained perceiver resampler and the image slicing (10 images per sample assumed).
  minicpm({ method: 'lora', gpus: 2, row: 'LoRA Fine-tuning', column: 'GPUs: 2', measured: 31.2 }),
  // NOT EXPRESSIBLE: as above.
  minicpm({ method: 'lora', gpus: 8, row: 'LoRA Fine-tuning', column: 'GPUs: 8', measured: 28.4 }),
  // NOT EXPRESSIBLE: as above.
  minicpm({ method: 'full', gpus: 4, row: 'Full Parameters Fine-tuning', column: 'GPUs: 4', measured: 75.0 }),
  // NOT EXPRESSIBLE: as above.
  minicpm({ method: 'full', gpus: 8, row: 'Full Parameters Fine-tuning', column: 'GPUs: 8', measured: 51.2 }),
  // S3 LLaMA-7B full fine-tunes under DeepSpeed on 8 A800 (expressible but the last).
  gist({
    stage: 2,
    isCheckpointed: false,
    offload: 'none',
    micro: 1,
    global: 64,
    row: '2 | × | × | × | × | 1/64 | 320.1 | 19.4/44.8 | 5.33',
    measured: 44.8,
  }),
  gist({
    stage: 2,
    isCheckpointed: true,
    offload: 'none',
    micro: 4,
    global: 64,
    row: '2 | √ | × | × | × | 4/64 | 320.4 | 27.2/38.6 | 4.69',
    measured: 38.6,
  }),
  gist({
    stage: 3,
    isCheckpointed: false,
    offload: 'none',
    micro: 2,
    global: 64,
    row: '3 | × | × | × | × | 2/64 | 319.5 | 14.8/75.7 | 4.95',
    measured: 75.7,
  }),
  // NOT EXPRESSIBLE: ZeRO++ (int8 weight all-gathers, hpZ, int4 gradient reduce-scatters and their buffers).
  gist({
    stage: 3,
    isCheckpointed: true,
    offload: 'optimizer+parameters',
    isZeroPlusPlus: true,
    micro: 4,
    global: 64,
    row: '3 | √ | √ | √ | √ | 4/64 | 411.1 | 2.2/7.9 | 1.85',
    measured: 7.9,
  }),
  // S4 Baize: 8-bit LoRA of LLaMA 7B, 13B, 30B on one A100 80 GB.
  // NOT EXPRESSIBLE: prepare_model_for_int8_training's fp32 embedding, norms and LM head beside the int8 linears.
  baize({ size: '7b', micro: 32, row: 'Baize-7B | 26GB', measured: 26 }),
  // NOT EXPRESSIBLE: as above.
  baize({ size: '13b', micro: 16, row: 'Baize-13B | 25GB', measured: 25 }),
  // NOT EXPRESSIBLE: as above.
  baize({ size: '30b', micro: 8, row: 'Baize-30B | 42GB', measured: 42 }),
  // S5 SegFormer (mmseg), 8 GPUs.
  // Expressed by model.segmenter decoder segformer (was NOT EXPRESSIBLE: the MiT encoder and the MLP decoder; the
  // spec was parameters and two tensors).
  segformer({
    variant: 'b2',
    dataset: 'ADE20K',
    params: 24_770_000,
    row: 'Segformer | MIT-B2 | 512x512 | 160000 | 3.6 | 30.88 | 45.58 | 47.03',
    measured: 3.6,
  }),
  // Expressed by model.segmenter decoder segformer, as above.
  segformer({
    variant: 'b0',
    dataset: 'Cityscapes',
    params: 3_800_000,
    row: 'Segformer | MIT-B0 | 1024x1024 | 160000 | 3.64 | 4.74 | 76.54 | 78.22',
    measured: 3.64,
  }),
  // Expressed by model.segmenter decoder segformer, as above.
  segformer({
    variant: 'b2',
    dataset: 'Cityscapes',
    params: 24_730_000,
    row: 'Segformer | MIT-B2 | 1024x1024 | 160000 | 7.42 | 3.36 | 81.08 | 82.18',
    measured: 7.42,
  }),
  // Expressed by model.segmenter decoder segformer, as above.
  segformer({
    variant: 'b3',
    dataset: 'Cityscapes',
    params: 44_530_000,
    row: 'Segformer | MIT-B3 | 1024x1024 | 160000 | 10.86 | 2.53 | 81.94 | 83.14',
    measured: 10.86,
  }),
  // S6 a user's YOLOv5n6 log on a GTX 1060 6GB.
  // Expressed by model.yolo (was NOT EXPRESSIBLE: the PAFPN neck, the four heads, C3's concatenation).
  {
    // The network itself (examples/trace/yolo.py): YOLOv5n6 on 768 × 1280, one class, train.py's ModelEMA.
    traceModule: 'yolo:v5p6_n_768x1280_c1_b8_ema',
    id: 'yolov5n6-user-log-single-cls-1280-rect-bs20-amp-gtx1060',
    source: `${yoloLogDoc} (${yoloLogAt}), epoch 0's progress line "0/149 5.05G 0.06383 0.03304 0 0 1280", column "gpu_mem"`,
    what: 'reserved',
    unit: 'GB',
    measured: 5.05,
    config: `ultralytics/yolov5 at 4ce6737 (torch 1.10.1), one GeForce GTX 1060 6GB: python train.py --single-cls --img 1280 --rect --batch 20 --weights yolov5n6.pt --workers 0 — YOLOv5n6 (channels 16, 32, 64, 128, 192, 256; 3,094,312 parameters; one class), 20 images per batch as rectangular 768 × 1280 inputs (1280 × 720 images, stride 64), AMP (fp16 autocast over fp32 weights), SGD momentum 0.937 nesterov, EMA; gpu_mem is torch.cuda.memory_reserved() / 1E9 ("G", decimal GB), the largest printed (epoch 0). NOT EXPRESSIBLE: ${yoloNotExpressible}`,
    spec: `model:
  yolo: { version: v5, scale: n, p6: true, classes: 1, input: [3, 768, 1280] }
training: { precision: amp_fp16, optimizer: sgd_momentum, batch_size: 20 }`,
  },
  // S7 ultralytics 8.3 face detectors on WIDER FACE, one RTX 3090.
  // NOT EXPRESSIBLE still: the densest batch's face count for the TaskAlignedAssigner (model.yolo.max_objects; no
  // source gives it). The network, neck, heads, loss and EMA are expressed by model.yolo.
  yoloFace({
    doc: 'v8',
    model: 'yolov8s',
    name: 'YOLOv8s (C2f blocks, channels 32 to 512)',
    params: 11_135_987,
    yolo: { version: 'v8', scale: 's' },
    line: '1/300 14.5G 1.718 1.197 1.186 32 800',
    measured: 14.5,
  }),
  // NOT EXPRESSIBLE still: as above (C2PSA now expressed).
  yoloFace({
    doc: 'v11',
    model: 'yolo11s',
    name: 'YOLO11s (C3k2 blocks, C2PSA, channels 32 to 512)',
    params: 9_428_179,
    yolo: { version: 'v11', scale: 's' },
    line: '1/300 14.9G 1.695 1.198 1.16 32 800',
    measured: 14.9,
  }),
  // NOT EXPRESSIBLE: as above.
  yoloFace({
    doc: 'v5',
    model: 'yolov5su',
    name: 'YOLOv5su (the YOLOv5 v6 backbone and PAFPN with the anchor-free head, channels 32 to 512)',
    params: 9_122_579,
    yolo: { version: 'v5u', scale: 's' },
    line: '1/300 14.3G 1.736 1.162 1.18 32 800',
    measured: 14.3,
  }),
  // NOT EXPRESSIBLE: as above.
  yoloFace({
    doc: 'v5',
    model: 'yolov5nu',
    name: 'YOLOv5nu (the YOLOv5 v6 backbone and PAFPN with the anchor-free head, channels 16 to 256)',
    params: 2_508_659,
    yolo: { version: 'v5u', scale: 'n' },
    line: '1/300 13.3G 1.841 1.681 1.22 32 800',
    measured: 13.3,
  }),
];

/** The documents round 25 reads: none is cited by rounds 1 to 24 or ../shared/estimation. */
export const round25Documents = [
  mmyoloDoc,
  minicpmDoc,
  gistDoc,
  baizeDoc,
  segformerDoc,
  yoloLogDoc,
  ...Object.values(yoloFaceDocs),
];
