// The estimate spec after validation, and the breakdown estimate() returns.

import type { Expr } from './expr.js';
import type { NotEstimatedPart } from './not-estimated.js';

/** Training precisions a spec may name. */
export const precisions = [
  'fp32',
  'amp_fp16',
  'amp_bf16',
  'bf16',
  'fp16',
  'mixed_bf16',
  'mixed_fp16',
] as const;
/**
 * fp32; amp_* = torch.autocast over fp32 weights; bf16/fp16 = weights and states in 16 bits;
 * mixed_* = FSDP's MixedPrecision(Policy) (param_dtype 16-bit, reduce_dtype fp32): fp32 parameters,
 * gradients and states at rest, the whole forward and backward in 16 bits (torchtitan's default).
 */
export type Precision = (typeof precisions)[number];

/** Optimizers a spec may name. */
export const optimizers = [
  'adamw',
  'adam',
  'sgd',
  'sgd_momentum',
  'adafactor',
  'adam8bit',
  'adam4bit',
  'paged_adamw',
  'paged_adamw_8bit',
  'lion',
  'lomo',
  'adalomo',
  'none',
] as const;
/** `none` means no training step: weights only, forward-pass activations only. */
export type Optimizer = (typeof optimizers)[number];

/** How the optimizer steps: one list op over every tensor, a loop over tensors, or one fused kernel. */
export const optimizerImpls = ['foreach', 'for_loop', 'fused'] as const;
/** One of optimizerImpls. */
export type OptimizerImpl = (typeof optimizerImpls)[number];

/** Bytes-per-parameter conventions a spec may name. */
export const conventions = ['hf', 'zero', 'eleuther', 'accelerate'] as const;
/** Whose bytes-per-parameter rules to use for mixed precision (model-states.ts explains each). */
export type Convention = (typeof conventions)[number];

/**
 * Activation checkpointing: none; selective (Korthikanti's: attention scores recomputed); op
 * (torchtitan's per-op SAC: matmul and attention outputs kept, every second matmul recomputed); full
 * (layer inputs kept). With training.checkpoint_every k, only every k-th layer is checkpointed.
 */
export const checkpointings = ['none', 'selective', 'op', 'full'] as const;
/** One of checkpointings. */
export type Checkpointing = (typeof checkpointings)[number];

/** Frameworks whose overheads and allocators estimate() knows. */
export const estimateFrameworks = ['torch', 'jax'] as const;
/** One of estimateFrameworks. */
export type EstimateFramework = (typeof estimateFrameworks)[number];

/** Model families whose layers and parameters estimate() knows (hf-config.ts maps model_type). */
export const families = ['gpt', 'llama', 'neox', 'bert', 't5', 'vit', 'opt', 'electra'] as const;
/** One of families; `gpt` is the generic GPT-2/BERT-style layer of Korthikanti et al. */
export type Family = (typeof families)[number];

/** Attention kernels: eager keeps the s×s scores for backward; SDPA and FlashAttention do not. */
export const attentions = ['eager', 'sdpa', 'flash'] as const;
/** One of attentions. */
export type Attention = (typeof attentions)[number];

/**
 * Losses: standard cross-entropy over full logits, chunked (per-chunk upcast), fused (no logits kept),
 * chunked_head (the LM head and loss one chunk of tokens at a time: torchtitan's ChunkedLossWrapper),
 * vocab_parallel (Megatron-LM's vocab-parallel cross-entropy: one fp32 copy of the logits, worked in place),
 * vocab_parallel_fused (the same under --cross-entropy-loss-fusion, its in-place steps compiled),
 * loss_parallel (PyTorch's loss_parallel over a vocab-sharded DTensor, as torchtitan runs it under tensor
 * parallelism), loss_parallel_logits_kept (the same with the caller's fp32 logits alive through backward),
 * standard_logits_kept (the standard loss over fp32 logits the model returns and the loop keeps through backward).
 */
/**
 * A decoder layer's kernels: eager (the model's own PyTorch ops), Liger-Kernel's fused RMSNorm, RoPE and
 * SwiGLU (apply_liger_kernel_to_*, transformers' Trainer use_liger_kernel, ms-swift --use_liger_kernel), or
 * transformer_engine (Megatron-Core's Transformer Engine layers: TE's norm fused into the next linear and
 * Megatron's fused SwiGLU).
 */
export const layerKernels = ['eager', 'liger', 'transformer_engine'] as const;
/** One of layerKernels. */
export type LayerKernels = (typeof layerKernels)[number];

export const losses = [
  'standard',
  'chunked',
  'fused',
  'chunked_head',
  'vocab_parallel',
  'vocab_parallel_fused',
  'loss_parallel',
  'loss_parallel_logits_kept',
  'standard_logits_kept',
  'unsloth_fused',
] as const;
/** One of losses. */
export type Loss = (typeof losses)[number];

/** Multi-GPU strategies: data parallel, DeepSpeed ZeRO stages, PyTorch FSDP sharding strategies. */
export const strategies = ['ddp', 'zero1', 'zero2', 'zero3', 'fsdp_full', 'fsdp_grad_op'] as const;
/** One of strategies. */
export type Strategy = (typeof strategies)[number];

