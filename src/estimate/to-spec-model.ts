// The model section of a spec, with defaults: the shape (from model.transformer over a config.json),
// the parameter count, LoRA adapters and quantized weights.
import { cnnCounts, toCnn } from './cnn.js';
import { detectorCounts } from './detector.js';
import { dilatedHeadChannels } from './dilated-resnet.js';
import { buildTransformerShape, type TransformerFields } from './families.js';
import type { HfConfig } from './hf-config.js';
import { countParams } from './inventory.js';
import { frozenAdapterParams, loraParams, missingTargets } from './lora.js';
import { defaultComputeBytes, defaultGroupSize, skippedModules } from './quantization.js';
import type { RawEstimate } from './schema.js';
import { segmenterCounts } from './segmenter.js';
import type {
  DetectorSpec,
  EstimateSpec,
  LoraSpec,
  MlaShape,
  QuantizationSpec,
  SegmenterSpec,
  TransformerShape,
  UnetSpec,
  VisionSpec,
  YoloSpec,
} from './types.js';
import { unetAdapterParams, unetCounts } from './unet.js';
import { toUnet } from './unet-config.js';
import { walkYolo } from './yolo.js';

type RawModel = RawEstimate['model'];
type RawTransformer = NonNullable<RawModel['transformer']>;
type Report = (path: (string | number)[], message: string) => void;

const bytesOf = { fp32: 4, bf16: 2, fp16: 2 } as const;

// The spec's snake_case transformer fields as shape fields (undefined where not given).
function fieldsOf(raw: RawTransformer | undefined): TransformerFields {
  if (!raw) return {};
  const tied = raw.tie_embeddings ?? raw.tied_embeddings;
  return {
    family: raw.family,
    layers: raw.layers,
    encoderLayers: raw.encoder_layers,
    decoderLayers: raw.decoder_layers,
    hidden: raw.hidden,
    heads: raw.heads,
    kvHeads: raw.kv_heads,
    headDim: raw.head_dim,
    seqLen: raw.seq_len,
    decoderSeqLen: raw.decoder_seq_len,
    vocab: raw.vocab,
    ffn: raw.ffn,
    mlp: raw.mlp ?? (raw.gated_mlp === undefined ? undefined : raw.gated_mlp ? 'swiglu' : 'gelu'),
    norm: raw.norm,
    attentionDropout: raw.attention_dropout,
    isPostNorm: raw.post_norm,
    wordEmbedDim: raw.word_embed_dim,
    window: raw.window ? { size: raw.window.size, globalLayers: raw.window.global_layers ?? 0 } : undefined,
    bias: raw.bias === undefined ? undefined : raw.bias === 'qkv' ? 'qkv' : raw.bias ? 'all' : 'none',
    fusedQkv: raw.fused_qkv,
    parallelResidual: raw.parallel_residual,
    positions: raw.max_positions,
    lmHead: raw.lm_head,
    tiedEmbeddings: tied,
    // SDPA's math path is eager attention in fp32 (schema-model.ts, attention).
    attention: raw.attention === 'math' ? 'eager' : raw.attention,
    isMathAttention: raw.attention === 'math' ? true : undefined,
    dropout: raw.dropout,
    experts: raw.experts,
    expertsPerToken: raw.experts_per_token,
    sharedFfn: raw.shared_ffn,
    mla: raw.mla
      ? {
          kvRank: raw.mla.kv_rank,
          qRank: raw.mla.q_rank ?? 0,
          nopeDim: raw.mla.nope_dim,
          ropeDim: raw.mla.rope_dim,
          vDim: raw.mla.v_dim,
        }
      : undefined,
    classes: raw.classes,
    pooler: raw.pooler,
  };
}

