// The search loop: ask the strategy for a value, run a trial, repeat until the strategy is done,
// a trial fails for a reason other than memory, a trial is stopped while its memory still rises
// (it proves nothing about the values above it), the user interrupts, or the trial cap is reached.
// The trials themselves come from outside (real processes, or the simulated oracle).

import { withAddressSpaceLimit } from './address-space.js';
import { findBoundary } from './history.js';
import { type TrialHints, trialHintsFor } from './trial-stop.js';
import {
  hostNeedBytes,
  type Observation,
  type Resource,
  type ResourceLimit,
  type SearchBounds,
  type Strategy,
  type TrialRecord,
} from './types.js';

/** Why the search ended. */
export type SearchEnd = 'settled' | 'non-memory-failure' | 'not-settled' | 'interrupted' | 'max-trials';

/** A safety cap on trials; halving from a large --max is the strategy that comes closest. */
export const defaultMaxTrials = 100;

/** What a search needs: the strategy, the range and limits, and a way to run one trial. */
export interface SearchOptions {
  strategy: Strategy;
  /** Limits with the margin already taken off. */
  bounds: SearchBounds;
  /** Runs one trial; `hints` (the line's peak for the value, the noise) let it stop once its answer is known. */
  runTrial: (
    value: number,
    index: number,
    hints: TrialHints,
    mode?: { fresh?: boolean },
  ) => Promise<TrialRecord>;
  /** Told before each trial starts (index from 1). */
  onTrialStart?: (value: number, index: number) => void;
  onTrialEnd?: (trial: TrialRecord, index: number) => void;
  /** What trial `index` holds before its value, where it can be read before it runs (a warm start at its gate). */
  baseBytesFor?: (index: number) => Promise<Partial<Record<Resource, number>> | undefined>;
  maxTrials?: number;
  signal?: AbortSignal;
}

/**
 * What a strategy sees of a trial. A run over the margin passed (it ran without a memory failure)
 * but did not keep the margin. Peaks count only where they are the need: not from a memory failure
 * (the peak is the limit), not from a trial stopped while its memory was still rising, and not
 * (host) from a trial whose cgroup was held at its limit by reclaim.
 */
export function observe(trial: TrialRecord): Observation {
  const isPass = trial.outcome === 'pass' || trial.outcome === 'over-margin';
  const isMeasured = isPass && trial.isSettled !== false;
  return {
    value: trial.value,
    isPass,
    isWithinMargin: trial.outcome === 'pass',
    peakBytes: {
      // A cgroup peak held at the limit by reclaim is the limit, not the need.
      host: isMeasured && !trial.isHostPeakAtLimit ? hostNeedBytes(trial) : null,
      gpu: isMeasured ? trial.peakGpuBytes : null,
    },
    ...(trial.forked ? { isForked: true } : {}),
  };
}

/**
 * Runs trials as the strategy asks; returns them in order, why it stopped, and the limits it ended
 * with (a trial's RLIMIT_AS replaces the host limit where it binds first).
 */
export async function runSearch(options: SearchOptions): Promise<{
  trials: TrialRecord[];
  end: SearchEnd;
  limits: ResourceLimit[];
  baseBytes: Partial<Record<Resource, number>> | null;
}> {
  const trials: TrialRecord[] = [];
  const history: Observation[] = [];
  const maxTrials = options.maxTrials ?? defaultMaxTrials;
  let bounds = options.bounds;
  const ended = (end: SearchEnd) => ({
    trials,
    end,
    limits: bounds.limits,
    baseBytes: bounds.baseBytes ?? null,
  });
  for (;;) {
    if (options.signal?.aborted) return ended('interrupted');
    // Before the second trial (the line's second point, placed from one peak), a warm start at its gate
    // shows what every value holds before it grows (its imports).
    const isOnePoint =
      trials.length === 1 && history[0]?.isPass === true && options.strategy.name === 'guided';
    const base = isOnePoint ? await options.baseBytesFor?.(2) : undefined;
    if (base) bounds = { ...bounds, baseBytes: base };
    const proposed = options.strategy.next(history, bounds);
    // Settled on forks alone: the answer once more as a fresh process, which draws its own layout.
    const freshCheck = proposed === undefined ? freshCheckValue(trials, history) : undefined;
    const value = proposed ?? freshCheck;
    if (value === undefined) return ended('settled');
    if (trials.length >= maxTrials) return ended('max-trials');
    const index = trials.length + 1;
    options.onTrialStart?.(value, index);
    const isRepeat = trials.some((t) => t.value === value);
    const hints = trialHintsFor(history, bounds.limits, value);
    // Once a fork's answer failed as a fresh process, the forks' boundary is not a fresh process's:
    // every later value runs fresh, and needs no check of its own.
    const isForkRefuted = trials.some((t) => t.isFreshCheck && t.outcome === 'memory');
    const mode = freshCheck !== undefined || isForkRefuted ? { fresh: true } : undefined;
    const trial = {
      ...(await options.runTrial(value, index, hints, mode)),
      isRepeat,
      ...(freshCheck !== undefined ? { isFreshCheck: true } : {}),
    };
    trials.push(trial);
    history.push(observe(trial));
    bounds = { ...bounds, limits: withAddressSpaceLimit(bounds.limits, trial.addressSpace) };
    options.onTrialEnd?.(trial, index);
    if (trial.outcome === 'interrupted' || options.signal?.aborted) return ended('interrupted');
    if (trial.outcome === 'other') return ended('non-memory-failure');
    if (trial.isSettled === false) return ended('not-settled');
  }
}

/**
 * The answer, when every run of it was a fork of fit's warm interpreter: a fork's address space is laid
 * out as its interpreter's (ASLR draws once for all of them), so a fresh process at the same value can
 * peak higher (the bench's CNN under RLIMIT_AS: 113 ran as a fork and failed as a fresh process).
 */
export function freshCheckValue(
  trials: readonly TrialRecord[],
  history: readonly Observation[],
): number | undefined {
  const answer = findBoundary(history).largestWithinMargin;
  if (answer === null) return undefined;
  const runs = trials.filter((t) => t.value === answer);
  return runs.length > 0 && runs.every((t) => t.forked) ? answer : undefined;
}