/** Frozen-weight formats: bitsandbytes NF4/FP4 and LLM.int8, GPTQ and AWQ 4-bit. */
export const quantizations = ['nf4', 'fp4', 'int8', 'gptq4', 'awq4'] as const;
/** One of quantizations. */
export type Quantization = (typeof quantizations)[number];
/** Libraries whose quantized formats and dequantization differ. */
export const quantizationLibraries = ['bitsandbytes', 'torchao'] as const;
/** One of quantizationLibraries. */
export type QuantizationLibrary = (typeof quantizationLibraries)[number];

/** Layers LoRA can adapt: the linears of a block by role, the token embedding and the LM head. */
export const loraTargets = ['q', 'k', 'v', 'o', 'gate', 'up', 'down', 'embed', 'lm_head'] as const;
/** One of loraTargets. */
export type LoraTarget = (typeof loraTargets)[number];

/** How a dataset is held in RAM: Python objects are copied into forked workers as they are touched. */
export const datasetStorages = ['python_objects', 'numpy', 'arrow', 'mmap'] as const;
/** One of datasetStorages. */
export type DatasetStorage = (typeof datasetStorages)[number];

/** How DataLoader workers start (multiprocessing_context). */
export const workerStarts = ['fork', 'spawn', 'forkserver'] as const;
/** One of workerStarts. */
export type WorkerStart = (typeof workerStarts)[number];

/** An integer quantity as written (`B*G`, `4`) and parsed. */
export interface Quantity {
  text: string;
  expr: Expr;
}

/** Shape of a transformer: parameters (when no count is given) and activations. */
export interface TransformerShape {
  family: Family;
  /** Every layer; for encoder–decoder models encoderLayers + decoderLayers. */
  layers: number;
  encoderLayers: number;
  /** Layers with cross-attention over the encoder output (0 unless encoder–decoder). */
  decoderLayers: number;
  hidden: number;
  heads: number;
  kvHeads: number;
  headDim: number;
  seqLen: number;
  decoderSeqLen: number;
  vocab: number;
  ffn: number;
  /** swiglu: a gated MLP with three matrices (SwiGLU, GeGLU); gelu_new: GPT-2's tanh-approximated GELU
   * written as tensor ops (keeps three more values); relu: one op whose output its backward reads, the second
   * linear's input too (OPT). */
  mlp: 'gelu' | 'swiglu' | 'gelu_new' | 'relu';
  norm: 'layernorm' | 'rmsnorm';
  /** Biases on every linear layer (GPT-2, BERT); qkv: on Q, K and V only (Qwen2). */
  bias: 'all' | 'qkv' | 'none';
  /** One Q/K/V projection (GPT-2, NeoX, LitGPT) rather than three. */
  fusedQkv: boolean;
  /** Attention and MLP read the same input (GPT-NeoX, GPT-J, Phi). */
  parallelResidual: boolean;
  /** Learned position embeddings (0 for rotary or relative positions). */
  positions: number;
  tokenTypes: number;
  relativeBuckets: number;
  /** ViT patch embedding: channels × patch² inputs per token. */
  patchInputs: number;
  pooler: boolean;
  classes: number;
  lmHead: boolean;
  tiedEmbeddings: boolean;
  attention: Attention;
  /**
   * Attention is SDPA's math fallback (spec `attention: math`, read as eager): q, k and v of a 16-bit model upcast to
   * fp32, so its scores and softmax are fp32. Absent: not the math path.
   */
  isMathAttention?: boolean;
  /** Softmax computed in fp32 even in a 16-bit model (HF Llama-family eager attention, T5). */
  isSoftmaxUpcast: boolean;
  dropout: boolean;
  /** Dropout on the attention probabilities (absent: as `dropout`); OPT's attention_dropout is 0. */
  attentionDropout?: boolean;
  /**
   * Post-LayerNorm blocks (BERT, OPT-350m's do_layer_norm_before false): each sublayer's norm after its residual
   * add, and no final norm. Absent: pre-norm (BERT's own family has no final norm either way).
   */
  isPostNorm?: boolean;
  /**
   * The word embedding's width when it differs from hidden (OPT's word_embed_proj_dim): project_in (hidden × it)
   * after the embedding and project_out (it × hidden) before the head, which is that wide. Absent: hidden.
   */
  wordEmbedDim?: number;
  /**
   * Windowed attention (ViTDet, SAM's image encoder): all but `globalLayers` blocks attend inside size × size
   * windows of the square token grid (padded to a multiple of size); the others attend globally.
   */
  window?: { size: number; globalLayers: number };
  /**
   * Multi-head latent attention (DeepSeek-V2/V3): keys and values from a `kvRank` latent, queries from a `qRank`
   * one (0: a full q_proj), keys of nopeDim + ropeDim per head (the RoPE part shared), values of vDim. With it,
   * kvHeads is heads and headDim nopeDim + ropeDim (the query/key width). Absent: ordinary attention.
   */
  mla?: MlaShape;
  /** Mixture of experts: experts per MLP and experts each token goes through (0 when dense). */
  experts: number;
  expertsPerToken: number;
  /**
   * MoE: the hidden size of the shared expert(s) every token goes through beside its routed ones (Llama 4,
   * Qwen-MoE, DeepSeek-MoE), in the MLP's own form (gated or not); 0 without.
   */
  sharedFfn: number;
}

