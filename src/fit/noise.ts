// How much a trial's measured peak varies, estimated from the trials themselves: the scatter of the
// peaks around the memory line, and the spread between runs of the same value. Every part of fit
// that needs the noise (the search's safe values and repeats, the report) asks here.
import { fitLine, type Point } from './linear-fit.js';
import type { Observation, Resource, ResourceLimit } from './types.js';

/** What is assumed before the trials show more: sampling and allocator rounding, about 1%. */
export const assumedNoise = 0.01;

/** The noise as a share of the limit (what a peak near it may be off by), and what it was estimated from. */
export interface NoiseEstimate {
  fraction: number;
  /** assumed: nothing showed more than 1%; residuals: scatter around the line; repeats: runs of one value. */
  source: 'assumed' | 'residuals' | 'repeats';
}

/** Measured peaks of one resource, one point per run. */
export function peakPoints(history: readonly Observation[], resource: Resource): Point[] {
  return history.flatMap((o) => {
    const bytes = o.peakBytes[resource];
    return bytes !== null && bytes > 0 ? [{ value: o.value, bytes }] : [];
  });
}

// The widest spread between runs of one value, as a share of the limit.
function repeatSpread(points: readonly Point[], limitBytes: number): number {
  const byValue = new Map<number, number[]>();
  for (const p of points) byValue.set(p.value, [...(byValue.get(p.value) ?? []), p.bytes]);
  let spread = 0;
  for (const peaks of byValue.values()) {
    if (peaks.length < 2) continue;
    spread = Math.max(spread, (Math.max(...peaks) - Math.min(...peaks)) / limitBytes);
  }
  return spread;
}

// Two standard errors of the points around the line (least squares, n − 2 degrees of freedom), as
// a share of the limit: the scatter in bytes where it matters, at the boundary (a resource far
// under its limit, whose peaks jitter, does not count). Three values at least: a line through two
// has no residual. Points off a line by curvature count too: a line that does not explain them is
// as uncertain.
function residualSpread(points: readonly Point[], limitBytes: number): number {
  if (new Set(points.map((p) => p.value)).size < 3) return 0;
  const model = fitLine(points);
  if (!model) return 0;
  const line = (value: number): number => model.interceptBytes + model.slopeBytes * value;
  const sse = points.reduce((sum, p) => sum + (p.bytes - line(p.value)) ** 2, 0);
  const standardError = Math.sqrt(sse / (points.length - 2));
  return (2 * standardError) / limitBytes;
}

/** The noise of the measured peaks over every limited resource: the largest of what was seen and 1%. */
export function estimateNoise(
  history: readonly Observation[],
  limits: readonly ResourceLimit[],
): NoiseEstimate {
  let estimate: NoiseEstimate = { fraction: assumedNoise, source: 'assumed' };
  for (const limit of limits) {
    const points = peakPoints(history, limit.resource);
    const fromRepeats = repeatSpread(points, limit.limitBytes);
    const fromResiduals = residualSpread(points, limit.limitBytes);
    if (fromResiduals > estimate.fraction) estimate = { fraction: fromResiduals, source: 'residuals' };
    if (fromRepeats > estimate.fraction) estimate = { fraction: fromRepeats, source: 'repeats' };
  }
  return estimate;
}
