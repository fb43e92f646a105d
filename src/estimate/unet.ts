// A latent-diffusion UNet (model.unet: diffusers' UNet2DConditionModel, as Stable Diffusion 1.x/2.x and SDXL build
// it) trained on one noise-prediction step: its parameters walked from the config, as diffusers' constructor builds
// them, and the module walk both the counts and the activations read.
//
// Sources (huggingface/diffusers v0.35.0): models/unets/unet_2d_condition.py (conv_in 3×3; Timesteps and
// TimestepEmbedding of block_out_channels[0] × 4; SDXL's addition_embed_type "text_time": a second TimestepEmbedding
// from projection_class_embeddings_input_dim; num_attention_heads = num_attention_heads or attention_head_dim, the
// SD 1.x config's attention_head_dim being the head count; down blocks, UNetMidBlock2DCrossAttn, up blocks of
// layers_per_block + 1 resnets over the reversed channels, heads and transformer depths; GroupNorm, SiLU, conv_out),
// models/unets/unet_2d_blocks.py (CrossAttnDownBlock2D / DownBlock2D: resnets, Transformer2DModels, a stride-2
// Downsample2D conv except in the last; the up blocks concatenate each skip and end in Upsample2D: nearest ×2 and a
// 3×3 conv), models/resnet.py (ResnetBlock2D: GroupNorm, SiLU, conv 3×3, time_emb_proj, GroupNorm, SiLU, dropout 0,
// conv 3×3, a 1×1 conv_shortcut when the widths differ), models/transformers/transformer_2d.py (GroupNorm eps 1e-6,
// proj_in and proj_out: 1×1 convs, or linears with use_linear_projection), models/attention.py (BasicTransformerBlock:
// LayerNorm → self-attention, LayerNorm → cross-attention to the text, LayerNorm → GEGLU FeedForward of 4 × dim),
// models/attention_processor.py (Attention: to_q, to_k, to_v without bias, to_out.0 with bias; AttnProcessor2_0 runs
// F.scaled_dot_product_attention on views of the projections, XFormersAttnProcessor contiguous per-head copies,
// AttnProcessor the explicit baddbmm, softmax and bmm). Parameters checked against diffusers v0.35.0's own
// UNet2DConditionModel (SD 1.5 859,520,964; SD 2 865,910,724; SDXL 2,567,463,684) in unet.test.ts.
import { formatBytes } from '../units.js';
import { formatCount } from './dtypes.js';
import { activationDtypes } from './layer-activations.js';
import type { Component, Precision, UnetSpec } from './types.js';
import { textTowerBytes } from './unet-text-encoder.js';

/** One Transformer2DModel: its width, BasicTransformerBlocks, heads and the latent positions it runs over. */
export interface UnetAttentionStage {
  channels: number;
  layers: number;
  heads: number;
  positions: number;
  /** In UNetMidBlock2DCrossAttn (checkpointed only from diffusers 0.20). */
  isMid: boolean;
}

/** One ResnetBlock2D: input and output widths and the positions it runs over. */
export interface UnetResnet {
  inChannels: number;
  outChannels: number;
  positions: number;
  isMid: boolean;
}

/** The modules of the UNet in forward order, as the activation rules read them. */
export interface UnetWalk {
  resnets: UnetResnet[];
  attentions: UnetAttentionStage[];
  /** Downsample2D convs: input width and positions (the input's, before the stride). */
  downsamples: { channels: number; positions: number }[];
  /** Upsample2D convs: width and positions after the nearest ×2. */
  upsamples: { channels: number; positions: number }[];
  /** The time embedding's width (block_out_channels[0] × 4). */
  timeWidth: number;
}

