// `accelerate estimate-memory` arithmetic, reproduced so headroom's numbers can be checked against it
// (huggingface/accelerate src/accelerate/commands/estimate.py; docs usage_guides/model_size_estimator).

/** Dtypes accelerate's table prints, and the factor it divides the fp32 size by. */
export const accelerateDtypeDivisor = { float32: 1, float16: 2, bfloat16: 2, int8: 4, int4: 8 } as const;
/** A dtype of accelerate's table. */
export type AccelerateDtype = keyof typeof accelerateDtypeDivisor;

/**
 * "Total size" and "Training using Adam" of accelerate's table: the fp32 size of parameters and
 * persistent buffers (as built on the meta device) divided by the dtype factor; training is 4× that
 * (1× model, 1× gradients, 2× Adam states).
 */
export function accelerateModelSize(options: {
  params: number;
  buffersBytes?: number;
  dtype: AccelerateDtype;
}): {
  totalBytes: number;
  trainingAdamBytes: number;
} {
  const fp32Bytes = options.params * 4 + (options.buffersBytes ?? 0);
  const totalBytes = fp32Bytes / accelerateDtypeDivisor[options.dtype];
  return { totalBytes, trainingAdamBytes: 4 * totalBytes };
}

/**
 * estimate_training_usage(): for fp32, model 1×, gradients 1×, optimizer 2×, step 4× of the fp32
 * size; for fp16/bf16 mixed precision, model 1×, gradients 1.5× ("weight gradient + computation"),
 * optimizer 2×, and the step peak equals the optimizer.
 */
export function accelerateTrainingUsage(
  fp32Bytes: number,
  mixedPrecision: 'float32' | 'float16' | 'bfloat16',
): { model: number; gradients: number; optimizer: number; step: number } {
  if (mixedPrecision === 'float32') {
    return { model: fp32Bytes, gradients: fp32Bytes, optimizer: 2 * fp32Bytes, step: 4 * fp32Bytes };
  }
  const fp16Bytes = Math.floor(fp32Bytes / 2);
  return {
    model: fp32Bytes,
    gradients: fp32Bytes + fp16Bytes,
    optimizer: 2 * fp32Bytes,
    step: 2 * fp32Bytes,
  };
}
