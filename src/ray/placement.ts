// Where a plan goes on a Ray cluster: the one planner (src/plan/plan.ts) splits the cluster's cards,
// counted node by node as Slurm's are (src/slurm/job-plan.ts); this turns each planned process into
// what its actor asks Ray for (num_gpus from bytes, num_cpus, memory), the node it must run on, a
// placement group for processes that share a card, and findings naming the node and the resource that
// is short when the plan does not fit. Pure. The shapes are in ./types.ts (re-exported here).
import { profileOf } from '../frameworks/index.js';
import { plan as makePlan } from '../plan/plan.js';
import type { DeviceSpec, Plan, PlannedProcess, Spec } from '../plan/types.js';
import { formatBytes } from '../units.js';
import { type Card, rayFindings } from './placement-findings.js';
import { gpuUnitsFor, numGpusForUnits, rayUnitsOf, rayUnitsPerWhole } from './ray-units.js';
import type {
  RayCluster,
  RayNode,
  RayNodeUse,
  RayPlacedProcess,
  RayPlacement,
  RayPlacementGroup,
} from './types.js';

export { gpuUnitsFor, numGpusForUnits, rayUnitsOf, rayUnitsPerWhole } from './ray-units.js';
export type * from './types.js';

/** The label Ray 2.58 gives every node, carrying its id (python/ray/util/placement_group.py NODE_ID_LABEL_KEY). */
export const rayNodeIdLabel = 'ray.io/node-id';

export interface RayPlacementOptions {
  spec: Spec;
  cluster: RayCluster;
  /** The environment the processes would inherit (the driver's). */
  inheritedEnv: Record<string, string | undefined>;
  /** Ray `num_cpus` of each process (default 1, what Ray schedules an actor by). */
  cpusPerProcess?: number;
  /** As for plan(): where headroom's Python bootstrap lives; null where it cannot be used. */
  bootstrapDir?: string | null;
}

/** A node as people read it: its address, with the id's start where several nodes share one. */
export function nodeLabel(node: Pick<RayNode, 'id' | 'address'>, nodes: readonly RayNode[]): string {
  const isShared = nodes.filter((n) => n.address === node.address).length > 1;
  return isShared || node.address === ''
    ? `${node.address || 'node'} (${node.id.slice(0, 8)})`
    : node.address;
}

/** The cluster's cards as the planner's devices: node by node, device k is the k-th card. */
export function clusterCards(cluster: RayCluster): { devices: DeviceSpec[]; cards: Card[] } {
  const cards = cluster.nodes.flatMap((node) => node.gpus.map((g) => ({ node, gpu: g.index, card: g })));
  const devices = cards.map(
    ({ node, card }, index): DeviceSpec => ({
      index,
      name: `${nodeLabel(node, cluster.nodes)} GPU ${card.index}: ${card.name}`,
      totalBytes: card.totalBytes,
      simulated: card.simulated,
    }),
  );
  return { devices, cards: cards.map(({ node, gpu }) => ({ node, gpu })) };
}

