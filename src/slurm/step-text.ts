// The comment over each step in the script: what it gets and why, in people's words.
import type { LaunchSpec } from '../launch/types.js';
import { formatBytes } from '../units.js';
import type { SlurmJobPlan, SlurmStep } from './job-plan.js';
import { bytesPerShard } from './shards.js';

/** Lines (without `# `) describing one step. */
export function describeStep(job: SlurmJobPlan, step: SlurmStep, launch: LaunchSpec): string[] {
  const planned = job.plan.processes.find((p) => p.name === step.name);
  const framework = planned?.framework ?? 'none';
  const where = job.nodeCount > 1 ? ` on node ${step.node} of the job` : '';
  const lines = [`${step.name} (${framework})${where}`];
  const { cardBytes, shardsPerCard } = job.nodeType;
  if (step.gpu === null || !planned) lines.push('  no GPU (--gres=none; CUDA_VISIBLE_DEVICES is empty)');
  else {
    const need = `${formatBytes(planned.budgetBytes)} budget + ${formatBytes(planned.overheadBytes)} CUDA context`;
    if (step.gpu.kind === 'whole') lines.push(`  GPU: a whole card (${need})`);
    else if (cardBytes !== null && shardsPerCard !== null)
      lines.push(
        `  GPU: ${need} = ${step.gpu.shards} of ${shardsPerCard} shards (1 shard = ${formatBytes(bytesPerShard(cardBytes, shardsPerCard))})`,
      );
    lines.push(`  cap: ${planned.capNote}`);
  }
  lines.push(
    step.memoryBytes === null
      ? "  host memory: the job's (no host_memory)"
      : `  host memory: --mem ${formatBytes(step.memoryBytes)}`,
  );
  if (launch.dependsOn.length > 0) lines.push(`  starts after: ${launch.dependsOn.join(', ')}`);
  if (launch.readyWhen !== undefined) lines.push(`  ready when a line matches: ${launch.readyWhen}`);
  if (launch.restart !== 'no')
    lines.push(`  restart: ${launch.restart}, at most ${launch.maxRestarts} times`);
  return lines;
}
