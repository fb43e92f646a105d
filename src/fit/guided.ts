// The default strategy, in three steps, each taken up once the one before it is done:
// (1) the boundary: measure the peak at --min and at a provably safe larger value, fit
//     memory = a + b × value, aim where the line meets the limits and step across until a pass
//     and a memory failure are adjacent (within 1% above 100); (2) the margin-kept answer: the
//     value the line, now measured up to the limit, keeps under the limits less the margin
//     whatever the noise; (3) when the noise seen could carry that answer over a limit, run it
//     once more. Without a limit, or when the points are not on a line, it doubles and bisects
//     (or interpolates between neighbours) instead. With a margin, (2) starts as soon as a value is
//     known not to keep it, and once the answer is settled the pass/fail boundary above it is
//     narrowed no further: no value there can change the answer (memory grows with the value). So
//     too at margin 0 once a value ran only held at its cgroup limit (no room kept: classify.ts): the
//     values below it are then narrowed to it as the boundary is.
import {
  boundaryToleranceAt,
  findBoundary,
  hasTried,
  isBoundarySettled,
  marginStepAt,
  runsOf,
} from './history.js';
import { estimateLimits } from './line-estimate.js';
import { estimateNoise } from './noise.js';
import { extrapolate, interpolate } from './secant.js';
import {
  type Observation,
  type ResourceLimit,
  type SearchBounds,
  type Strategy,
  usableBytesOf,
} from './types.js';

/** Repeats per search, at most: the recommended value again when the noise could carry it over. */
export const maxRepeats = 2;

const stepAt = marginStepAt;

function bisect(low: number, high: number | null, maxValue: number): number {
  return high === null ? Math.min(low * 2, maxValue) : Math.floor((low + high) / 2);
}

/** A proposal strictly between low and high, untried, or a bisection, or nothing left to try. */
function settle(
  history: readonly Observation[],
  target: number,
  low: number,
  high: number | null,
  maxValue: number,
) {
  let value = Math.min(target, maxValue);
  const isInside = (v: number): boolean => v > low && (high === null || v < high) && !hasTried(history, v);
  if (!isInside(value)) value = bisect(low, high, maxValue);
  return isInside(value) ? value : undefined;
}

// Within two boundary steps under the failure and above the largest pass.
function isBesideFailure(lineValue: number, low: number, high: number): boolean {
  return lineValue > low && lineValue < high && high - lineValue <= 2 * boundaryToleranceAt(low);
}

// (1) The boundary: a pass and a memory failure adjacent, or within 1%.
function proposeBoundary(history: readonly Observation[], bounds: SearchBounds, noiseFraction: number) {
  const boundary = findBoundary(history);
  const { largestPass: low, smallestFail: high } = boundary;
  if (low === null || isBoundarySettled(boundary, bounds)) return undefined;
  const estimate = estimateLimits({
    history,
    limits: bounds.limits,
    anchorValue: low,
    noiseFraction,
    baseBytes: bounds.baseBytes,
  });
  const halfway = bisect(low, high, bounds.maxValue);
  let target = halfway;
  if (high === null && !estimate?.isPrecise) {
    const reach = extrapolate(history, bounds.limits, low);
    if (estimate && estimate.safeValue >= low * 1.25) target = estimate.safeValue;
    // No line to aim with and no failure yet: the two largest passes' secant, at most a doubling.
    else if (reach !== undefined) target = Math.min(halfway, Math.max(reach, low + boundaryToleranceAt(low)));
  } else if (
    high !== null &&
    !estimate?.isPrecise &&
    estimate &&
    isBesideFailure(estimate.fittedValue, low, high)
  ) {
    // A line not sure of its slope that still puts the limit just under the failure: the value it
    // names settles the boundary when it passes, and costs one trial when it does not (the bench's CNN
    // under a cgroup: 127 failed, the line said 126 throughout, and halving took 118, 122, 124, 125, 126).
    target = estimate.fittedValue;
  } else if (estimate?.isPrecise) {
    const lineValue = estimate.fittedValue;
    // A step that settles the boundary when it crosses it (the tolerance of the value below).
    const tolerance = boundaryToleranceAt(Math.floor(Math.min(lineValue, high ?? lineValue) * 0.99));
    // Steps that double with each trial the line got wrong, so a line that is off costs few trials.
    const passesBeyond = new Set(history.filter((o) => o.isPass && o.value >= lineValue).map((o) => o.value));
    const failsBefore = new Set(history.filter((o) => !o.isPass && o.value <= lineValue).map((o) => o.value));
    const isFar = lineValue > 2 * low && lineValue - estimate.safeValue > tolerance;
    if (high === null && isFar && estimate.safeValue > low * 1.25) {
      // Far from every measured peak, the line is less sure of the limit than the tolerance: go as
      // far as is safe first, which puts a peak near the limit and pins the line down there.
      target = estimate.safeValue;
    } else if (lineValue > low && (high === null || lineValue < high)) {
      target = Math.max(lineValue, low + tolerance);
      if (high !== null) target = Math.min(target, high - 1);
    } else if (lineValue <= low) {
      const up = low + tolerance * 2 ** Math.max(0, passesBeyond.size - 1);
      target = high === null ? up : Math.min(up, halfway);
    } else if (high !== null) {
      // Failed where the line said it would fit: one step back, in case it is just off by a little;
      // after a second such failure the line is wrong about this limit, so bisect.
      target = failsBefore.size <= 1 ? Math.max(high - tolerance, halfway) : halfway;
    }
  }
  return settle(history, target, low, high, bounds.maxValue);
}

