// Lightning's BatchSizeFinder, mode="binsearch", for comparison (Lightning-AI/pytorch-lightning,
// src/lightning/pytorch/tuner/batch_size_scaling.py, `_run_binary_scaling`): double until the first
// OOM, then bisect between the last success (`low`, which starts at 1) and the failure (`high`)
// with `(high + low) // 2` until `high - low <= 1`. With init_val 2 and a true limit of 100 it tries
// 2 … 128, 96, 80, 88, 92, 94, 95 and answers 95 after 13 trials.
import { hasTried } from './history.js';
import type { Strategy } from './types.js';

/** Doubles from --min until a failure, then bisects the last success and the failure. */
export const binsearchStrategy: Strategy = {
  name: 'binsearch',
  summary: "Lightning's binsearch mode: double until a failure, then bisect",
  next(history, bounds) {
    let low = 1;
    let high: number | null = null;
    let proposal = bounds.minValue;
    for (const trial of history) {
      if (trial.isPass) {
        low = trial.value;
        if (high !== null && high - low <= 1) return undefined;
        if (high === null && trial.value >= bounds.maxValue) return undefined;
        proposal = high === null ? Math.min(trial.value * 2, bounds.maxValue) : Math.floor((high + low) / 2);
      } else {
        high = trial.value;
        proposal = Math.floor((high + low) / 2);
        if (high - low <= 1) return undefined;
      }
    }
    // Lightning would go below init_val when it fails at once; --min is the floor here.
    if (proposal < bounds.minValue || hasTried(history, proposal)) return undefined;
    return proposal;
  },
};