/** Places `spec` on a Ray cluster: the planner's split of its cards, then each actor's Ray request. */
export function placeOnRay(options: RayPlacementOptions): RayPlacement {
  const { spec, cluster } = options;
  const numCpus = options.cpusPerProcess ?? 1;
  const { devices, cards } = clusterCards(cluster);
  const plan = makePlan(spec, {
    devices,
    inheritedEnv: options.inheritedEnv,
    ...(options.bootstrapDir === undefined ? {} : { bootstrapDir: options.bootstrapDir }),
  });
  const label = (node: RayNode): string => nodeLabel(node, cluster.nodes);
  const usable = (device: number): number =>
    plan.devices.find((d) => d.index === device)?.usableBytes ?? Number.POSITIVE_INFINITY;
  const sharing = (device: number): PlannedProcess[] => plan.processes.filter((p) => p.device === device);

  const placed = plan.processes.map((p): RayPlacedProcess => {
    const memoryBytes = p.hostMemoryBytes;
    const base = { name: p.name, process: p.process, replica: p.replica, numCpus, memoryBytes };
    const card = p.device === null ? undefined : cards[p.device];
    if (!card || p.device === null) {
      return {
        ...base,
        nodeId: null,
        nodeAddress: null,
        gpu: null,
        numGpus: 0,
        gpuUnits: 0,
        needBytes: 0,
        placementGroup: null,
        bundleIndex: null,
        // A process without a GPU gets its node below; one that needs a card found none (findings say why).
        reason: profileOf(p.framework).usesGpu ? 'needs a GPU, and the plan has no card for it' : '',
      };
    }
    const totalBytes = devices[p.device]?.totalBytes ?? 0;
    const needBytes = p.budgetBytes + p.overheadBytes;
    const others = sharing(p.device).filter((q) => q.name !== p.name);
    // Alone and filling what the reserve leaves: the whole card, so no other actor lands on it.
    const isWhole = others.length === 0 && needBytes >= usable(p.device);
    // A need over the whole card is the planner's overcommit (a finding); Ray refuses fractions above 1.
    const units = Math.min(rayUnitsPerWhole, gpuUnitsFor(needBytes, totalBytes));
    const numGpus = isWhole ? 1 : numGpusForUnits(units);
    const where = `GPU ${card.gpu} of ${label(card.node)}`;
    const share = `${formatBytes(needBytes)} (budget ${formatBytes(p.budgetBytes)} + context ${formatBytes(p.overheadBytes)}) of ${formatBytes(totalBytes)}`;
    const reason = isWhole
      ? `${where} whole: ${share} fills what the reserve leaves, so num_gpus=1 keeps other actors off it`
      : others.length === 0
        ? `${where}, alone on it: ${share} = num_gpus ${numGpus} (rounded up to Ray's 0.0001)`
        : `${where}, shared with ${others.map((q) => q.name).join(', ')}: ${share} = num_gpus ${numGpus} (rounded up to Ray's 0.0001)`;
    return {
      ...base,
      nodeId: card.node.id,
      nodeAddress: card.node.address,
      gpu: card.gpu,
      numGpus,
      gpuUnits: rayUnitsOf(numGpus),
      needBytes,
      placementGroup: null,
      bundleIndex: null,
      reason,
    };
  });

  const uses = cluster.nodes.map((node) => nodeUse(node, placed));
  placeHostOnly({ plan: plan.processes, placed, uses, cluster, label });
  const placementGroups = groupSharedCards({ placed, uses, cluster, label });
  const refreshed = cluster.nodes.map((node) => nodeUse(node, placed));
  const findings = [
    ...rayFindings({ plan, placed, nodes: refreshed, cards, cluster, label, numCpus }),
    ...plan.findings.filter((f) => f.code !== 'overcommit'),
  ];
  return {
    cluster,
    plan: withNodeCards(plan, cards),
    processes: placed,
    placementGroups,
    nodes: refreshed,
    findings,
    fits: !findings.some((f) => f.severity === 'error'),
  };
}

function nodeUse(node: RayNode, placed: readonly RayPlacedProcess[]): RayNodeUse {
  const here = placed.filter((p) => p.nodeId === node.id);
  return {
    id: node.id,
    address: node.address,
    isHead: node.isHead,
    cpus: node.cpus,
    cpusAsked: here.reduce((sum, p) => sum + p.numCpus, 0),
    memoryBytes: node.memoryBytes,
    memoryAskedBytes: here.reduce((sum, p) => sum + (p.memoryBytes ?? 0), 0),
    gpus: node.gpus.map((g) => {
      const onCard = here.filter((p) => p.gpu === g.index);
      return {
        index: g.index,
        totalBytes: g.totalBytes,
        plannedBytes: onCard.reduce((sum, p) => sum + p.needBytes, 0),
        units: onCard.reduce((sum, p) => sum + p.gpuUnits, 0),
        processes: onCard.map((p) => p.name),
      };
    }),
    processes: here.map((p) => p.name),
  };
}