/** The UNet's modules from its config, down blocks, mid block and up blocks. */
export function walkUnet(spec: UnetSpec): UnetWalk {
  const widths = spec.blockOutChannels;
  const blocks = widths.length;
  const [latentHeight, latentWidth] = spec.latent;
  // Each Downsample2D halves the side (conv 3×3, stride 2, padding 1: ceil).
  const positionsAt = (level: number): number => {
    let h = latentHeight;
    let w = latentWidth;
    for (let i = 0; i < level; i++) {
      h = Math.ceil(h / 2);
      w = Math.ceil(w / 2);
    }
    return h * w;
  };
  const walk: UnetWalk = {
    resnets: [],
    attentions: [],
    downsamples: [],
    upsamples: [],
    timeWidth: (widths[0] ?? 0) * 4,
  };
  const attention = (level: number, channels: number, layers: number, heads: number, isMid = false) =>
    walk.attentions.push({ channels, layers, heads, positions: positionsAt(level), isMid });
  let channels = widths[0] ?? 0;
  for (let i = 0; i < blocks; i++) {
    const out = widths[i] ?? 0;
    for (let j = 0; j < spec.layersPerBlock; j++) {
      walk.resnets.push({
        inChannels: j === 0 ? channels : out,
        outChannels: out,
        positions: positionsAt(i),
        isMid: false,
      });
      if (spec.crossAttention[i]) attention(i, out, spec.transformerLayers[i] ?? 1, spec.heads[i] ?? 1);
    }
    if (i < blocks - 1) walk.downsamples.push({ channels: out, positions: positionsAt(i) });
    channels = out;
  }
  // UNetMidBlock2DCrossAttn: resnet, Transformer2DModel (the last block's depth and heads), resnet.
  const last = blocks - 1;
  const midResnet = {
    inChannels: channels,
    outChannels: channels,
    positions: positionsAt(last),
    isMid: true,
  };
  walk.resnets.push(midResnet);
  attention(last, channels, spec.transformerLayers[last] ?? 1, spec.heads[last] ?? 1, true);
  walk.resnets.push(midResnet);
  // Up blocks: up block i mirrors down block (blocks - 1 - i); its resnets take the previous output (or their own
  // width) beside the skip, the last of them the skip of the down block's input width.
  let previous = channels;
  for (let i = 0; i < blocks; i++) {
    const level = blocks - 1 - i;
    const out = widths[level] ?? 0;
    const input = widths[Math.max(level - 1, 0)] ?? 0;
    for (let j = 0; j <= spec.layersPerBlock; j++) {
      const skip = j === spec.layersPerBlock ? input : out;
      const resnetIn = j === 0 ? previous : out;
      walk.resnets.push({
        inChannels: resnetIn + skip,
        outChannels: out,
        positions: positionsAt(level),
        isMid: false,
      });
      if (spec.crossAttention[level])
        attention(level, out, spec.transformerLayers[level] ?? 1, spec.heads[level] ?? 1);
    }
    if (i < blocks - 1) walk.upsamples.push({ channels: out, positions: positionsAt(level - 1) });
    previous = out;
  }
  return walk;
}

const conv = (inChannels: number, out: number, kernel: number) => inChannels * out * kernel * kernel + out;
const linearWithBias = (inFeatures: number, out: number) => inFeatures * out + out;

/** Parameters of one ResnetBlock2D (its time projection from the time embedding's width). */
function resnetParams(resnet: UnetResnet, timeWidth: number): number {
  const { inChannels: i, outChannels: o } = resnet;
  return (
    2 * i + // norm1
    conv(i, o, 3) +
    linearWithBias(timeWidth, o) + // time_emb_proj
    2 * o + // norm2
    conv(o, o, 3) +
    (i !== o ? conv(i, o, 1) : 0) // conv_shortcut
  );
}

/** Parameters of one BasicTransformerBlock of width c over text of width `cross`. */
function transformerBlockParams(c: number, cross: number): number {
  return (
    3 * 2 * c + // norm1, norm2, norm3
    (3 * c * c + c * c + c) + // attn1: to_q, to_k, to_v, to_out.0 with bias
    (c * c + 2 * cross * c + c * c + c) + // attn2: keys and values from the text
    (linearWithBias(c, 8 * c) + linearWithBias(4 * c, c)) // GEGLU's proj to 2 × 4c, the FeedForward's out
  );
}

/** LoRA adapters of rank r on every Attention's to_q, to_k, to_v and to_out.0 (PEFT's A: r × in, B: out × r). */
export function unetAdapterParams(spec: UnetSpec, rank: number): number {
  const walk = walkUnet(spec);
  return walk.attentions.reduce((sum, stage) => {
    const c = stage.channels;
    const selfAttention = 4 * rank * (c + c);
    const crossAttention = rank * (c + c) + 2 * rank * (spec.crossAttentionDim + c) + rank * (c + c);
    return sum + stage.layers * (selfAttention + crossAttention);
  }, 0);
}

