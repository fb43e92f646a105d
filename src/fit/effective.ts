// Reaching an effective batch with micro-batches that fit: gradient accumulation steps × micro-batch
// (× ranks for a multi-rank job: the global batch is kept when the per-rank batch shrinks).

/** How to reach `targetBatch` with micro-batches no larger than the largest that fits. */
export interface EffectiveSplit {
  targetBatch: number;
  microBatch: number;
  accumulationSteps: number;
  /** microBatch × accumulationSteps (× ranks); equals targetBatch unless no exact split exists nearby. */
  effectiveBatch: number;
  /** Ranks each running a micro-batch per step (a multi-rank job); absent for one process. */
  ranks?: number;
}

/**
 * The fewest accumulation steps whose micro-batch fits. An exact split (target divisible by the
 * steps) is preferred when one exists with at most twice the fewest steps; otherwise the
 * micro-batch is rounded up and the effective batch overshoots the target a little.
 */
export function splitEffectiveBatch(
  targetBatch: number,
  largestMicroBatch: number,
  ranks = 1,
): EffectiveSplit | undefined {
  if (largestMicroBatch < 1 || targetBatch < 1 || ranks < 1) return undefined;
  const withRanks = ranks > 1 ? { ranks } : {};
  const fewestSteps = Math.ceil(targetBatch / (largestMicroBatch * ranks));
  for (let steps = fewestSteps; steps <= 2 * fewestSteps; steps++) {
    if (targetBatch % (steps * ranks) === 0) {
      const microBatch = targetBatch / (steps * ranks);
      return { targetBatch, microBatch, accumulationSteps: steps, effectiveBatch: targetBatch, ...withRanks };
    }
  }
  const microBatch = Math.ceil(targetBatch / (fewestSteps * ranks));
  return {
    targetBatch,
    microBatch,
    accumulationSteps: fewestSteps,
    effectiveBatch: microBatch * fewestSteps * ranks,
    ...withRanks,
  };
}