// (2) The largest value within the limits less the margin, once the boundary is settled and the line
// runs from --min to the limit: the value the line proves keeps the margin free, whatever the noise.
function proposeWithinMargin(history: readonly Observation[], bounds: SearchBounds, noiseFraction: number) {
  const margin = bounds.marginFraction ?? 0;
  if (margin <= 0 || bounds.limits.length === 0) return undefined;
  const limits: ResourceLimit[] = bounds.limits.map((l) => ({
    ...l,
    limitBytes: usableBytesOf(l.limitBytes, margin),
  }));
  const view = history.map((o) => ({ ...o, isPass: o.isWithinMargin }));
  const { largestPass: low, smallestFail: high } = findBoundary(view);
  if (low === null || low >= bounds.maxValue) return undefined;
  if (high !== null && high - low <= stepAt(high)) return undefined;
  const estimate = estimateLimits({ history, limits, anchorValue: low, noiseFraction });
  // No line to trust: interpolate between the neighbours that did and did not keep the margin.
  if (!estimate) return settle(history, interpolate(history, limits, low, high), low, high, bounds.maxValue);
  const target = estimate.fittedSafeValue;
  if (target <= low + stepAt(low)) return undefined;
  return settle(history, target, low, high, bounds.maxValue);
}

// (3) The recommended value once more, when the noise seen could carry its peak over a limit.
function proposeRepeat(history: readonly Observation[], bounds: SearchBounds, noiseFraction: number) {
  if ((bounds.marginFraction ?? 0) <= 0) return undefined;
  const recommended = findBoundary(history).largestWithinMargin;
  if (recommended === null || runsOf(history, recommended) > 1) return undefined;
  const repeats = history.length - new Set(history.map((o) => o.value)).size;
  if (repeats >= maxRepeats) return undefined;
  const run = history.find((o) => o.value === recommended);
  // Its room to each limit, as a share of the limit (as the noise is).
  const roomFraction = Math.min(
    ...bounds.limits.map((limit) => {
      const peak = run?.peakBytes[limit.resource] ?? null;
      return peak === null ? Number.POSITIVE_INFINITY : (limit.limitBytes - peak) / limit.limitBytes;
    }),
  );
  return noiseFraction >= roomFraction ? recommended : undefined;
}

// With a limit, some value is known not to keep the margin (over it, or out of memory). At margin 0
// only a run that kept no room crosses it (held at its cgroup limit by reclaim, classify.ts): a memory
// failure there is the boundary's, which is then narrowed as before.
function isMarginCrossed(history: readonly Observation[], bounds: SearchBounds): boolean {
  if (bounds.limits.length === 0) return false;
  if ((bounds.marginFraction ?? 0) <= 0) return history.some((o) => o.isPass && !o.isWithinMargin);
  return history.some((o) => !o.isWithinMargin);
}

/** Fit-and-jump search that settles the boundary and the margin-kept answer; the default. */
export const guidedStrategy: Strategy = {
  name: 'guided',
  summary: 'fit memory = a + b·value from measured peaks, jump to the limit, settle the boundary',
  next(history, bounds) {
    if (history.length === 0) return bounds.minValue;
    // The answer is run by a fresh process: its margin and repeat count a forked trial's layout spread;
    // the boundary between forks does not (they share one layout).
    const noise = estimateNoise(history, bounds.limits).fraction;
    const trialNoise = estimateNoise(history, bounds.limits, { isLayoutIncluded: false }).fraction;
    if (isMarginCrossed(history, bounds) && (bounds.marginFraction ?? 0) <= 0) {
      // At margin 0 only a run that kept no room crosses it (held at its cgroup limit): it bounds the answer
      // as a failure would, and the gap below it is narrowed as the boundary is, to 1%. Ended at once, the
      // bench's transformer under a 1000 MiB cgroup answered 276 with 301 held at the limit (true: 301).
      const view = history.map((o) => ({ ...o, isPass: o.isWithinMargin }));
      return proposeBoundary(view, bounds, trialNoise);
    }
    if (isMarginCrossed(history, bounds)) {
      const withinMargin = proposeWithinMargin(history, bounds, noise);
      if (withinMargin !== undefined) return withinMargin;
      // The answer is settled: what lies above it went over the margin, so it cannot change it.
      if (findBoundary(history).largestWithinMargin !== null) return proposeRepeat(history, bounds, noise);
    }
    return (
      proposeBoundary(history, bounds, trialNoise) ??
      proposeWithinMargin(history, bounds, noise) ??
      proposeRepeat(history, bounds, noise)
    );
  },
};
