// model.unet as written (a preset, config.json fields, the resolution) into a UnetSpec, with located errors.
//
// Presets: the UNet configs of runwayml/stable-diffusion-v1-5 (and CompVis' v1-4, the same UNet),
// stabilityai/stable-diffusion-2-1 and stabilityai/stable-diffusion-xl-base-1.0 (unet/config.json). Their side
// models, counted with transformers' CLIPTextModel / CLIPTextModelWithProjection and diffusers v0.35.0's
// AutoencoderKL from the same repositories' configs: CLIP ViT-L/14's text tower 123,060,480; OpenCLIP ViT-H's (23
// layers of 1024, SD 2) 340,387,840; OpenCLIP bigG's with its projection (SDXL's second) 694,659,840; the VAE
// (128, 256, 512, 512 channels, the same for all three) 83,653,863. Defaults without a preset are
// UNet2DConditionModel's own (diffusers v0.35.0 models/unets/unet_2d_condition.py __init__).
import type { RawEstimate } from './schema.js';
import type { TextTower, UnetPreset, UnetSpec } from './types.js';
import { clipLTower, openClipBigGTower, openClipHTower } from './unet-text-encoder.js';

type RawUnet = NonNullable<RawEstimate['model']['unet']>;
type Report = (path: (string | number)[], message: string) => void;

const clipL = 123_060_480;
const openClipH = 340_387_840;
const openClipBigG = 694_659_840;
/** AutoencoderKL of SD 1.x, 2.x and SDXL (block_out_channels 128, 256, 512, 512). */
export const sdVaeParams = 83_653_863;

type ConfigFields = Pick<
  RawUnet,
  | 'block_out_channels'
  | 'layers_per_block'
  | 'transformer_layers_per_block'
  | 'attention_head_dim'
  | 'cross_attention_dim'
  | 'down_block_types'
  | 'use_linear_projection'
  | 'addition_embed_type'
  | 'projection_class_embeddings_input_dim'
>;

const crossAttnDown = 'CrossAttnDownBlock2D';
const presets: Record<UnetPreset, { config: ConfigFields; textEncoderParams: number; towers: TextTower[] }> =
  {
    sd15: {
      config: {
        block_out_channels: [320, 640, 1280, 1280],
        attention_head_dim: 8,
        cross_attention_dim: 768,
      },
      textEncoderParams: clipL,
      towers: [clipLTower],
    },
    sd2: {
      config: {
        block_out_channels: [320, 640, 1280, 1280],
        attention_head_dim: [5, 10, 20, 20],
        cross_attention_dim: 1024,
        use_linear_projection: true,
      },
      textEncoderParams: openClipH,
      towers: [openClipHTower],
    },
    sdxl: {
      config: {
        block_out_channels: [320, 640, 1280],
        transformer_layers_per_block: [1, 2, 10],
        attention_head_dim: [5, 10, 20],
        cross_attention_dim: 2048,
        down_block_types: ['DownBlock2D', crossAttnDown, crossAttnDown],
        use_linear_projection: true,
        addition_embed_type: 'text_time',
        projection_class_embeddings_input_dim: 2816,
      },
      textEncoderParams: clipL + openClipBigG,
      towers: [clipLTower, openClipBigGTower],
    },
  };

