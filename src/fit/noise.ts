// How much a trial's measured peak varies, estimated from the trials themselves: the scatter of the
// peaks around the memory line, and the spread between runs of the same value. Every part of fit
// that needs the noise (the search's safe values and repeats, the report) asks here.
import { fitLine, type Point } from './linear-fit.js';
import type { Observation, Resource, ResourceLimit } from './types.js';

/** What is assumed before the trials show more: sampling and allocator rounding, about 1%. */
export const assumedNoise = 0.01;

/**
 * Fresh processes' address-space peaks at one value spread this share of the limit, where forks of one
 * interpreter see one draw of it: each fresh process draws its own layout (ASLR), every fork shares its
 * interpreter's. The bench's transformer at batch 128 under a 1400 MiB RLIMIT_AS peaked at 1072–1116 MiB
 * over fresh runs (44 MiB, 3.1%), 1069–1090 MiB over forks of one interpreter, and 1116 MiB every time
 * with ASLR off (setarch -R). A forked fit's answer is run by a fresh process, so its noise is at least this.
 */
export const forkedLayoutNoise = 0.031;

/** The noise as a share of the limit (what a peak near it may be off by), and what it was estimated from. */
export interface NoiseEstimate {
  fraction: number;
  /**
   * assumed: nothing showed more than 1%; residuals: scatter around the line; repeats: runs of one
   * value; layout: forked trials, whose peaks miss the layout spread fresh processes show (forkedLayoutNoise).
   */
  source: 'assumed' | 'residuals' | 'repeats' | 'layout';
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

/**
 * The noise of the measured peaks over every limited resource: the largest of what was seen and 1%, and
 * of forked trials' host peaks at least the layout spread of fresh processes.
 */
export function estimateNoise(
  history: readonly Observation[],
  limits: readonly ResourceLimit[],
  /** false: the noise among the trials themselves (forks compared with forks share one layout). */
  options: { isLayoutIncluded?: boolean } = {},
): NoiseEstimate {
  let estimate: NoiseEstimate = { fraction: assumedNoise, source: 'assumed' };
  for (const limit of limits) {
    const points = peakPoints(history, limit.resource);
    const fromRepeats = repeatSpread(points, limit.limitBytes);
    const fromResiduals = residualSpread(points, limit.limitBytes);
    if (fromResiduals > estimate.fraction) estimate = { fraction: fromResiduals, source: 'residuals' };
    if (fromRepeats > estimate.fraction) estimate = { fraction: fromRepeats, source: 'repeats' };
  }
  if (options.isLayoutIncluded === false) return estimate;
  const isForkedHost = limits.some((l) => l.resource === 'host') && history.some((o) => o.isForked);
  if (isForkedHost && forkedLayoutNoise > estimate.fraction)
    estimate = { fraction: forkedLayoutNoise, source: 'layout' };
  return estimate;
}
