// `headroom plan`: each GPU's split, every process's budget and environment, and the findings; with
// `--on slurm`, which node type of a partition fits the plan.
import { ExitCode } from '../../../errors.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan } from '../../../plan/types.js';
import { defineCommand } from '../../command.js';
import { sharedOptions, slurmOptions } from '../../options.js';
import type { PlanOutput } from '../../schemas/plan-output.js';
import { loadPlan } from '../../shared/load-plan.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import type { SlurmPlanData } from '../../shared/slurm/render-slurm-plan.js';

const { config, gpu, json, on } = sharedOptions;

/** A local plan, or the Slurm partition's. */
export type PlanData = { kind: 'local'; plan: Plan } | { kind: 'slurm'; slurm: SlurmPlanData };

export const command = defineCommand({
  name: 'plan',
  description: 'split GPUs among the configured processes; print budgets, environment and findings',
  options: { config, gpu, json, on, ...slurmOptions },
  async run({ options }, io) {
    const context = { env: io.env, cwd: io.cwd };
    if (options.on === 'slurm') {
      const { planOnSlurm } = await import('../../shared/slurm/plan-on-slurm.js');
      const { realSlurmCommands } = await import('../../../supervise/backends/slurm/commands.js');
      const { data, exitCode } = await planOnSlurm(
        { ...options, force: false },
        realSlurmCommands({ env: io.env }),
        context,
      );
      return { data: { kind: 'slurm' as const, slurm: data }, exitCode };
    }
    const { plan } = await loadPlan(options, context);
    return {
      data: { kind: 'local' as const, plan },
      exitCode: isInfeasible(plan) ? ExitCode.problems : ExitCode.ok,
    };
  },
  reporters: {
    text: async (data: PlanData, { colors }) => {
      if (data.kind === 'local')
        return `${renderPlan(data.plan, colors)}\n${renderFindings(data.plan.findings, colors)}`;
      const { renderSlurmPlan } = await import('../../shared/slurm/render-slurm-plan.js');
      return renderSlurmPlan(data.slurm, colors);
    },
    json: (data: PlanData): PlanOutput => (data.kind === 'local' ? data.plan : data.slurm),
  },
});