/** Parameters of the UNet itself (no text encoder, no VAE). */
export function unetCounts(spec: UnetSpec): { params: number } {
  const walk = walkUnet(spec);
  const c0 = spec.blockOutChannels[0] ?? 0;
  const t = walk.timeWidth;
  let params = conv(spec.inChannels, c0, 3) + linearWithBias(c0, t) + linearWithBias(t, t);
  if (spec.addedTimeInput > 0) params += linearWithBias(spec.addedTimeInput, t) + linearWithBias(t, t);
  for (const resnet of walk.resnets) params += resnetParams(resnet, t);
  for (const stage of walk.attentions) {
    const c = stage.channels;
    // GroupNorm, proj_in and proj_out (1×1 convs or linears: the same count), the BasicTransformerBlocks.
    params +=
      2 * c + 2 * linearWithBias(c, c) + stage.layers * transformerBlockParams(c, spec.crossAttentionDim);
  }
  for (const down of walk.downsamples) params += conv(down.channels, down.channels, 3);
  for (const up of walk.upsamples) params += conv(up.channels, up.channels, 3);
  params += 2 * c0 + conv(c0, spec.outChannels, 3); // conv_norm_out, conv_out
  return { params };
}

/** What a step's dtypes make of each kept value: the compute dtype, and the norms' (fp32 under autocast). */
export interface UnetDtypes {
  /** Bytes of a value in the compute dtype (a conv's or linear's input, attention's q, k, v). */
  compute: number;
  /**
   * Bytes of a GroupNorm's / LayerNorm's input and output: CUDA autocast runs both in fp32 (group_norm, layer_norm
   * and native_layer_norm in PyTorch's CUDA autocast fp32 list, aten/src/ATen/autocast_mode), casting the 16-bit
   * input to an fp32 copy the norm keeps; the SiLU after a GroupNorm then runs in fp32 too.
   */
  norm: number;
  isAutocast: boolean;
}

/** How the step runs: its dtypes, and whether diffusers' gradient checkpointing is on. */
export interface UnetStepOptions {
  dtypes: UnetDtypes;
  isCheckpointed: boolean;
}

/** Bytes one image keeps: in the stored activations and the largest unit's own (recomputed or saved) bytes. */
export interface UnetSaved {
  /** Everything kept to the end of forward. */
  storedBytes: number;
  /** The largest one module (a ResnetBlock2D or a BasicTransformerBlock) keeps when it runs whole. */
  largestUnitBytes: number;
  /** The largest one tensor kept: the backward's gradients are sized from it. */
  largestTensorBytes: number;
}

/**
 * One ResnetBlock2D run whole: norm1's input and SiLU's (its output), conv1's input (SiLU's output), the same three
 * after the time embedding is added, and under autocast the 16-bit input conv_shortcut keeps beside norm1's fp32
 * cast. A convolution keeps its input whether or not its weight trains (convolution_backward's one formula).
 */
function resnetBytes(resnet: UnetResnet, d: UnetDtypes): number {
  const n = resnet.positions;
  const { inChannels: i, outChannels: o } = resnet;
  const shortcut = d.isAutocast && i !== o ? i * n * d.compute : 0;
  return (i + o) * n * (2 * d.norm + d.compute) + shortcut;
}

/**
 * One BasicTransformerBlock run whole over n positions of width c: the three LayerNorms' inputs (and fp32 statistics),
 * the inputs of the linears that train or feed a trained adapter (one shared copy, or autocast's cast per linear),
 * attention's q, k, v and output (SDPA and xformers keep them and the log-sum-exp; the explicit path the scores'
 * softmax instead of the output), to_out's contiguous input, GEGLU's 8c projection (the gate's GELU keeps it whole,
 * as a view), the GELU's 4c output and the product the FeedForward's out linear keeps.
 */
