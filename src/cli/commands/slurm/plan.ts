// `headroom plan --on slurm`: whether the plan fits each node type of the partition (GPUs, shards,
// cores, memory), which one the job would use, and what each step asks Slurm for.
import type pc from 'picocolors';
import { ExitCode } from '../../../errors.js';
import type { Finding, Plan } from '../../../plan/types.js';
import type { SlurmStep } from '../../../slurm/job-plan.js';
import type { NodeType } from '../../../slurm/node-types.js';
import { slurmMemory } from '../../../slurm/script.js';
import type { SlurmCommands } from '../../../supervise/backends/slurm/commands.js';
import { formatBytes } from '../../../units.js';
import { renderTable, toJson } from '../../output.js';
import { renderFindings, renderPlan } from '../../render-plan.js';
import type { SlurmFlags } from './options.js';
import { prepareSlurmJob } from './prepare.js';

type Colors = ReturnType<typeof pc.createColors>;

export interface NodeTypeFit extends NodeType {
  fits: boolean;
  /** Why not, one sentence per error finding. */
  problems: string[];
}

export interface SlurmPlanData {
  partition: string | null;
  nodeCount: number;
  nodeTypes: NodeTypeFit[];
  /** The node type the job would use (the smallest that fits); null when none fits. */
  chosen: { nodeType: string; plan: Plan; steps: SlurmStep[]; findings: Finding[] } | null;
}

/** Plans the config on every node type of the partition. */
export async function run(
  flags: SlurmFlags,
  commands: SlurmCommands,
): Promise<{ data: SlurmPlanData; exitCode: number }> {
  const prepared = await prepareSlurmJob({ ...flags, force: false }, commands);
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

const gpuText = (step: SlurmStep): string =>
  step.gpu === null ? '-' : step.gpu.kind === 'whole' ? 'gpu:1' : `shard:${step.gpu.shards}`;

function renderText(data: SlurmPlanData, colors: Colors): string {
  const rows = data.nodeTypes.map((t) => [
    t.fits ? colors.green('yes') : colors.red('no'),
    t.label,
    String(t.nodes.length),
    t.cardBytes === null ? '?' : formatBytes(t.cardBytes),
    t.problems[0] ?? '',
  ]);
  const where = data.partition === null ? 'declared nodes' : `partition ${data.partition}`;
  const lines = [
    `${where}, ${data.nodeCount} node(s) per job:`,
    renderTable(
      [
        { header: 'FITS' },
        { header: 'NODE TYPE' },
        { header: 'NODES', align: 'right' },
        { header: 'GPU MEMORY' },
        { header: 'WHY NOT' },
      ],
      rows,
    ),
    '',
  ];
  if (!data.chosen) return `${lines.join('\n')}${colors.red('no node type fits the plan')}\n`;
  const steps = data.chosen.steps.map((s) => [
    s.name,
    String(s.node),
    gpuText(s),
    s.memoryBytes === null ? "0 (the job's)" : slurmMemory(s.memoryBytes),
  ]);
  lines.push(
    `the job would use: ${data.chosen.nodeType}`,
    '',
    renderPlan(data.chosen.plan, colors),
    renderTable(
      [{ header: 'STEP' }, { header: 'NODE', align: 'right' }, { header: '--gres' }, { header: '--mem' }],
      steps,
    ),
    '',
    renderFindings(data.chosen.findings, colors),
  );
  return lines.join('\n');
}

export const reporters = {
  text: renderText,
  json: (data: SlurmPlanData): string => toJson(data),
};
