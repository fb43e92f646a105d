// What a Slurm job needs beyond the plan's own checks: each a small pure rule over the job plan
// (card sizes known, shards per card after rounding, whole cards, cores, memory, nodes).
import { profileOf } from '../frameworks/index.js';
import type { Finding, Spec } from '../plan/types.js';
import { formatBytes } from '../units.js';
import type { SlurmJobPlan, SlurmStep } from './job-plan.js';
import { bytesPerShard, sumShards } from './shards.js';

type JobContext = Omit<SlurmJobPlan, 'findings'> & { spec: Spec };
type Rule = (job: JobContext) => Finding[];

const error = (code: string, message: string, extra: Partial<Finding> = {}): Finding => ({
  code,
  severity: 'error',
  message,
  ...extra,
});

const usesGpu = (job: JobContext): boolean => job.spec.processes.some((p) => profileOf(p.framework).usesGpu);

const cardsKnown: Rule = (job) => {
  if (!usesGpu(job)) return [];
  if (job.nodeType.gpuCount === 0)
    return [error('slurm-no-gpus', `nodes of type ${job.nodeType.label} have no GPU GRES`)];
  if (job.nodeType.cardBytes !== null) return [];
  return [
    error(
      'slurm-card-size-unknown',
      `Slurm does not say how much memory the GPUs of ${job.nodeType.nodes.join(', ')} have; declare it with --gpu 80GiB, the config's gpus:, or a node feature gpumem_80GiB`,
    ),
  ];
};

const stepsByCard = (job: JobContext): Map<string, SlurmStep[]> => {
  const cards = new Map<string, SlurmStep[]>();
  for (const step of job.steps.filter((s) => s.card !== null)) {
    const key = `${step.node}/${step.card}`;
    cards.set(key, [...(cards.get(key) ?? []), step]);
  }
  return cards;
};

const shardsPerCard: Rule = (job) => {
  const { shardsPerCard: available, cardBytes } = job.nodeType;
  if (available === null || cardBytes === null) return [];
  return [...stepsByCard(job).entries()].flatMap(([key, steps]) => {
    const shards = sumShards(steps);
    if (shards <= available) return [];
    const [node, card] = key.split('/');
    const excessBytes = Math.ceil((shards - available) * bytesPerShard(cardBytes, available));
    return [
      error(
        'slurm-shards-over',
        `node ${node} GPU ${card}: ${steps.map((s) => s.name).join(', ')} need ${shards} shards after rounding each up to whole shards of ${formatBytes(bytesPerShard(cardBytes, available))}; the card has ${available}. Lower a budget by ${formatBytes(excessBytes)} or raise reserve by as much`,
        { facts: { shards, availableShards: available, excessBytes } },
      ),
    ];
  });
};

const wholeCardsAlone: Rule = (job) =>
  [...stepsByCard(job).values()]
    .filter((steps) => steps.length > 1 && steps.some((s) => s.gpu?.kind === 'whole'))
    .map((steps) =>
      error(
        'slurm-needs-shards',
        `${steps.map((s) => s.name).join(', ')} share a GPU, but nodes of type ${job.nodeType.label} offer no shard GRES to share it with; give each its own GPU or ask the admins for shards (gres.conf Name=shard)`,
      ),
    );

const coresAndMemory: Rule = (job) => {
  const { perNode, nodeType } = job;
  const findings: Finding[] = [];
  const cores = perNode.tasks * perNode.cpusPerTask;
  if (cores > nodeType.cpuCount)
    findings.push(
      error(
        'slurm-cpus-over',
        `a node runs ${perNode.tasks} steps of ${perNode.cpusPerTask} core(s); its type has ${nodeType.cpuCount}`,
      ),
    );
  if (perNode.memoryBytes !== null && perNode.memoryBytes > nodeType.memoryBytes)
    findings.push(
      error(
        'slurm-memory-over',
        `the steps of a node ask for ${formatBytes(perNode.memoryBytes)} of host memory (--mem); nodes of type ${nodeType.label} have ${formatBytes(nodeType.memoryBytes)}`,
      ),
    );
  const shared = job.steps.filter((s) => s.memoryBytes === null).map((s) => s.name);
  if (shared.length > 0)
    findings.push({
      code: 'slurm-memory-shared',
      severity: 'info',
      message: `${shared.join(', ')} ${shared.length === 1 ? 'has' : 'have'} no host_memory: each runs with --mem=0 (the job's memory on its node), and the job asks for the cluster's default; set host_memory to give each its own limit`,
    });
  return findings;
};

const nodesAvailable: Rule = (job) => {
  const findings: Finding[] = [];
  if (job.nodeCount > job.nodeType.nodes.length)
    findings.push(
      error(
        'slurm-too-few-nodes',
        `the job asks for ${job.nodeCount} nodes; the partition has ${job.nodeType.nodes.length} of type ${job.nodeType.label}`,
      ),
    );
  const spare = job.nodeType.nodes.length - job.nodeCount;
  if (spare > 0 && job.plan.findings.some((f) => f.code === 'overcommit'))
    findings.push({
      code: 'slurm-more-nodes',
      severity: 'info',
      message: `the partition has ${job.nodeType.nodes.length} nodes of this type: --nodes ${job.nodeCount + 1} (or more) spreads the processes over them`,
    });
  const idle = Array.from({ length: job.nodeCount }, (_, n) => n).filter(
    (n) => !job.steps.some((s) => s.node === n),
  );
  if (idle.length > 0)
    findings.push({
      code: 'slurm-node-unused',
      severity: 'warning',
      message: `the plan puts no process on node ${idle.join(', ')}; ask for ${job.nodeCount - idle.length} node(s)`,
    });
  return findings;
};

// job-plan.ts: shards come from one GPU per node and job (checked on Slurm 22.05.8).
const oneCardPerNode: Rule = (job) => {
  const isShared = job.steps.some((s) => s.gpu?.kind === 'shards');
  if (!isShared || job.nodeType.gpuCount <= 1) return [];
  return [
    {
      code: 'slurm-one-card-per-node',
      severity: 'info',
      message: `the processes share GPUs, so the job uses one GPU of each node: Slurm gives a job's shards on a node from one GPU, and a job cannot ask for whole GPUs and shards together; ask for more nodes (--nodes) to use more GPUs`,
    },
  ];
};

const rules: Rule[] = [
  cardsKnown,
  shardsPerCard,
  wholeCardsAlone,
  coresAndMemory,
  nodesAvailable,
  oneCardPerNode,
];

/** Every Slurm finding for a job plan. */
export function checkJobPlan(job: JobContext): Finding[] {
  return rules.flatMap((rule) => rule(job));
}
