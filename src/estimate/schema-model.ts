// The `model:` section of an estimate spec: a count, a transformer shape, a config.json, LoRA adapters
// and quantized weights. Located errors in load.ts.
import { z } from 'zod';
import { parseBytes, quoteInput } from '../units.js';
import { parseCount } from './dtypes.js';
import {
  adapterVariants,
  attentions,
  detectorHeads,
  families,
  loraTargets,
  quantizationLibraries,
  quantizations,
  referenceLogitsModes,
  segmenterDecoders,
  segmenterEncoders,
  unetAttentions,
  unetPresets,
  unetSideModes,
  upernetNecks,
  yoloAssigners,
  yoloScales,
  yoloVersions,
} from './types.js';

/** 10^15: a thousand times the largest models trained; beyond it every figure overflows to nonsense. */
export const maxParameterCount = 1e15;

const countHelp = 'a count such as 335M, 1.5B or 335143938 (parameters, not bytes)';

/** A parameter count: `335M`, `1.5B`, `6.74e9` or a plain number. */
export const countField = z
  .union([z.number(), z.string()], { error: `expected ${countHelp}` })
  .transform((value, ctx) => {
    const count = typeof value === 'number' ? value : parseCount(value);
    if (count === undefined || !Number.isFinite(count) || count < 0) {
      ctx.addIssue({ code: 'custom', message: `${quoteInput(value)} is not ${countHelp}` });
      return z.NEVER;
    }
    if (count > maxParameterCount) {
      ctx.addIssue({
        code: 'custom',
        message: `${quoteInput(value)} is more parameters than any model has (at most 10^15, 1000T)`,
      });
      return z.NEVER;
    }
    return Math.round(count);
  });

const buffersHelp = 'bytes with a unit (4MiB, 8192B) or an element count (2M, 212480) stored as fp32';

/** Persistent buffers: a size with a byte unit is bytes; a count is fp32 elements (4 bytes each). */
export const buffersField = z
  .union([z.number(), z.string()], { error: `expected ${buffersHelp}` })
  .transform((value, ctx) => {
    const isBytes = typeof value === 'string' && /b\s*$/i.test(value);
    const parsed = isBytes ? parseBytes(value) : typeof value === 'number' ? value : parseCount(value);
    if (parsed === undefined || parsed < 0) {
      ctx.addIssue({ code: 'custom', message: `${quoteInput(value)} is not ${buffersHelp}` });
      return z.NEVER;
    }
    // torch buffers such as BatchNorm running statistics and rotary caches are fp32 (4 bytes).
    return isBytes ? parsed : Math.round(parsed) * 4;
  });

// A count, worded as every count is (cli/values.ts, config/schema.ts).
const positiveInt = z
  .number({ error: 'expected a whole number ≥ 1' })
  .int({ error: 'expected a whole number ≥ 1' })
  .min(1, { error: 'expected a whole number ≥ 1' });
// The most ground-truth boxes in one image (model.detector and model.yolo max_objects; 0: not counted).
const boxCount = z
  .number()
  .int({ error: 'expected a whole number of boxes' })
  .min(0, { error: 'expected a whole number of boxes' });
