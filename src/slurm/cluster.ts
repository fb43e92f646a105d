// What a partition offers, read from the cluster: sinfo names its nodes (and the default partition),
// scontrol describes them.
import { UsageError } from '../errors.js';
import type { SlurmCommands } from './commands.js';
import { isUsableNode, parseScontrolNodes, type SlurmNode, scontrolNodesCommand } from './nodes.js';
import { defaultPartition, nodesOfPartition, parseSinfoNodes, sinfoNodesCommand } from './sinfo.js';

export interface PartitionNodes {
  partition: string;
  nodes: SlurmNode[];
}

const [sinfo, ...sinfoArgs] = sinfoNodesCommand;
const [scontrol, ...scontrolArgs] = scontrolNodesCommand;

/** The usable nodes of `partition` (default: the cluster's default partition). */
export async function readPartitionNodes(
  commands: SlurmCommands,
  partition?: string,
): Promise<PartitionNodes> {
  const rows = parseSinfoNodes(await commands.run(sinfo, sinfoArgs));
  const chosen = partition ?? defaultPartition(rows);
  const known = [...new Set(rows.map((row) => row.partition))];
  if (chosen === undefined)
    throw new UsageError(
      'the cluster has no default partition',
      `pass --partition (one of: ${known.join(', ')})`,
    );
  const names = new Set(nodesOfPartition(rows, chosen));
  if (names.size === 0)
    throw new UsageError(
      `no partition named ${chosen} (or it has no nodes)`,
      `partitions: ${known.join(', ')}`,
    );
  const nodes = parseScontrolNodes(await commands.run(scontrol, scontrolArgs));
  return { partition: chosen, nodes: nodes.filter((node) => names.has(node.name) && isUsableNode(node)) };
}