/** model.unet with the preset's fields, the given ones over them, and UNet2DConditionModel's defaults under both. */
export function toUnet(raw: RawUnet | undefined, report: Report): UnetSpec | undefined {
  if (!raw) return undefined;
  const at = (field: string): (string | number)[] => ['model', 'unet', field];
  const preset = raw.preset ? presets[raw.preset] : undefined;
  const given = { ...preset?.config, ...definedFields(raw) };
  const widths = given.block_out_channels ?? [320, 640, 1280, 1280];
  const blocks = widths.length;
  const perBlock = (field: string, value: number | number[] | undefined, fallback: number): number[] => {
    if (value === undefined) return widths.map(() => fallback);
    if (typeof value === 'number') return widths.map(() => value);
    if (value.length !== blocks)
      report(at(field), `has ${value.length} values for the ${blocks} blocks of block_out_channels`);
    return widths.map((_, i) => value[i] ?? value[value.length - 1] ?? fallback);
  };
  const types = given.down_block_types ?? [crossAttnDown, crossAttnDown, crossAttnDown, 'DownBlock2D'];
  if (types.length !== blocks)
    report(at('down_block_types'), `has ${types.length} blocks, block_out_channels ${blocks}`);
  // diffusers: num_attention_heads = num_attention_heads or attention_head_dim.
  const heads = perBlock(
    raw.num_attention_heads !== undefined ? 'num_attention_heads' : 'attention_head_dim',
    raw.num_attention_heads ?? given.attention_head_dim,
    8,
  );
  widths.forEach((width, i) => {
    // GroupNorm(32, width) throughout (norm_num_groups 32), and the heads split each Transformer2DModel's width.
    if (width % 32 !== 0)
      report(
        at('block_out_channels'),
        `block ${i}'s ${width} channels do not divide into GroupNorm's 32 groups`,
      );
    const head = heads[i] ?? 1;
    if (width % head !== 0)
      report(at('attention_head_dim'), `block ${i}'s ${width} channels do not divide into ${head} heads`);
  });
  const [height, width] =
    typeof raw.resolution === 'number' ? [raw.resolution, raw.resolution] : raw.resolution;
  if ((height ?? 0) % 8 !== 0 || (width ?? 0) % 8 !== 0)
    report(
      at('resolution'),
      `${height} × ${width} is not a multiple of 8: the VAE's latents are 1/8 of the image`,
    );
  const isTextTime = given.addition_embed_type === 'text_time';
  if (isTextTime && given.projection_class_embeddings_input_dim === undefined)
    report(at('projection_class_embeddings_input_dim'), 'is required with addition_embed_type text_time');
  const textMode = raw.text_encoder ?? 'frozen';
  const textParams = raw.text_encoder_params ?? preset?.textEncoderParams;
  if (textParams === undefined && textMode !== 'cached')
    report(at('text_encoder_params'), `is required with text_encoder ${textMode} and no preset`);
  if (raw.lora_dropout !== undefined && raw.lora_rank === undefined)
    report(at('lora_dropout'), 'needs lora_rank');
  const inChannels = raw.in_channels ?? 4;
  return {
    ...(raw.preset ? { preset: raw.preset } : {}),
    blockOutChannels: widths,
    layersPerBlock: given.layers_per_block ?? 2,
    transformerLayers: perBlock('transformer_layers_per_block', given.transformer_layers_per_block, 1),
    heads,
    crossAttentionDim: given.cross_attention_dim ?? 1280,
    inChannels,
    outChannels: raw.out_channels ?? inChannels,
    crossAttention: widths.map((_, i) => (types[i] ?? crossAttnDown) === crossAttnDown),
    isLinearProjection: given.use_linear_projection ?? false,
    addedTimeInput: isTextTime ? (given.projection_class_embeddings_input_dim ?? 0) : 0,
    latent: [Math.floor((height ?? 8) / 8), Math.floor((width ?? 8) / 8)],
    textTokens: raw.text_tokens ?? 77,
    attention: raw.attention ?? 'sdpa',
    isAutocastOver16Bit: raw.autocast ?? true,
    isLegacyCheckpointing: raw.diffusers !== undefined && isBefore(raw.diffusers, [0, 20]),
    loraRank: raw.lora_rank ?? 0,
    loraDropout: raw.lora_dropout ?? 0,
    // The towers' shapes are known for a preset whose text encoder is its own (no text_encoder_params given).
    textEncoder: {
      mode: textMode,
      params: textParams ?? 0,
      towers: raw.text_encoder_params === undefined ? (preset?.towers ?? []) : [],
    },
    vae: { mode: raw.vae ?? 'frozen', params: raw.vae_params ?? sdVaeParams },
  };
}

// The config fields the spec gives (absent ones do not override the preset's).
function definedFields(raw: RawUnet): ConfigFields {
  return Object.fromEntries(
    Object.entries({
      block_out_channels: raw.block_out_channels,
      layers_per_block: raw.layers_per_block,
      transformer_layers_per_block: raw.transformer_layers_per_block,
      attention_head_dim: raw.attention_head_dim,
      cross_attention_dim: raw.cross_attention_dim,
      down_block_types: raw.down_block_types,
      use_linear_projection: raw.use_linear_projection,
      addition_embed_type: raw.addition_embed_type,
      projection_class_embeddings_input_dim: raw.projection_class_embeddings_input_dim,
    }).filter(([, value]) => value !== undefined),
  ) as ConfigFields;
}

// Whether a dotted version is before [major, minor] (diffusers v0.20.0 moved checkpointing into Transformer2DModel:
// models/unet_2d_blocks.py and models/transformer_2d.py at v0.19.0 and v0.20.0).
function isBefore(version: string, [major, minor]: [number, number]): boolean {
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a < major || (a === major && b < minor);
}
