// The text of `plan --on ray`: the cluster's nodes with what the plan asks of each, then each process's
// node, GPU share (num_gpus and bytes), CPUs, memory and why, then the plan's budgets and the findings.
import { nodeLabel } from '../../../ray/placement.js';
import type { RayNodeUse, RayPlacedProcess } from '../../../ray/types.js';
import { formatBytes } from '../../../units.js';
import { type Colors, renderTable } from '../../output.js';
import { renderFindings, renderPlan } from '../render-plan.js';
import type { RayPlanData } from './plan-on-ray.js';

const cpuText = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function nodeRow(use: RayNodeUse, data: RayPlanData, colors: Colors): string[] {
  const over = (isOver: boolean, text: string): string => (isOver ? colors.red(text) : text);
  const gpus = use.gpus
    .map((g) => `${g.index}: ${formatBytes(g.totalBytes)}, ${(g.units / 10_000).toFixed(4)} asked`)
    .join('; ');
  return [
    nodeLabel(use, data.cluster.nodes) + (use.isHead ? colors.dim(' head') : ''),
    over(use.cpusAsked > use.cpus, `${cpuText(use.cpusAsked)}/${cpuText(use.cpus)}`),
    over(
      use.memoryAskedBytes > use.memoryBytes,
      `${formatBytes(use.memoryAskedBytes)} / ${formatBytes(use.memoryBytes)}`,
    ),
    gpus || '-',
  ];
}

function processRow(p: RayPlacedProcess, data: RayPlanData): string[] {
  const node = data.cluster.nodes.find((n) => n.id === p.nodeId);
  return [
    p.name,
    node ? nodeLabel(node, data.cluster.nodes) : '-',
    p.gpu === null ? '-' : String(p.gpu),
    p.gpu === null ? '0' : String(p.numGpus),
    p.gpu === null ? '-' : formatBytes(p.needBytes),
    cpuText(p.numCpus),
    p.memoryBytes === null ? '-' : formatBytes(p.memoryBytes),
    p.placementGroup === null ? '-' : `${p.placementGroup}[${p.bundleIndex}]`,
    p.reason,
  ];
}

/** Nodes, then processes, then the plan's budgets and the findings. */
export function renderRayPlan(data: RayPlanData, colors: Colors): string {
  const { cluster } = data;
  const where =
    cluster.source === 'live'
      ? `Ray cluster at ${cluster.address}`
      : 'Ray cluster declared in the config (ray: nodes:)';
  const nodes = renderTable(
    [
      { header: 'NODE' },
      { header: 'CPUS ASKED/HAS' },
      { header: 'MEMORY ASKED / HAS' },
      { header: 'GPUS (num_gpus asked)' },
    ],
    data.nodes.map((use) => nodeRow(use, data, colors)),
  );
  const processes = renderTable(
    [
      { header: 'PROCESS' },
      { header: 'NODE' },
      { header: 'GPU', align: 'right' },
      { header: 'NUM_GPUS', align: 'right' },
      { header: 'GPU BYTES', align: 'right' },
      { header: 'NUM_CPUS', align: 'right' },
      { header: 'MEMORY', align: 'right' },
      { header: 'PLACEMENT GROUP' },
      { header: 'WHY' },
    ],
    data.processes.map((p) => processRow(p, data)),
  );
  return [
    `${colors.bold(where)}, ${cluster.nodes.length} node${cluster.nodes.length === 1 ? '' : 's'}`,
    nodes,
    '',
    colors.bold('Ray placement'),
    processes,
    colors.dim(
      "num_gpus: budget + CUDA context over the card, rounded up to Ray's 0.0001; memory: host_memory as Ray's memory= reservation; a placement group keeps processes that share a card on one card",
    ),
    '',
    renderPlan(data.plan, colors),
    renderFindings(data.findings, colors),
  ].join('\n');
}