/** An enum with a message listing its values. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `expected one of ${values.join(', ')}` });

/** model.transformer: the shape that drives activations (and the count when params is absent). */
export const transformerSchema = z.strictObject({
  family: oneOf(families)
    .meta({ description: 'gpt (default) | llama | neox | bert | t5 | vit | opt | electra' })
    .optional(),
  layers: positiveInt.optional(),
  hidden: positiveInt.optional(),
  heads: positiveInt.optional(),
  kv_heads: positiveInt.meta({ description: 'key/value heads (grouped-query attention)' }).optional(),
  head_dim: positiveInt.optional(),
  seq_len: positiveInt.optional(),
  decoder_seq_len: positiveInt.optional(),
  vocab: z.number().int().min(0).optional(),
  ffn: positiveInt.meta({ description: 'MLP hidden size (default 4 × hidden)' }).optional(),
  mlp: oneOf(['gelu', 'swiglu', 'gelu_new', 'relu'] as const)
    .meta({
      description:
        "gelu (one activation op), swiglu (gated), gelu_new: GPT-2's tanh approximation as tensor ops (transformers NewGELUActivation), or relu (OPT: its backward reads its output, which the second linear keeps anyway)",
    })
    .optional(),
  norm: oneOf(['layernorm', 'rmsnorm'] as const).optional(),
  bias: z.union([z.boolean(), z.literal('qkv')], { error: 'expected true, false or qkv' }).optional(),
  fused_qkv: z.boolean().optional(),
  parallel_residual: z.boolean().optional(),
  max_positions: z.number().int().min(0).meta({ description: 'learned position embeddings' }).optional(),
  lm_head: z.boolean().meta({ description: 'a vocabulary projection whose logits are kept' }).optional(),
  tied_embeddings: z
    .boolean()
    .meta({
      description:
        'the token embedding shared with the LM head (true) or not (false); either, with a vocab, implies lm_head',
    })
    .optional(),
  tie_embeddings: z.boolean().optional(),
  attention: oneOf([...attentions, 'math'] as const)
    .meta({
      description:
        "how attention runs: eager (the model's own matmul, softmax, matmul), sdpa, flash; math is F.scaled_dot_product_attention falling back to its math path (no flash or memory-efficient kernel for the dtype on the card, e.g. bf16 on a T4 or V100): eager's steps with 16-bit q, k and v upcast to fp32, so the s×s scores are fp32 (aten/src/ATen/native/transformers/attention.cpp _scaled_dot_product_attention_math, unless torch.backends.cuda.allow_fp16_bf16_reduction_math_sdp(True))",
    })
    .optional(),
  gated_mlp: z.boolean().optional(),
  dropout: z.boolean().optional(),
  attention_dropout: z
    .boolean()
    .meta({
      description:
        "dropout on the attention probabilities (default: as dropout; OPT's attention_dropout is 0, its other dropouts 0.1)",
    })
    .optional(),
  post_norm: z
    .boolean()
    .meta({
      description:
        'post-LayerNorm blocks (OPT-350m do_layer_norm_before false): the norm after each residual add, no final norm; keeps what a pre-norm block keeps (default false; bert: true)',
    })
    .optional(),
  word_embed_dim: positiveInt
    .meta({
      description:
        "the word embedding's width when not hidden (OPT word_embed_proj_dim: project_in to hidden after the embedding, project_out back before the head; ELECTRA embedding_size: embeddings_project to hidden, the generator's head back at this width)",
    })
    .optional(),
  window: z
    .strictObject({
      size: positiveInt.meta({ description: 'the window side in tokens (ViTDet 14)' }),
      global_layers: z
        .number()
        .int()
        .min(0)
        .meta({ description: 'blocks that attend over the whole grid instead (ViTDet: 4)' })
        .optional(),
    })
    .meta({
      description:
        "windowed attention (detectron2 ViTDet, SAM's image encoder: window_partition pads the square token grid to a multiple of size, each window attends within itself; global_layers blocks attend over all tokens): eager scores of windows × size⁴ per head instead of seq_len², and the padded tokens' attention activations",
    })
    .optional(),
  mla: z
    .strictObject({
      kv_rank: positiveInt.meta({
        description: 'kv_lora_rank: the compressed key/value latent (DeepSeek-V2/V3: 512)',
      }),
      q_rank: z
        .number()
        .int({ error: 'expected a whole number ≥ 0' })
        .min(0, { error: 'expected a whole number ≥ 0' })
        .meta({
          description: 'q_lora_rank: the compressed query (V3: 1536); 0 or absent: one q_proj (V2-Lite)',
        })
        .optional(),
      nope_dim: positiveInt.meta({
        description: "qk_nope_head_dim: each head's key/query part without RoPE (128)",
      }),
      rope_dim: positiveInt.meta({
        description: 'qk_rope_head_dim: the decoupled RoPE key shared by the heads (64)',
      }),
      v_dim: positiveInt.meta({ description: "v_head_dim: each head's value width (128)" }),
    })
    .meta({
      description:
        'multi-head latent attention (DeepSeek-V2/V3, transformers DeepseekV3Attention): x → kv_a_proj (kv_rank + rope_dim) → RMSNorm → kv_b_proj (heads × (nope_dim + v_dim)); queries from q_proj, or q_a_proj → RMSNorm → q_b_proj with q_rank; keys of nope_dim + rope_dim per head, values of v_dim. Replaces kv_heads and head_dim',
    })
    .optional(),
  encoder_layers: positiveInt.optional(),
  decoder_layers: positiveInt.optional(),
  experts: z.number().int().min(0).optional(),
  experts_per_token: positiveInt.optional(),
  shared_ffn: positiveInt
    .meta({
      description:
        'MoE: hidden size of the shared expert(s) every token goes through beside its routed ones (Llama 4, Qwen-MoE, DeepSeek-MoE)',
    })
    .optional(),
  classes: z.number().int().min(0).optional(),
  pooler: z.boolean().optional(),
  attention_bias: z
    .strictObject({
      per: oneOf(['layer', 'model'] as const).meta({
        description:
          'layer: every layer builds its own bias and its attention keeps it for backward; model: one bias the layers share',
      }),
      positions: positiveInt
        .meta({ description: 'the bias is built for this many positions and sliced (default: seq_len)' })
        .optional(),
    })
    .meta({
      description:
        "a float additive attention bias of heads × positions × positions in the activations' dtype (ALiBi passed as SDPA's attn_mask or xformers' attn_bias), which the memory-efficient attention kernels keep for backward",
    })
    .optional(),
});

