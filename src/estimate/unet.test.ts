// model.unet: diffusers' UNet2DConditionModel. Parameters against diffusers v0.35.0's own module trees; saved bytes
// against real training steps of the same UNets (test-helpers/unet_saved_diffusers.py: diffusers v0.35.0, PyTorch
// 2.13 on CPU, fp32, saved_tensors_hooks counting each storage once). diffusers is not on this project's package
// index, so the figures that script printed (2026-11-29) are pinned here rather than rerun.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../errors.js';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import type { UnetSpec } from './types.js';
import { unetSaved } from './unet.js';
import { clipLTower, openClipHTower, textTowerBytes } from './unet-text-encoder.js';

const parse = (model: string, training = '{ precision: fp32, optimizer: adamw, batch_size: 1 }') =>
  parseEstimateSpec(`model:\n  unet: ${model}\ntraining: ${training}\n`, 'unet.yaml');

const unetOf = (model: string): UnetSpec => {
  const unet = parse(model).model.unet;
  assert.ok(unet);
  return unet;
};

test("the presets' UNets are the published counts, and LoRA r16 on the attention the log's 3,188,736", () => {
  // diffusers v0.35.0 UNet2DConditionModel(**config) of each repository's unet/config.json: sum of numel.
  const cached = 'text_encoder: cached, vae: cached';
  assert.equal(parse(`{ preset: sd15, resolution: 512, ${cached} }`).model.params, 859_520_964);
  assert.equal(parse(`{ preset: sd2, resolution: 768, ${cached} }`).model.params, 865_910_724);
  assert.equal(parse(`{ preset: sdxl, resolution: 1024, ${cached} }`).model.params, 2_567_463_684);
  // The SD 1.5 config written out field by field is the preset.
  const fields =
    '{ block_out_channels: [320, 640, 1280, 1280], attention_head_dim: 8, cross_attention_dim: 768, resolution: 512, text_encoder: cached }';
  assert.equal(parse(fields).model.params, 859_520_964);
  // StochasticResult's sd_vangogh_qlora.py log (round 34): "trainable params: 3,188,736".
  const lora = parse(`{ preset: sd15, resolution: 512, lora_rank: 16 }`).model;
  assert.equal(lora.trainable, 3_188_736);
  assert.equal(lora.params, 859_520_964 + 3_188_736);
  // --train_text_encoder: CLIP ViT-L/14's text tower trains beside the UNet.
  assert.equal(
    parse('{ preset: sd15, resolution: 512, text_encoder: trained }').model.params,
    859_520_964 + 123_060_480,
  );
});

test('saved activations match real diffusers v0.35.0 steps (fp32, CPU) within 0.5%', () => {
  const fp32 = { compute: 4, norm: 4, isAutocast: false };
  // [preset, latent side, batch, attention, bytes the step saved]
  const measured: [string, number, number, string, number][] = [
    ['sd15', 16, 1, 'sdpa', 124_489_472],
    ['sd15', 16, 1, 'eager', 139_713_920],
    ['sd15', 24, 2, 'sdpa', 540_113_216],
    ['sd2', 16, 1, 'sdpa', 124_551_040],
    ['sdxl', 16, 1, 'sdpa', 266_199_296],
  ];
  for (const [preset, side, batch, attention, real] of measured) {
    const unet = unetOf(`{ preset: ${preset}, resolution: ${side * 8}, attention: ${attention} }`);
    const rule = batch * unetSaved(unet, { dtypes: fp32, isCheckpointed: false }).storedBytes;
    const label = `${preset} ${side}² batch ${batch} ${attention}`;
    assert.ok(Math.abs(rule - real) / real <= 0.005, `${label}: the rule ${rule} B, diffusers ${real} B`);
  }
});

