// A text encoder trained beside the UNet (model.unet text_encoder: trained, diffusers' --train_text_encoder): what
// transformers' CLIPTextModel keeps for backward, per layer and token. It runs before the UNet, so its backward
// runs last and its activations stay through the UNet's.
//
// Source: transformers v4.x models/clip/modeling_clip.py (CLIPEncoderLayer: LayerNorm → self-attention with q, k,
// v and out projections → residual; LayerNorm → fc1 → activation → fc2 → residual; the SDPA path); hidden_act
// quick_gelu (OpenAI's CLIP ViT-L/14, x · sigmoid(1.702x): the product keeps x and the sigmoid's output) or gelu
// (OpenCLIP's ViT-H and bigG: GELU keeps its input). Checked on a real PyTorch 2.13 CPU step of CLIPTextModel (1 and
// 2 layers of ViT-L's and ViT-H's widths, 77 tokens, fp32): 20 and 16 values per token per layer beside the
// log-sum-exp, to the byte (unet.test.ts).
import type { TextTower } from './types.js';
import type { UnetDtypes } from './unet.js';

/** OpenAI CLIP ViT-L/14's text tower (SD 1.x; SDXL's first). */
export const clipLTower: TextTower = { layers: 12, hidden: 768, heads: 12, isQuickGelu: true };
/** OpenCLIP ViT-H/14's (SD 2.x): 23 of its 24 layers, as the checkpoints ship it. */
export const openClipHTower: TextTower = { layers: 23, hidden: 1024, heads: 16, isQuickGelu: false };
/** OpenCLIP ViT-bigG/14's (SDXL's second). */
export const openClipBigGTower: TextTower = { layers: 32, hidden: 1280, heads: 20, isQuickGelu: false };

/** Bytes one prompt of `tokens` keeps in a trained text tower (layers whole, no checkpointing). */
export function textTowerBytes(tower: TextTower, tokens: number, d: UnetDtypes): number {
  const h = tower.hidden;
  // Per token: both LayerNorms' inputs; q, k and v's input (one copy, or autocast's cast per linear); q, k, v and
  // SDPA's output (out_proj's input is a view of it); fc1's input; the MLP's 4h maps: quick_gelu's input, sigmoid
  // and fc2's input, or GELU's input and fc2's.
  const perToken =
    2 * h * d.norm + (d.isAutocast ? 3 : 1) * h * d.compute + 4 * h * d.compute + h * d.compute;
  const mlp = (tower.isQuickGelu ? 12 : 8) * h * d.compute;
  const logSumExp = tower.heads * 4;
  // The final LayerNorm's input.
  return tokens * (tower.layers * (perToken + mlp + logSumExp) + h * d.norm);
}
