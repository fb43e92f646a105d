import type { LaunchSpec } from './types.js';

/**
 * What the one judge reads of a launch's GPU share, the same for every backend: its framework cap, and
 * the CUDA context each client holds (the planned context is one per client sharing the budget).
 */
export function gpuFactsOf(
  launch: Pick<LaunchSpec, 'gpuCap' | 'gpuContextBytes' | 'gpuClients'> | undefined,
): {
  gpuCap: NonNullable<LaunchSpec['gpuCap']> | null;
  gpuContextBytes: number;
  gpuClients: number;
} {
  const clients = launch?.gpuClients ?? 1;
  return {
    gpuCap: launch?.gpuCap ?? null,
    gpuContextBytes: (launch?.gpuContextBytes ?? 0) / Math.max(1, clients),
    gpuClients: clients,
  };
}
