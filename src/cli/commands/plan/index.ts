// `headroom plan`: each GPU's split, every process's budget and environment, and the findings; with
// `--on slurm`, which node type of a partition fits the plan; with `--on ray`, which node of a Ray
// cluster each process goes to, with what num_gpus, and why a plan does not fit.
import { ExitCode, UsageError } from '../../../errors.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan } from '../../../plan/types.js';
import { defineCommand } from '../../command.js';
import { rayOptions, sharedOptions, slurmOptions } from '../../options.js';
import type { PlanFromRunOutput } from '../../schemas/plan-from-run.js';
import type { PlanOutput } from '../../schemas/plan-output.js';
import { loadPlan } from '../../shared/load-plan.js';
import type { RayPlanData } from '../../shared/ray/plan-on-ray.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import type { SlurmPlanData } from '../../shared/slurm/render-slurm-plan.js';

const { config, gpu, json, on } = sharedOptions;

/** A local plan, the Slurm partition's, or budgets sized from a run (--from-run). */
export type PlanData =
  | { kind: 'local'; plan: Plan }
  | { kind: 'slurm'; slurm: SlurmPlanData }
  | { kind: 'ray'; ray: RayPlanData }
  | { kind: 'from-run'; proposal: PlanFromRunOutput };

export const command = defineCommand({
  name: 'plan',
  description: 'split GPUs among the configured processes; print budgets, environment and findings',
  options: {
    config,
    gpu,
    json,
    on,
    fromRun: {
      flag: '--from-run',
      valueName: 'run_dir',
      kind: 'text',
      description:
        "size budgets from a run's measured peaks plus a margin; prints the change to the config as a diff (never writes it)",
    },
    margin: {
      flag: '--margin',
      valueName: 'percent',
      kind: 'percent',
      max: 400,
      description: 'with --from-run: room above each measured peak (default 20%: a peak varies between runs)',
    },
    ...slurmOptions,
    ...rayOptions,
  },
  async run({ options }, io) {
    const context = { env: io.env, cwd: io.cwd };
    if (options.margin !== undefined && options.fromRun === undefined)
      throw new UsageError('--margin sizes budgets from a run: it needs --from-run RUN_DIR');
    if (options.fromRun !== undefined) {
      const { planFromRun } = await import('./from-run.js');
      const proposal = await planFromRun(
        { runDir: options.fromRun, margin: options.margin, config: options.config },
        context,
      );
      return { data: { kind: 'from-run' as const, proposal }, exitCode: ExitCode.ok };
    }
    if (options.on === 'slurm') {
      const { planOnSlurm } = await import('../../shared/slurm/plan-on-slurm.js');
      const { realSlurmCommands } = await import('../../../slurm/commands.js');
      const { data, exitCode } = await planOnSlurm(
        { ...options, force: false },
        realSlurmCommands({ env: io.env }),
        context,
      );
      return { data: { kind: 'slurm' as const, slurm: data }, exitCode };
    }
    if (options.on === 'ray') {
      const { planOnRay } = await import('../../shared/ray/plan-on-ray.js');
      const { data, exitCode } = await planOnRay(options, context);
      return { data: { kind: 'ray' as const, ray: data }, exitCode };
    }
    const { plan } = await loadPlan(options, context);
    return {
      data: { kind: 'local' as const, plan },
      exitCode: isInfeasible(plan) ? ExitCode.problems : ExitCode.ok,
    };
  },
  reporters: {
    text: async (data: PlanData, { colors }) => {
      if (data.kind === 'from-run') {
        const { renderPlanFromRun } = await import('./from-run.js');
        return renderPlanFromRun(data.proposal, colors);
      }
      if (data.kind === 'local')
        return `${renderPlan(data.plan, colors)}\n${renderFindings(data.plan.findings, colors)}`;
      if (data.kind === 'ray') {
        const { renderRayPlan } = await import('../../shared/ray/render-ray-plan.js');
        return renderRayPlan(data.ray, colors);
      }
      const { renderSlurmPlan } = await import('../../shared/slurm/render-slurm-plan.js');
      return renderSlurmPlan(data.slurm, colors);
    },
    json: (data: PlanData): PlanOutput =>
      data.kind === 'local'
        ? data.plan
        : data.kind === 'slurm'
          ? data.slurm
          : data.kind === 'ray'
            ? data.ray
            : data.proposal,
  },
});