/** The shape from a config.json's fields overlaid by model.transformer; missing fields reported. */
function toShape(raw: RawModel, config: HfConfig | undefined, report: Report): TransformerShape | undefined {
  if (!raw.transformer && !config) return undefined;
  const given = Object.fromEntries(
    Object.entries(fieldsOf(raw.transformer)).filter(([, v]) => v !== undefined),
  );
  // A family named in the spec replaces the config's, so its defaults apply, not the config's.
  const fields: TransformerFields = { ...config?.fields, ...given };
  const stacked = (fields.encoderLayers ?? 0) + (fields.decoderLayers ?? 0);
  const layers = stacked > 0 ? stacked : fields.layers;
  const missing = (['hidden', 'heads', 'seqLen'] as const).filter((key) => fields[key] === undefined);
  if (layers === undefined) missing.unshift('layers' as never);
  if (missing.length > 0) {
    const names = missing.map((key) => (key === 'seqLen' ? 'seq_len' : key));
    const fromConfig = config
      ? ' (the config.json does not say; seq_len is the training sequence length)'
      : '';
    report(['model', 'transformer'], `needs ${names.join(', ')}${fromConfig}`);
    return undefined;
  }
  const shape = buildTransformerShape({
    ...fields,
    layers: layers as number,
    hidden: fields.hidden as number,
    heads: fields.heads as number,
    seqLen: fields.seqLen as number,
  });
  if (shape.kvHeads > shape.heads || shape.heads % shape.kvHeads !== 0) {
    report(['model', 'transformer', 'kv_heads'], `${shape.kvHeads} does not divide the ${shape.heads} heads`);
  }
  if (shape.mla) checkMla(raw, shape.mla, report);
  return shape;
}

/**
 * What MLA replaces cannot be said beside it: K/V heads and a head size (its own widths say them), a fused QKV,
 * biases (DeepseekV3Config attention_bias false) and LoRA on k or v (there is no k_proj or v_proj: kv_a_proj and
 * kv_b_proj), nor on q when the query is compressed (q_a_proj, q_b_proj).
 */
function checkMla(raw: RawModel, mla: MlaShape, report: Report): void {
  const given = raw.transformer ?? {};
  const at = (key: string) => ['model', 'transformer', key];
  if (given.kv_heads !== undefined)
    report(at('kv_heads'), 'MLA expands every head from the latent: leave kv_heads out');
  if (given.head_dim !== undefined)
    report(at('head_dim'), 'MLA says its widths (nope_dim, rope_dim, v_dim): leave head_dim out');
  if (given.fused_qkv) report(at('fused_qkv'), 'MLA has no fused QKV projection');
  if (given.bias !== undefined && given.bias !== false)
    report(at('bias'), "MLA's projections have no biases here (DeepseekV3Config attention_bias false)");
  // toLora's defaults when no targets are given: [q, v], IA³'s [k, v, down], none for prefix tuning.
  const variant = raw.lora?.variant ?? 'lora';
  const defaults = variant === 'prefix_tuning' ? [] : variant === 'ia3' ? ['k', 'v', 'down'] : ['q', 'v'];
  const targets: string[] = raw.lora ? (raw.lora.targets ?? defaults) : [];
  const kv = targets.filter((t) => t === 'k' || t === 'v');
  if (kv.length > 0)
    report(
      ['model', 'lora', 'targets'],
      `MLA has no k_proj or v_proj (kv_a_proj, kv_b_proj): ${raw.lora?.targets ? `drop ${kv.join(', ')}` : `give targets (the default is ${defaults.join(', ')})`}`,
    );
  if (mla.qRank > 0 && targets.includes('q'))
    report(['model', 'lora', 'targets'], 'MLA with q_rank compresses the query (q_a_proj, q_b_proj): drop q');
}

