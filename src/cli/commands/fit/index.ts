// `headroom fit -- CMD ...{batch}...`: the largest value of a knob (batch size) that fits, by running
// trials of the command; progress on stderr, the answer (or JSON) on stdout.
import type { FitResult } from '../../../fit/result.js';
import { defineCommand } from '../../command.js';
import type { FitOutput } from '../../schemas/fit.js';
import { renderFitAnswer } from './answer.js';
import { fitOptions } from './checks.js';
import { runFit } from './run-fit.js';

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

export const command = defineCommand({
  name: 'fit',
  description: 'find the largest value of a knob (batch size) that fits, by running trials of the command',
  arguments: [
    {
      name: 'command',
      description: 'the command after --, with {batch} (or {VAR}) where the value goes',
      isVariadic: true,
    },
  ],
  options: fitOptions,
  run: runFit,
  reporters: {
    text: (result: FitResult, { colors }) => renderFitAnswer(result, colors),
    json: fitJson,
  },
});
