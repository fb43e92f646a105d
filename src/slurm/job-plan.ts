// A plan made for Slurm: the planner's own first-fit decreasing over N nodes of one type (each node's
// cards as Slurm describes them), then, per process, what its job step asks Slurm for: shards or a
// whole GPU, --mem, the node of the allocation it runs on. Pure.
//
// Checked on Slurm 22.05.8 (test/slurm/README.md): a job cannot ask for whole GPUs and shards together
// ("Invalid generic resource (gres) specification"), and its shards on a node all come from one GPU (a
// job asking for more shards than one GPU has stays pending). So a job either takes whole GPUs (every
// GPU process alone on its card), or shares one card per node: the plan is then made on one card per
// node, and first-fit decreasing spreads the processes over the nodes.
import { plan as makePlan } from '../plan/plan.js';
import type { DeviceSpec, Finding, Plan, PlannedProcess, Spec } from '../plan/types.js';
import { checkJobPlan } from './job-checks.js';
import type { NodeType } from './node-types.js';
import { shardsFor, sumShards } from './shards.js';

/** What one step asks of the GPU: shards of a card, a whole card, or nothing. */
export type StepGpu = { kind: 'shards'; shards: number } | { kind: 'whole' } | null;

/** One process (or replica) of the plan as a job step. */
export interface SlurmStep {
  name: string;
  process: string;
  /** The node of the allocation, 0-based (srun --relative). */
  node: number;
  /** The card on that node the plan counted it against (Slurm picks the real one). */
  card: number | null;
  gpu: StepGpu;
  /** Budget plus CUDA context: what its shards stand for. */
  needBytes: number;
  /** --mem; null shares the job's memory on the node (--mem=0). */
  memoryBytes: number | null;
  cpus: number;
}

/** What the job asks for on each node (the most any node needs: sbatch options are per node). */
export interface PerNodeRequest {
  tasks: number;
  cpusPerTask: number;
  wholeGpus: number;
  shards: number;
  /** Σ --mem of the node's steps; null when a step has no host_memory (the cluster's default applies). */
  memoryBytes: number | null;
}

export interface SlurmJobPlan {
  nodeType: NodeType;
  nodeCount: number;
  plan: Plan;
  steps: SlurmStep[];
  perNode: PerNodeRequest;
  /** The plan's findings and Slurm's (shard rounding, cores, memory, nodes). */
  findings: Finding[];
}

/** `cardsPerNode` cards on each of `nodeCount` nodes, numbered node by node: node n's card g is n × C + g. */
export function clusterDevices(options: {
  nodeType: NodeType;
  nodeCount: number;
  cardsPerNode: number;
  simulated: boolean;
}): DeviceSpec[] {
  const { nodeType, nodeCount, cardsPerNode, simulated } = options;
  if (nodeType.cardBytes === null) return [];
  const cardBytes = nodeType.cardBytes;
  return Array.from({ length: nodeCount * cardsPerNode }, (_, index) => ({
    index,
    name: `node ${Math.floor(index / cardsPerNode)} GPU ${index % cardsPerNode}`,
    totalBytes: cardBytes,
    simulated,
  }));
}

// A process whose share is the whole usable card takes it whole (--gres=gpu:1): no other job's
// shards can land on it. So does every GPU process on nodes without shards.
function wholeOrShards(p: PlannedProcess, planned: Plan, nodeType: NodeType): StepGpu {
  if (p.device === null) return null;
  const device = planned.devices.find((d) => d.index === p.device);
  const needBytes = p.budgetBytes + p.overheadBytes;
  const isAlone = planned.processes.filter((q) => q.device === p.device).length === 1;
  if (nodeType.shardsPerCard === null || (isAlone && device && needBytes >= device.usableBytes))
    return { kind: 'whole' };
  return shardsOf(p, planned, nodeType.shardsPerCard);
}

function shardsOf(p: PlannedProcess, planned: Plan, shardsPerCard: number): StepGpu {
  if (p.device === null) return null;
  const cardBytes = planned.devices.find((d) => d.index === p.device)?.totalBytes ?? 0;
  const needBytes = p.budgetBytes + p.overheadBytes;
  return { kind: 'shards', shards: shardsFor({ needBytes, cardBytes, shardsPerCard }) };
}

interface JobOptions {
  spec: Spec;
  nodeType: NodeType;
  nodeCount: number;
  inheritedEnv: Record<string, string | undefined>;
  simulated: boolean;
  cpusPerProcess?: number;
}

function stepsOn(
  options: JobOptions,
  cardsPerNode: number,
  isShared: boolean,
): { planned: Plan; steps: SlurmStep[] } {
  const { spec, nodeType, nodeCount } = options;
  const devices = clusterDevices({ nodeType, nodeCount, cardsPerNode, simulated: options.simulated });
  const planned = makePlan(spec, { devices, inheritedEnv: options.inheritedEnv });
  const steps = planned.processes.map(
    (p): SlurmStep => ({
      name: p.name,
      process: p.process,
      node: p.device === null ? 0 : Math.floor(p.device / cardsPerNode),
      card: p.device === null ? null : p.device % cardsPerNode,
      gpu: isShared ? shardsOf(p, planned, nodeType.shardsPerCard ?? 1) : wholeOrShards(p, planned, nodeType),
      needBytes: p.device === null ? 0 : p.budgetBytes + p.overheadBytes,
      memoryBytes: p.hostMemoryBytes,
      cpus: options.cpusPerProcess ?? 1,
    }),
  );
  return { planned, steps };
}

/** Plans `spec` over `nodeCount` nodes of `nodeType` and turns each process into a step. */
export function planSlurmJob(options: JobOptions): SlurmJobPlan {
  const { spec, nodeType, nodeCount } = options;
  // Every card of every node first; when that needs shards, one shared card per node instead.
  let made = stepsOn(options, Math.max(1, nodeType.gpuCount), false);
  const isWhole = made.steps.every((s) => s.gpu === null || s.gpu.kind === 'whole');
  if (!isWhole && nodeType.shardsPerCard !== null) made = stepsOn(options, 1, true);
  const { planned, steps } = made;
  const nodes = Array.from({ length: nodeCount }, (_, n) => steps.filter((s) => s.node === n));
  const perNode: PerNodeRequest = {
    tasks: Math.max(0, ...nodes.map((here) => here.length)),
    cpusPerTask: options.cpusPerProcess ?? 1,
    wholeGpus: Math.max(0, ...nodes.map((here) => here.filter((s) => s.gpu?.kind === 'whole').length)),
    shards: Math.max(0, ...nodes.map((here) => sumShards(here))),
    memoryBytes: steps.some((s) => s.memoryBytes === null)
      ? null
      : Math.max(0, ...nodes.map((here) => here.reduce((sum, s) => sum + (s.memoryBytes ?? 0), 0))),
  };
  const job = { nodeType, nodeCount, plan: planned, steps, perNode, findings: [] };
  return { ...job, findings: [...planned.findings, ...checkJobPlan({ ...job, spec })] };
}