/** model.lora: adapters of `rank` on the target linear layers; the base is frozen. */
export const loraSchema = z.strictObject({
  rank: positiveInt.meta({ description: "the adapters' rank (every variant but ia3 needs one)" }).optional(),
  variant: oneOf(adapterVariants)
    .meta({
      description:
        "the PEFT tuner (default lora): loha (LoHaConfig, ΔW = (W1a·W1b) ⊙ (W2a·W2b)) and lokr (LoKrConfig, ΔW = W1 ⊗ W2a·W2b) build a dense ΔW per adapted linear every forward and keep it for backward; ia3 (IA3Config) scales each target's output, or a down projection's input, by a trained vector; vera (VeraConfig) trains lambda_d (r) and lambda_b (out) per target around frozen random projections shared by all layers; adalora (AdaLoraConfig, rank its init_r) trains lora_A, lora_E and lora_B per target and keeps two importance EMAs of each; fourierft (FourierFTConfig, no rank; n_frequency) builds each adapted linear's dense ΔW from its spectrum (ifft2) every forward and keeps it; prefix_tuning (PrefixTuningConfig without projection, P-Tuning v2; no rank or targets; virtual_tokens) trains a key and value per layer for each virtual token, which every layer's attention reads beside the sequence's own",
    })
    .optional(),
  train: oneOf(['a', 'b'] as const)
    .meta({
      description:
        'the one LoRA factor that trains: b (LoRA-FA: PEFT create_lorafa_optimizer freezes lora_A), a (MiCA: init_lora_weights "mica" freezes lora_B); default both',
    })
    .optional(),
  trainable: positiveInt
    .meta({
      description:
        'a PEFT tuner written as the LoRA whose memory it has, with its own trainable count (its parameters are not lora_A and lora_B): gradients and optimizer states from this count, activations from rank, targets and train. Measured on CPU (torch 2.13, PEFT 0.21, saved-tensor hooks): TinyLoRA and MiSS keep what LoRA-FA does at their rank (train: b), Uni-LoRA and VB-LoRA what LoRA does at theirs, GraLoRA and DeLoRA what LoRA does at twice theirs. Plain LoRA only (not another variant, DoRA or modules_to_save)',
    })
    .optional(),
  n_frequency: positiveInt
    .meta({ description: "FourierFT's trained spectral coefficients per adapted linear (default 1000)" })
    .optional(),
  virtual_tokens: positiveInt
    .meta({
      description:
        "prefix_tuning's num_virtual_tokens (P-Tuning v2's pre_seq_len): a trained key and value per layer for each, read by every layer's attention as past key-values (required with prefix_tuning)",
    })
    .optional(),
  decompose_factor: z
    .number()
    .int()
    .refine((value) => value === -1 || value > 0, 'a positive factor, or -1')
    .meta({ description: "LoKr's decompose_factor (default -1: factors near the square root)" })
    .optional(),
  adapter_dtype: oneOf(['fp32_autocast', 'fp32', 'weights'] as const)
    .meta({
      description:
        "what the adapters compute in over 16-bit weights: fp32_autocast (default: PEFT's fp32 adapters, autocast_adapter_dtype=True, under the 16-bit autocast the HF Trainer's bf16/fp16=True runs; each adapter keeps a 16-bit cast of its input), fp32 (the same without autocast, e.g. a plain PyTorch loop: each keeps an fp32 copy of its input), weights (adapters in the frozen weights' dtype: LitGPT, torchtune, unsloth, autocast_adapter_dtype=False; they read the input as it is)",
    })
    .optional(),
  alpha: z.number().min(0).optional(),
  targets: z.array(oneOf(loraTargets)).min(1).optional(),
  feedforward: z
    .array(oneOf(['gate', 'up', 'down'] as const))
    .meta({
      description:
        "IA³'s feedforward_modules: the targets whose input (not output) its vector scales (default [down], PEFT's Llama mapping); a subset of targets",
    })
    .optional(),
  dropout: z.number().min(0).max(1).optional(),
  use_dora: z
    .boolean()
    .meta({
      description:
        "DoRA (PEFT use_dora): a trained magnitude vector per adapted linear; each forward also keeps the layer's output and the adapters' output, and builds the adapted weight to take its norm",
    })
    .optional(),
  modules_to_save: z
    .array(oneOf(['embed', 'lm_head'] as const))
    .min(1)
    .meta({
      description:
        'PEFT modules_to_save: a full trainable copy of the token embedding and/or the LM head beside the frozen original',
    })
    .optional(),
});