/** model.transformer.mla: DeepSeek's multi-head latent attention (transformers DeepseekV3Attention's config). */
export interface MlaShape {
  /** kv_lora_rank. */
  kvRank: number;
  /** q_lora_rank (0: one q_proj). */
  qRank: number;
  /** qk_nope_head_dim. */
  nopeDim: number;
  /** qk_rope_head_dim. */
  ropeDim: number;
  /** v_head_dim. */
  vDim: number;
}

/** LoRA adapters on the frozen base. */
export interface LoraSpec {
  rank: number;
  alpha: number;
  targets: LoraTarget[];
  dropout: number;
  /**
   * PEFT modules_to_save: a full trainable copy of the token embedding and/or the LM head beside the frozen
   * original (ModulesToSaveWrapper); absent: none.
   */
  modulesToSave?: ('embed' | 'lm_head')[];
  /** DoRA (PEFT use_dora): a trained magnitude per output beside the adapters, and the weight-norm term. */
  isDora?: boolean;
  /**
   * Which PEFT tuner sits on the targets (absent: LoRA): LoHa and LoKr (LyCORIS) build a dense ΔW per adapted
   * linear every forward, IA³ scales the targets' outputs (the feed-forward down projection's input) by a
   * trained vector, VeRA trains two vectors around frozen random projections shared by every layer, AdaLoRA
   * trains SVD-form adapters (P, Λ, Q) whose rank its allocator prunes by importance EMAs.
   */
  variant?: AdapterVariant;
  /**
   * Which LoRA factor trains when only one does: `b` (LoRA-FA, PEFT create_lorafa_optimizer freezes lora_A), `a`
   * (MiCA, PEFT init_lora_weights "mica" freezes lora_B); absent: both.
   */
  trainedFactor?: 'a' | 'b';
  /**
   * A PEFT tuner written as the LoRA whose memory it has (model.lora.trainable): its own trainable count, which
   * replaces lora_A's and lora_B's for gradients and optimizer states; absent: the factors' count.
   */
  tunerTrainable?: number;
  /** FourierFT's n_frequency: trained spectral coefficients per adapted linear (PEFT FourierFTConfig, default 1000). */
  frequencies?: number;
  /**
   * Prefix tuning's num_virtual_tokens (PEFT PrefixTuningConfig, P-Tuning v2's pre_seq_len): a trained key and value
   * per layer for each, which every layer's attention reads as a past key-value cache.
   */
  virtualTokens?: number;
  /** LoKr's decompose_factor (PEFT LoKrConfig, default -1: factors near the square root). */
  decomposeFactor?: number;
  /**
   * IA³'s feedforward_modules (PEFT IA3Config): the MLP targets whose input its vector scales; the others' outputs
   * are scaled. Absent: [down] (peft/utils/constants.py TRANSFORMERS_MODELS_TO_IA3_FEEDFORWARD_MODULES_MAPPING).
   */
  feedforward?: ('gate' | 'up' | 'down')[];
  /**
   * What the adapters compute in over 16-bit weights: absent, PEFT's fp32 adapters (get_peft_model
   * autocast_adapter_dtype=True) under the 16-bit autocast the HF Trainer's bf16/fp16=True runs; `fp32`, the
   * same without autocast (each adapter keeps an fp32 copy of its input); `weights`, adapters in the frozen
   * weights' dtype (LitGPT, torchtune, unsloth, autocast_adapter_dtype=False).
   */
  adapterDtype?: 'fp32' | 'weights';
}

/**
 * model.reference: a frozen model beside the trained one that runs a forward, without grad, over each batch: DPO's
 * or KTO's reference policy, a distillation teacher (GKD), a reward model scoring the batch.
 */
export interface ReferenceSpec {
  /** Its parameters (default: the trained model's base). */
  params: number;
  /** Bytes per parameter as it is held (default: the trained model's frozen weights'). */
  bytesPerParam?: number;
  /**
   * What its forward's logits (batch × seq × vocab, in its dtype) meet: `beside_loss` (TRL's DPOTrainer: its
   * forward after the trained model's, the logits freed once their log-probabilities are taken), `kept` (a
   * distillation teacher, GKD: held through the student's backward), `none` (Megatron, ms-swift megatron rlhf:
   * its forward first and fused into per-token log-probabilities; or precomputed).
   */
  logits: ReferenceLogits;
}

/** model.reference.logits values. */
export const referenceLogitsModes = ['beside_loss', 'kept', 'none'] as const;
/** One of referenceLogitsModes. */
export type ReferenceLogits = (typeof referenceLogitsModes)[number];

/** PEFT tuners model.lora.variant names besides plain LoRA. */
export const adapterVariants = [
  'lora',
  'loha',
  'lokr',
  'ia3',
  'vera',
  'adalora',
  'fourierft',
  'prefix_tuning',
] as const;
/** One of adapterVariants. */
export type AdapterVariant = (typeof adapterVariants)[number];

