// `headroom fit -- CMD ...{batch}...`: the largest value of a knob (batch size) that fits, by running
// trials of the command; progress on stderr, the answer (or JSON) on stdout.
import type { FitResult } from '../../../fit/result.js';
import { defineCommand } from '../../command.js';
import { renderFitAnswer } from './answer.js';
import { fitOptions } from './checks.js';
import { fitJson } from './fit-json.js';
import { runFit } from './run-fit.js';

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
