// `headroom run`: launch the plan's processes (or one ad-hoc command) here, on Slurm or on Ray, supervise
// them, print their output live and a summary at the end; exit with the first failure's code.

import type { RunSummary } from '../../../launch/types.js';
import { defineCommand } from '../../command.js';
import type { RunOutput } from '../../schemas/run.js';
import { renderSummaryTable } from '../../shared/render-run.js';
import { launchPrepared, type PreparedRun } from './launch.js';
import { runOptions } from './options.js';
import { prepareLocalRun } from './run-local.js';

export const command = defineCommand({
  name: 'run',
  description: 'launch and supervise the planned processes, or one command after --',
  arguments: [
    {
      name: 'command',
      description: 'an ad-hoc command to run instead of the config (after --)',
      isVariadic: true,
    },
  ],
  options: runOptions,
  async run(input, io) {
    const { options, rest } = input;
    // One way to run whichever backend launches it (launch.ts); the Slurm one is loaded only when asked for.
    const prepare = async (): Promise<PreparedRun> => {
      if (options.on === 'ray') {
        const { prepareRayRun } = await import('./run-ray.js');
        return prepareRayRun({ ...options, argv: rest }, io);
      }
      if (options.on !== 'slurm') return prepareLocalRun(input, io);
      const { prepareSlurmRun } = await import('./run-slurm.js');
      return prepareSlurmRun({ ...options, argv: rest }, io);
    };
    return launchPrepared(prepare, options, io);
  },
  reporters: {
    // The live view is written as the run goes (to stdout, or stderr under --json); then the summary.
    text: (summary: RunSummary, { colors }) => `\n${renderSummaryTable(summary, colors)}`,
    json: (summary: RunSummary): RunOutput => summary,
  },
});
