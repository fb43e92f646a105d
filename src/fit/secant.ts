// Secants through neighbouring measured peaks: where the global line is not trusted, a line
// through the two nearest points still says roughly where a limit is met.
import { marginStepAt } from './history.js';
import { peakPoints } from './noise.js';
import type { Observation, ResourceLimit } from './types.js';

/** Where the secant through the two largest measured passes (up to `low`) meets the limits; undefined without two. */
export function extrapolate(history: readonly Observation[], limits: readonly ResourceLimit[], low: number) {
  let reach: number | undefined;
  for (const { resource, limitBytes } of limits) {
    const points = peakPoints(history, resource).filter((p) => p.value <= low);
    const values = [...new Set(points.map((p) => p.value))].sort((a, b) => b - a);
    const peakAt = (value: number): number =>
      Math.max(...points.filter((p) => p.value === value).map((p) => p.bytes));
    const [top, next] = values;
    if (top === undefined || next === undefined) continue;
    const perValue = (peakAt(top) - peakAt(next)) / (top - next);
    if (perValue <= 0) continue;
    const value = Math.floor(top + (limitBytes - peakAt(top)) / perValue);
    reach = reach === undefined ? value : Math.min(reach, value);
  }
  return reach;
}

/** Where the line through the peaks at `low` and `high` meets the limits, less a step; halfway when one has no peak. */
export function interpolate(
  history: readonly Observation[],
  limits: readonly ResourceLimit[],
  low: number,
  high: number | null,
): number {
  if (high === null) return low * 2;
  const halfway = Math.floor((low + high) / 2);
  let target = high;
  for (const { resource, limitBytes } of limits) {
    const peakAt = (value: number): number | null =>
      Math.max(0, ...history.filter((o) => o.value === value).map((o) => o.peakBytes[resource] ?? 0)) || null;
    const lowBytes = peakAt(low);
    const highBytes = peakAt(high);
    if (lowBytes === null || highBytes === null || highBytes <= lowBytes) return halfway;
    const reach = low + ((limitBytes - lowBytes) * (high - low)) / (highBytes - lowBytes);
    target = Math.min(target, Math.floor(reach) - marginStepAt(low));
  }
  return target;
}
