// Partitions and their nodes, from `sinfo -h -N -o '%N|%P|%T'` (one line per node and partition;
// the default partition's name carries a `*`).
import { numberedLines, splitFields } from './output-error.js';

export interface PartitionNode {
  node: string;
  partition: string;
  isDefault: boolean;
  state: string;
}

export const sinfoNodesCommand = ['sinfo', '-h', '-N', '-o', '%N|%P|%T'] as const;

/** Parses sinfo's node-oriented lines. */
export function parseSinfoNodes(text: string): PartitionNode[] {
  const command = sinfoNodesCommand.join(' ');
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = splitFields({ command, line, text: record, names: ['%N', '%P', '%T'] });
    const partition = fields['%P'] ?? '';
    return {
      node: fields['%N'] ?? '',
      partition: partition.replace(/\*$/, ''),
      isDefault: partition.endsWith('*'),
      state: fields['%T'] ?? '',
    };
  });
}

/** The partition jobs go to when none is named, if the cluster has one. */
export function defaultPartition(rows: readonly PartitionNode[]): string | undefined {
  return rows.find((row) => row.isDefault)?.partition;
}

/** Names of the nodes in `partition`, in sinfo's order. */
export function nodesOfPartition(rows: readonly PartitionNode[], partition: string): string[] {
  return [...new Set(rows.filter((row) => row.partition === partition).map((row) => row.node))];
}