function toLora(raw: RawModel['lora'], report: Report): LoraSpec | undefined {
  if (!raw) return undefined;
  const variant = raw.variant ?? 'lora';
  const isPrefix = variant === 'prefix_tuning';
  if (raw.rank === undefined && variant !== 'ia3' && variant !== 'fourierft' && !isPrefix)
    report(
      ['model', 'lora', 'rank'],
      `required for ${variant} (only ia3, fourierft and prefix_tuning have no rank)`,
    );
  if (isPrefix && raw.virtual_tokens === undefined)
    report(['model', 'lora', 'virtual_tokens'], 'required for prefix_tuning (num_virtual_tokens)');
  if (!isPrefix && raw.virtual_tokens !== undefined)
    report(['model', 'lora', 'virtual_tokens'], `a prefix_tuning option; variant is ${variant}`);
  // Prefix tuning adapts no linear: its keys and values enter the attention as past key-values.
  if (isPrefix && (raw.rank !== undefined || raw.targets !== undefined))
    report(
      ['model', 'lora', raw.rank !== undefined ? 'rank' : 'targets'],
      'prefix_tuning has no rank and adapts no linear (its keys and values are read as past key-values)',
    );
  if (raw.n_frequency !== undefined && variant !== 'fourierft')
    report(['model', 'lora', 'n_frequency'], `a FourierFT option; variant is ${variant}`);
  if (raw.use_dora && variant !== 'lora')
    report(['model', 'lora', 'use_dora'], `DoRA is a LoRA option; variant is ${variant}`);
  if (raw.decompose_factor !== undefined && variant !== 'lokr')
    report(['model', 'lora', 'decompose_factor'], `a LoKr option; variant is ${variant}`);
  if (raw.train !== undefined && (variant !== 'lora' || raw.use_dora))
    report(['model', 'lora', 'train'], 'freezes one factor of plain LoRA (not DoRA, not another variant)');
  // model.lora.trainable stands for a tuner's own parameters in place of plain LoRA's factors: not beside another
  // tuner's, DoRA's magnitudes or modules_to_save's copies, which are counted from their shapes.
  if (raw.trainable !== undefined && (variant !== 'lora' || raw.use_dora || raw.modules_to_save))
    report(
      ['model', 'lora', 'trainable'],
      `a tuner written as plain LoRA counts its own parameters: not with ${variant !== 'lora' ? `variant ${variant}` : raw.use_dora ? 'use_dora' : 'modules_to_save'}`,
    );
  if (raw.feedforward !== undefined && variant !== 'ia3')
    report(['model', 'lora', 'feedforward'], `an IA³ option (feedforward_modules); variant is ${variant}`);
  const targets = isPrefix ? [] : (raw.targets ?? (variant === 'ia3' ? ['k', 'v', 'down'] : ['q', 'v']));
  // PEFT IA3Config.__post_init__: "`feedforward_modules` should be a subset of `target_modules`".
  const strays = (raw.feedforward ?? []).filter((module) => !targets.includes(module));
  if (strays.length > 0)
    report(
      ['model', 'lora', 'feedforward'],
      `${strays.join(', ')} not among the targets (${targets.join(', ')})`,
    );
  const rank = raw.rank ?? 0;
  // PEFT's defaults: lora_dropout 0.0; q_proj and v_proj for Llama-style models (torchtune's too); IA3's
  // k_proj, v_proj and down_proj (peft/utils/constants.py TRANSFORMERS_MODELS_TO_IA3_TARGET_MODULES_MAPPING).
  return {
    rank,
    alpha: raw.alpha ?? 2 * rank,
    targets,
    dropout: raw.dropout ?? 0,
    ...(raw.modules_to_save ? { modulesToSave: raw.modules_to_save } : {}),
    ...(raw.use_dora ? { isDora: true } : {}),
    ...(variant !== 'lora' ? { variant } : {}),
    ...(raw.decompose_factor !== undefined ? { decomposeFactor: raw.decompose_factor } : {}),
    ...(raw.train ? { trainedFactor: raw.train } : {}),
    ...(raw.trainable !== undefined ? { tunerTrainable: raw.trainable } : {}),
    ...(raw.adapter_dtype !== undefined && raw.adapter_dtype !== 'fp32_autocast'
      ? { adapterDtype: raw.adapter_dtype }
      : {}),
    ...(variant === 'fourierft' ? { frequencies: raw.n_frequency ?? 1000 } : {}),
    ...(isPrefix && raw.virtual_tokens !== undefined ? { virtualTokens: raw.virtual_tokens } : {}),
    ...(raw.feedforward !== undefined ? { feedforward: raw.feedforward } : {}),
  };
}

