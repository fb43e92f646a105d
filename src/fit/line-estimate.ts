// Where the memory line says a limit is reached: the central value, one that should fit whatever
// the noise, and whether the line is sharp enough to aim with. Used by guided for the margin-kept
// answer (limits less the margin) and for the boundary itself (full limits).
import { fitLine, isLinear } from './linear-fit.js';
import { peakPoints } from './noise.js';
import type { Observation, Resource, ResourceLimit } from './types.js';

/** The second value aims at this share of the limit, as bounded by the first peak (see estimateLimit). */
export const probeFraction = 0.8;
/** The search aims at the line's limit once the line's slope is known to within this share. */
export const precision = 0.065;

/** Where one limit is reached. */
export interface Estimate {
  /** The largest value the line keeps within the limit (Infinity when memory does not grow). */
  centralValue: number;
  /** The largest value the least-squares line itself keeps within the limit (noise averaged over every point). */
  fittedValue: number;
  /**
   * The largest value whose fitted peak, measured with the noise on top, stays within the limit:
   * the line's answer once points run up to the limit.
   */
  fittedSafeValue: number;
  /** A value that stays within the limit even if every peak is off by the noise. */
  safeValue: number;
  isPrecise: boolean;
}

/** Estimates where `limit` is reached from the measured peaks, anchored at `anchorValue` (the largest pass). */
function estimateLimit(options: {
  history: readonly Observation[];
  limit: ResourceLimit;
  anchorValue: number;
  noiseFraction: number;
  /** What every value holds before it grows (SearchBounds.baseBytes): the line's intercept is at least this. */
  baseBytes?: number;
}): Estimate | undefined {
  const { limit, anchorValue, noiseFraction } = options;
  const points = peakPoints(options.history, limit.resource);
  // The measured value closest under the anchor (its peak may be unknown), and of its runs the
  // highest: the pessimistic one.
  const anchor = points
    .filter((p) => p.value <= anchorValue)
    .sort((a, b) => b.value - a.value || b.bytes - a.bytes)[0];
  if (!anchor) return undefined;
  if (new Set(points.map((p) => p.value)).size === 1) {
    // With memory = a + b·v, a ≥ g and peak p at v₀: b ≤ (p − g) / v₀, so memory(v) ≤ p + (p − g)(v − v₀) / v₀
    // and v = v₀ + (fraction·limit − p)·v₀ / (p − g) stays under fraction × limit whatever a is. g is
    // what a warm start held at its gate (its imports, part of every value's need), else 0: then
    // v = fraction·limit·v₀ / p, which from --min 1 is barely 2 when imports are most of p.
    // g less the noise (the peak and the gate's reading are each off by up to it); one at or over the
    // peak contradicts it and is not used.
    const gate = Math.max(0, (options.baseBytes ?? 0) - noiseFraction * limit.limitBytes);
    const base = gate < anchor.bytes ? gate : 0;
    const roomBytes = probeFraction * limit.limitBytes - anchor.bytes;
    const safeValue = Math.floor(anchor.value + (roomBytes * anchor.value) / (anchor.bytes - base));
    const centralValue = Number.POSITIVE_INFINITY;
    return {
      centralValue,
      fittedValue: centralValue,
      fittedSafeValue: safeValue,
      safeValue,
      isPrecise: false,
    };
  }
  const model = fitLine(points);
  if (!model || !isLinear(model, limit.limitBytes)) return undefined;
  const values = points.map((p) => p.value);
  const spanValues = Math.max(...values) - Math.min(...values);
  const largestBytes = Math.max(...points.map((p) => p.bytes));
  // Two peaks each off by up to the noise bound the slope's error over the span measured.
  const slopeErrorBytes = (2 * noiseFraction * largestBytes) / spanValues;
  const slopeBytes = Math.max(model.slopeBytes, 0);
  const headroomBytes = limit.limitBytes - anchor.bytes;
  const reachFor = (bytes: number, perValue: number): number =>
    perValue > 0 ? Math.floor(anchor.value + bytes / perValue) : Number.POSITIVE_INFINITY;
  const centralValue = reachFor(headroomBytes, slopeBytes);
  const safeValue = reachFor(headroomBytes - noiseFraction * anchor.bytes, slopeBytes + slopeErrorBytes);
  const fittedReach = (bytes: number): number =>
    model.slopeBytes > 0
      ? Math.floor((bytes - model.interceptBytes) / model.slopeBytes)
      : Number.POSITIVE_INFINITY;
  const isPrecise = slopeBytes > 0 && slopeErrorBytes <= precision * slopeBytes;
  return {
    centralValue,
    fittedValue: fittedReach(limit.limitBytes),
    fittedSafeValue: fittedReach(limit.limitBytes / (1 + noiseFraction)),
    safeValue,
    isPrecise,
  };
}

/**
 * The tightest estimate over every measured limit: the smallest central value, and the smallest
 * safe values. Undefined when no limit has a peak, or when some limit's points are not on a line
 * (a poor fit: the caller bisects instead).
 */
export function estimateLimits(options: {
  history: readonly Observation[];
  limits: readonly ResourceLimit[];
  anchorValue: number;
  noiseFraction: number;
  baseBytes?: Partial<Record<Resource, number>>;
}): Estimate | undefined {
  // A limit no probe can measure (a declared card with no driver here) is left to the trials.
  const measured = options.limits.filter((limit) => peakPoints(options.history, limit.resource).length > 0);
  let tightest: Estimate | undefined;
  let safeValue = Number.POSITIVE_INFINITY;
  let fittedSafeValue = Number.POSITIVE_INFINITY;
  for (const limit of measured) {
    const estimate = estimateLimit({ ...options, limit, baseBytes: options.baseBytes?.[limit.resource] });
    if (!estimate) return undefined;
    safeValue = Math.min(safeValue, estimate.safeValue);
    fittedSafeValue = Math.min(fittedSafeValue, estimate.fittedSafeValue);
    if (!tightest || estimate.centralValue < tightest.centralValue) tightest = estimate;
  }
  return tightest ? { ...tightest, safeValue, fittedSafeValue } : undefined;
}
