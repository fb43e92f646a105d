// The options `run --on slurm`, `plan --on slurm` and `slurm script` share, and their checks.
import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import { collect } from '../../common.js';

/** Slurm options as commander hands them over. */
export interface SlurmFlags {
  config?: string;
  gpu?: string[];
  partition?: string;
  nodes?: string;
  account?: string;
  time?: string;
  shards?: string;
  cpusPerProcess?: string;
  force?: boolean;
  json?: boolean;
}

/** Adds the Slurm options to a command (those it does not have already). */
export function addSlurmOptions(command: Command, options: { withCommon: boolean }): Command {
  if (options.withCommon)
    command
      .option('-c, --config <file>', 'config file (default: ./headroom.yaml)')
      .option('--gpu <spec>', "declare the nodes' GPUs: 24GiB, sim:24GiB (when Slurm does not say)", collect)
      .option('--force', 'go on even when the plan does not fit')
      .option('--json', 'print JSON');
  return command
    .option('--partition <name>', "Slurm partition (default: the cluster's default)")
    .option('--nodes <count>', 'nodes to spread the processes over (default: 1)')
    .option('--account <name>', 'Slurm account to charge')
    .option('--time <limit>', 'time limit, as sbatch reads it (30, 2:00:00, 1-0)')
    .option(
      '--shards <count>',
      'plan for nodes of --gpu cards cut into this many shards, without asking Slurm',
    )
    .option('--cpus-per-process <count>', 'cores for each process (default: 1)');
}

const positive = (flag: string, text: string | undefined, fallback: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} ${text}: expected a whole number of 1 or more`);
  return Number(text);
};

/** Node count, cores per process and declared shards, checked. */
export function parseCounts(flags: SlurmFlags): {
  nodeCount: number;
  cpusPerProcess: number;
  shards: number | undefined;
} {
  // sbatch(1) --time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, or UNLIMITED/INFINITE.
  if (flags.time !== undefined && !/^(?:\d+(?:-\d+)?(?::\d+){0,2}|UNLIMITED|INFINITE)$/i.test(flags.time))
    throw new UsageError(`--time ${flags.time}: expected minutes, HH:MM:SS or D-HH:MM:SS`);
  return {
    nodeCount: positive('--nodes', flags.nodes, 1),
    cpusPerProcess: positive('--cpus-per-process', flags.cpusPerProcess, 1),
    shards: flags.shards === undefined ? undefined : positive('--shards', flags.shards, 1),
  };
}

/** `--on local|slurm`; undefined means local. */
export function isOnSlurm(on: string | undefined): boolean {
  if (on === undefined || on === 'local') return false;
  if (on === 'slurm') return true;
  throw new UsageError(`--on ${on}: expected local or slurm`);
}
