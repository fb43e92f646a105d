// From the config and the partition to a Slurm job: the partition's node types (from the cluster, or
// declared with --gpu and --shards where there is no Slurm), the plan on each, the one chosen, and
// each step's LaunchSpec (the plan's variables, plus the simulated cards' when the cards are simulated).
import { parseGpuFlags } from '../../../config/gpu-flags.js';
import { EnvironmentError, UsageError } from '../../../errors.js';
import type { LaunchSpec } from '../../../launch/types.js';
import type { Spec } from '../../../plan/types.js';
import { simEnvironment } from '../../../probe/gpu/sim-backend.js';
import { readPartitionNodes } from '../../../slurm/cluster.js';
import type { SlurmCommands } from '../../../slurm/commands.js';
import { planSlurmJob, type SlurmJobPlan } from '../../../slurm/job-plan.js';
import { groupNodeTypes, type NodeType } from '../../../slurm/node-types.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import type { PlanContext } from '../load-plan.js';
import { loadConfigSpec } from '../load-plan.js';
import { checkSlurmTime, type SlurmInputs } from './checks.js';

export interface Candidate {
  nodeType: NodeType;
  job: SlurmJobPlan;
  fits: boolean;
}

export interface SlurmPreparation {
  spec: Spec;
  /** null when the node type was declared (no Slurm to ask). */
  partition: string | null;
  candidates: Candidate[];
  /** The smallest node type that fits, or with --force the first; null when none fits. */
  chosen: Candidate | null;
  launches: LaunchSpec[];
}

const fitsFirst = (a: Candidate, b: Candidate): number =>
  (a.nodeType.cardBytes ?? 0) - (b.nodeType.cardBytes ?? 0) ||
  a.nodeType.gpuCount - b.nodeType.gpuCount ||
  a.nodeType.memoryBytes - b.nodeType.memoryBytes;

function declaredNodeType(options: {
  cardBytes: number | undefined;
  gpuCount: number;
  shards: number;
  nodeCount: number;
}): NodeType {
  const { cardBytes, gpuCount, shards, nodeCount } = options;
  return {
    label: `${gpuCount} x gpu, ${shards} shards per GPU (declared, not checked against a cluster)`,
    nodes: Array.from({ length: nodeCount }, (_, n) => `declared-${n}`),
    gpuType: null,
    gpuCount,
    shardsPerCard: shards,
    isShardTyped: false,
    cardBytes: cardBytes ?? null,
    cardBytesSource: cardBytes === undefined ? null : 'declared',
    cardFeature: null,
    cpuCount: Number.MAX_SAFE_INTEGER,
    memoryBytes: Number.MAX_SAFE_INTEGER,
  };
}

async function nodeTypesOf(
  inputs: SlurmInputs,
  commands: SlurmCommands,
  declared: { cardBytes: number | undefined; gpuCount: number },
) {
  const nodeCount = inputs.nodes ?? 1;
  const { shards } = inputs;
  // --shards describes the nodes instead of asking Slurm: a script can be written anywhere.
  if (shards !== undefined)
    return { partition: null, types: [declaredNodeType({ ...declared, shards, nodeCount })] };
  try {
    const { partition, nodes } = await readPartitionNodes(commands, inputs.partition);
    if (nodes.length === 0)
      throw new UsageError(`partition ${partition} has no usable node (all down or drained)`);
    return { partition, types: groupNodeTypes(nodes, declared.cardBytes) };
  } catch (error) {
    if (!(error instanceof EnvironmentError)) throw error;
    throw new EnvironmentError(
      error.message,
      `${error.hint ?? 'run it on a Slurm login node'}; or describe the nodes with --gpu SIZE and --shards COUNT`,
    );
  }
}

/** Loads the config, reads the partition, plans on each node type and chooses one. */
export async function prepareSlurmJob(
  inputs: SlurmInputs,
  commands: SlurmCommands,
  context: PlanContext,
): Promise<SlurmPreparation> {
  checkSlurmTime(inputs.time);
  const spec = await loadConfigSpec(inputs.config, context.cwd);
  const nodeCount = inputs.nodes ?? 1;
  const cpusPerProcess = inputs.cpusPerProcess ?? 1;
  const devices = inputs.gpu.length > 0 ? parseGpuFlags(inputs.gpu) : spec.gpus;
  const simulated = devices.length > 0 && devices.every((d) => d.simulated);
  const declared = { cardBytes: devices[0]?.totalBytes, gpuCount: Math.max(1, devices.length) };
  const { partition, types } = await nodeTypesOf(inputs, commands, declared);
  const candidates = types.map((nodeType): Candidate => {
    const job = planSlurmJob({
      spec,
      nodeType,
      nodeCount,
      inheritedEnv: context.env,
      simulated,
      cpusPerProcess,
    });
    return { nodeType, job, fits: !job.findings.some((f) => f.severity === 'error') };
  });
  const fitting = candidates.filter((c) => c.fits).sort(fitsFirst);
  const chosen = fitting[0] ?? (inputs.force ? (candidates[0] ?? null) : null);
  const cardBytes = chosen?.nodeType.cardBytes;
  // The bundled workloads find simulated cards through HEADROOM_GPU, as a local run gives them.
  const card =
    simulated && chosen && cardBytes
      ? simEnvironment({
          env: context.env,
          spec: Array.from({ length: chosen.nodeType.gpuCount }, (_, index) => ({
            index,
            totalBytes: cardBytes,
          })),
        })
      : {};
  // The job inherits the submitter's environment itself: the launches carry only the plan's and the card's.
  const launches = chosen ? launchSpecsFromPlan({ spec, plan: chosen.job.plan, baseEnv: {}, card }) : [];
  return {
    spec,
    partition,
    candidates,
    chosen,
    launches,
  };
}
