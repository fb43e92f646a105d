// `headroom slurm`: Slurm commands that do not launch anything (`slurm script`).
import type { Command } from 'commander';
import { realSlurmCommands } from '../../../supervise/backends/slurm/commands.js';
import { addSlurmOptions, type SlurmFlags } from './options.js';
import * as script from './script.js';

/** Registers `headroom slurm script`. */
export function define(program: Command): void {
  const slurm = program.command('slurm').description('run the plan on a Slurm cluster yourself');
  const command = slurm
    .command('script')
    .description(
      "print the sbatch script for the plan (submit it with sbatch); the partition's nodes decide shards and sizes",
    );
  addSlurmOptions(command, { withCommon: true }).action(async (flags: SlurmFlags) => {
    const { data, exitCode } = await script.run(flags, realSlurmCommands());
    process.stdout.write(flags.json ? script.reporters.json(data) : script.reporters.text(data));
    process.exitCode = exitCode;
  });
  slurm.exitOverride();
  command.exitOverride();
}