function toQuantization(raw: RawModel['quantization'], report: Report): QuantizationSpec | undefined {
  if (!raw) return undefined;
  const library = raw.library ?? 'bitsandbytes';
  if (library === 'torchao' && raw.weights !== 'nf4')
    report(['model', 'quantization', 'library'], 'torchao here means its NF4Tensor: needs weights: nf4');
  const isTorchao = library === 'torchao';
  // peft's prepare_model_for_kbit_training skips its fp32 cast for GPTQ, AQLM, EETQ, HQQ and torchao models.
  if (raw.unquantized_dtype === 'fp32' && (isTorchao || raw.weights === 'gptq4' || raw.weights === 'awq4'))
    report(
      ['model', 'quantization', 'unquantized_dtype'],
      "prepare_model_for_kbit_training casts to fp32 only beside bitsandbytes' nf4, fp4 or int8 weights",
    );
  return {
    weights: raw.weights,
    library,
    // transformers BitsAndBytesConfig: bnb_4bit_use_double_quant defaults to False; torchao's NF4Tensor
    // always quantizes its block scalers (double_quantize_scalers).
    doubleQuant: isTorchao || (raw.double_quant ?? false),
    groupSize: raw.group_size ?? defaultGroupSize(raw.weights),
    // torchao's linear_nf4 computes in the input's dtype: 16-bit under torchtune's bf16.
    computeBytes: raw.compute_dtype
      ? bytesOf[raw.compute_dtype]
      : isTorchao
        ? 2
        : defaultComputeBytes(raw.weights),
    isHeadQuantized: raw.lm_head ?? false,
    ...(raw.skip_modules ? { skipModules: raw.skip_modules } : {}),
    ...(raw.unquantized_dtype === 'fp32' ? { isUnquantizedFp32: true } : {}),
    ...(raw.unquantized_params !== undefined ? { unquantizedParams: raw.unquantized_params } : {}),
    // torchao's LinearNF4 saves only the weight; bitsandbytes' MatMul4Bit from 0.43.2 (#1270) none of the input.
    ...(isTorchao ||
    ((raw.weights === 'nf4' || raw.weights === 'fp4') &&
      raw.bitsandbytes !== undefined &&
      isReleaseAtLeast(raw.bitsandbytes, [0, 43, 2]))
      ? { keepsNoInput: true }
      : {}),
  };
}

/** A "MAJOR.MINOR[.PATCH]" release is at least `least`. */
function isReleaseAtLeast(version: string, least: readonly [number, number, number]): boolean {
  const have = version.split('.').map(Number);
  for (const [i, want] of least.entries()) {
    const part = have[i] ?? 0;
    if (part !== want) return part > want;
  }
  return true;
}

/** model.vision: the tower's shape (family vit unless named), trainable by default, one image per sample. */
function toVision(raw: RawModel['vision'], report: Report): VisionSpec | undefined {
  if (!raw) return undefined;
  const fields = fieldsOf({ family: 'vit', ...raw });
  const missing = (['layers', 'hidden', 'heads', 'seqLen'] as const).filter(
    (key) => fields[key] === undefined,
  );
  if (missing.length > 0) {
    const names = missing.map((key) => (key === 'seqLen' ? 'seq_len (patches per image)' : key));
    report(['model', 'vision'], `needs ${names.join(', ')}`);
    return undefined;
  }
  const shape = buildTransformerShape({
    ...fields,
    layers: fields.layers as number,
    hidden: fields.hidden as number,
    heads: fields.heads as number,
    seqLen: fields.seqLen as number,
  });
  if (shape.kvHeads > shape.heads || shape.heads % shape.kvHeads !== 0) {
    report(['model', 'vision', 'kv_heads'], `${shape.kvHeads} does not divide the ${shape.heads} heads`);
  }
  return { shape, isTrainable: raw.trainable ?? true, images: raw.images ?? 1 };
}

/** model.detector with its defaults (mmdet v2 configs/_base_: 80 COCO classes, FPN 256, 512 RoIs, 0.25). */
function toDetector(raw: RawModel['detector']): DetectorSpec | undefined {
  if (!raw) return undefined;
  const head = raw.head;
  const [channels = 3, height = 1, width = 1] = raw.input;
  return {
    input: [channels, height, width],
    backbone: {
      depth: raw.backbone.depth,
      groups: raw.backbone.groups ?? 1,
      widthPerGroup: raw.backbone.width_per_group ?? 64,
      strideIn1x1: raw.backbone.stride_in_1x1 ?? false,
      frozenStages: raw.backbone.frozen_stages ?? 1,
      norm: raw.backbone.norm ?? 'batch_norm',
      isNormTrained: raw.backbone.norm_trained ?? true,
    },
    head,
    classes: raw.classes ?? 80,
    fpnChannels: raw.fpn_channels ?? 256,
    anchors: raw.anchors ?? (head === 'retinanet' || head === 'rotated_retinanet' ? 9 : 3),
    headConvs: raw.head_convs ?? 4,
    rois: raw.rois ?? 512,
    positiveFraction: raw.positive_fraction ?? 0.25,
    maxObjects: raw.max_objects ?? defaultMaxObjects,
  };
}

// The most ground-truth boxes in one image when the spec does not say, for model.detector and model.yolo alike (both
// assigners grow with it, on the GPU after every forward): COCO's, as classes' default is: "popular object detection
// datasets usually annotate less than 100 gts" (mmdetection's maintainer, open-mmlab/mmdetection issue #188). A denser
// data set (crowds, aerial patches, mosaics of them) states its own.
const defaultMaxObjects = 100;