/** model.quantization: the format of the frozen base weights. */
export const quantizationSchema = z.strictObject({
  weights: oneOf(quantizations),
  library: oneOf(quantizationLibraries)
    .meta({
      description: "bitsandbytes (default; transformers, PEFT) or torchao's NF4Tensor (torchtune QLoRA)",
    })
    .optional(),
  double_quant: z.boolean().optional(),
  group_size: positiveInt.optional(),
  compute_dtype: oneOf(['fp32', 'bf16', 'fp16'] as const).optional(),
  bitsandbytes: z
    .string()
    .regex(/^\d+\.\d+(\.\d+)?$/, 'a version like "0.45.0"')
    .meta({
      description:
        "the bitsandbytes release (e.g. '0.45.0'): from 0.43.2 its 4-bit matmul keeps no input for backward (bitsandbytes #1270); default: not stated, the older matmul that keeps its compute-dtype input",
    })
    .optional(),
  lm_head: z
    .boolean()
    .meta({ description: 'quantize the LM head too (default: kept, as HF does)' })
    .optional(),
  unquantized_dtype: oneOf(['fp32'] as const)
    .meta({
      description:
        "the dtype of the parameters left unquantized (embeddings, norms, biases, the LM head): fp32 after PEFT's prepare_model_for_kbit_training (peft/utils/other.py: every fp16/bf16 parameter not a Params4bit cast to fp32; not for GPTQ, AQLM, EETQ, HQQ or torchao models), and under the trainer's 16-bit autocast the LM head's 16-bit cast kept for backward; default: the training precision's",
    })
    .optional(),
  unquantized_params: countField
    .meta({
      description:
        "with model.params and no model.transformer: how many frozen parameters stay unquantized, in the unquantized dtype (bitsandbytes replaces nn.Linear layers only, transformers' replace_with_bnb_linear: embeddings, per-layer embedding tables, norms and skipped towers stay); default 0, every frozen parameter quantized. With model.transformer the layer inventory decides (use skip_modules)",
    })
    .optional(),
  skip_modules: z
    .array(z.string().min(1, { error: 'expected a module name such as model.layers.0.mlp' }))
    .min(1)
    .meta({
      description:
        "modules kept in 16 bits: bitsandbytes' llm_int8_skip_modules as a checkpoint's config.json lists them (Unsloth's dynamic 4-bit checkpoints keep a few sensitive layers so), matched against Llama-style module names (model.layers.3.mlp, model.layers.0.self_attn.o_proj, lm_head); names of parts the spec does not model (vision_tower, multi_modal_projector) are noted and left out",
    })
    .optional(),
});

/** model.cnn.layers[]: one convolution (with BatchNorm and ReLU), pooling or linear layer. */
export const cnnLayerSchema = z.strictObject({
  conv: positiveInt.meta({ description: 'output channels of a convolution' }).optional(),
  pool: oneOf(['max', 'avg', 'global'] as const).optional(),
  linear: positiveInt.meta({ description: 'output features of a fully connected layer' }).optional(),
  kernel: positiveInt.optional(),
  stride: positiveInt.optional(),
  padding: z.number().int().min(0).optional(),
  batch_norm: z
    .boolean()
    .meta({ description: 'a BatchNorm after the convolution (default true)' })
    .optional(),
  relu: z.boolean().meta({ description: 'a ReLU after it (default true for conv)' }).optional(),
  repeat: positiveInt
    .meta({ description: 'the same layer this many times (stride on the first only)' })
    .optional(),
});

/** model.cnn: a convolutional network described by its layers, for per-layer activations. */
export const cnnSchema = z.strictObject({
  input: z
    .array(positiveInt)
    .length(3, { error: 'expected [channels, height, width]' })
    .meta({ description: 'one sample: [channels, height, width]' }),
  layers: z.array(cnnLayerSchema).min(1),
});

/** model.vision: a vision tower (a ViT) that runs beside the language model of model.transformer. */
export const visionSchema = transformerSchema.extend({
  trainable: z
    .boolean()
    .meta({
      description:
        'the tower trains (default true: its activations are kept for backward); false: frozen, it records nothing and only its output is kept',
    })
    .optional(),
  images: positiveInt.meta({ description: 'images per sample (default 1)' }).optional(),
});

