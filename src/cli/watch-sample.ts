// One reading for `watch`: the GPUs and their processes (named from the plan, HEADROOM_PROCESS or the
// command), or, without a GPU backend, the host's largest process trees; and the host's RAM.

import { readCommand } from '../probe/gpu/proc-info.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { readHostMemory } from '../probe/host/host-memory.js';
import { readProcessLabel } from '../probe/host/process-label.js';
import { readTopTrees } from '../probe/host/top-trees.js';
import type { PlannedMatch } from './plan-budgets.js';
import { collectGpus } from './render-gpus.js';
import { programName, type WatchSample } from './watch-model.js';

type Matcher = (pid: number | null | undefined) => PlannedMatch | undefined;

/** How many host trees host-only mode lists. */
export const hostTreeCount = 12;

/** A reading and its `--json` line (the `gpus` result, each process with `process` and `budgetBytes`, and `host`). */
export interface WatchReading {
  sample: WatchSample;
  json: Record<string, unknown>;
}

/** A reading of the GPUs through `probe`. */
export async function sampleGpus(
  probe: GpuProbe,
  match?: Matcher,
  procRoot = '/proc',
): Promise<WatchReading> {
  const collected = await collectGpus(probe, procRoot);
  const host = readHostMemory(procRoot) ?? null;
  const described = collected.processes.map((p) => {
    const localPid = p.localPid === undefined ? p.pid : p.localPid;
    const planned = match?.(localPid);
    const label = localPid === null ? undefined : readProcessLabel(localPid, procRoot);
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
  const json = {
    ...sample,
    processes: processes.map(({ pid, name, hostBytes, command }) => ({
      pid,
      process: name,
      hostBytes,
      command,
    })),
  };
  return { sample, json };
}
