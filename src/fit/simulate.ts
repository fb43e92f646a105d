// Runs a strategy against the simulated trial oracle, synchronously: what the tests and the
// bench's pure half measure (trial counts, the boundary found and found/true are deterministic).
import { findBoundary, isBoundarySettled, runsOf } from './history.js';
import { type OracleWorkload, oracleTrueLimit, runOracleTrial } from './oracle.js';
import { type Observation, type Strategy, usableBytesOf } from './types.js';

/** One simulated search: the trials, the answers, and how they compare with the true limit. */
export interface SimulatedSearch {
  trials: Observation[];
  /** The largest value that ran without a memory failure (over the margin included). */
  largestPassed: number;
  firstFailing: number | null;
  /** The largest value that kept the margin free (equals largestPassed with no margin). */
  best: number;
  /** The pass and the failure are adjacent (within 1% above 100), --max ran, or --min failed. */
  isSettled: boolean;
  trueLimit: number;
  /** largestPassed / trueLimit. */
  foundFraction: number;
}

/** Searches `workload` with `strategy` between minValue and maxValue, at most maxTrials trials. */
export function simulateSearch(options: {
  strategy: Strategy;
  workload: OracleWorkload;
  minValue: number;
  maxValue: number;
  /** Share of the capacity to keep free at the answer (default 0). */
  marginFraction?: number;
  maxTrials?: number;
}): SimulatedSearch {
  const { strategy, workload, minValue, maxValue } = options;
  const marginFraction = options.marginFraction ?? 0;
  const bounds = {
    minValue,
    maxValue,
    limits: [{ resource: workload.resource, limitBytes: workload.capacityBytes }],
    marginFraction,
  };
  const usableBytes = usableBytesOf(workload.capacityBytes, marginFraction);
  const trials: Observation[] = [];
  for (
    let value = strategy.next(trials, bounds);
    value !== undefined;
    value = strategy.next(trials, bounds)
  ) {
    trials.push(runOracleTrial(workload, value, { run: runsOf(trials, value), usableBytes }));
    if (trials.length >= (options.maxTrials ?? 200)) break;
  }
  const boundary = findBoundary(trials);
  const largestPassed = boundary.largestPass ?? 0;
  const trueLimit = Math.min(oracleTrueLimit(workload), maxValue);
  return {
    trials,
    largestPassed,
    firstFailing: boundary.smallestFail,
    best: boundary.largestWithinMargin ?? 0,
    isSettled: isBoundarySettled(boundary, bounds),
    trueLimit,
    foundFraction: trueLimit === 0 ? 1 : largestPassed / trueLimit,
  };
}
