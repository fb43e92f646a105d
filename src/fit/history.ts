// Reading the search history: where the boundary between values that ran and values that ran out
// of memory lies, how close it must be pinned, and the largest value that kept the margin free.
import type { Observation } from './types.js';

/** The boundary so far (null where there is none yet). */
export interface Boundary {
  /** The largest value that ran without a memory failure, below the smallest failure. */
  largestPass: number | null;
  /** The smallest value that ran out of memory (in any of its runs). */
  smallestFail: number | null;
  /** The largest passing value whose every run kept the margin free: the recommended answer. */
  largestWithinMargin: number | null;
}

/**
 * The boundary of a history. A value run twice counts as failed if any run failed, and as within
 * the margin only if every run was; a pass above a failure (noise) is not trusted, so it never
 * raises the answer.
 */
export function findBoundary(history: readonly Observation[]): Boundary {
  const fails = history.filter((o) => !o.isPass).map((o) => o.value);
  const smallestFail = fails.length > 0 ? Math.min(...fails) : null;
  const below = (value: number): boolean => smallestFail === null || value < smallestFail;
  const passes = history.filter((o) => o.isPass && below(o.value)).map((o) => o.value);
  const overMargin = new Set(history.filter((o) => !o.isWithinMargin).map((o) => o.value));
  const within = passes.filter((value) => !overMargin.has(value));
  return {
    largestPass: passes.length > 0 ? Math.max(...passes) : null,
    smallestFail,
    largestWithinMargin: within.length > 0 ? Math.max(...within) : null,
  };
}

/**
 * How far apart the largest pass and the smallest failure may be for the boundary to count as
 * settled: adjacent values, or within 1% of the value above 100 (issue #10).
 */
export function boundaryToleranceAt(value: number): number {
  return Math.max(1, Math.floor(value / 100));
}

/** How close the margin-kept answer must come to where the margin is met: within 2% (at least 1). */
export const marginTolerance = 0.02;

/** The margin-kept answer's tolerance at `value`. */
export function marginStepAt(value: number): number {
  return Math.max(1, Math.floor(value * marginTolerance));
}

/** Whether the boundary is pinned down: adjacent (or within 1%), --max ran, or --min failed. */
export function isBoundarySettled(
  boundary: Boundary,
  range: { minValue: number; maxValue: number },
): boolean {
  const { largestPass, smallestFail } = boundary;
  const { minValue, maxValue } = range;
  if (largestPass === null) return smallestFail !== null && smallestFail <= minValue;
  if (smallestFail === null) return largestPass >= maxValue;
  return smallestFail - largestPass <= boundaryToleranceAt(largestPass);
}

/** Whether `value` has been tried already. */
export function hasTried(history: readonly Observation[], value: number): boolean {
  return history.some((o) => o.value === value);
}

/** How many times `value` has been run. */
export function runsOf(history: readonly Observation[], value: number): number {
  return history.filter((o) => o.value === value).length;
}
