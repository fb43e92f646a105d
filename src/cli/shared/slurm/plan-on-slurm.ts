// `headroom plan --on slurm`: whether the plan fits each node type of the partition (GPUs, shards,
// cores, memory), which one the job would use, and what each step asks Slurm for (render-slurm-plan.ts
// says it in tables).
import { ExitCode } from '../../../errors.js';
import type { SlurmCommands } from '../../../slurm/commands.js';
import type { PlanContext } from '../load-plan.js';
import type { SlurmInputs } from './checks.js';
import { prepareSlurmJob } from './prepare.js';
import type { SlurmPlanData } from './render-slurm-plan.js';

/** Plans the config on every node type of the partition. */
export async function planOnSlurm(
  inputs: SlurmInputs,
  commands: SlurmCommands,
  context: PlanContext,
): Promise<{ data: SlurmPlanData; exitCode: number }> {
  const prepared = await prepareSlurmJob({ ...inputs, force: false }, commands, context);
  const { chosen } = prepared;
  const data: SlurmPlanData = {
    partition: prepared.partition,
    nodeCount: chosen?.job.nodeCount ?? prepared.candidates[0]?.job.nodeCount ?? 1,
    nodeTypes: prepared.candidates.map((c) => ({
      ...c.nodeType,
      fits: c.fits,
      problems: c.job.findings.filter((f) => f.severity === 'error').map((f) => f.message),
    })),
    chosen: chosen && {
      nodeType: chosen.nodeType.label,
      plan: chosen.job.plan,
      steps: chosen.job.steps,
      findings: chosen.job.findings,
    },
  };
  return { data, exitCode: chosen ? ExitCode.ok : ExitCode.problems };
}
