// One reading for `watch`: the GPUs and their processes (named from the plan, HEADROOM_PROCESS or the
// command), or, without a GPU backend, the host's largest process trees; and the host's RAM.

import { readCommand } from '../gpu/proc-info.js';
import type { ProcessDetails } from '../gpu/process-details.js';
import type { GpuProbe } from '../gpu/types.js';
import { readHostMemory } from '../host/host-memory.js';
import { readProcessLabel } from '../host/process-label.js';
import { readTopTrees } from '../host/top-trees.js';
import { collectGpus, type GpusResult } from './gpus-result.js';
import type { PlannedMatcher } from './planned-match.js';

/** One process in a sample: GPU processes in GPU mode, the largest host trees in host-only mode. */
export interface SampledProcess {
  pid: number;
  /** The planned name (`actor.1`), HEADROOM_PROCESS, or the program's name. */
  name: string;
  device: number | null;
  usedBytes: number | null;
  hostBytes: number | null;
  command: string | null;
  budgetBytes: number | null;
}

/** One reading of everything `watch` shows. */
export interface WatchSample {
  source: GpusResult['source'];
  simulated: boolean;
  devices: GpusResult['devices'];
  processes: SampledProcess[];
  host: { totalBytes: number; usedBytes: number } | null;
  warnings: string[];
}

/** `python train.py --lr 3` → `train.py`; `/usr/bin/isaac-sim --headless` → `isaac-sim`. */
export function programName(command: string | null): string {
  const [program = '?', next] = (command ?? '?').split(' ');
  const base = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
  const isInterpreter = /^(python[\d.]*|node|bash|sh|ruby|perl)$/.test(base(program));
  return isInterpreter && next !== undefined && !next.startsWith('-') ? base(next) : base(program);
}

/** How many host trees host-only mode lists. */
export const hostTreeCount = 12;

/** The host's RAM as a watch line says it. */
export type HostReading = { totalBytes: number; usedBytes: number } | null;

/** A `--json` line's reading: the `gpus` result, each process with `process` and `budgetBytes`, and `host`. */
export type WatchJson =
  | (Omit<GpusResult, 'processes'> & {
      processes: (ProcessDetails & { process: string | null; budgetBytes: number | null })[];
      host: HostReading;
    })
  | {
      source: 'none';
      simulated: false;
      devices: [];
      processes: { pid: number; process: string; hostBytes: number | null; command: string | null }[];
      host: HostReading;
      warnings: string[];
    };

/** A reading and its `--json` line. */
export interface WatchReading {
  sample: WatchSample;
  json: WatchJson;
}

/** A reading of the GPUs through `probe`. */
export async function sampleGpus(
  probe: GpuProbe,
  match?: PlannedMatcher,
  procRoot = '/proc',
): Promise<WatchReading> {
  const collected = await collectGpus(probe, procRoot);
  const host = readHostMemory(procRoot) ?? null;
  const described = collected.processes.map((p) => {
    const localPid = p.localPid === undefined ? p.pid : p.localPid;
    const label = localPid === null ? undefined : readProcessLabel(localPid, procRoot);
    const planned = match?.(localPid, label ?? null);
    return { ...p, process: planned?.name ?? label ?? null, budgetBytes: planned?.budgetBytes ?? null };
  });
  const processes = described.map((p) => ({
    pid: p.pid,
    name: p.process ?? programName(p.command),
    device: p.device,
    usedBytes: p.usedBytes,
    hostBytes: p.hostBytes,
    command: p.command,
    budgetBytes: p.budgetBytes,
  }));
  const { source, simulated, devices, warnings } = collected;
  return {
    sample: { source, simulated, devices, processes, host, warnings },
    json: { ...collected, processes: described, host },
  };
}

/** A reading of the host alone: its RAM and its largest process trees (no GPU backend here). */
export function sampleHost(warnings: string[], procRoot = '/proc'): WatchReading {
  const processes = readTopTrees({ count: hostTreeCount, procRoot }).map((tree) => {
    const command = readCommand(tree.pid, procRoot);
    return {
      pid: tree.pid,
      name: tree.label ?? programName(command),
      device: null,
      usedBytes: null,
      hostBytes: tree.hostBytes,
      command,
      budgetBytes: null,
    };
  });
  const host = readHostMemory(procRoot) ?? null;
  const sample: WatchSample = { source: 'none', simulated: false, devices: [], processes, host, warnings };
  const json: WatchJson = {
    source: 'none',
    simulated: false,
    devices: [],
    processes: processes.map(({ pid, name, hostBytes, command }) => ({
      pid,
      process: name,
      hostBytes,
      command,
    })),
    host,
    warnings,
  };
  return { sample, json };
}
