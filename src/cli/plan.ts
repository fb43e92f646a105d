// `headroom plan`: print each GPU's split, every process's budget and environment, and the findings.
import type { Command } from 'commander';
import { ExitCode } from '../errors.js';
import { isInfeasible } from '../plan/plan.js';
import { addSlurmOptions, isOnSlurm, type SlurmFlags } from './commands/slurm/options.js';
import { collect, loadPlan } from './common.js';
import { colorsFor, toJson } from './output.js';
import { renderFindings, renderPlan } from './render-plan.js';

interface PlanFlags {
  config?: string;
  gpu?: string[];
  json?: boolean;
}

export function define(program: Command): void {
  const command = program
    .command('plan')
    .description('split GPUs among the configured processes; print budgets, environment and findings')
    .option('-c, --config <file>', 'config file (default: ./headroom.yaml)')
    .option(
      '--gpu <spec>',
      'declare a GPU: 24GiB, 2x80GiB, sim:24GiB (repeatable; overrides the config)',
      collect,
    )
    .option('--json', 'print the plan as JSON')
    .option('--on <backend>', 'plan for local GPUs (default) or the nodes of a Slurm partition (slurm)');
  addSlurmOptions(command, { withCommon: false }).action(
    async (flags: PlanFlags & SlurmFlags & { on?: string }) => {
      if (isOnSlurm(flags.on)) return planOnSlurm(flags);
      const { plan } = await loadPlan({ config: flags.config, gpu: flags.gpu });
      process.stdout.write(
        flags.json
          ? toJson(plan)
          : `${renderPlan(plan, colorsFor())}\n${renderFindings(plan.findings, colorsFor())}`,
      );
      process.exitCode = isInfeasible(plan) ? ExitCode.problems : ExitCode.ok;
    },
  );
}

async function planOnSlurm(flags: SlurmFlags): Promise<void> {
  const slurmPlan = await import('./commands/slurm/plan.js');
  const { realSlurmCommands } = await import('../supervise/backends/slurm/commands.js');
  const { data, exitCode } = await slurmPlan.run(flags, realSlurmCommands());
  process.stdout.write(
    flags.json ? slurmPlan.reporters.json(data) : slurmPlan.reporters.text(data, colorsFor()),
  );
  process.exitCode = exitCode;
}
