// The shapes `plan --on ray` and `run --on ray` share: a Ray cluster as headroom reads it, and where
// each planned process goes on it. Stable: fields are added, never renamed or removed.
import type { Finding, Plan } from '../plan/types.js';

/** One GPU of a Ray node, with the bytes the plan splits. */
export interface RayGpu {
  /** The card's index on its node (what CUDA_VISIBLE_DEVICES names there). */
  index: number;
  totalBytes: number;
  name: string;
  simulated: boolean;
  /** Where the bytes came from: `--gpu`, the config's `gpus:`, the node's nvidia-smi, its HEADROOM_GPU, or `ray:` nodes. */
  source: 'flag' | 'config' | 'nvidia-smi' | 'HEADROOM_GPU' | 'declared';
}

/** One alive node of a Ray cluster (`ray.nodes()`), or one declared in the config's `ray: nodes:`. */
export interface RayNode {
  /** Ray's node id (hex, 56 characters); the label `ray.io/node-id` carries it. A declared node's is its name. */
  id: string;
  /** NodeManagerAddress: several nodes on one machine share it. */
  address: string;
  isHead: boolean;
  /** Ray's `CPU` resource on the node. */
  cpus: number;
  /** Ray's `memory` resource on the node: what actors' `memory=` reservations draw from. */
  memoryBytes: number;
  /** Ray's `GPU` resource as cards with their bytes; empty on a node without GPUs. */
  gpus: RayGpu[];
  /** Every other resource of the node (custom ones, `accelerator_type:…`), as Ray reports it. */
  resources: Record<string, number>;
}

/** A Ray cluster: where it was read from and its alive nodes. */
export interface RayCluster {
  /** The address read (`auto`, `10.0.0.1:6379`, `ray://…`); null for a cluster declared in the config. */
  address: string | null;
  source: 'live' | 'declared';
  nodes: RayNode[];
  /**
   * A live cluster's GPU, CPU and memory (bytes) that other work holds now, cluster-wide (Ray's totals
   * less ray.available_resources()); empty when all is free. The placement counts every node empty.
   */
  takenResources?: Record<string, number>;
}

/**
 * One planned process (or replica) on Ray: what its actor asks for and where it must run.
 *
 * For `run --on ray`: create the actor with `num_gpus=numGpus`, `num_cpus=numCpus`, `memory=memoryBytes`
 * (when not null) and
 * - `placementGroup` not null: `PlacementGroupSchedulingStrategy(pg, placement_group_bundle_index=bundleIndex)`
 *   where `pg` is the group of that name in `RayPlacement.placementGroups` (its bundle holds this
 *   actor's whole request, so nothing else is needed);
 * - otherwise: `NodeAffinitySchedulingStrategy(node_id=nodeId, soft=False)` (or
 *   `label_selector={"ray.io/node-id": nodeId}`), so it runs on the node the plan counted it on.
 * Ray sets CUDA_VISIBLE_DEVICES to the card it picks; `gpu` is the card the plan counted, which Ray
 * honours only inside a placement group (see placementGroups).
 */
export interface RayPlacedProcess {
  /** `actor.1` for a replica, else the process's name (the plan's instance name). */
  name: string;
  process: string;
  replica: number | null;
  /** The node it runs on; null when it fits on none. */
  nodeId: string | null;
  nodeAddress: string | null;
  /** The card on that node the plan counted its bytes against; null without a GPU. */
  gpu: number | null;
  /** Ray `num_gpus`: (budget + CUDA context) / card bytes rounded UP to Ray's 0.0001 and nudged past its truncation; 1 for a card it fills. */
  numGpus: number;
  /** What Ray reserves for numGpus, in 1/10000 of a card. */
  gpuUnits: number;
  /** Budget plus CUDA context(s) on the card: the bytes numGpus stands for. */
  needBytes: number;
  /** Ray `num_cpus`. */
  numCpus: number;
  /** Ray `memory=` in bytes, from host_memory; null when the process has none (Ray reserves nothing). */
  memoryBytes: number | null;
  /** The placement group it is scheduled in (processes sharing a card), else null. */
  placementGroup: string | null;
  bundleIndex: number | null;
  /** Why it goes there, for people. */
  reason: string;
}

/** One bundle of a placement group: the sum of its actors' requests, in Ray's resource names. */
export interface RayBundle {
  GPU: number;
  CPU: number;
  /** Bytes; absent when no member has host_memory. */
  memory?: number;
}

/**
 * A placement group for processes that share one card. Ray gives a fractional bundle ONE card
 * (best fit, resource_instance_set.cc) and the actors in that bundle draw from exactly that card, so
 * they see the same CUDA_VISIBLE_DEVICES; two free actors of 0.3 each may land on different cards
 * (checked with Ray 2.58 on a node of two declared GPUs).
 * Create with `placement_group(bundles, strategy=strategy, bundle_label_selector=bundleLabelSelector, name=name)`.
 */
export interface RayPlacementGroup {
  name: string;
  strategy: 'STRICT_PACK';
  nodeId: string;
  /** The card on the node the plan counted; Ray picks which one the bundle gets. */
  gpu: number;
  bundles: RayBundle[];
  /** Pins each bundle to the node (Ray 2.58's `ray.io/node-id` label). */
  bundleLabelSelector: Array<Record<string, string>>;
  /** Its members, by instance name, in bundle order. */
  processes: string[];
}

/** One card of a node after placement. */
export interface RayGpuUse {
  index: number;
  totalBytes: number;
  /** Σ needBytes of the processes counted here. */
  plannedBytes: number;
  /** Σ Ray units reserved here (≤ 10000 when it fits). */
  units: number;
  processes: string[];
}

/** One node after placement: what is asked of it and what it has. */
export interface RayNodeUse {
  id: string;
  address: string;
  isHead: boolean;
  cpus: number;
  cpusAsked: number;
  memoryBytes: number;
  /** Σ memory= of the processes placed here. */
  memoryAskedBytes: number;
  gpus: RayGpuUse[];
  processes: string[];
}

/** Where a plan goes on a Ray cluster, and why it does not fit when it does not. */
export interface RayPlacement {
  cluster: RayCluster;
  /** The same planner's plan, made on the cluster's cards counted node by node (device k = the k-th card). */
  plan: Plan;
  processes: RayPlacedProcess[];
  placementGroups: RayPlacementGroup[];
  nodes: RayNodeUse[];
  /** The plan's findings (device ones restated per node and card) and Ray's: CPUs, memory, GPU units. */
  findings: Finding[];
  /** False when an error finding says a resource is short. */
  fits: boolean;
}
