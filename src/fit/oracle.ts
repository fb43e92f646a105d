// A simulated trial for tests and the bench: memory = base + perValue × value (or a curve), a
// capacity, and deterministic noise on the measured peak. Pure: the same inputs give the same trials.
import type { Observation, Resource } from './types.js';

/** A made-up workload on one resource with a known true limit. */
export interface OracleWorkload {
  resource: Resource;
  baseBytes: number;
  bytesPerValue: number;
  capacityBytes: number;
  /** Measured peaks are off by up to ± this share (sampling, allocator rounding). */
  noiseFraction: number;
  /**
   * The need itself varies by up to ± this share from run to run (0 when omitted): a value near
   * the limit may fit in one run and not in the next, as a real training's peak does.
   */
  runNoiseFraction?: number;
  seed: number;
  /** `quadratic` adds bytesPerValue × value² / 64: a workload a line does not explain. */
  curve: 'linear' | 'quadratic';
}

/** Memory the workload really needs at `value`. */
export function oracleBytes(workload: OracleWorkload, value: number): number {
  const extra = workload.curve === 'quadratic' ? (workload.bytesPerValue * value * value) / 64 : 0;
  return workload.baseBytes + workload.bytesPerValue * value + extra;
}

/** The largest value that fits the capacity: what a perfect search would find. */
export function oracleTrueLimit(workload: OracleWorkload): number {
  let low = 0;
  let high = 1;
  while (oracleBytes(workload, high) <= workload.capacityBytes) high *= 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (oracleBytes(workload, middle) <= workload.capacityBytes) low = middle;
    else high = middle;
  }
  return low;
}

/** A deterministic number in [-1, 1] for (seed, value, run): mulberry32 of a mixed key. */
function noiseAt(seed: number, value: number, run = 0): number {
  let t = (seed * 0x9e3779b1 + value * 0x85ebca6b + run * 0xc2b2ae35) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
}

/**
 * One simulated run (`run` counts from 0 for repeats of a value): it fits when this run's need is
 * within capacity; the peak is measured with noise (never past the capacity, which enforces it),
 * and it keeps the margin when the measured peak is within `usableBytes`.
 */
export function runOracleTrial(
  workload: OracleWorkload,
  value: number,
  options: { run?: number; usableBytes?: number } = {},
): Observation {
  const run = options.run ?? 0;
  const runNoise = (workload.runNoiseFraction ?? 0) * noiseAt(workload.seed + 7919, value, run);
  const bytes = oracleBytes(workload, value) * (1 + runNoise);
  const isPass = bytes <= workload.capacityBytes;
  const noisy = Math.round(bytes * (1 + workload.noiseFraction * noiseAt(workload.seed, value, run)));
  const measured = Math.min(noisy, workload.capacityBytes);
  const peak = isPass ? measured : null;
  const peakBytes = workload.resource === 'host' ? { host: peak, gpu: null } : { host: null, gpu: peak };
  const isWithinMargin = isPass && measured <= (options.usableBytes ?? workload.capacityBytes);
  return { value, isPass, isWithinMargin, peakBytes };
}

/** A linear workload whose true limit is exactly `limit`, with `baseFraction` of the capacity fixed. */
export function oracleWithLimit(options: {
  limit: number;
  baseFraction: number;
  capacityBytes?: number;
  noiseFraction?: number;
  seed?: number;
  resource?: Resource;
}): OracleWorkload {
  const capacityBytes = options.capacityBytes ?? 24 * 2 ** 30;
  const baseBytes = Math.round(options.baseFraction * capacityBytes);
  return {
    resource: options.resource ?? 'gpu',
    baseBytes,
    // Half a value of slack puts the limit squarely between two values: floor(limit + 0.5) = limit.
    bytesPerValue: (capacityBytes - baseBytes) / (options.limit + 0.5),
    capacityBytes,
    noiseFraction: options.noiseFraction ?? 0.01,
    seed: options.seed ?? 1,
    curve: 'linear',
  };
}
