// A partition's nodes grouped into types (same GPUs, shards, cores and memory): what a job can ask
// for. Slurm does not know a GPU's memory; headroom reads it from a node feature `gpumem_<size>`
// (e.g. gpumem_24GiB, gpumem_80GB) or from the declared cards (--gpu or the config's gpus:).
import { parseBytes } from '../units.js';
import { gresCount } from './gres.js';
import type { SlurmNode } from './nodes.js';

export interface NodeType {
  /** `4 x gpu:a100, 400 shards, 64 cores, 503.00 GiB`: how people recognise it. */
  label: string;
  nodes: string[];
  gpuType: string | null;
  gpuCount: number;
  /** Shards per card; null when the nodes offer no shard GRES. */
  shardsPerCard: number | null;
  /** Whether the shard GRES carries the GPU's type (then a job names it: shard:a100:N). */
  isShardTyped: boolean;
  /** Memory of each card; null when neither Slurm nor a declaration says. */
  cardBytes: number | null;
  cardBytesSource: 'feature' | 'declared' | null;
  /** The node feature that gave the card size, for --constraint. */
  cardFeature: string | null;
  cpuCount: number;
  memoryBytes: number;
}

const featurePattern = /^gpu_?mem(?:ory)?[_=-]?(\d+(?:\.\d+)?\s*[a-z]*)$/i;

/** The card size a node's features state (`gpumem_24GiB`), with the feature. */
export function cardBytesFromFeatures(
  features: readonly string[],
): { bytes: number; feature: string } | null {
  for (const feature of features) {
    const match = featurePattern.exec(feature);
    const bytes = match ? parseBytes(match[1] ?? '') : undefined;
    if (bytes !== undefined && bytes > 0) return { bytes, feature };
  }
  return null;
}

/** Groups nodes by what a job sees of them; `declaredCardBytes` sizes cards no feature sizes. */
export function groupNodeTypes(nodes: readonly SlurmNode[], declaredCardBytes?: number): NodeType[] {
  const types = new Map<string, NodeType>();
  for (const node of nodes) {
    const gpus = node.gres.filter((entry) => entry.name === 'gpu');
    const shards = node.gres.filter((entry) => entry.name === 'shard');
    const gpuCount = gresCount(node.gres, 'gpu');
    const gpuType = gpus.find((entry) => entry.type !== null)?.type ?? null;
    const fromFeature = cardBytesFromFeatures(node.features);
    const cardBytes = fromFeature?.bytes ?? declaredCardBytes ?? null;
    const shardTotal = gresCount(node.gres, 'shard');
    const shardsPerCard = shardTotal > 0 && gpuCount > 0 ? Math.floor(shardTotal / gpuCount) : null;
    const key = [gpuType, gpuCount, shardsPerCard, cardBytes, node.cpuCount, node.memoryBytes].join('/');
    const existing = types.get(key);
    if (existing) {
      existing.nodes.push(node.name);
      continue;
    }
    const gpuLabel = `${gpuCount} x gpu${gpuType ? `:${gpuType}` : ''}`;
    const shardLabel = shardsPerCard === null ? 'no shards' : `${shardsPerCard} shards per GPU`;
    types.set(key, {
      label: `${gpuLabel}, ${shardLabel}, ${node.cpuCount} cores, ${Math.round(node.memoryBytes / 1024 ** 3)} GiB`,
      nodes: [node.name],
      gpuType,
      gpuCount,
      shardsPerCard,
      isShardTyped: shards.some((entry) => entry.type !== null),
      cardBytes,
      cardBytesSource: fromFeature ? 'feature' : declaredCardBytes === undefined ? null : 'declared',
      cardFeature: fromFeature?.feature ?? null,
      cpuCount: node.cpuCount,
      memoryBytes: node.memoryBytes,
    });
  }
  return [...types.values()];
}
