// `fit --json` and fit.json: the contract's fields first (var, best, firstFailing, strategy, trials[]).
import type { FitResult } from '../../../fit/result.js';
import type { FitOutput } from '../../schemas/fit.js';

/** The result as JSON: the contract's fields first (var, best, firstFailing, strategy, trials[]), then the rest. */
export function fitJson(result: FitResult): FitOutput {
  const { var: variable, best, firstFailing, strategy, trials, ...rest } = result;
  const trialRows = trials.map(({ value, ok, reason, peakHostBytes, peakGpuBytes, seconds, ...more }) => ({
    value,
    ok,
    reason,
    peakHostBytes,
    peakGpuBytes,
    seconds,
    ...more,
  }));
  return { var: variable, best, firstFailing, strategy, trials: trialRows, ...rest };
}
