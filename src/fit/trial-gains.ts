// What each trial added to what the search knew: the answer, where the margin is crossed, the
// pass/fail boundary, a repeat's check of the noise, or only a point on the memory line. The
// answer prints it for the trials that ran after the answer first did (what the extra time bought).
import { findBoundary } from './history.js';
import { observe } from './search.js';
import type { Observation, TrialRecord } from './types.js';

const range = (low: number | null, high: number | null): string => `${low ?? '?'}–${high ?? '?'}`;

// The smallest value known not to keep the margin (over it, or out of memory).
function marginCrossing(history: readonly Observation[]): number | null {
  const over = history.filter((o) => !o.isWithinMargin).map((o) => o.value);
  return over.length > 0 ? Math.min(...over) : null;
}

function gainOf(trial: TrialRecord, before: readonly Observation[], after: readonly Observation[]): string {
  if (trial.outcome === 'other') return 'nothing: it failed for another reason, and the search ended';
  if (trial.outcome === 'interrupted') return 'nothing: interrupted';
  if (trial.isSettled === false)
    return trial.leak ? 'nothing proven: its memory leaks' : 'nothing proven: its memory was still rising';
  const b0 = findBoundary(before);
  const b1 = findBoundary(after);
  const gains: string[] = [];
  if (before.length === 0) {
    gains.push(
      trial.outcome === 'memory' ? 'the smallest value does not fit' : 'the first point of the memory line',
    );
  }
  if (trial.isFreshCheck) {
    gains.push(
      `${trial.value} as a fresh process, after forks only: ${trial.outcome === 'pass' ? 'it ran in a layout of its own too' : 'it did not run in a layout of its own, so the answer is below it'}`,
    );
  } else if (trial.isRepeat) {
    gains.push(
      `a second run of ${trial.value}: ${trial.outcome === 'pass' ? 'it kept the margin again' : 'it did not keep the margin this time'} (the noise at the answer)`,
    );
  }
  if (b1.largestWithinMargin !== b0.largestWithinMargin) {
    gains.push(`the answer ${b1.largestWithinMargin ?? 'none'} (was ${b0.largestWithinMargin ?? 'none'})`);
  }
  const crossing0 = marginCrossing(before);
  const crossing1 = marginCrossing(after);
  if (trial.reason === 'held-at-limit' && crossing1 !== crossing0) {
    gains.push(
      `${trial.value} ran only held at the limit by reclaim: no value from ${trial.value} up can be the answer`,
    );
  } else if (crossing1 !== crossing0 && trial.outcome !== 'memory') {
    gains.push(`over the margin from ${crossing1} (was ${crossing0 ?? 'not seen'})`);
  }
  if (b1.largestPass !== b0.largestPass || b1.smallestFail !== b0.smallestFail) {
    const isAnswerSame = b1.largestWithinMargin === b0.largestWithinMargin && before.length > 0;
    gains.push(
      `the boundary ${range(b1.largestPass, b1.smallestFail)} (was ${range(b0.largestPass, b0.smallestFail)})${isAnswerSame && !trial.isRepeat ? ', the answer unchanged' : ''}`,
    );
  }
  if (gains.length > 0) return gains.join('; ');
  return trial.outcome === 'memory'
    ? 'nothing new: a value above a known failure'
    : 'a point on the memory line; the answer and the boundary unchanged';
}

/** Each trial with `bought`: what it added to the search, in words. */
export function withGains(trials: readonly TrialRecord[]): TrialRecord[] {
  const history: Observation[] = [];
  return trials.map((trial) => {
    const before = [...history];
    // Only what the search itself counts: settled fits and memory failures.
    const isJudged = ['pass', 'over-margin', 'memory'].includes(trial.outcome) && trial.isSettled !== false;
    if (isJudged) history.push(observe(trial));
    return { ...trial, bought: gainOf(trial, before, history) };
  });
}