/** model.detector.backbone: the ResNet / ResNeXt trunk of a detector. */
export const detectorBackboneSchema = z.strictObject({
  depth: z
    .union([z.literal(18), z.literal(34), z.literal(50), z.literal(101), z.literal(152)], {
      error: 'expected one of 18, 34, 50, 101, 152',
    })
    .meta({ description: 'ResNet depth (18 and 34: BasicBlocks; 50, 101, 152: bottlenecks)' }),
  groups: positiveInt.meta({ description: 'ResNeXt: groups of the 3×3 convs (default 1)' }).optional(),
  width_per_group: positiveInt
    .meta({ description: 'ResNeXt: channels per group (default 64: ResNet)' })
    .optional(),
  stride_in_1x1: z
    .boolean()
    .meta({
      description:
        "a stage's stride on the bottleneck's first 1×1 (mmdet style: caffe, detectron2's STRIDE_IN_1X1) rather than its 3×3 (pytorch; default false)",
    })
    .optional(),
  frozen_stages: z
    .number()
    .int({ error: 'expected a whole number from 0 to 4' })
    .min(0, { error: 'expected a whole number from 0 to 4' })
    .max(4, { error: 'expected a whole number from 0 to 4' })
    .meta({
      description:
        'the stem and this many stages frozen (mmdet frozen_stages, default 1; detectron2 FREEZE_AT − 1)',
    })
    .optional(),
  norm: oneOf(['batch_norm', 'frozen_batch_norm'] as const)
    .meta({
      description:
        "batch_norm (mmdet, default: keeps its input for backward) or detectron2's frozen_batch_norm (an affine of buffers: keeps none)",
    })
    .optional(),
  norm_trained: z
    .boolean()
    .meta({
      description: "BatchNorm's affine trained (default true; false: mmdet caffe style, requires_grad False)",
    })
    .optional(),
});

/** model.detector: an object detector on a ResNet + FPN. */
export const detectorSchema = z.strictObject({
  input: z
    .array(positiveInt)
    .length(3, { error: 'expected [channels, height, width]' })
    .meta({ description: 'one padded image: [channels, height, width]' }),
  backbone: detectorBackboneSchema,
  head: oneOf(detectorHeads).meta({
    description:
      "the detector on the FPN: mmdetection's and detectron2's, or mmrotate's rotated ones (rotated_retinanet, rotated_faster_rcnn, oriented_rcnn, roi_trans), or torchvision's fasterrcnn_resnet50_fpn_v2 (faster_rcnn_v2: BatchNorm after each FPN conv, a second 3×3 conv in the RPN head, a box head of four 3×3 conv-BN-ReLU layers and one FC of 1024; give backbone.norm batch_norm, as it builds its ResNet)",
  }),
  classes: positiveInt.meta({ description: 'object classes (default 80, COCO)' }).optional(),
  fpn_channels: positiveInt.meta({ description: 'FPN channels (default 256)' }).optional(),
  anchors: positiveInt
    .meta({ description: 'anchors per position (default 3 for the RPN, 9 for RetinaNet)' })
    .optional(),
  head_convs: positiveInt.meta({ description: 'RetinaNet: 3×3 convs in each tower (default 4)' }).optional(),
  rois: positiveInt
    .meta({ description: 'RoIs sampled per image for the box heads (default 512)' })
    .optional(),
  positive_fraction: z
    .number({ error: 'expected a share from 0 to 1' })
    .min(0, { error: 'expected a share from 0 to 1' })
    .max(1, { error: 'expected a share from 0 to 1' })
    .meta({
      description:
        'the share of the sampled RoIs that may be positive: the mask heads run on them (default 0.25)',
    })
    .optional(),
  max_objects: boxCount
    .meta({
      description:
        "the most ground-truth boxes in one image of the data set: the dense head's MaxIoUAssigner holds 36 B per box × anchor while it assigns, after the forward (default 100: COCO's images have fewer; 0: not counted)",
    })
    .optional(),
});

/** model.yolo: a YOLO detector as ultralytics and mmyolo build it. */
export const yoloSchema = z.strictObject({
  version: oneOf(yoloVersions).meta({
    description:
      'v5 (YOLOv5 v6.x: ultralytics/yolov5 and mmyolo, anchor-based head), v5u (the YOLOv5 network with the anchor-free head), v8, v11 (ultralytics)',
  }),
  scale: oneOf(yoloScales).meta({ description: 'the published scale: n, s, m, l or x' }),
  input: z
    .array(positiveInt)
    .length(3, { error: 'expected [channels, height, width]' })
    .meta({ description: 'one training image: [channels, height, width] (mosaic 640: [3, 640, 640])' }),
  classes: positiveInt.meta({ description: 'object classes (default 80, COCO)' }).optional(),
  p6: z
    .boolean()
    .meta({
      description: "YOLOv5's P6 layout (yolov5n6 … x6: a stride-64 level and four heads; default false)",
    })
    .optional(),
  max_objects: boxCount
    .meta({
      description:
        "the most ground-truth boxes in one image of a batch (after mosaic): the anchor-free heads' TaskAlignedAssigner holds 32 B (assigner count) or 104 B (one_hot) per image × box × anchor point after the forward; a peak over a whole run is set by the densest batch it saw (default 100, COCO's, as model.detector's; 0: not counted)",
    })
    .optional(),
  assigner: oneOf(yoloAssigners)
    .meta({
      description:
        "how the TaskAlignedAssigner marks each box's top-k anchor points: count (an int8 count; ultralytics from PR #2481, May 2023; default) or one_hot (F.one_hot over every anchor point, int64: mmyolo's BatchTaskAlignedAssigner, ultralytics before PR #2481)",
    })
    .optional(),
  ema: z
    .boolean()
    .meta({
      description: "an fp32 EMA copy of the model (ultralytics ModelEMA, mmyolo's EMAHook; default true)",
    })
    .optional(),
  keypoints: z
    .array(positiveInt)
    .length(2, { error: 'expected [keypoints, values per keypoint] (kpt_shape, e.g. [17, 3])' })
    .meta({
      description:
        "the pose head's kpt_shape (ultralytics Pose: COCO [17, 3], WIDER FACE landmarks [5, 3]): a third branch per level, Conv 3×3 → Conv 3×3 → 1×1 to keypoints × values (anchor-free versions only)",
    })
    .optional(),
});

