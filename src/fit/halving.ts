// accelerate's `find_executable_batch_size`, for comparison (huggingface/accelerate,
// src/accelerate/utils/memory.py): start at `starting_batch_size` (here --max) and, after each
// out-of-memory error, retry with `batch_size = int(batch_size * 0.9)` until one runs; it gives up
// at 0. Older releases halved (`batch_size //= 2`); the 0.9 factor is the current rule.
import type { Strategy } from './types.js';

/** The factor accelerate shrinks the batch by after each OOM. */
export const shrinkFactor = 0.9;

/** Starts at --max and shrinks by 0.9× per failure until a trial passes. */
export const halvingStrategy: Strategy = {
  name: 'halving',
  summary: "accelerate's find_executable_batch_size: start at --max, ×0.9 per failure",
  next(history, bounds) {
    const last = history.at(-1);
    if (!last) return bounds.maxValue;
    if (last.isPass) return undefined;
    // Python's int() truncates, as Math.trunc does; both compute value × 0.9 in IEEE doubles.
    const shrunk = Math.trunc(last.value * shrinkFactor);
    if (shrunk >= bounds.minValue) return shrunk;
    return last.value > bounds.minValue ? bounds.minValue : undefined;
  },
};
