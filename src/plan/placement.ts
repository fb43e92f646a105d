// Where each process instance runs and how many bytes it gets: pinning, first-fit decreasing, `rest`.
import { profileOf } from '../frameworks/index.js';
import type { BudgetSpec, DeviceSpec, Finding, ProcessSpec } from './types.js';

/** One process instance: a process, or one of its replicas. */
export interface Instance {
  name: string;
  spec: ProcessSpec;
  replica: number | null;
}

export interface Placement {
  instance: Instance;
  device: DeviceSpec | null;
  /** Bytes before framework rounding; 0 for `none` processes. */
  budgetBytes: number;
  overheadBytes: number;
}

/** Expands replicas: `actor` with 2 replicas becomes `actor.0` and `actor.1`. */
export function expandInstances(processes: ProcessSpec[]): Instance[] {
  return processes.flatMap((spec): Instance[] =>
    spec.replicas === undefined
      ? [{ name: spec.name, spec, replica: null }]
      : Array.from({ length: spec.replicas }, (_, k) => ({ name: `${spec.name}.${k}`, spec, replica: k })),
  );
}

/** Whether the process is planned on a GPU at all (its framework's profile says; `none` is not). */
export const usesGpu = (spec: ProcessSpec): boolean => profileOf(spec.framework).usesGpu;

/** A budget of fixed size on a device; `rest` (or no budget) is resolved later from what remains. */
export function fixedBudgetBytes(budget: BudgetSpec | undefined, device: DeviceSpec): number | undefined {
  if (budget === undefined || budget.kind === 'rest') return undefined;
  return budget.kind === 'bytes' ? budget.bytes : Math.floor(budget.fraction * device.totalBytes);
}

interface DeviceLoad {
  device: DeviceSpec;
  usableBytes: number;
  committedBytes: number;
  restCount: number;
}

/** What a plan may hand out on a card: its total less the reserve, never below nothing (a card smaller
 * than the reserve has nothing usable; checks.ts says so). */
export function usableBytesOf(device: { totalBytes: number }, reserveBytes: number): number {
  return Math.max(0, device.totalBytes - reserveBytes);
}

/** Places instances on devices and sizes their budgets; reports pins to devices that don't exist. */
export function placeInstances(options: {
  instances: Instance[];
  devices: DeviceSpec[];
  reserveBytes: number;
  contextOverheadBytes: number;
}): { placements: Placement[]; findings: Finding[] } {
  const { instances, devices, reserveBytes, contextOverheadBytes } = options;
  // Each GPU client of a process (`gpu_clients`) creates its own CUDA context.
  const overheadOf = (instance: Instance): number => contextOverheadBytes * (instance.spec.gpuClients ?? 1);
  const loads = devices.map((device) => ({
    device,
    usableBytes: usableBytesOf(device, reserveBytes),
    committedBytes: 0,
    restCount: 0,
  }));
  const findings: Finding[] = [];
  const chosen = new Map<Instance, DeviceLoad | null>();

  const commit = (instance: Instance, load: DeviceLoad | null): void => {
    chosen.set(instance, load);
    if (!load) return;
    load.committedBytes += overheadOf(instance);
    const fixed = fixedBudgetBytes(instance.spec.gpuMemory, load.device);
    if (fixed === undefined) load.restCount += 1;
    else load.committedBytes += fixed;
  };

  const gpuInstances = instances.filter((i) => usesGpu(i.spec));
  for (const instance of gpuInstances.filter((i) => i.spec.gpu !== undefined)) {
    const load = loads.find((l) => l.device.index === instance.spec.gpu) ?? null;
    if (!load) {
      findings.push({
        code: 'unknown-device',
        severity: 'error',
        process: instance.name,
        message: `${instance.name} is pinned to GPU ${instance.spec.gpu}, which is not among the devices (${
          devices.map((d) => d.index).join(', ') || 'none'
        }); change gpu: or declare that device`,
      });
    }
    commit(instance, load);
  }

  // First-fit decreasing: the biggest fixed budgets choose first, by the largest device's measure.
  const largestBytes = Math.max(0, ...devices.map((d) => d.totalBytes));
  const largest = devices.find((d) => d.totalBytes === largestBytes);
  const unpinned = gpuInstances.filter((i) => i.spec.gpu === undefined);
  const fixed = unpinned.filter((i) => largest && fixedBudgetBytes(i.spec.gpuMemory, largest) !== undefined);
  const demand = (i: Instance): number => (largest ? (fixedBudgetBytes(i.spec.gpuMemory, largest) ?? 0) : 0);
  for (const instance of [...fixed].sort((a, b) => demand(b) - demand(a))) {
    const need = (l: DeviceLoad): number =>
      (fixedBudgetBytes(instance.spec.gpuMemory, l.device) ?? 0) + overheadOf(instance);
    const fitting = loads.find((l) => l.usableBytes - l.committedBytes >= need(l));
    // Nothing fits: take the roomiest device so the overcommit finding names a real excess.
    commit(instance, fitting ?? roomiest(loads, (l) => l.usableBytes - l.committedBytes - need(l)));
  }
  // `rest` processes go where each would get the biggest equal share.
  for (const instance of unpinned.filter((i) => !fixed.includes(i))) {
    commit(
      instance,
      roomiest(loads, (l) => (l.usableBytes - l.committedBytes - overheadOf(instance)) / (l.restCount + 1)),
    );
  }

  const placements = instances.map((instance): Placement => {
    const load = chosen.get(instance) ?? null;
    if (!load) return { instance, device: null, budgetBytes: 0, overheadBytes: 0 };
    const fixedBytes = fixedBudgetBytes(instance.spec.gpuMemory, load.device);
    const remaining = load.usableBytes - load.committedBytes;
    const budgetBytes = fixedBytes ?? Math.max(0, Math.floor(remaining / load.restCount));
    return { instance, device: load.device, budgetBytes, overheadBytes: overheadOf(instance) };
  });
  return { placements, findings };
}

function roomiest(loads: DeviceLoad[], score: (load: DeviceLoad) => number): DeviceLoad | null {
  let best: DeviceLoad | null = null;
  for (const load of loads) if (!best || score(load) > score(best)) best = load;
  return best;
}