/** Quantized frozen base weights. */
export interface QuantizationSpec {
  weights: Quantization;
  /** Whose 4-bit format: bitsandbytes (Linear4bit, transformers) or torchao's NF4Tensor (torchtune). */
  library: QuantizationLibrary;
  doubleQuant: boolean;
  groupSize: number;
  /** Bytes of the dtype a quantized layer computes in (bitsandbytes bnb_4bit_compute_dtype). */
  computeBytes: number;
  isHeadQuantized: boolean;
  /**
   * The quantized matmul keeps no input for backward: bitsandbytes' MatMul4Bit from 0.43.2 (#1270, `ctx.tensors =
   * (None, B)`), torchao's linear_nf4. Absent: it keeps its compute-dtype input, as bitsandbytes did before.
   */
  keepsNoInput?: boolean;
  /**
   * Module names kept in 16 bits (bitsandbytes' llm_int8_skip_modules, as an Unsloth dynamic 4-bit checkpoint's
   * config.json lists them), matched against Llama-style names: model.layers.N.self_attn.q_proj, ….mlp.down_proj.
   */
  skipModules?: string[];
  /**
   * The unquantized parameters (embeddings, norms, biases, the LM head) are fp32: PEFT's
   * prepare_model_for_kbit_training casts every fp16/bf16 parameter but the 4-bit ones (peft/utils/other.py).
   */
  isUnquantizedFp32?: boolean;
  /**
   * Of a params-only model (no model.transformer to take an inventory of), the frozen parameters that stay
   * unquantized: bitsandbytes replaces nn.Linear layers only (transformers' replace_with_bnb_linear), so
   * embeddings (Gemma 3n's per-layer tables among them), norms and modules a checkpoint skips stay in 16 bits.
   */
  unquantizedParams?: number;
}

/** How FSDP units are drawn (ParallelSpec.fsdpWrap). */
export const fsdpWraps = ['layers', 'torchtitan', 'layers_embedding_head', 'model'] as const;
/** One of fsdpWraps. */
export type FsdpWrap = (typeof fsdpWraps)[number];

/** Pipeline schedules: 1F1B (PipeDream-flush, Megatron's default) or GPipe (all forwards first). */
export const pipelineSchedules = ['1f1b', 'gpipe'] as const;
/** One of pipelineSchedules. */
export type PipelineSchedule = (typeof pipelineSchedules)[number];

/** The multi-GPU layout the per-GPU estimate is for. */
export interface ParallelSpec {
  gpus: number;
  strategy: Strategy;
  tensor: number;
  /** Sequence parallelism with tensor > 1: the residual stream's values are split over the tensor ranks. */
  isSequenceParallel: boolean;
  /** Context parallelism: each GPU holds seq_len / context tokens of every sequence (ring attention). */
  context: number;
  /**
   * Expert parallelism: the routed experts of every MoE layer split over this many ranks, which trade
   * tokens all-to-all instead of gathering the experts (absent: 1).
   */
  expert?: number;
  /** Pipeline stages, the micro-batches per step, and the schedule. */
  pipeline: number;
  microBatches: number;
  schedule: PipelineSchedule;
  /**
   * Megatron's --num-distributed-optimizer-instances: the distributed optimizer's copies, each sharded over the
   * data-parallel ranks / this many (1: one instance over all of them).
   */
  optimizerInstances: number;
  /**
   * Model chunks per pipeline rank under Megatron's interleaved 1F1B schedule (--num-virtual-stages-per-pipeline-rank,
   * or layers / (pipeline × --num-layers-per-virtual-pipeline-stage)); 1: the plain schedule.
   */
  virtualStages: number;
  /**
   * The pipeline stage the estimate is for: first (the most micro-batches in flight, no LM head or loss),
   * last (the LM head and the loss; the rank Megatron-LM's logged memory is read from), or peak (default:
   * whichever of the two needs more).
   */
  pipelineStage: 'first' | 'last' | 'peak';
  isBucketView: boolean;
  /**
   * Megatron-LM's own DDP and distributed optimizer (parallel.framework: megatron): the gradients live in
   * its contiguous grad buffer and are reduced from it (no Reducer copies, no DeepSpeed reduce buckets).
   */
  isMegatron: boolean;
  /**
   * What FSDP wraps besides the root: `layers` (transformer_auto_wrap_policy on the block class: HF
   * Trainer and accelerate, Lightning, llama-recipes) leaves the embedding and the head in the root unit;
   * `torchtitan` shards the embedding, each block and [norm, output] as units of their own;
   * `layers_embedding_head` wraps the blocks, the embedding and the head each on its own and leaves the
   * root only the final norm (torchtune's full_finetune_distributed with custom_sharded_layers:
   * ['tok_embeddings', 'output']); `model` wraps nothing (no auto_wrap_policy): the whole model is the root
   * unit, gathered whole from the start of forward to the end of backward.
   */
  fsdpWrap: FsdpWrap;
  /** FSDP1 (FullyShardedDataParallel) or FSDP2 (fully_shard). */
  fsdpVersion: 1 | 2;
  /** accelerate's FSDP upcast (parallel.fsdp_upcast): fp32 shards, reduced in the 16-bit dtype accelerate's policy names. */
  isFsdpUpcast?: boolean;
  ncclBytes: number | undefined;
  deepSpeed: DeepSpeedSpec;
}

/** DeepSpeed ZeRO settings that decide its own GPU buffers (zero_optimization and the release used). */
export interface DeepSpeedSpec {
  /** The DeepSpeed release as [major, minor, patch]; undefined: a current one (0.17 or later). */
  version: [number, number, number] | undefined;
  /** overlap_comm: two reduce buckets instead of one; undefined: DeepSpeed's default (stage 3 only). */
  isOverlapComm: boolean | undefined;
  /** reduce_bucket_size in elements (default 5e8). */
  reduceBucketElements: number;
  /** ZeRO-3 sub_group_size in elements (default 1e9): the step's unit. */
  subGroupElements: number;
  /** ZeRO-3 stage3_max_reuse_distance in elements (default 1e9): gathered parameters kept for reuse. */
  maxReuseElements: number;
  /** ZeRO-3: the model was built under deepspeed.zero.Init (default); false: moved to the GPU whole first. */
  isZeroInit: boolean;
}

