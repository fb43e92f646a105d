// Turns successive samples into watch frames' numbers: a short history per device, per process and
// for the host, process names, and the order the table is sorted in. Pure.

import type { WatchSample } from '../../../probe/readings/watch-sample.js';
import type { WatchModel, WatchProcess } from './frame.js';

/** How many samples the sparklines remember. */
export const historyLength = 30;

/** What the process table can be sorted by (`s` cycles through them). */
export const sortKeys = ['gpu', 'host', 'name', 'pid'] as const;
export type SortKey = (typeof sortKeys)[number];

/** The next key in `s`'s cycle. */
export function nextSortKey(key: SortKey): SortKey {
  return sortKeys[(sortKeys.indexOf(key) + 1) % sortKeys.length]!;
}

/** Processes in table order: memory descending (unknown last), names and PIDs ascending. */
export function sortProcesses(processes: readonly WatchProcess[], key: SortKey): WatchProcess[] {
  const bytes = (p: WatchProcess): number => (key === 'gpu' ? p.usedBytes : p.hostBytes) ?? -1;
  const compare = {
    gpu: (a: WatchProcess, b: WatchProcess) => bytes(b) - bytes(a),
    host: (a: WatchProcess, b: WatchProcess) => bytes(b) - bytes(a),
    name: (a: WatchProcess, b: WatchProcess) => a.name.localeCompare(b.name),
    pid: () => 0,
  }[key];
  return [...processes].sort((a, b) => compare(a, b) || a.pid - b.pid);
}

/** The next model: the new sample, with each device's, process's and the host's history extended. */
export function nextWatchModel(options: {
  previous: WatchModel | undefined;
  sample: WatchSample;
  intervalMs: number;
  clock: string;
  sortKey: SortKey;
  isHostOnly?: boolean;
}): WatchModel {
  const { previous, sample } = options;
  const push = (history: number[] | undefined, value: number): number[] =>
    [...(history ?? []), value].slice(-historyLength);
  const processes = sample.processes.map((process): WatchProcess => {
    const before = previous?.processes.find((p) => p.pid === process.pid && p.device === process.device);
    return {
      ...process,
      usedBytesHistory: push(before?.usedBytesHistory, process.usedBytes ?? 0),
      hostBytesHistory: push(before?.hostBytesHistory, process.hostBytes ?? 0),
    };
  });
  return {
    source: sample.source,
    simulated: sample.simulated,
    isHostOnly: options.isHostOnly ?? false,
    intervalMs: options.intervalMs,
    clock: options.clock,
    sortKey: options.sortKey,
    host: sample.host && {
      ...sample.host,
      usedFractionHistory: push(
        previous?.host?.usedFractionHistory,
        sample.host.usedBytes / sample.host.totalBytes,
      ),
    },
    devices: sample.devices.map((device) => ({
      index: device.index,
      name: device.name,
      totalBytes: device.totalBytes,
      usedBytes: device.usedBytes,
      usedFractionHistory: push(
        previous?.devices.find((d) => d.index === device.index)?.usedFractionHistory,
        (device.usedBytes ?? 0) / device.totalBytes,
      ),
    })),
    processes: sortProcesses(processes, options.sortKey),
    warnings: sample.warnings,
  };
}