/** model.segmenter: SETR's decode and auxiliary heads on the ViT of model.transformer. */
export const segmenterSchema = z.strictObject({
  decoder: oneOf(segmenterDecoders).meta({
    description:
      "mmsegmentation's SETR decoders: setr_naive (one 1×1 conv, ×4), setr_pup (four 3×3 convs, ×2 each), setr_mla (MLANeck over four blocks and the MLA head); upernet (the BEiT / MAE configs: Feature2Pyramid over four blocks, UPerHead with pool scales 1, 2, 3, 6, an FCN auxiliary head of 256 channels); segformer (SegFormer's all-MLP head on the Mix Transformer of `encoder`, with no model.transformer); fcn (FCNHead: two 3×3 convs, the input concatenated into a third), psp (PSPNet's pyramid pooling, scales 1, 2, 3, 6) aspp (DeepLabV3: an image pool, a 1×1 and three 3×3 convs at dilations 12, 24, 36) and sep_aspp (DeepLabV3+, DepthwiseSeparableASPPHead: those 3×3 convs depthwise-separable, the output upsampled to stage 1's quarter-resolution map, concatenated with a 1×1 projection of stage 1 to 48 channels (R-18: 12) and run through two separable 3×3 convs) on the dilated ResNetV1c of `encoder`, with one auxiliary FCNHead on stage 3",
  }),
  encoder: oneOf(segmenterEncoders)
    .meta({
      description:
        "the segmenter's own encoder: SegFormer's Mix Transformer (decoder segformer: mit_b0 … mit_b5), or mmsegmentation's dilated ResNetV1c (decoders fcn, psp, aspp, sep_aspp: resnet18_v1c_d8, resnet50_v1c_d8, resnet101_v1c_d8, strides 1, 2, 1, 1 and dilations 1, 1, 2, 4), as mmsegmentation's configs build them",
    })
    .optional(),
  crop: z
    .array(positiveInt)
    .length(2, { error: 'expected [height, width]' })
    .meta({ description: 'the training crop, [height, width] (ADE20K 512 × 512, Cityscapes 768 × 768)' }),
  classes: positiveInt.meta({ description: 'classes (default 150, ADE20K)' }).optional(),
  patch: positiveInt.meta({ description: "the ViT's patch size (default 16)" }).optional(),
  channels: positiveInt
    .meta({
      description:
        "the up heads' channels (default 256), MLA's mla_channels (default 128), UPerHead's channels (default: the ViT's width, as the BEiT / MAE configs), or the fcn / psp / aspp / sep_aspp decode head's (default 512; R-18 128)",
    })
    .optional(),
  aux_heads: z
    .number()
    .int()
    .min(0)
    .meta({
      description:
        'auxiliary heads (default 3 for naive and PUP, 4 FCN heads for MLA, 1 FCN head for UPerNet, fcn, psp, aspp and sep_aspp)',
    })
    .optional(),
  aux_convs: positiveInt
    .meta({
      description:
        'convolutions of each auxiliary SETRUPHead, each followed by ×4 (default 1, configs/_base_; the ADE20K configs: 2)',
    })
    .optional(),
  aux_channels: positiveInt
    .meta({
      description:
        "the auxiliary SETRUPHeads' channels when not the decode head's (default: channels; mmseg 0.x's ADE20K naive and PUP configs: 256 beside a 512 decoder), or the auxiliary FCNHead's of fcn, psp, aspp and sep_aspp (default 256; R-18 64)",
    })
    .optional(),
  decode_convs: positiveInt
    .meta({
      description:
        "the decode SETRUPHead's convolutions (default: naive 1 1×1, ×4 each, as mmseg v1.2.2; mmseg 0.x's _base_ setr_naive.py: num_convs=2; PUP 4 3×3, ×2 each)",
    })
    .optional(),
  neck: oneOf(upernetNecks)
    .meta({
      description:
        "decoder upernet's neck: feature2pyramid (default; the BEiT / MAE configs: transposed convs to 4× and 2×, a max pool to ½, the FCN auxiliary head on the 1× level), mln (configs/vit's upernet_vit-b16_mln: MultiLevelNeck, per block a 1×1 conv, a bilinear resize by 4, 2, 1, ½ and a 3×3 conv, all with bias and no norm; the FCN auxiliary head on the ½ level) or none (configs/vit's DeiT rows, neck=None: UPerHead on the four blocks at 1/16, the auxiliary head on the fourth)",
    })
    .optional(),
});

