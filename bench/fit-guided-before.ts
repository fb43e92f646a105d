// The guided strategy as it was before issue #10 (commit 9ba0319, src/fit/guided.ts), kept for
// the fit-strategies bench only: it jumped to the line's limit less the margin and stopped there,
// without a failing trial to settle the boundary. Wrapped so it sees what it saw then: limits less
// the margin, and a run over the margin as a failure.
import { findBoundary, hasTried } from '../src/fit/history.js';
import { fitLine, isLinear, type Point } from '../src/fit/linear-fit.js';
import type { Observation, Resource, ResourceLimit, SearchBounds, Strategy } from '../src/fit/types.js';

/** How close the boundary must be settled: within this share of the value (at least 1). */
const boundaryTolerance = 0.02;
/** How far a measured peak may be off (sampling, allocator rounding), as a share of the peak. */
const assumedNoise = 0.01;
/** The second value aims at this share of the limit, as bounded by the first peak (see estimateLimit). */
const probeFraction = 0.8;
/** The search aims at the line's limit once the line's slope is known to within this share. */
const precision = 0.065;

const stepAt = (value: number): number => Math.max(1, Math.floor(value * boundaryTolerance));

/** Where one limit is reached: the line's value, one that should fit whatever the noise, and whether to aim with the line. */
interface Estimate {
  centralValue: number;
  safeValue: number;
  isPrecise: boolean;
  pointCount: number;
}

function passingPoints(history: readonly Observation[], resource: Resource): Point[] {
  return history.flatMap((o) => {
    const bytes = o.peakBytes[resource];
    return o.isPass && bytes !== null ? [{ value: o.value, bytes }] : [];
  });
}

/** Estimates where `limit` is reached from the passing peaks, anchored at the largest pass. */
function estimateLimit(
  history: readonly Observation[],
  limit: ResourceLimit,
  low: number,
): Estimate | undefined {
  const points = passingPoints(history, limit.resource);
  const anchor = points.find((p) => p.value === low) ?? points.at(-1);
  if (!anchor || anchor.bytes <= 0) return undefined;
  if (points.length === 1) {
    // With memory = a + b·v, a ≥ 0 and peak p at v₀: b ≤ p / v₀, so memory(v) ≤ p·v / v₀ and
    // v = fraction·limit·v₀ / p stays under fraction × limit whatever a is.
    const safeValue = Math.floor((probeFraction * limit.limitBytes * anchor.value) / anchor.bytes);
    return { centralValue: Number.POSITIVE_INFINITY, safeValue, isPrecise: false, pointCount: 1 };
  }
  const model = fitLine(points);
  if (!model || !isLinear(model, limit.limitBytes)) return undefined;
  const values = points.map((p) => p.value);
  const spanValues = Math.max(...values) - Math.min(...values);
  const largestBytes = Math.max(...points.map((p) => p.bytes));
  // The noise is what was assumed, or more if the points scatter more around the line.
  const noise = Math.max(assumedNoise, model.maxResidualBytes / largestBytes);
  // Two peaks each off by up to `noise` bound the slope's error over the span measured.
  const slopeErrorBytes = (2 * noise * largestBytes) / spanValues;
  const slopeBytes = Math.max(model.slopeBytes, 0);
  const headroomBytes = limit.limitBytes - anchor.bytes;
  const reachFor = (bytes: number, perValue: number): number =>
    perValue > 0 ? Math.floor(anchor.value + bytes / perValue) : Number.POSITIVE_INFINITY;
  const centralValue = reachFor(headroomBytes, slopeBytes);
  const safeValue = reachFor(headroomBytes - noise * anchor.bytes, slopeBytes + slopeErrorBytes);
  const isPrecise = slopeBytes > 0 && slopeErrorBytes <= precision * slopeBytes;
  return { centralValue, safeValue, isPrecise, pointCount: points.length };
}