/** model.yolo with its defaults (80 COCO classes, P5, COCO's boxes, an EMA copy as both trainers keep). */
function toYolo(raw: RawModel['yolo'], report: Report): YoloSpec | undefined {
  if (!raw) return undefined;
  const [channels = 3, height = 1, width = 1] = raw.input;
  if (raw.p6 && raw.version !== 'v5') report(['model', 'yolo', 'p6'], 'is a YOLOv5 layout: needs version v5');
  const [keypoints = 0, values = 0] = raw.keypoints ?? [];
  if (raw.keypoints && raw.version === 'v5')
    report(
      ['model', 'yolo', 'keypoints'],
      "ultralytics' Pose head is anchor-free: needs version v5u, v8 or v11",
    );
  return {
    version: raw.version,
    scale: raw.scale,
    classes: raw.classes ?? 80,
    input: [channels, height, width],
    isP6: raw.p6 ?? false,
    maxObjects: raw.max_objects ?? defaultMaxObjects,
    assigner: raw.assigner ?? 'count',
    isEma: raw.ema ?? true,
    ...(raw.keypoints ? { keypointShape: [keypoints, values] as [number, number] } : {}),
  };
}

/** model.segmenter with its defaults (mmseg SETR configs: ADE20K's 150 classes, patch 16, 256 channels). */
function toSegmenter(
  raw: RawModel['segmenter'],
  transformer: TransformerShape | undefined,
  report: Report,
): SegmenterSpec | undefined {
  if (!raw) return undefined;
  const isMla = raw.decoder === 'setr_mla';
  const isSegformer = raw.decoder === 'segformer';
  const isDilated =
    raw.decoder === 'fcn' || raw.decoder === 'psp' || raw.decoder === 'aspp' || raw.decoder === 'sep_aspp';
  const dilatedDefaults = dilatedHeadChannels(raw.encoder);
  const [height = 1, width = 1] = raw.crop;
  const patch = raw.patch ?? 16;
  const spec: SegmenterSpec = {
    decoder: raw.decoder,
    crop: [height, width],
    classes: raw.classes ?? 150,
    patch,
    embed: transformer?.hidden ?? 0,
    channels:
      raw.channels ??
      (isMla
        ? 128
        : raw.decoder === 'upernet'
          ? (transformer?.hidden ?? 0)
          : isDilated
            ? dilatedDefaults.channels
            : 256),
    auxHeads: raw.aux_heads ?? (isMla ? 4 : raw.decoder === 'upernet' || isDilated ? 1 : isSegformer ? 0 : 3),
    auxConvs: raw.aux_convs ?? 1,
    ...(raw.aux_channels
      ? { auxChannels: raw.aux_channels }
      : isDilated
        ? { auxChannels: dilatedDefaults.auxChannels }
        : {}),
    ...(raw.decode_convs ? { decodeConvs: raw.decode_convs } : {}),
    ...(raw.encoder ? { encoder: raw.encoder } : {}),
    ...(raw.neck ? { neck: raw.neck } : {}),
  };
  if (raw.neck !== undefined && raw.decoder !== 'upernet')
    report(['model', 'segmenter', 'neck'], "is UPerNet's neck: needs decoder upernet");
  const isMitEncoder = raw.encoder?.startsWith('mit_') ?? false;
  if (isDilated) {
    // mmseg's FCN, PSPNet and DeepLabV3 are the whole model: their own dilated ResNetV1c, no ViT beside it.
    if (!raw.encoder || isMitEncoder)
      report(
        ['model', 'segmenter', 'encoder'],
        `is required with decoder ${raw.decoder}: resnet18_v1c_d8, resnet50_v1c_d8 or resnet101_v1c_d8`,
      );
    if (transformer)
      report(
        ['model', 'segmenter'],
        `decoder ${raw.decoder} brings its own ResNet: give no model.transformer`,
      );
    if (raw.decode_convs !== undefined)
      report(
        ['model', 'segmenter', 'decode_convs'],
        "counts the decode SETRUPHead's convs: needs decoder setr_naive or setr_pup",
      );
    // mmseg's D8 configs: the auxiliary FCNHead has one 3×3 ConvModule (num_convs 1), not SETR's aux_convs.
    if (raw.aux_convs !== undefined)
      report(
        ['model', 'segmenter', 'aux_convs'],
        "counts each auxiliary SETRUPHead's convs: needs decoder setr_naive or setr_pup",
      );
    return spec;
  }
  if (isSegformer && raw.encoder && !isMitEncoder)
    report(['model', 'segmenter', 'encoder'], 'decoder segformer takes a Mix Transformer: mit_b0 … mit_b5');
  if (isSegformer) {
    // SegFormer is the whole model: its own encoder, no ViT beside it, no auxiliary head (mmseg's configs).
    if (!raw.encoder)
      report(['model', 'segmenter', 'encoder'], 'is required with decoder segformer (mit_b0 … mit_b5)');
    if (transformer)
      report(['model', 'segmenter'], 'decoder segformer brings its own encoder: give no model.transformer');
    if (spec.auxHeads > 0)
      report(['model', 'segmenter', 'aux_heads'], "SegFormer's configs have no auxiliary head: give 0");
    return spec;
  }
  if (raw.encoder)
    report(
      ['model', 'segmenter', 'encoder'],
      'is the own encoder of decoders segformer (a Mix Transformer), fcn, psp and aspp (a dilated ResNetV1c)',
    );
  const isUpHead = raw.decoder === 'setr_naive' || raw.decoder === 'setr_pup';
  if (!isUpHead && raw.aux_channels !== undefined)
    report(
      ['model', 'segmenter', 'aux_channels'],
      'sizes the auxiliary SETRUPHeads: needs decoder setr_naive or setr_pup',
    );
  if (!isUpHead && raw.decode_convs !== undefined)
    report(
      ['model', 'segmenter', 'decode_convs'],
      "counts the decode SETRUPHead's convs: needs decoder setr_naive or setr_pup",
    );
  if (!transformer) {
    report(['model', 'segmenter'], 'needs model.transformer (family vit): the ViT the heads read');
    return spec;
  }
  // mmseg VisionTransformer: the crop's patches, plus the class token unless with_cls_token is False (MLA).
  const patches = Math.floor(height / patch) * Math.floor(width / patch);
  const tokens = patches + (isMla ? 0 : 1);
  if (transformer.seqLen !== tokens) {
    report(
      ['model', 'transformer', 'seq_len'],
      `is ${transformer.seqLen}, but ${raw.decoder} on a ${height} × ${width} crop in patches of ${patch} runs ${tokens} tokens (${patches} patches${isMla ? '; MLA drops the class token' : ' and the class token'})`,
    );
  }
  return spec;
}

