// Why a plan does not fit a Ray cluster, node by node: the GPU bytes the planner found short (restated
// with the node and its card), Ray's rounded units over a card, CPUs and memory over a node's. Pure.
import { profileOf } from '../frameworks/index.js';
import type { Finding } from '../plan/types.js';
import { formatBytes } from '../units.js';
import { rayUnitsPerWhole } from './ray-units.js';
import type { RayCluster, RayNode, RayNodeUse, RayPlacedProcess, RayPlacement } from './types.js';

/** A card of the cluster as the planner counts it: device k is cards[k]. */
export interface Card {
  node: RayNode;
  gpu: number;
}

/** The placement's findings, each naming the node and the resource that is short. */
export function rayFindings(options: {
  plan: RayPlacement['plan'];
  placed: readonly RayPlacedProcess[];
  nodes: readonly RayNodeUse[];
  cards: readonly Card[];
  cluster: RayCluster;
  label: (node: RayNode) => string;
  numCpus: number;
}): Finding[] {
  const { plan, placed, nodes, cards, cluster, label } = options;
  const findings: Finding[] = [];
  const nodeOf = (id: string): RayNode | undefined => cluster.nodes.find((n) => n.id === id);
  const taken = Object.entries(cluster.takenResources ?? {});
  if (taken.length > 0) {
    const said = taken.map(([name, amount]) =>
      name === 'memory' ? `${formatBytes(amount)} of memory` : `${Number(amount.toFixed(4))} ${name}`,
    );
    findings.push({
      code: 'ray-cluster-busy',
      severity: 'warning',
      message: `the cluster is in use: other work holds ${said.join(', ')} now; this plan counts every node empty, so Ray keeps actors pending until what they ask for is free`,
      facts: Object.fromEntries(taken),
    });
  }
  if (cluster.nodes.length === 0) {
    findings.push({
      code: 'ray-no-nodes',
      severity: 'error',
      message: 'the Ray cluster has no alive node to place the processes on',
    });
  }
  const gpuless = placed.filter(
    (p, k) => p.nodeId === null && plan.processes[k] && profileOf(plan.processes[k].framework).usesGpu,
  );
  if (gpuless.length > 0 && cards.length === 0 && cluster.nodes.length > 0) {
    findings.push({
      code: 'ray-gpu-short',
      severity: 'error',
      message: `${gpuless.map((p) => p.name).join(', ')} need a GPU, and no node of the cluster has one (Ray's GPU resource is 0 on ${cluster.nodes.map(label).join(', ')}); start a node with GPUs (ray start --num-gpus N)`,
      facts: { resource: 'GPU', processes: gpuless.map((p) => p.name).join(', ') },
    });
  }
  const shortCards = new Set<string>();
  for (const device of plan.devices.filter((d) => d.plannedBytes > d.usableBytes)) {
    const card = cards[device.index];
    if (!card) continue;
    const names = plan.processes.filter((p) => p.device === device.index).map((p) => p.name);
    const excessBytes = device.plannedBytes - device.usableBytes;
    shortCards.add(`${card.node.id}/${card.gpu}`);
    findings.push({
      code: 'ray-gpu-short',
      severity: 'error',
      device: device.index,
      message: `GPU ${card.gpu} of node ${label(card.node)} is short by ${formatBytes(excessBytes)} (${excessBytes} bytes): ${names.join(', ')} need ${formatBytes(device.plannedBytes)} with their contexts, ${formatBytes(device.usableBytes)} is usable after the reserve; lower a budget, or add a node with a free card`,
      facts: {
        resource: 'GPU',
        node: card.node.id,
        gpu: card.gpu,
        excessBytes,
        plannedBytes: device.plannedBytes,
        usableBytes: device.usableBytes,
      },
    });
  }
  for (const use of nodes) {
    const node = nodeOf(use.id);
    if (!node) continue;
    const where = `node ${label(node)}`;
    for (const card of use.gpus.filter(
      (c) => c.units > rayUnitsPerWhole && !shortCards.has(`${use.id}/${c.index}`),
    )) {
      findings.push({
        code: 'ray-gpu-units',
        severity: 'error',
        message: `GPU ${card.index} of ${where}: the num_gpus of ${card.processes.join(', ')}, each rounded up to Ray's 0.0001, add up to ${card.units / rayUnitsPerWhole} of the card, and Ray grants at most 1; lower a budget by a few MiB`,
        facts: { resource: 'GPU', node: node.id, gpu: card.index, units: card.units },
      });
    }
    if (use.cpusAsked > use.cpus) {
      findings.push({
        code: 'ray-cpu-short',
        severity: 'error',
        message: `${where} is short of CPUs: ${use.processes.join(', ')} ask for ${use.cpusAsked} (num_cpus ${options.numCpus} each), Ray's CPU resource there is ${use.cpus}; start it with more --num-cpus, lower --cpus-per-process, or add a node`,
        facts: { resource: 'CPU', node: node.id, asked: use.cpusAsked, available: use.cpus },
      });
    }
    if (use.memoryAskedBytes > use.memoryBytes) {
      const askers = placed.filter((p) => p.nodeId === node.id && p.memoryBytes !== null).map((p) => p.name);
      findings.push({
        code: 'ray-memory-short',
        severity: 'error',
        message: `${where} is short of memory: the host_memory of ${askers.join(', ')} adds up to ${formatBytes(use.memoryAskedBytes)}, Ray's memory resource there is ${formatBytes(use.memoryBytes)}; lower a host_memory or add a node`,
        facts: {
          resource: 'memory',
          node: node.id,
          askedBytes: use.memoryAskedBytes,
          availableBytes: use.memoryBytes,
        },
      });
    }
  }
  return findings;
}
