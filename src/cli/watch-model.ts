// Turns successive `gpus` results into watch frames' numbers, keeping a short history per device and process.

import type { GpusResult } from './render-gpus.js';
import type { WatchModel } from './watch-frame.js';

/** How many samples the sparklines remember. */
export const historyLength = 30;

/** The next model: the new result, with each device's and process's history extended by this sample. */
export function nextWatchModel(options: {
  previous: WatchModel | undefined;
  result: GpusResult;
  intervalMs: number;
  clock: string;
  /** Budgets from a plan, by PID (wired by `watch -c FILE`). */
  budgets?: ReadonlyMap<number, number>;
}): WatchModel {
  const { previous, result } = options;
  const push = (history: number[] | undefined, value: number): number[] =>
    [...(history ?? []), value].slice(-historyLength);
  return {
    source: result.source,
    simulated: result.simulated,
    intervalMs: options.intervalMs,
    clock: options.clock,
    devices: result.devices.map((device) => ({
      index: device.index,
      name: device.name,
      totalBytes: device.totalBytes,
      usedBytes: device.usedBytes,
      usedFractionHistory: push(
        previous?.devices.find((d) => d.index === device.index)?.usedFractionHistory,
        (device.usedBytes ?? 0) / device.totalBytes,
      ),
    })),
    processes: result.processes.map((process) => ({
      pid: process.pid,
      device: process.device,
      usedBytes: process.usedBytes,
      hostBytes: process.hostBytes,
      command: process.command,
      budgetBytes: options.budgets?.get(process.pid) ?? null,
      usedBytesHistory: push(
        previous?.processes.find((p) => p.pid === process.pid && p.device === process.device)
          ?.usedBytesHistory,
        process.usedBytes ?? 0,
      ),
    })),
    warnings: result.warnings,
  };
}