/** The model part of an EstimateSpec; problems go to `report`. */
export function toModel(raw: RawModel, config: HfConfig | undefined, report: Report): EstimateSpec['model'] {
  const transformer = toShape(raw, config, report);
  const lora = toLora(raw.lora, report);
  const quantization = toQuantization(raw.quantization, report);
  if (raw.quantization?.unquantized_params !== undefined && transformer)
    report(
      ['model', 'quantization', 'unquantized_params'],
      "is for a params-only model: model.transformer's layer inventory says what stays unquantized (skip_modules keeps more)",
    );
  if (
    raw.quantization?.unquantized_params !== undefined &&
    raw.params !== undefined &&
    raw.quantization.unquantized_params > raw.params
  )
    report(
      ['model', 'quantization', 'unquantized_params'],
      `is ${raw.quantization.unquantized_params}, more than model.params (${raw.params})`,
    );
  const cnn = raw.cnn ? toCnn(raw.cnn, report) : undefined;
  const detector = toDetector(raw.detector);
  const yolo = toYolo(raw.yolo, report);
  const segmenter = toSegmenter(raw.segmenter, transformer, report);
  const vision = toVision(raw.vision, report);
  const unet = toUnet(raw.unet, report);
  const unetSizes = unet ? unetModelCounts(unet) : undefined;
  if (unet) {
    const others = (
      [
        'params',
        'trainable',
        'transformer',
        'config',
        'cnn',
        'detector',
        'yolo',
        'segmenter',
        'vision',
        'lora',
        'quantization',
      ] as const
    ).filter((key) => raw[key] !== undefined);
    if (others.length > 0)
      report(
        ['model', 'unet'],
        `counts the UNet, its adapters (lora_rank) and its side models itself: give no ${others.join(', ')} beside it`,
      );
  }
  if (raw.vision && !raw.transformer && !config) {
    report(['model', 'vision'], 'needs model.transformer or model.config: the language model it feeds');
  }
  const notes = [...(config?.notes ?? [])];
  if (
    raw.params === undefined &&
    !transformer &&
    !raw.transformer &&
    !config &&
    !cnn &&
    !detector &&
    !yolo &&
    !unet &&
    segmenter?.encoder === undefined
  ) {
    report(
      ['model'],
      'needs params (a count such as 335M), transformer (layers, hidden, heads, seq_len), config, cnn, detector, yolo or unet',
    );
  }
  if (yolo && (raw.transformer || config || cnn || detector)) {
    report(['model', 'yolo'], 'give yolo alone: not with a transformer, config, cnn or detector');
  }
  if (yolo && raw.lora) report(['model', 'lora'], 'LoRA on a YOLO detector is not modelled');
  if (yolo && yolo.version !== 'v5') {
    notes.push(
      yolo.maxObjects === 0
        ? "yolo: the TaskAlignedAssigner's working set after the forward (32 B per image × ground-truth box × anchor point; 104 B with assigner one_hot) is not counted (model.yolo.max_objects: 0)"
        : `yolo: the TaskAlignedAssigner's working set after the forward is counted at ${yolo.maxObjects} boxes in one image of a batch (model.yolo.max_objects${raw.yolo?.max_objects === undefined ? ', default: COCO' : ''}; a crowded data set, or a mosaic of it, needs its own)`,
    );
  }
  if (cnn && (raw.transformer || config)) report(['model', 'cnn'], 'give cnn or a transformer, not both');
  if (detector && (raw.transformer || config || cnn)) {
    report(['model', 'detector'], 'give detector alone: not with a transformer, config or cnn');
  }
  if (detector && raw.lora) report(['model', 'lora'], 'LoRA on a detector is not modelled');
  if (detector) {
    notes.push(
      `detector: the dense head's IoU matrix of the anchors against the ground-truth boxes is counted at ${detector.maxObjects} boxes in one image (model.detector.max_objects${raw.detector?.max_objects === undefined ? ', default: COCO' : ''}; a data set of crowded images, such as DOTA's aerial patches, needs its own), the per-anchor targets are not; the mask heads are taken at the sampler's cap of positive RoIs`,
    );
  }
  let adapterParams = 0;
  let adapterTrainable = 0;
  if (lora) {
    if (!transformer) {
      report(
        ['model', 'lora'],
        'needs model.transformer or model.config: the adapters are sized from the layers',
      );
    } else {
      const missing = missingTargets(transformer, lora);
      if (missing.length > 0) {
        report(
          ['model', 'lora', 'targets'],
          `the model has no ${missing.join(', ')} layer (mlp: ${transformer.mlp}${transformer.tiedEmbeddings ? ', the LM head is the tied embedding' : ''})`,
        );
      }
      const saved = lora.modulesToSave ?? [];
      if (saved.length > 0 && transformer.vocab === 0)
        report(
          ['model', 'lora', 'modules_to_save'],
          'needs model.transformer.vocab: the copies are vocab × hidden',
        );
      else if (saved.includes('lm_head') && !transformer.lmHead)
        report(['model', 'lora', 'modules_to_save'], 'the model has no LM head');
      adapterParams = loraParams(transformer, lora);
      adapterTrainable = adapterParams - frozenAdapterParams(transformer, lora);
    }
    if (raw.trainable !== undefined) report(['model', 'trainable'], 'give trainable or lora, not both');
  }
  const detectorSizes = detector ? detectorCounts(detector) : undefined;
  const yoloSizes = yolo ? walkYolo(yolo) : undefined;
  const cnnSizes = cnn ? cnnCounts(cnn) : (detectorSizes ?? yoloSizes);
  const segmenterSizes = segmenter ? segmenterCounts(segmenter) : undefined;
  const visionParams = (vision ? countParams(vision.shape) : 0) + (segmenterSizes?.params ?? 0);
  const baseParams =
    raw.params ??
    unetSizes?.params ??
    (transformer
      ? countParams(transformer) + visionParams
      : (cnnSizes?.params ?? segmenterSizes?.params ?? 0));
  const params = baseParams + adapterParams;
  // A detector's frozen stages: the trainable count follows from them unless given.
  const detectorTrainable = raw.params === undefined ? detectorSizes?.trainable : undefined;
  const trainable = lora ? adapterTrainable : (raw.trainable ?? detectorTrainable ?? unetSizes?.trainable);
  if (trainable !== undefined && trainable > params) {
    report(['model', 'trainable'], `${trainable} is more than the ${params} parameters of the model`);
  }
  if (transformer && transformer.experts > 0 && !notes.some((note) => note.includes('experts'))) {
    notes.push(
      `mixture of ${transformer.experts} experts: every expert's weights are counted, activations assume each token goes through its top ${transformer.expertsPerToken || 'k'} experts with even routing (capacity and dropped tokens are not modelled)`,
    );
  }
  if (transformer && transformer.sharedFfn > 0 && transformer.experts === 0) {
    report(['model', 'transformer', 'shared_ffn'], "is a mixture of experts' shared expert: needs experts");
  }
  if (transformer && transformer.experts > 0 && transformer.expertsPerToken === 0) {
    report(
      ['model', 'transformer', 'experts_per_token'],
      'is required with experts (the top-k each token goes through)',
    );
  }
  if (transformer?.lmHead && transformer.vocab === 0) {
    notes.push('model.transformer.vocab is not given: the LM head, its logits and the loss are not counted');
  }
  if (quantization && !transformer) {
    notes.push(
      quantization.unquantizedParams
        ? `quantization without a transformer shape: every frozen parameter but the ${quantization.unquantizedParams} given as unquantized_params is counted as quantized`
        : 'quantization without a transformer shape: every frozen parameter is counted as quantized (quantization.unquantized_params says how many stay in 16 bits: embeddings, norms, skipped towers)',
    );
    if (quantization.skipModules)
      report(
        ['model', 'quantization', 'skip_modules'],
        'needs model.transformer: the modules are matched against its layers',
      );
  }
  if (quantization?.skipModules && transformer) {
    quantization.skipModules.forEach((pattern, i) => {
      const layer = /(?:^|\.)layers\.(\d+)(?:\.|$)/.exec(pattern)?.[1];
      if (layer !== undefined && Number(layer) >= transformer.layers)
        report(
          ['model', 'quantization', 'skip_modules', i],
          `names layer ${layer}, but the model has ${transformer.layers} layers (0 to ${transformer.layers - 1})`,
        );
    });
    const { unmatched } = skippedModules(transformer, quantization);
    if (unmatched.length > 0)
      notes.push(
        `quantization.skip_modules: ${unmatched.join(', ')} name${unmatched.length === 1 ? 's' : ''} no quantized linear of model.transformer's layers (a part the spec does not model, or a non-Llama name): left out`,
      );
  }
  const buffersBytes = raw.buffers ?? cnnSizes?.buffersBytes ?? segmenterSizes?.buffersBytes ?? 0;
  return {
    params,
    trainable,
    transformer,
    buffersBytes,
    lora,
    quantization,
    cnn,
    ...(detector ? { detector } : {}),
    ...(yolo ? { yolo } : {}),
    ...(unet ? { unet } : {}),
    ...(vision ? { vision } : {}),
    ...(segmenter ? { segmenter } : {}),
    ...(raw.transformer?.attention_bias
      ? {
          attentionBias: {
            isPerLayer: raw.transformer.attention_bias.per === 'layer',
            ...(raw.transformer.attention_bias.positions
              ? { positions: raw.transformer.attention_bias.positions }
              : {}),
          },
        }
      : {}),
    ...(raw.critic ? { critic: { params: raw.critic.params } } : {}),
    ...(raw.reference
      ? {
          reference: {
            params: raw.reference.params ?? baseParams,
            ...(raw.reference.dtype ? { bytesPerParam: raw.reference.dtype === 'fp32' ? 4 : 2 } : {}),
            logits: raw.reference.logits ?? 'beside_loss',
          },
        }
      : {}),
    notes,
  };
}

/**
 * model.unet's parameters: the UNet, its LoRA adapters, and a text encoder that trains with it (--train_text_encoder);
 * the trainable ones (absent: all). A frozen text encoder and VAE are parts of their own (unet.ts unetParts).
 */
function unetModelCounts(unet: UnetSpec): { params: number; trainable?: number } {
  const base = unetCounts(unet).params;
  const adapters = unet.loraRank > 0 ? unetAdapterParams(unet, unet.loraRank) : 0;
  const text = unet.textEncoder.mode === 'trained' ? unet.textEncoder.params : 0;
  return { params: base + adapters + text, ...(adapters > 0 ? { trainable: adapters + text } : {}) };
}
