// Runs a strategy against the simulated trial oracle, synchronously: what the tests and the
// bench's pure half measure (trial counts and found/true are deterministic).
import { findBoundary } from './history.js';
import { type OracleWorkload, oracleTrueLimit, runOracleTrial } from './oracle.js';
import type { Observation, Strategy } from './types.js';

/** One simulated search: the trials, the answer, and how it compares with the true limit. */
export interface SimulatedSearch {
  trials: Observation[];
  best: number;
  trueLimit: number;
  /** best / trueLimit. */
  foundFraction: number;
}

/** Searches `workload` with `strategy` between minValue and maxValue (no margin), at most maxTrials trials. */
export function simulateSearch(options: {
  strategy: Strategy;
  workload: OracleWorkload;
  minValue: number;
  maxValue: number;
  maxTrials?: number;
}): SimulatedSearch {
  const { strategy, workload, minValue, maxValue } = options;
  const bounds = {
    minValue,
    maxValue,
    limits: [{ resource: workload.resource, limitBytes: workload.capacityBytes }],
  };
  const trials: Observation[] = [];
  for (
    let value = strategy.next(trials, bounds);
    value !== undefined;
    value = strategy.next(trials, bounds)
  ) {
    trials.push(runOracleTrial(workload, value));
    if (trials.length >= (options.maxTrials ?? 200)) break;
  }
  const best = findBoundary(trials).largestPass ?? 0;
  const trueLimit = Math.min(oracleTrueLimit(workload), maxValue);
  return { trials, best, trueLimit, foundFraction: trueLimit === 0 ? 1 : best / trueLimit };
}