// One int for every block, or one per block (diffusers' configs write both).
const perBlock = z.union([
  positiveInt,
  z.array(positiveInt).min(1, { error: 'expected one value per block' }),
]);

/** model.unet: diffusers' UNet2DConditionModel (Stable Diffusion 1.x, 2.x, SDXL) with its text encoder and VAE. */
export const unetSchema = z.strictObject({
  preset: oneOf(unetPresets)
    .meta({
      description:
        "a published UNet's config: sd15 (Stable Diffusion 1.x: 859,520,964 parameters, CLIP ViT-L/14 text), sd2 (2.x: 865,910,724, OpenCLIP ViT-H text), sdxl (SDXL base: 2,567,463,684, CLIP ViT-L and OpenCLIP bigG text); the config fields below override it",
    })
    .optional(),
  block_out_channels: z
    .array(positiveInt)
    .min(1)
    .meta({ description: 'config.json block_out_channels (default [320, 640, 1280, 1280])' })
    .optional(),
  layers_per_block: positiveInt.meta({ description: 'config.json layers_per_block (default 2)' }).optional(),
  transformer_layers_per_block: perBlock
    .meta({ description: 'config.json transformer_layers_per_block (default 1; SDXL [1, 2, 10])' })
    .optional(),
  attention_head_dim: perBlock
    .meta({
      description:
        'config.json attention_head_dim: diffusers takes it as the head count when num_attention_heads is absent (SD 1.x: 8 heads; SD 2 and SDXL [5, 10, 20, 20])',
    })
    .optional(),
  num_attention_heads: perBlock.meta({ description: 'config.json num_attention_heads' }).optional(),
  cross_attention_dim: positiveInt
    .meta({ description: "config.json cross_attention_dim: the text states' width (default 1280)" })
    .optional(),
  in_channels: positiveInt.meta({ description: 'config.json in_channels (default 4)' }).optional(),
  out_channels: positiveInt.meta({ description: 'config.json out_channels (default 4)' }).optional(),
  down_block_types: z
    .array(oneOf(['CrossAttnDownBlock2D', 'DownBlock2D'] as const))
    .min(1)
    .meta({
      description:
        'config.json down_block_types (default three CrossAttnDownBlock2D and a DownBlock2D); the up blocks mirror them',
    })
    .optional(),
  use_linear_projection: z
    .boolean()
    .meta({ description: 'config.json use_linear_projection (default false; SD 2 and SDXL true)' })
    .optional(),
  addition_embed_type: oneOf(['text_time'] as const)
    .meta({
      description:
        "config.json addition_embed_type: SDXL's text_time (needs projection_class_embeddings_input_dim)",
    })
    .optional(),
  projection_class_embeddings_input_dim: positiveInt
    .meta({ description: 'config.json projection_class_embeddings_input_dim (SDXL 2816)' })
    .optional(),
  resolution: z
    .union([positiveInt, z.array(positiveInt).length(2, { error: 'expected [height, width]' })])
    .meta({
      description: 'the training images in pixels, a side or [height, width]: the latents are 1/8 of it',
    }),
  text_tokens: positiveInt
    .meta({ description: "text tokens cross-attention reads (default 77, CLIP's)" })
    .optional(),
  attention: oneOf(unetAttentions)
    .meta({
      description:
        'the attention processor: sdpa (AttnProcessor2_0, the default with PyTorch 2), xformers (enable_xformers_memory_efficient_attention) or eager (AttnProcessor: the scores kept)',
    })
    .optional(),
  diffusers: z
    .string()
    .regex(/^\d+\.\d+(\.\d+)?/, { error: "expected a diffusers version such as '0.35.0'" })
    .meta({
      description:
        "the diffusers version that runs the UNet (default: 0.20 or later): before 0.20 gradient checkpointing wrapped each Transformer2DModel whole and left the mid block unwrapped; from 0.20 it wraps each ResnetBlock2D and BasicTransformerBlock, the mid block's too",
    })
    .optional(),
  autocast: z
    .boolean()
    .meta({
      description:
        "with precision bf16 or fp16 (16-bit weights, as diffusers' LoRA scripts hold the UNet), whether its forward runs under torch.autocast (default true: accelerator.prepare wraps it whenever mixed_precision is fp16 or bf16, so the norms run in fp32); false for a loop without it",
    })
    .optional(),
  lora_rank: positiveInt
    .meta({
      description:
        "LoRA adapters of this rank on every Attention's to_q, to_k, to_v and to_out.0, the UNet frozen",
    })
    .optional(),
  lora_dropout: z
    .number()
    .min(0)
    .max(1)
    .meta({ description: "the adapters' dropout (default 0)" })
    .optional(),
  text_encoder: oneOf(unetSideModes)
    .meta({
      description:
        'frozen (default: its weights on the GPU, run without grad), trained (--train_text_encoder: its weights train with the UNet), cached (embeddings computed before training, the encoder freed)',
    })
    .optional(),
  text_encoder_params: countField
    .meta({ description: "the text encoder(s)' parameters (default: the preset's)" })
    .optional(),
  vae: oneOf(['frozen', 'cached'] as const)
    .meta({
      description:
        'frozen (default: on the GPU, encoding each batch) or cached (latents computed before training)',
    })
    .optional(),
  vae_params: countField.meta({ description: "the VAE's parameters (default 83,653,863)" }).optional(),
});