/** A tensor held on the GPU besides the model: `count` separate tensors of `shape` and `dtype`. */
export interface TensorSpec {
  name: string;
  shape: Quantity[];
  dtype: string;
  bytesPerElement: number;
  count: Quantity;
  /** The part of the memory this tensor stands for, when it describes one the estimate cannot model. */
  covers?: CoverablePart;
}

/** Parts a tensors: entry may stand for (estimate/not-estimated.ts). */
export const coverableParts = ['activations', 'logits'] as const;
export type CoverablePart = (typeof coverableParts)[number];

/** One layer of a convolutional stack (model.cnn.layers). */
export interface ConvLayer {
  kind: 'conv' | 'pool' | 'linear';
  /** Output channels (conv) or features (linear). */
  out: number;
  kernel: number;
  stride: number;
  padding: number;
  /** conv: a BatchNorm and a ReLU after the convolution (ResNet, VGG-BN). */
  isBatchNorm: boolean;
  isRelu: boolean;
  repeat: number;
  /** pool: max keeps its argmax indices (int64); avg keeps nothing but its input's shape. */
  pool: 'max' | 'avg' | 'global';
}

/** A convolutional network described by its layers, from an input of channels × height × width. */
export interface CnnSpec {
  input: [number, number, number];
  layers: ConvLayer[];
}

/** Detection heads on a ResNet + FPN (model.detector.head). */
export const detectorHeads = [
  'rpn',
  'faster_rcnn',
  'faster_rcnn_v2',
  'mask_rcnn',
  'cascade_rcnn',
  'cascade_mask_rcnn',
  'ms_rcnn',
  'retinanet',
  'rotated_retinanet',
  'rotated_faster_rcnn',
  'oriented_rcnn',
  'roi_trans',
] as const;
/** One of detectorHeads. */
export type DetectorHead = (typeof detectorHeads)[number];

/** YOLO families (model.yolo.version): YOLOv5 v6.x (anchor-based), YOLOv5u, YOLOv8, YOLO11 (anchor-free). */
export const yoloVersions = ['v5', 'v5u', 'v8', 'v11'] as const;
/** One of yoloVersions. */
export type YoloVersion = (typeof yoloVersions)[number];
/** The published scales (model.yolo.scale). */
export const yoloScales = ['n', 's', 'm', 'l', 'x'] as const;
/** One of yoloScales. */
export type YoloScale = (typeof yoloScales)[number];
/**
 * How the anchor-free head's TaskAlignedAssigner marks each box's top-k anchor points (model.yolo.assigner):
 * `count`, an int8 count scattered per top-k index (ultralytics from PR #2481, May 2023); `one_hot`, F.one_hot of
 * the (batch, boxes, topk) indices over every anchor point, int64, summed over topk (mmyolo's
 * BatchTaskAlignedAssigner; ultralytics before PR #2481).
 */
export const yoloAssigners = ['count', 'one_hot'] as const;
/** One of yoloAssigners. */
export type YoloAssigner = (typeof yoloAssigners)[number];

/** A YOLO detector as ultralytics (and mmyolo, for YOLOv5) build it (model.yolo). */
export interface YoloSpec {
  version: YoloVersion;
  scale: YoloScale;
  classes: number;
  /** One training image: [channels, height, width]. */
  input: [number, number, number];
  /** YOLOv5's P6 layout (an extra stride-64 level, four heads). */
  isP6: boolean;
  /** The most ground-truth boxes in one image of a batch: the anchor-free assigner's working set grows with it (0: not counted). */
  maxObjects: number;
  /** How the assigner marks each box's top-k anchor points: its working set per (image, box, anchor point). */
  assigner: YoloAssigner;
  /** An EMA copy of the model in fp32 (ultralytics ModelEMA, mmyolo's EMAHook): both trainers keep one. */
  isEma: boolean;
  /** The pose head's kpt_shape (keypoints, values per keypoint); absent: a detector. */
  keypointShape?: [number, number];
}

/** SETR's decoders on a plain ViT (model.segmenter.decoder). */
export const segmenterDecoders = [
  'setr_naive',
  'setr_pup',
  'setr_mla',
  'upernet',
  'segformer',
  'fcn',
  'psp',
  'aspp',
  'sep_aspp',
] as const;
/** One of segmenterDecoders. */
export type SegmenterDecoder = (typeof segmenterDecoders)[number];
/**
 * The neck between a plain ViT and UPerHead (model.segmenter.neck): mmseg's Feature2Pyramid (the BEiT / MAE
 * configs), MultiLevelNeck (configs/vit's upernet_vit-b16_mln), or none (configs/vit's DeiT rows: neck=None).
 */
