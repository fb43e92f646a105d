// Model states (weights, gradients, optimizer) in bytes per parameter, by precision, optimizer and
// convention. How a strategy shards them over GPUs is gpu-states.ts's.
import type { Convention, Optimizer, Precision } from './types.js';

/** Bytes per trainable parameter for each part of the model states. */
export interface BytesPerParam {
  weights: number;
  gradients: number;
  optimizer: number;
}

// Optimizer state bytes per parameter when the states are fp32 (torch.optim keeps them in the
// parameter's dtype): Adam/AdamW m and v 4+4; SGD momentum buffer 4; Lion one momentum 4; Adafactor
// "slightly more than 4" (HF perf_train_gpu_one, t5-3b: 12 GB for 3B), an upper bound: optimizer.ts
// counts its factored row and column vectors when the tensor shapes are known; bitsandbytes 8-bit
// Adam 1+1 (HF docs: 2), its paged AdamW 32-bit 4+4 in CUDA unified memory; torchao AdamW4bit
// 0.5+0.5 (two 4-bit codes packed per byte: torchao/optim/subclass_4bit.py). Block scales are added
// by optimizer.ts.
const fp32StateBytes: Record<Optimizer, number> = {
  adamw: 8,
  adam: 8,
  sgd: 0,
  sgd_momentum: 4,
  adafactor: 4,
  adam8bit: 2,
  adam4bit: 1,
  paged_adamw: 8,
  paged_adamw_8bit: 2,
  lion: 4,
  // LOMO (Lv et al. 2023, arXiv:2306.09782; OpenLMLab/LOMO lomo.py): SGD fused into backward, no state.
  // AdaLomo (Lv et al. 2023, arXiv:2310.10195; OpenLMLab/collie optim/adalomo.py): Adafactor-like factored second
  // moments, exp_avg_sq_row and exp_avg_sq_col (exp_avg_sq for a vector) in fp32 whatever the weights' dtype; an
  // upper bound here, factored by optimizer.ts when the tensors are known.
  lomo: 0,
  adalomo: 4,
  none: 0,
};

// With bf16/fp16 weights and no fp32 master copy (e.g. LitGPT bf16-true), torch.optim states take
// the parameter dtype: half of the fp32 figures. bitsandbytes keeps its own state dtypes: 8-bit Adam
// stays 2, paged AdamW 32-bit stays 8 (bitsandbytes Optimizer2State allocates fp32 states for 32 bits).
const lowStateBytes: Record<Optimizer, number> = {
  ...fp32StateBytes,
  adamw: 4,
  adam: 4,
  sgd_momentum: 2,
  adafactor: 2,
  lion: 2,
  // AdaLomo's factored states are fp32 in a 16-bit model too.
  adalomo: 4,
};

/** Bytes of one element in the run's own dtype: 2 under bf16/fp16 (the model itself in 16 bits), else 4. */
export function elementBytes(precision: Precision): number {
  return precision === 'bf16' || precision === 'fp16' ? 2 : 4;
}

/** Bytes of one optimizer-state element: what step temporaries and factored states are made of. */
export function stateElementBytes(precision: Precision, optimizer: Optimizer): number {
  if (optimizer === 'paged_adamw' || optimizer === 'adalomo' || optimizer === 'lomo') return 4;
  if (optimizer === 'adam4bit') return 0.5;
  if (optimizer === 'adam8bit' || optimizer === 'paged_adamw_8bit') return 1;
  return elementBytes(precision);
}

/** Per-parameter state bytes of the optimizer alone (no master copy), for the precision. */
export function optimizerStateBytes(precision: Precision, optimizer: Optimizer): number {
  return (precision === 'bf16' || precision === 'fp16' ? lowStateBytes : fp32StateBytes)[optimizer];
}

// The fp32 master weights mixed-precision optimizers keep (ZeRO §3.1: part of K = 12).
const masterBytes = 4;

/**
 * Bytes per trainable parameter. Sources disagree only for mixed precision (amp_*):
 *   hf         6 + 4 + 8 = 18 for AdamW: fp32 weights plus the fp16 copies autocast keeps for backward,
 *              fp32 gradients, fp32 m and v (HF "Model training anatomy"). This is what torch.autocast
 *              does, and it is the default: Scott Logic measured AMP at ~2 bytes/param over fp32.
 *   zero       2 + 2 + 12 = 16: fp16 weights and gradients, fp32 master + m + v (ZeRO §3.1, K = 12):
 *              DeepSpeed/Megatron fp16 optimizers.
 *   eleuther   2 + 4 + 12 = 18: as zero with fp32 gradients (EleutherAI calc_transformer_mem.py
 *              defaults: low_prec 2, bytes_per_grad_ele 4, optimizer 12).
 *   accelerate 4 + 6 + 8 = 18: model 1×, gradients 1.5×, optimizer 2× of the fp32 size
 *              (accelerate estimate_training_usage()).
 * mixed_bf16/mixed_fp16 (FSDP MixedPrecision) is 4 + 4 + fp32 states.
 * fp32 is 4 + 4 + states everywhere (accelerate's "4× the model" for Adam); bf16/fp16 is 2 + 2 + states
 * in 16 bits. With optimizer `none` nothing trains: see frozenWeightBytes.
 */
export function bytesPerParam(
  precision: Precision,
  optimizer: Optimizer,
  convention: Convention,
): BytesPerParam {
  if (optimizer === 'none')
    return { weights: frozenWeightBytes(precision, convention), gradients: 0, optimizer: 0 };
  if (precision === 'fp32') return { weights: 4, gradients: 4, optimizer: fp32StateBytes[optimizer] };
  if (precision === 'bf16' || precision === 'fp16')
    return { weights: 2, gradients: 2, optimizer: lowStateBytes[optimizer] };
  // FSDP MixedPrecision: fp32 sharded parameters, gradients reduced into fp32 shards, fp32 states; the
  // 16-bit copies exist only while a unit is gathered (parallel.ts "gathered parameters").
  if (precision === 'mixed_bf16' || precision === 'mixed_fp16')
    return { weights: 4, gradients: 4, optimizer: fp32StateBytes[optimizer] };
  const states = fp32StateBytes[optimizer];
  if (convention === 'zero') return { weights: 2, gradients: 2, optimizer: masterBytes + states };
  if (convention === 'eleuther') return { weights: 2, gradients: 4, optimizer: masterBytes + states };
  if (convention === 'accelerate') return { weights: 4, gradients: 6, optimizer: states };
  return { weights: 6, gradients: 4, optimizer: states };
}

/**
 * Bytes per parameter that is not trained (a frozen encoder, a reference model, inference):
 * fp32 4; bf16/fp16 2; under amp the fp32 weights, plus the fp16 copy in the hf convention (HF:
 * "mixed precision inference: 6 bytes/param"), or the fp16 model alone in zero/eleuther.
 */
export function frozenWeightBytes(precision: Precision, convention: Convention): number {
  if (precision === 'fp32' || precision.startsWith('mixed')) return 4;
  if (precision === 'bf16' || precision === 'fp16') return 2;
  if (convention === 'hf') return 6;
  return convention === 'accelerate' ? 4 : 2;
}
