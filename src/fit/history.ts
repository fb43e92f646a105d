// Reading the search history: where the boundary between fitting and failing values lies.
import type { Observation } from './types.js';

/** The boundary so far: the largest value that fit below the smallest that failed (null when none). */
export interface Boundary {
  largestPass: number | null;
  smallestFail: number | null;
}

/** The boundary of a history; a pass above a failure (noise) is not trusted, so it never raises the answer. */
export function findBoundary(history: readonly Observation[]): Boundary {
  const fails = history.filter((o) => !o.isPass).map((o) => o.value);
  const smallestFail = fails.length > 0 ? Math.min(...fails) : null;
  const passes = history
    .filter((o) => o.isPass && (smallestFail === null || o.value < smallestFail))
    .map((o) => o.value);
  return { largestPass: passes.length > 0 ? Math.max(...passes) : null, smallestFail };
}

/** Whether `value` has been tried already. */
export function hasTried(history: readonly Observation[], value: number): boolean {
  return history.some((o) => o.value === value);
}