/** The tightest estimate over every measured limit; undefined when some limit has no usable line. */
function estimateAll(
  history: readonly Observation[],
  bounds: SearchBounds,
  low: number,
): Estimate | undefined {
  // A limit no probe can measure (a declared card with no driver here) is left to the trials.
  const measured = bounds.limits.filter((limit) => passingPoints(history, limit.resource).length > 0);
  const estimates = measured.map((limit) => estimateLimit(history, limit, low));
  if (estimates.length === 0) return undefined;
  let tightest: Estimate | undefined;
  for (const estimate of estimates) {
    if (!estimate) return undefined;
    if (!tightest || estimate.centralValue < tightest.centralValue) tightest = estimate;
  }
  return tightest;
}

function bisect(low: number, high: number | null, bounds: SearchBounds): number {
  return high === null ? Math.min(low * 2, bounds.maxValue) : Math.floor((low + high) / 2);
}

/** The next value from the line, before clamping into (low, high); undefined when the line settles it. */
function propose(history: readonly Observation[], bounds: SearchBounds, low: number, high: number | null) {
  const estimate = estimateAll(history, bounds, low);
  if (!estimate) return bisect(low, high, bounds);
  const { centralValue, safeValue, isPrecise } = estimate;
  // Not sure of the slope yet: go as far as is safe, which widens the span and sharpens the slope;
  // when nothing is provably safe, the noise hides the slope: double (or bisect) instead.
  if (!isPrecise) return safeValue >= low * 1.25 ? safeValue : bisect(low, high, bounds);
  // Settled by the line, once three or more peaks agree that `low` is within the tolerance of it.
  const isNearLimit = low >= centralValue - Math.floor(centralValue * boundaryTolerance);
  if (isNearLimit && estimate.pointCount >= 3) return undefined;
  if (isNearLimit) return low + stepAt(low);
  // The line promised more than the failures allowed, twice: fall back to its pessimistic value.
  const failures = history.filter((o) => !o.isPass).length;
  if (high !== null && failures >= 2 && centralValue >= high) {
    return safeValue > low ? safeValue : bisect(low, high, bounds);
  }
  // Aim a little under the line's limit, so that the jump most likely fits and settles it at once.
  return centralValue - Math.floor((centralValue * boundaryTolerance) / 2);
}

const oldGuided: Strategy = {
  name: 'guided',
  summary: 'fit memory = a + b·value from measured peaks, jump to the limit, settle the boundary',
  next(history, bounds) {
    if (history.length === 0) return bounds.minValue;
    const { largestPass: low, smallestFail: high } = findBoundary(history);
    if (low === null || low >= bounds.maxValue) return undefined;
    if (high !== null && high - low <= stepAt(high)) return undefined;
    let target = propose(history, bounds, low, high);
    if (target === undefined) return undefined;
    target = Math.min(target, bounds.maxValue);
    if (high !== null && target >= high) {
      // Just under the failure the first time; after that the line is off, so halve the gap.
      const failures = history.filter((o) => !o.isPass).length;
      const bisected = bisect(low, high, bounds);
      target = failures <= 1 ? Math.max(high - stepAt(high), bisected) : bisected;
    }
    if (hasTried(history, target)) target = bisect(low, high, bounds);
    if (target <= low || (high !== null && target >= high) || hasTried(history, target)) return undefined;
    return target;
  },
};

/** The pre-#10 guided strategy, seeing the limits less the margin and over-margin runs as failures. */
export const guidedBeforeStrategy: Strategy = {
  ...oldGuided,
  next(history, bounds) {
    const margin = bounds.marginFraction ?? 0;
    const limits = bounds.limits.map((l) => ({ ...l, limitBytes: Math.floor(l.limitBytes * (1 - margin)) }));
    const seen = history.map((o) => ({ ...o, isPass: o.isWithinMargin }));
    return oldGuided.next(seen, { ...bounds, limits });
  },
};