test('checkpointing keeps each block input; LoRA on a frozen UNet keeps less; the side models are parts', () => {
  const step = (model: string, training: string) => estimate(parse(model, training)).gpu.components;
  const bytes = (parts: ReturnType<typeof step>, name: string) =>
    parts.find((p) => p.name === name)?.bytes ?? 0;
  const full = step(
    '{ preset: sd15, resolution: 512 }',
    '{ precision: amp_fp16, optimizer: adamw, batch_size: 2 }',
  );
  const checkpointed = step(
    '{ preset: sd15, resolution: 512 }',
    '{ precision: amp_fp16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }',
  );
  assert.ok(bytes(checkpointed, 'activations (UNet)') < bytes(full, 'activations (UNet)') / 4);
  assert.ok(bytes(checkpointed, 'recomputed block (UNet)') > 0);
  assert.equal(bytes(full, 'recomputed block (UNet)'), 0);
  // diffusers before 0.20 (models/unet_2d_blocks.py at v0.19.0): each Transformer2DModel checkpointed whole (its
  // GroupNorm, projections and blocks run again), the mid block not at all.
  const legacy = step(
    "{ preset: sd15, resolution: 512, diffusers: '0.19.3' }",
    '{ precision: amp_fp16, optimizer: adamw, batch_size: 2, activation_checkpointing: full }',
  );
  assert.ok(bytes(legacy, 'recomputed block (UNet)') > bytes(checkpointed, 'recomputed block (UNet)'));
  assert.notEqual(bytes(legacy, 'activations (UNet)'), bytes(checkpointed, 'activations (UNet)'));
  const lora = step(
    '{ preset: sd15, resolution: 512, lora_rank: 16 }',
    '{ precision: amp_fp16, optimizer: adamw, batch_size: 2 }',
  );
  assert.ok(bytes(lora, 'activations (UNet)') < bytes(full, 'activations (UNet)'));
  // The scripts hold the frozen text encoder and VAE in weight_dtype (fp16 under mixed precision).
  assert.equal(bytes(full, 'frozen text encoder weights'), 123_060_480 * 2);
  assert.equal(bytes(full, 'frozen VAE weights'), 83_653_863 * 2);
  const cached = step(
    '{ preset: sd15, resolution: 512, vae: cached, text_encoder: cached }',
    '{ optimizer: adamw, batch_size: 2 }',
  );
  assert.equal(bytes(cached, 'frozen VAE weights') + bytes(cached, 'frozen text encoder weights'), 0);
  // 16-bit weights under accelerate's autocast (the default) keep fp32 norms; without autocast, 16-bit ones.
  const sixteen = (autocast: boolean) =>
    bytes(
      step(
        `{ preset: sd15, resolution: 512, lora_rank: 4, autocast: ${autocast} }`,
        '{ precision: bf16, optimizer: adamw, batch_size: 2 }',
      ),
      'activations (UNet)',
    );
  assert.ok(sixteen(true) > 1.2 * sixteen(false));
  // Under CUDA autocast the norms run in fp32: more than half the fp32 step's bytes, not half.
  const fp32 = step(
    '{ preset: sd15, resolution: 512 }',
    '{ precision: fp32, optimizer: adamw, batch_size: 2 }',
  );
  assert.ok(bytes(full, 'activations (UNet)') > 0.6 * bytes(fp32, 'activations (UNet)'));
});

test('bad model.unet input: located errors (ConfigError, exit 2)', () => {
  const located = (model: string, pattern: RegExp) =>
    assert.throws(
      () => parse(model),
      (error: unknown) => error instanceof ConfigError && error.exitCode === 2 && pattern.test(error.message),
    );
  located(
    '{ preset: sd15, resolution: 500 }',
    /unet\.yaml:\d+:\d+: model\.unet\.resolution: 500 × 500 is not a multiple of 8/,
  );
  located(
    '{ preset: sd15, resolution: 512, attention_head_dim: [8, 8] }',
    /model\.unet\.attention_head_dim: has 2 values for the 4 blocks/,
  );
  located(
    '{ block_out_channels: [320, 640], resolution: 512 }',
    /model\.unet\.down_block_types: has 4 blocks, block_out_channels 2/,
  );
  located(
    '{ block_out_channels: [100], down_block_types: [DownBlock2D], resolution: 512, text_encoder: cached }',
    /GroupNorm's 32 groups/,
  );
  located(
    '{ resolution: 512 }',
    /model\.unet\.text_encoder_params: is required with text_encoder frozen and no preset/,
  );
  located(
    '{ preset: sdxl, resolution: 1024, attention: flash }',
    /model\.unet\.attention: expected one of sdpa, xformers, eager/,
  );
  located('{ preset: sd15 }', /model\.unet\.resolution/);
  located(
    '{ preset: sd15, resolution: 512, diffusers: latest }',
    /model\.unet\.diffusers: expected a diffusers version/,
  );
  assert.throws(
    () => parseEstimateSpec('model:\n  params: 1B\n  unet: { preset: sd15, resolution: 512 }\n', 'unet.yaml'),
    /model\.unet: counts the UNet, its adapters \(lora_rank\) and its side models itself: give no params beside it/,
  );
});

test("a trained text encoder keeps what transformers' CLIPTextModel keeps (a real CPU step, within 0.5%)", () => {
  // transformers' CLIPTextModel of each tower's widths at 1 or 2 layers, 77 tokens, SDPA, fp32, on PyTorch 2.13 CPU;
  // the step's loss squares last_hidden_state, which keeps it (77 × hidden × 4 B beside the rule's).
  const fp32 = { compute: 4, norm: 4, isAutocast: false };
  const measured: [typeof clipLTower, number, number, number][] = [
    [clipLTower, 1, 1, 5_210_128],
    [clipLTower, 2, 1, 9_945_936],
    [clipLTower, 2, 2, 19_891_872],
    [openClipHTower, 2, 1, 10_736_880],
  ];
  for (const [tower, layers, batch, real] of measured) {
    const shape = { ...tower, layers };
    const rule = batch * (textTowerBytes(shape, 77, fp32) + 77 * tower.hidden * 4);
    const label = `${tower.hidden}-wide, ${layers} layers, batch ${batch}`;
    assert.ok(Math.abs(rule - real) / real <= 0.005, `${label}: the rule ${rule} B, transformers ${real} B`);
  }
  const trained = estimate(parse('{ preset: sdxl, resolution: 1024, text_encoder: trained }')).gpu.components;
  const part = trained.find((p) => p.name === 'activations (text encoder)');
  // SDXL trains both towers: CLIP ViT-L's 12 layers and OpenCLIP bigG's 32.
  assert.match(part?.formula ?? '', /12 CLIP layers of 768 and 32 CLIP layers of 1280/);
  assert.ok(!trained.some((p) => p.name === 'frozen text encoder weights'));
});