function transformerBlockBytes(
  stage: UnetAttentionStage,
  spec: UnetSpec,
  options: UnetStepOptions & { isFrozenBase: boolean },
): number {
  const d = options.dtypes;
  const c = stage.channels;
  const n = stage.positions;
  const t = spec.textTokens;
  const isAdapted = spec.loraRank > 0;
  // Inputs of linears reading one tensor: kept when their weight trains or an adapter reads them.
  const keptInput = (linears: number, isTargeted: boolean): number => {
    if (options.isFrozenBase && !(isTargeted && isAdapted)) return 0;
    const copies = d.isAutocast || (isAdapted && spec.loraDropout > 0) ? linears : 1;
    const masks = isAdapted && isTargeted && spec.loraDropout > 0 ? linears * n * c : 0;
    return copies * n * c * d.compute + masks;
  };
  // Attention beyond q, k and v: SDPA's output (flash and memory-efficient kernels return it in the (batch,
  // positions, heads, dim) layout, so to_out's reshape is a view of it) and log-sum-exp; xformers' output and
  // to_out's contiguous copy of it; the explicit path's softmax output (fp32 under autocast, and bmm's 16-bit cast
  // of it) and to_out's copy.
  const attentionBytes = (keys: number): number => {
    const output = n * c * d.compute;
    const logSumExp = stage.heads * n * 4;
    if (spec.attention === 'sdpa') return output + logSumExp;
    if (spec.attention === 'xformers') return 2 * output + logSumExp;
    return stage.heads * n * keys * (d.isAutocast ? 4 + d.compute : d.compute) + output;
  };
  // to_out's input is that tensor (16-bit under autocast already: no cast); an adapter's dropout keeps one more and
  // its mask.
  const outInput = isAdapted && spec.loraDropout > 0 ? n * c * (d.compute + 1) : 0;
  const norms = 3 * n * c * d.norm + 3 * 2 * n * 4;
  const selfAttention = keptInput(3, true) + 3 * n * c * d.compute + attentionBytes(n) + outInput;
  // The text states to_k and to_v read are one tensor for the whole UNet (unetSaved), or under autocast a cast each.
  const textCasts = d.isAutocast ? 2 * t * spec.crossAttentionDim * d.compute : 0;
  const crossAttention =
    keptInput(1, true) + n * c * d.compute + 2 * t * c * d.compute + textCasts + attentionBytes(t) + outInput;
  const feedForward =
    keptInput(1, false) + 12 * n * c * d.compute + (options.isFrozenBase ? 0 : 4 * n * c * d.compute);
  return norms + selfAttention + crossAttention + feedForward;
}

/** What one image keeps for backward in the UNet, whole or checkpointed as diffusers checkpoints it. */
export function unetSaved(spec: UnetSpec, options: UnetStepOptions): UnetSaved {
  const walk = walkUnet(spec);
  const d = options.dtypes;
  const isFrozenBase = spec.loraRank > 0;
  const block = { ...options, isFrozenBase };
  const [h, w] = spec.latent;
  const c0 = spec.blockOutChannels[0] ?? 0;
  const latent = h * w;
  let largestUnit = 0;
  let largestTensor = 0;
  let stored = 0;
  // Before diffusers 0.20 the mid block ran whole and each Transformer2DModel was checkpointed as one unit.
  const isLegacy = spec.isLegacyCheckpointing;
  const isUnitCheckpointed = (unit: { isMid: boolean }) =>
    options.isCheckpointed && !(isLegacy && unit.isMid);
  for (const resnet of walk.resnets) {
    const whole = resnetBytes(resnet, d);
    largestUnit = Math.max(largestUnit, whole);
    largestTensor = Math.max(
      largestTensor,
      Math.max(resnet.inChannels, resnet.outChannels) * resnet.positions * d.norm,
    );
    // Checkpointed (diffusers: each resnet through _gradient_checkpointing_func): its input alone.
    stored += isUnitCheckpointed(resnet) ? resnet.inChannels * resnet.positions * d.compute : whole;
  }
  for (const stage of walk.attentions) {
    const c = stage.channels;
    const n = stage.positions;
    const unit = transformerBlockBytes(stage, spec, block);
    largestUnit = Math.max(largestUnit, unit);
    largestTensor = Math.max(
      largestTensor,
      8 * n * c * d.compute,
      spec.attention === 'eager' ? stage.heads * n * n * (d.isAutocast ? 4 : d.compute) : 0,
    );
    // GroupNorm's input; proj_in's (a 1×1 conv's, or the linear's contiguous copy, frozen: none) and proj_out's.
    const projections = isFrozenBase && spec.isLinearProjection ? 0 : 2 * n * c * d.compute;
    const whole = n * c * d.norm + projections + stage.layers * unit;
    if (!isUnitCheckpointed(stage)) stored += whole;
    else if (isLegacy) {
      // The whole Transformer2DModel checkpointed (diffusers < 0.20): its input kept, all of it run again.
      stored += n * c * d.compute;
      largestUnit = Math.max(largestUnit, whole);
    } else {
      // Each BasicTransformerBlock checkpointed: its input kept (the last block's output is proj_out's input).
      stored += n * c * d.norm + projections + stage.layers * n * c * d.compute;
    }
  }
  // Downsample2D keeps its conv's input; Upsample2D its conv's, after the nearest ×2.
  for (const down of walk.downsamples) stored += down.channels * down.positions * d.compute;
  for (const up of walk.upsamples) stored += up.channels * up.positions * d.compute;
  // conv_in's input latents; conv_norm_out, its SiLU and conv_out; the fp32 prediction and target the MSE keeps.
  stored += spec.inChannels * latent * d.compute + c0 * latent * (2 * d.norm + d.compute);
  stored += 2 * spec.outChannels * latent * 4;
  // The text embeddings every cross-attention's keys and values read (one tensor for the whole UNet).
  stored += spec.textTokens * spec.crossAttentionDim * d.compute;
  return { storedBytes: stored, largestUnitBytes: largestUnit, largestTensorBytes: largestTensor };
}