export const upernetNecks = ['feature2pyramid', 'mln', 'none'] as const;
/** One of upernetNecks. */
export type UpernetNeck = (typeof upernetNecks)[number];
/** SegFormer's Mix Transformer encoders (model.segmenter.encoder). */
export const mitEncoders = ['mit_b0', 'mit_b1', 'mit_b2', 'mit_b3', 'mit_b4', 'mit_b5'] as const;
/** mmsegmentation's dilated ResNetV1c trunks (decoders fcn, psp and aspp: the D8 configs). */
export const dilatedResnetEncoderNames = ['resnet18_v1c_d8', 'resnet50_v1c_d8', 'resnet101_v1c_d8'] as const;
/** A segmenter's own encoder: a Mix Transformer or a dilated ResNetV1c. */
export const segmenterEncoders = [...mitEncoders, ...dilatedResnetEncoderNames] as const;
/** One of segmenterEncoders. */
export type SegmenterEncoder = (typeof segmenterEncoders)[number];
/** One of mitEncoders. */
export type MitEncoder = (typeof mitEncoders)[number];

/** A semantic segmenter: SETR's decode and auxiliary heads on the ViT of model.transformer (model.segmenter). */
export interface SegmenterSpec {
  decoder: SegmenterDecoder;
  /**
   * SegFormer's encoder (decoder segformer) or a dilated ResNetV1c (fcn, psp, aspp): the segmenter is then the
   * whole model, with no model.transformer.
   */
  encoder?: SegmenterEncoder;
  /** The training crop: [height, width]. */
  crop: [number, number];
  classes: number;
  /** The ViT's patch size and width (model.transformer.hidden). */
  patch: number;
  embed: number;
  /** The up heads' channels (naive, PUP), or MLA's mla_channels. */
  channels: number;
  auxHeads: number;
  /** Convolutions of each auxiliary SETRUPHead (naive, PUP). */
  auxConvs: number;
  /** The auxiliary SETRUPHeads' channels when not the decode head's (absent: `channels`). */
  auxChannels?: number;
  /** Convolutions of the decode SETRUPHead when not the decoder's default (naive 1, PUP 4). */
  decodeConvs?: number;
  /** UPerNet's neck (decoder upernet); absent: Feature2Pyramid. */
  neck?: UpernetNeck;
}

/** An object detector: a ResNet / ResNeXt trunk, an FPN and detection heads (model.detector). */
export interface DetectorSpec {
  /** One padded image: [channels, height, width]. */
  input: [number, number, number];
  backbone: {
    depth: number;
    /** ResNeXt: groups of the 3×3 convs and the width of each (1 and 64 for ResNet). */
    groups: number;
    widthPerGroup: number;
    /** The stride on the first 1×1 of a bottleneck (MSRA / caffe style, detectron2) rather than its 3×3. */
    strideIn1x1: boolean;
    /** The stem and this many stages frozen (mmdet frozen_stages; detectron2 FREEZE_AT − 1). */
    frozenStages: number;
    /** batch_norm keeps its input for backward; frozen_batch_norm (detectron2) is an affine that keeps none. */
    norm: 'batch_norm' | 'frozen_batch_norm';
    /** BatchNorm's affine trained (mmdet pytorch style) or frozen (caffe style: requires_grad False). */
    isNormTrained: boolean;
  };
  head: DetectorHead;
  classes: number;
  fpnChannels: number;
  /** Anchors per position: 3 (RPN) or 9 (RetinaNet). */
  anchors: number;
  /** RetinaNet: 3×3 convs per tower. */
  headConvs: number;
  /** RoIs sampled per image for the box heads, and the share of them that may be positive (mask heads). */
  rois: number;
  positiveFraction: number;
  /** The most ground-truth boxes in one image of the data set: the anchor assigner's IoU matrix grows with it. */
  maxObjects: number;
}

/** One CLIP text tower beside a UNet: layers, width, heads, quick_gelu or gelu. */
export interface TextTower {
  layers: number;
  hidden: number;
  heads: number;
  isQuickGelu: boolean;
}

/** Stable Diffusion UNets by name (model.unet.preset): their UNet2DConditionModel configs. */
export const unetPresets = ['sd15', 'sd2', 'sdxl'] as const;
/** One of unetPresets. */
export type UnetPreset = (typeof unetPresets)[number];
/** How the UNet's Attention modules run (model.unet.attention): diffusers' attention processors. */
export const unetAttentions = ['sdpa', 'xformers', 'eager'] as const;
/** One of unetAttentions. */
export type UnetAttention = (typeof unetAttentions)[number];
/** What a frozen side model does in the step (model.unet.text_encoder, vae). */
export const unetSideModes = ['frozen', 'trained', 'cached'] as const;
/** One of unetSideModes. */
export type UnetSideMode = (typeof unetSideModes)[number];

