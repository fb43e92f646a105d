// Properties a diagnosis's fixes must have, for the advice table test: each is a named predicate
// over one fix line (or over them all), so a failure says which property and which file.
import type { Cause } from '../types.js';

/** A property one fix line can have. */
export interface FixProperty {
  name: string;
  test: (fix: string) => boolean;
}

/** What the table pins for one corpus log: the cause, and properties of its fixes. */
export interface Expected {
  /** The cause, or several acceptable ones; null when the log must yield no diagnosis. */
  cause: Cause | Cause[] | null;
  /** Each must hold for at least one fix. */
  some?: FixProperty[];
  /** Each must hold for every fix. */
  every?: FixProperty[];
  /** Each must match the cause sentence. */
  causeText?: RegExp[];
  /** Why: the log's words, the header's facts line, or the thread's conclusion. */
  why: string;
}

/** Some fix matches `pattern`. */
export const has = (pattern: RegExp): FixProperty => ({
  name: `has ${pattern}`,
  test: (f) => pattern.test(f),
});

/** The fix does not match `pattern` (use under `every`). */
export const not = (pattern: RegExp): FixProperty => ({
  name: `not ${pattern}`,
  test: (f) => !pattern.test(f),
});

/** No JAX environment variable (for logs that do not show JAX, or front ends that do not read them). */
export const noJaxVariable = not(/XLA_PYTHON_CLIENT_|XLA_CLIENT_MEM_FRACTION/);
/** No memory fraction suggested at all. */
export const noFraction = not(/MEM_FRACTION/);
/** No batch advice (for a preallocated pool the batch does not shrink, or a failure before any batch). */
export const noBatch = not(/batch size|smaller batch|halve the batch/i);

/** A capacity setting written as a number (2**N or digits) at least `min` and within a signed 32-bit int. */
export function capacityWithin(min: number): FixProperty {
  return {
    name: `capacity >= ${min} and < 2**31`,
    test: (f) => {
      const power = /= 2\*\*(\d+)|=2\*\*(\d+)/.exec(f);
      const digits = /= ([\d,]{4,})/.exec(f);
      const value = power
        ? 2 ** Number(power[1] ?? power[2])
        : digits
          ? Number(digits[1]!.replaceAll(',', ''))
          : NaN;
      return value >= min && value < 2 ** 31;
    },
  };
}

/** A batch cut of exactly `percent`% (shortfall ÷ allocated, rounded up). */
export const batchCut = (percent: number): FixProperty =>
  has(new RegExp(`batch size by at least ${percent}%`));

/** `sbatch --mem=NG` with N at least `gib`. */
export function memAtLeast(gib: number): FixProperty {
  return {
    name: `--mem >= ${gib}G`,
    test: (f) => {
      const value = /--mem=(\d+)G/.exec(f)?.[1];
      return value !== undefined && Number(value) >= gib;
    },
  };
}