/** The step's parts for `batch` images: inputs, kept activations, the backward's largest moment, frozen models. */
export function unetParts(
  spec: UnetSpec,
  options: { batch: number; precision: Precision; isTraining: boolean; isCheckpointed: boolean },
): Component[] {
  const b = options.batch;
  const given = activationDtypes(options.precision);
  // The diffusers scripts run the UNet through accelerator.prepare, which wraps its forward in torch.autocast
  // whenever mixed_precision is fp16 or bf16 (accelerate v0.34.0 accelerator.py prepare_model: `if self.native_amp`
  // ... `autocast_context(model_forward_func)`), over fp32 weights (amp_*) or 16-bit ones (the LoRA scripts'
  // weight_dtype: precision bf16 / fp16).
  const isSixteenBit = options.precision === 'bf16' || options.precision === 'fp16';
  const isAutocast = given.isAutocast || (isSixteenBit && spec.isAutocastOver16Bit);
  const compute = given.compute;
  const dtypes: UnetDtypes = { compute, norm: isAutocast ? 4 : compute, isAutocast };
  const [h, w] = spec.latent;
  // The diffusers scripts hold the frozen VAE and text encoder in weight_dtype: 16-bit under mixed precision.
  const frozenBytes = options.precision === 'fp32' ? 4 : 2;
  const parts: Component[] = [];
  const side = (name: string, params: number) =>
    parts.push({
      name,
      bytes: params * frozenBytes,
      formula: `${formatCount(params)} parameters × ${frozenBytes} B (frozen, in the scripts' weight_dtype)`,
    });
  if (spec.textEncoder.mode === 'frozen') side('frozen text encoder weights', spec.textEncoder.params);
  if (spec.vae.mode === 'frozen') side('frozen VAE weights', spec.vae.params);
  parts.push({
    name: 'input latents',
    bytes: b * 2 * spec.inChannels * h * w * 4,
    formula: `${b} × the noisy latents and the noise target, [${spec.inChannels}, ${h}, ${w}] fp32 (the text states are counted with the activations that read them)`,
    phase: 'backward',
  });
  if (!options.isTraining) return parts;
  if (spec.textEncoder.mode === 'trained') {
    const perPrompt = spec.textEncoder.towers.reduce(
      (sum, tower) => sum + textTowerBytes(tower, spec.textTokens, dtypes),
      0,
    );
    parts.push({
      name: 'activations (text encoder)',
      bytes: perPrompt * b,
      formula:
        spec.textEncoder.towers.length > 0
          ? `${formatBytes(perPrompt)} per prompt × ${b} (${spec.textEncoder.towers.map((t) => `${t.layers} CLIP layers of ${t.hidden}`).join(' and ')}, ${spec.textTokens} tokens)`
          : 'not counted: text_encoder_params gives no tower shape',
      phase: 'backward',
    });
  }
  const saved = unetSaved(spec, { dtypes, isCheckpointed: options.isCheckpointed });
  const how = options.isCheckpointed
    ? 'checkpointed: each ResnetBlock2D and BasicTransformerBlock keeps its input'
    : 'every module whole';
  parts.push({
    name: 'activations (UNet)',
    bytes: saved.storedBytes * b,
    formula: `${formatBytes(saved.storedBytes)} per image × ${b} (latents ${h} × ${w}, ${spec.attention} attention, ${options.precision}; ${how})`,
    phase: 'backward',
  });
  if (options.isCheckpointed)
    parts.push({
      name: 'recomputed block (UNet)',
      bytes: saved.largestUnitBytes * b,
      formula: `the largest block run again in backward, ${formatBytes(saved.largestUnitBytes)} per image × ${b}`,
      phase: 'backward',
      isAtBackwardEnd: true,
    });
  parts.push({
    name: 'backward working set (UNet)',
    bytes: 2 * saved.largestTensorBytes * b,
    formula: `the gradients of the largest kept map and of its input, ${formatBytes(saved.largestTensorBytes)} per image each × ${b}`,
    phase: 'backward',
    isAtBackwardEnd: true,
  });
  return parts;
}
