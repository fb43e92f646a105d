// Reaching an effective batch with micro-batches that fit: gradient accumulation steps × micro-batch.

/** How to reach `targetBatch` with micro-batches no larger than the largest that fits. */
export interface EffectiveSplit {
  targetBatch: number;
  microBatch: number;
  accumulationSteps: number;
  /** microBatch × accumulationSteps; equals targetBatch unless no exact split exists nearby. */
  effectiveBatch: number;
}

/**
 * The fewest accumulation steps whose micro-batch fits. An exact split (target divisible by the
 * steps) is preferred when one exists with at most twice the fewest steps; otherwise the
 * micro-batch is rounded up and the effective batch overshoots the target a little.
 */
export function splitEffectiveBatch(
  targetBatch: number,
  largestMicroBatch: number,
): EffectiveSplit | undefined {
  if (largestMicroBatch < 1 || targetBatch < 1) return undefined;
  const fewestSteps = Math.ceil(targetBatch / largestMicroBatch);
  for (let steps = fewestSteps; steps <= 2 * fewestSteps; steps++) {
    if (targetBatch % steps === 0) {
      const microBatch = targetBatch / steps;
      return { targetBatch, microBatch, accumulationSteps: steps, effectiveBatch: targetBatch };
    }
  }
  const microBatch = Math.ceil(targetBatch / fewestSteps);
  return {
    targetBatch,
    microBatch,
    accumulationSteps: fewestSteps,
    effectiveBatch: microBatch * fewestSteps,
  };
}