/** A latent-diffusion UNet (diffusers' UNet2DConditionModel) and the text encoder and VAE beside it (model.unet). */
export interface UnetSpec {
  preset?: UnetPreset;
  blockOutChannels: number[];
  layersPerBlock: number;
  /** BasicTransformerBlocks per Transformer2DModel, per down block (the mid block takes the last). */
  transformerLayers: number[];
  /** Attention heads per down block (diffusers' num_attention_heads, or the SD 1.x config's attention_head_dim). */
  heads: number[];
  crossAttentionDim: number;
  inChannels: number;
  outChannels: number;
  /** Per down block: CrossAttnDownBlock2D (true) or DownBlock2D; the up blocks mirror them. */
  crossAttention: boolean[];
  /** proj_in / proj_out are linears (SD 2, SDXL), not 1×1 convs. */
  isLinearProjection: boolean;
  /** SDXL's text_time added embedding: its TimestepEmbedding's input width (0: none). */
  addedTimeInput: number;
  /** The latent grid the UNet runs on: [height, width] (the image's / 8). */
  latent: [number, number];
  /** Text tokens the cross-attention reads (CLIP's 77). */
  textTokens: number;
  attention: UnetAttention;
  /**
   * diffusers before 0.20 checkpointed each Transformer2DModel whole (and not the mid block); from 0.20 each
   * ResnetBlock2D and BasicTransformerBlock, the mid block's too.
   */
  isLegacyCheckpointing: boolean;
  /** With 16-bit weights (precision bf16 / fp16), the forward still runs under torch.autocast (accelerate's). */
  isAutocastOver16Bit: boolean;
  /** LoRA rank on every Attention's to_q, to_k, to_v and to_out.0 (0: none); its dropout. */
  loraRank: number;
  loraDropout: number;
  /** Its text encoder(s): what they do, their parameters, and (for a preset) their towers' shapes. */
  textEncoder: { mode: UnetSideMode; params: number; towers: TextTower[] };
  vae: { mode: Exclude<UnetSideMode, 'trained'>; params: number };
}

/** A vision tower (a ViT over image patches) that runs beside the language model (model.vision). */
export interface VisionSpec {
  shape: TransformerShape;
  /** Its parameters train (its activations are kept for backward); frozen, it keeps only its output. */
  isTrainable: boolean;
  /** Images per sample: the tower runs batch × images times. */
  images: number;
}

/** torchao Float8 training of the linear layers. */
export interface Float8Spec {
  recipe: 'tensorwise' | 'rowwise' | 'mxfp8';
  /** FSDP2 all-gathers the weights already cast to float8 (enable_fsdp_float8_all_gather). */
  isAllGatherFloat8: boolean;
}

/** A validated estimate spec with every default filled in. */
export interface EstimateSpec {
  /** Where the spec came from, for messages; undefined when built from flags only. */
  file: string | undefined;
  framework: EstimateFramework;
  device: 'cuda' | 'cpu';
  vars: Record<string, number>;
  model: {
    params: number | undefined;
    trainable: number | undefined;
    transformer: TransformerShape | undefined;
    buffersBytes: number;
    lora: LoraSpec | undefined;
    quantization: QuantizationSpec | undefined;
    cnn: CnnSpec | undefined;
    /** SETR's heads on the ViT of model.transformer; absent unless model.segmenter is given. */
    segmenter?: SegmenterSpec;
    /** An object detector on a ResNet + FPN; absent unless model.detector is given. */
    detector?: DetectorSpec;
    /** A YOLO detector; absent unless model.yolo is given. */
    yolo?: YoloSpec;
    /** A latent-diffusion UNet with its text encoder and VAE; absent unless model.unet is given. */
    unet?: UnetSpec;
    /** A vision tower beside the language model (model.vision); absent unless given. */
    vision?: VisionSpec;
    /**
     * A float additive attention bias (model.transformer.attention_bias: ALiBi as SDPA's attn_mask or xformers'
     * attn_bias): built per layer or once for the model, for `positions` (absent: the sequence length).
     */
    attentionBias?: { isPerLayer: boolean; positions?: number };
    /** A frozen second model run each step (model.reference: DPO/KTO's reference, a distillation teacher). */
    reference?: ReferenceSpec;
    /** PPO's critic (model.critic): a second model trained beside this one, all its parameters trained. */
    critic?: { params: number };
    /** What the estimate cannot model about this model (a vision tower, MoE routing...). */
    notes: string[];
  };
  training: {
    precision: Precision;
    optimizer: Optimizer;
    optimizerImpl: OptimizerImpl;
    isOptimizerInBackward: boolean;
    /** The first iteration's peak: the optimizer's moments exist only from its first step() on (training.first_iteration). */
    isFirstIteration?: boolean;
    /**
     * GaLore (Zhao et al. 2024): the optimizer of each targeted weight matrix keeps its states in a rank-`rank`
     * projection of the gradient, beside the projection matrix; absent: none.
     */
    galore?: { rank: number; targets: LoraTarget[] };
    /**
     * Bytes of one optimizer-state element when the spec names the states' dtype (Megatron's precision-aware
     * optimizer --exp-avg-dtype/--exp-avg-sq-dtype bf16, DeepSpeed bf16_optimizer_states); absent: the precision's.
     */
    stateDtypeBytes?: number;
    offloadOptimizer: boolean;
    offloadActivations: boolean;
    /** The activations are offloaded a decoder layer at a time (verl's and ms-swift's layer groups), not tensor by tensor. */
    isLayerGroupOffload?: boolean;
    /** FSDP CPUOffload(offload_params=True), DeepSpeed ZeRO-Infinity offload_param: weights on the host. */
    offloadParameters: boolean;
    /** Gradients copied to the host as backward produces them (torchao offload_gradients, ZeRO-Offload). */
    offloadGradients: boolean;
    /** torch.compile of the layers (a cast shared by the linears reading it), and of the loss. */
    isCompiled: boolean;
    /** The layers' norm, RoPE and MLP kernels (training.kernels). */
    kernels: LayerKernels;
    isLossCompiled: boolean;
    /** Checkpoint every k-th layer only (torchtitan selective_ac_option = k); 1 = every layer. */
    checkpointEvery: number;
    /** Checkpoint only the first N layers of each stage (mmengine's block list, Megatron's block method). */
    checkpointLayers?: number;
    float8: Float8Spec | undefined;
    zeroGrad: 'set_to_none' | 'zeros' | 'after_forward';
    loss: Loss;
    /** The loss upcasts 16-bit logits to fp32 (.float() in the code, or autocast's fp32 ops). */
    isLossUpcast: boolean;
    /**
     * The standard loss copies the shifted logits (transformers before 4.49, or not stated); false: the
     * labels are shifted instead (training.transformers ≥ 4.49).
     */
    isLossShiftCopy: boolean;
    /**
     * Bytes of a gradient element when the framework accumulates them in a dtype of its own (Megatron's
     * fp32 main_grad buffer under bf16, DeepSpeed data_types.grad_accum_dtype); undefined: the
     * precision and convention decide.
     */
    gradAccumBytes: number | undefined;
    /** The checkpointed layers' inputs require grad; false: the layers record no autograd graph. */
    isCheckpointedInputGrad: boolean;
    /** JAX: the jitted step donates its parameters and optimizer state (donate_argnums); false: the jax.jit default. */
    isDonated: boolean;
    convention: Convention;
    batchSize: Quantity;
    gradAccumulation: number;
    activationCheckpointing: Checkpointing;
    epochs: number;
  };
  parallel: ParallelSpec;
  tensors: TensorSpec[];
  host: {
    workers: number;
    prefetchFactor: number;
    sampleBytes: number;
    pinMemory: boolean;
    workerStart: WorkerStart;
    isPersistentWorkers: boolean;
    datasetBytes: number;
    datasetStorage: DatasetStorage;
    cacheBytes: number;
    processBytes: number | undefined;
    workerBytes: number | undefined;
  };
  cuda: {
    contextBytes: number | undefined;
    moduleLoading: 'lazy' | 'eager';
    workspaceBytes: number | undefined;
    fragmentation: number | undefined;
    isExpandableSegments: boolean;
    /** The batches' shapes change from step to step (cuda.lengths: variable). */
    isVariableLengths: boolean;
    /**
     * Each batch padded to its own longest sample, with the sequence length only the cap the batches are
     * not known to reach (cuda.lengths: capped): priced as fixed shapes at the cap.
     */
    isCappedLengths: boolean;
    /** The card's memory as torch reports it (cuda.device_memory); absent: not stated. */
    deviceBytes?: number;
    /** torch.backends.cudnn.benchmark (cuda.cudnn_benchmark); absent: the harness's default. */
    isCudnnBenchmark?: boolean;
  };
  /** An inference engine sharing the card (inference:); absent: none. */
  inference?: InferenceEngineSpec;
}