/** model.reference: a frozen second model that runs a no-grad forward over each batch. */
export const referenceSchema = z.strictObject({
  params: countField
    .meta({ description: "its parameter count (default: the trained model's, adapters aside)" })
    .optional(),
  dtype: oneOf(['fp32', 'bf16', 'fp16'] as const)
    .meta({ description: "the dtype it is held in (default: the trained model's frozen weights')" })
    .optional(),
  logits: oneOf(referenceLogitsModes)
    .meta({
      description:
        "what its logits (batch × seq × vocab, in its dtype) meet: beside_loss (default; TRL DPOTrainer runs it after the trained model's forward and frees them once their log-probabilities are taken), kept (a distillation teacher, TRL GKDTrainer: held through the student's backward), none (Megatron / ms-swift megatron rlhf: run first, fused into per-token log-probabilities; or precompute_ref_log_probs)",
    })
    .optional(),
});

/** model.critic: a second model trained beside the policy each step (PPO's value model). */
export const criticSchema = z.strictObject({
  params: countField.meta({
    description: 'its parameter count, every one trained (the value head included)',
  }),
});

/** model: a parameter count, a shape or a config.json, trainable count, buffers, LoRA, quantization. */
export const modelSchema = z.strictObject({
  params: countField.optional(),
  trainable: countField.meta({ description: 'trainable parameters (default: all)' }).optional(),
  config: z.string().min(1).meta({ description: 'a Hugging Face config.json (local file)' }).optional(),
  transformer: transformerSchema.optional(),
  buffers: buffersField.optional(),
  lora: loraSchema.optional(),
  quantization: quantizationSchema.optional(),
  cnn: cnnSchema.optional(),
  detector: detectorSchema.optional(),
  yolo: yoloSchema.optional(),
  unet: unetSchema
    .meta({
      description:
        "a latent-diffusion UNet (diffusers' UNet2DConditionModel) trained on noise prediction, with its text encoder and VAE: a preset (sd15, sd2, sdxl) or the config.json fields, and the training resolution",
    })
    .optional(),
  segmenter: segmenterSchema
    .meta({
      description:
        "SETR's decode and auxiliary heads on the ViT that model.transformer describes (family vit, seq_len the crop's patches plus the class token; MLA drops it): the heads' parameters and per-layer activations; or SegFormer (decoder segformer, encoder mit_b0 … mit_b5) alone",
    })
    .optional(),
  vision: visionSchema.optional(),
  critic: criticSchema
    .meta({
      description:
        "PPO's critic (value model), trained beside the policy with its precision, optimizer and sharding (DeepSpeed-Chat's actor and critic engines, OpenRLHF's, verl's critic worker colocated): its weights, gradients and optimizer states held through the step; its forward and backward run after the policy's, so its activations are not counted (TRL's PPOTrainer runs both in one graph: more than this)",
    })
    .optional(),
  reference: referenceSchema
    .meta({
      description:
        "a frozen second model run without grad over every batch (DPO/KTO's reference policy, a distillation teacher): its weights, sharded as the trained model's frozen weights are under zero3/fsdp_full and tensor/pipeline parallelism, whole on each GPU otherwise",
    })
    .optional(),
});
