// Lightning's BatchSizeFinder, mode="power", for comparison (Lightning-AI/pytorch-lightning,
// src/lightning/pytorch/tuner/batch_size_scaling.py, `_run_power_scaling`): start at init_val,
// double after every success (`factor=2.0`), and stop at the first OOM after a success; the
// answer is the last success. With init_val 2 and a true limit of 100: 2, 4, …, 64, 128 → 64 in 7 trials.
import type { Strategy } from './types.js';

/** Doubles from --min until a trial fails or --max passes. */
export const powerStrategy: Strategy = {
  name: 'power',
  summary: "Lightning's power mode: double until the first failure",
  next(history, bounds) {
    const last = history.at(-1);
    if (!last) return bounds.minValue;
    // Lightning halves and goes on when even the first value fails; below --min there is nothing to try.
    if (!last.isPass || last.value >= bounds.maxValue) return undefined;
    return Math.min(Math.trunc(last.value * 2), bounds.maxValue);
  },
};