/**
 * inference: an inference engine on the trainer's card (RL rollouts): vLLM at gpu_memory_utilization or SGLang at
 * mem_fraction_static, a share of the card's total; in the trainer's process (TRL vllm_mode colocate, verl's hybrid
 * engine) or another; with sleep mode or not.
 */
export interface InferenceEngineSpec {
  engine: 'vllm' | 'sglang';
  /** gpu_memory_utilization (vLLM) or mem_fraction_static (SGLang), 0..1. */
  memoryFraction: number;
  /** The card's total as CUDA reports it (torch.cuda.mem_get_info()[1]). */
  cardBytes: number;
  isSameProcess: boolean;
  isSleeping: boolean;
}

/** One part of the memory: its bytes and how they were computed, in words. */
export interface Component {
  name: string;
  bytes: number;
  formula: string;
  /** `backward`: allocated in forward, freed by the end of backward; `step`: from backward through
   * the optimizer step. The two never coexist, so the peak takes the larger; unmarked parts are
   * always there. */
  phase?: 'backward' | 'step';
  /** Still alive at the end of backward, beside every gradient: the first layer's working set (or its
   * recomputation), FSDP's last gathered unit, and the gradients themselves. */
  isAtBackwardEnd?: boolean;
  /** Alive only from the loss through the LM head's backward (the logits and the loss's buffers): freed
   * before the first layer runs its backward, so never beside a layer's backward working set. */
  isLossOnly?: boolean;
  /** Alive only before training starts (the model whole on the GPU before ZeRO-3 partitions it), beside
   * nothing but the CUDA context and what lies outside the allocator: its own moment of the peak. */
  isAtLoad?: boolean;
}

/** What estimate() returns: GPU and host parts, each with its peak. */
export interface Breakdown {
  gpu: { peakBytes: number; allocatedPeakBytes: number; components: Component[] };
  host: { peakBytes: number; components: Component[] };
  inputs: {
    framework: EstimateFramework;
    params: number;
    trainable: number;
    batchSize: number;
    gradAccumulation: number;
    vars: Record<string, number>;
    precision: Precision;
    optimizer: Optimizer;
    convention: Convention;
    device: 'cuda' | 'cpu';
    optimizerImpl: OptimizerImpl;
    gpus: number;
    strategy: Strategy;
    tensorParallel: number;
  };
  /** What is not modelled, or modelled on an assumption worth knowing. */
  notes: string[];
  /** Parts that grow with a knob but are not described, so not in the peaks (estimate/not-estimated.ts). */
  notEstimated?: NotEstimatedPart[];
}
