// Until the Ray placement (src/ray/placement.ts) lands: the plan's card k is the k-th GPU of the
// cluster's alive nodes, node by node; num_gpus is the bytes it stands for over the card, rounded up to
// Ray's 0.0001; memory is host_memory. One function, swapped for placeOnRay when that is on main.
import type { Plan } from '../../plan/types.js';
import type { LaunchSpec } from '../types.js';
import type { RayCardEntry, RayRequest } from './spec.js';

/** An alive node as the driver's `cluster` line (and `ray.nodes()`) gives it. */
export interface ClusterNode {
  nodeId: string;
  gpus: number;
}

/** Ray keeps GPU amounts in units of 1/10000 (ray/_private/ray_constants.py, resource precision). */
const rayUnits = 10_000;

/** Each launch's Ray request and the plan's cards as nodes hold them. */
export function placeInterim(options: {
  plan: Plan;
  launches: readonly LaunchSpec[];
  nodes: readonly ClusterNode[];
}): { requests: Map<string, RayRequest>; cards: RayCardEntry[] } {
  const slots = options.nodes.flatMap((node) =>
    Array.from({ length: node.gpus }, (_, local) => ({ nodeId: node.nodeId, local })),
  );
  const cards = options.plan.devices.map((device, k) => ({
    index: device.index,
    total_bytes: device.totalBytes,
    node_id: slots[k]?.nodeId ?? null,
    local_index: slots[k]?.local ?? 0,
  }));
  const requests = new Map<string, RayRequest>();
  for (const launch of options.launches) {
    const device = launch.gpuDevice ?? null;
    const card = cards.find((c) => c.index === device);
    const needBytes = (launch.gpuBudgetBytes ?? 0) + (launch.gpuContextBytes ?? 0);
    const numGpus =
      card && needBytes > 0
        ? Math.min(1, Math.ceil((needBytes / card.total_bytes) * rayUnits) / rayUnits)
        : 0;
    requests.set(launch.name, {
      numGpus,
      numCpus: 1,
      memoryBytes: launch.hostMemoryBytes,
      nodeId: card?.node_id ?? null,
      placementGroup: null,
    });
  }
  return { requests, cards };
}
