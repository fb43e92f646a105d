// The data of `plan --on slurm` and its text: the node types as a table, then the chosen type's plan
// and what each step asks Slurm for. Loaded only when a Slurm plan is printed.
import type { Finding, Plan } from '../../../plan/types.js';
import type { SlurmStep } from '../../../slurm/job-plan.js';
import type { NodeType } from '../../../slurm/node-types.js';
import { slurmMemory } from '../../../slurm/script.js';
import { formatBytes } from '../../../units.js';
import { type Colors, renderTable } from '../../output.js';
import { renderFindings, renderPlan } from '../render-plan.js';

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

const gpuText = (step: SlurmStep): string =>
  step.gpu === null ? '-' : step.gpu.kind === 'whole' ? 'gpu:1' : `shard:${step.gpu.shards}`;

/** The node types as a table, then the chosen type's plan and steps. */
export function renderSlurmPlan(data: SlurmPlanData, colors: Colors): string {
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
