// The nodes of a cluster as `scontrol -o show node` describes them, one line per node.
import { bytesPer } from '../units.js';
import { type GresEntry, parseGres } from './gres.js';
import { parseKeyValues } from './key-values.js';
import { numberedLines, SlurmOutputError } from './output-error.js';

/** What headroom needs to know of one node. */
export interface SlurmNode {
  name: string;
  /** `IDLE`, `MIXED`, `ALLOCATED`, `DOWN+DRAIN`, ... */
  state: string;
  partitions: string[];
  cpuCount: number;
  cpuAllocatedCount: number;
  memoryBytes: number;
  memoryAllocatedBytes: number;
  gres: GresEntry[];
  features: string[];
}

export const scontrolNodesCommand = ['scontrol', '-o', 'show', 'node'] as const;

const listOf = (value: string | undefined): string[] =>
  value === undefined || value === '' || value === '(null)' ? [] : value.split(',').filter(Boolean);

/** Parses `scontrol -o show node` (every node, or the ones named). */
export function parseScontrolNodes(text: string): SlurmNode[] {
  const command = scontrolNodesCommand.join(' ');
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = parseKeyValues(record);
    const fail = (field: string, message: string): never => {
      throw new SlurmOutputError({ command, line, field, message });
    };
    const text = (field: string): string => fields.get(field) ?? fail(field, 'missing');
    const count = (field: string, fallback?: number): number => {
      const value = fields.get(field);
      if (value === undefined && fallback !== undefined) return fallback;
      if (value === undefined || !/^\d+$/.test(value)) return fail(field, `"${value ?? ''}" is not a count`);
      return Number(value);
    };
    const gres = parseGres(fields.get('Gres') ?? '');
    if (!gres) fail('Gres', `"${fields.get('Gres')}" is not a GRES list`);
    return {
      name: text('NodeName'),
      state: text('State'),
      partitions: listOf(fields.get('Partitions')),
      cpuCount: count('CPUTot'),
      cpuAllocatedCount: count('CPUAlloc', 0),
      // slurm.conf(5): RealMemory is in megabytes, which Slurm counts in units of 1024 KiB.
      memoryBytes: count('RealMemory') * bytesPer.MiB,
      memoryAllocatedBytes: count('AllocMem', 0) * bytesPer.MiB,
      gres: gres ?? [],
      features: listOf(fields.get('AvailableFeatures')),
    };
  });
}

/** True when the node can take work now or later (not down, drained or failing). */
export function isUsableNode(node: SlurmNode): boolean {
  return !/DOWN|DRAIN|FAIL|FUTURE|NOT_RESPONDING|POWERED_DOWN|INVAL/.test(node.state);
}