// Processes without a GPU go to the first node with their CPUs and memory free (after the GPU ones);
// where none has room, to the one with the most memory left, and the findings say what is short.
function placeHostOnly(options: {
  plan: readonly PlannedProcess[];
  placed: RayPlacedProcess[];
  uses: RayNodeUse[];
  cluster: RayCluster;
  label: (node: RayNode) => string;
}): void {
  const { plan, placed, uses, cluster, label } = options;
  placed.forEach((entry, k) => {
    const planned = plan[k];
    if (entry.nodeId !== null || !planned || profileOf(planned.framework).usesGpu) return;
    const memory = entry.memoryBytes ?? 0;
    const room = (u: RayNodeUse): boolean =>
      u.cpus - u.cpusAsked >= entry.numCpus && u.memoryBytes - u.memoryAskedBytes >= memory;
    const fitting = uses.find(room);
    const chosen =
      fitting ??
      [...uses].sort((a, b) => b.memoryBytes - b.memoryAskedBytes - (a.memoryBytes - a.memoryAskedBytes))[0];
    const node = chosen && cluster.nodes.find((n) => n.id === chosen.id);
    if (!chosen || !node) {
      entry.reason = 'no node in the cluster';
      return;
    }
    chosen.cpusAsked += entry.numCpus;
    chosen.memoryAskedBytes += memory;
    entry.nodeId = node.id;
    entry.nodeAddress = node.address;
    const asks = `${entry.numCpus} CPU${entry.numCpus === 1 ? '' : 's'}${entry.memoryBytes === null ? '' : ` and ${formatBytes(memory)} memory`}`;
    entry.reason = fitting
      ? `no GPU: the first node with ${asks} free`
      : `no GPU: no node has ${asks} free; ${label(node)} has the most memory left`;
  });
}

// Processes counted on one card share a placement group of one bundle pinned to the node: the bundle
// gets one card and its actors draw from exactly that card (see RayPlacementGroup).
function groupSharedCards(options: {
  placed: RayPlacedProcess[];
  uses: readonly RayNodeUse[];
  cluster: RayCluster;
  label: (node: RayNode) => string;
}): RayPlacementGroup[] {
  const groups: RayPlacementGroup[] = [];
  for (const use of options.uses) {
    for (const card of use.gpus) {
      const members = options.placed.filter((p) => p.nodeId === use.id && p.gpu === card.index);
      if (members.length < 2) continue;
      const name = `headroom-${use.id.slice(0, 8)}-gpu${card.index}`;
      const units = members.reduce((sum, p) => sum + p.gpuUnits, 0);
      const memoryBytes = members.reduce((sum, p) => sum + (p.memoryBytes ?? 0), 0);
      const hasMemory = members.some((p) => p.memoryBytes !== null);
      groups.push({
        name,
        strategy: 'STRICT_PACK',
        nodeId: use.id,
        gpu: card.index,
        bundles: [
          {
            // Members' reserved units summed: what the bundle must hold for each to draw its own.
            GPU: units / rayUnitsPerWhole,
            CPU: members.reduce((sum, p) => sum + p.numCpus, 0),
            ...(hasMemory ? { memory: memoryBytes } : {}),
          },
        ],
        bundleLabelSelector: [{ [rayNodeIdLabel]: use.id }],
        processes: members.map((p) => p.name),
      });
      for (const member of members) {
        member.placementGroup = name;
        member.bundleIndex = 0;
      }
    }
  }
  return groups;
}

// The planner names cards cluster-wide (device k); on its node a card is its own index. Ray sets the
// actor's CUDA_VISIBLE_DEVICES to the card it grants, so the plan says the node's card it counted.
function withNodeCards(plan: Plan, cards: readonly Card[]): Plan {
  const processes = plan.processes.map((p) => {
    const card = p.device === null ? undefined : cards[p.device];
    if (!card || p.env.CUDA_VISIBLE_DEVICES === undefined) return p;
    return { ...p, env: { ...p.env, CUDA_VISIBLE_DEVICES: String(card.gpu) } };
  });
  return { ...plan, processes };
}
