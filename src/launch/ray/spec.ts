// The RayLaunchSpec: what headroom's Ray driver (python/headroom_ray/driver.py) reads. One entry per
// planned process (replica), each with its command, the environment buildChildEnv made, what its
// actor asks Ray for (num_gpus from bytes, num_cpus, memory from host_memory), where it must run (a
// node, or a bundle of a placement group) and how it is coordinated (depends_on, ready_when, restart).
// Keys are the driver's (snake_case, as Ray's own options are named). Pure.
import { backoffMs } from '../restart-policy.js';
import type { LaunchSpec } from '../types.js';

/** The format's version: the driver refuses nothing, but a reader of a saved spec can tell. */
export const rayLaunchSpecVersion = 1;

/** One process (replica) as the driver starts it: one ProcessRunner actor. */
export interface RayProcessEntry {
  name: string;
  /** The config's process name (replicas share it). */
  role: string;
  replica: number | null;
  /** A string is run by `/bin/sh -c`; a list is an argv. */
  command: string | string[];
  cwd: string | null;
  /** The child's whole environment (buildChildEnv's); Ray's CUDA_VISIBLE_DEVICES replaces the plan's. */
  env: Record<string, string>;
  num_gpus: number;
  num_cpus: number;
  /** Ray `memory=` in bytes (host_memory); null: no reservation. */
  memory: number | null;
  /** The cgroup limit the actor puts its child under, where the node allows. */
  host_memory_bytes: number | null;
  /** The node it must run on (NodeAffinitySchedulingStrategy, hard); null: any. */
  node: string | null;
  placement_group: { name: string; bundle_index: number } | null;
  depends_on: string[];
  /** A Python regular expression (re.search on each line's first 4096 characters). */
  ready_when: string | null;
  restart: 'no' | 'on-failure' | 'always';
  max_restarts: number;
  /** Seconds before restart k+1 (headroom's back-off, the last repeating). */
  restart_delays_s: number[];
}

/** A placement group the driver makes before starting its members. */
export interface RayGroupEntry {
  name: string;
  strategy: 'PACK' | 'STRICT_PACK' | 'SPREAD' | 'STRICT_SPREAD';
  bundles: Record<string, number>[];
  /** Each bundle's node, as Ray 2.58 pins one (`ray.io/node-id`). */
  bundle_label_selector: Record<string, string>[];
  /** The node the group must be on; null: any. */
  node_id: string | null;
}

/** A card of the plan, as samples name it: the plan's device index and where it is. */
export interface RayCardEntry {
  index: number;
  total_bytes: number;
  /** The node it is on and its index there (what Ray's CUDA_VISIBLE_DEVICES names). */
  node_id: string | null;
  local_index: number;
}

export interface RayLaunchSpec {
  version: number;
  /** null in a script: the driver picks one per run (and marks each child with it). */
  run_id: string | null;
  /** The cluster's address; null: RAY_ADDRESS, else a new local cluster. */
  address: string | null;
  namespace: string;
  stop_grace_s: number;
  sample_interval_s: number;
  /** Put each child under a memory cgroup of its own with its host_memory (where the node allows). */
  use_cgroups: boolean;
  /** Each child's env is over the Ray worker's (a script), not the whole of it (headroom run). */
  inherit_env: boolean;
  /** The simulated card's state directory, where the run's cards are simulated (a node may name its own). */
  sim_dir: string | null;
  gpus: RayCardEntry[];
  placement_groups: RayGroupEntry[];
  processes: RayProcessEntry[];
}

/** What Ray is asked for one process, and where: a placement's view of one LaunchSpec. */
export interface RayRequest {
  numGpus: number;
  numCpus: number;
  memoryBytes: number | null;
  nodeId: string | null;
  placementGroup: { name: string; bundleIndex: number } | null;
}

/** The spec for `launches`, each with its Ray request. */
export function buildRayLaunchSpec(options: {
  runId: string | null;
  address: string | null;
  launches: readonly LaunchSpec[];
  requests: ReadonlyMap<string, RayRequest>;
  groups?: readonly RayGroupEntry[];
  cards?: readonly RayCardEntry[];
  stopGraceMs: number;
  sampleIntervalMs?: number;
  useCgroups?: boolean;
  inheritEnv?: boolean;
}): RayLaunchSpec {
  const { launches, requests } = options;
  const simDir = launches.map((launch) => launch.env.HEADROOM_SIM_DIR).find(Boolean) ?? null;
  return {
    version: rayLaunchSpecVersion,
    run_id: options.runId,
    address: options.address,
    namespace: 'headroom',
    stop_grace_s: options.stopGraceMs / 1000,
    sample_interval_s: (options.sampleIntervalMs ?? 1000) / 1000,
    use_cgroups: options.useCgroups ?? true,
    inherit_env: options.inheritEnv ?? false,
    sim_dir: simDir,
    gpus: [...(options.cards ?? [])],
    placement_groups: [...(options.groups ?? [])],
    processes: launches.map((launch) => {
      const request = requests.get(launch.name);
      if (!request) throw new Error(`no Ray request for ${launch.name}`);
      const replica = /\.(\d+)$/.exec(launch.name);
      return {
        name: launch.name,
        role: launch.process ?? launch.name,
        replica: replica && launch.process !== launch.name ? Number(replica[1]) : null,
        command: launch.command,
        cwd: launch.cwd ?? null,
        env: launch.env,
        num_gpus: request.numGpus,
        num_cpus: request.numCpus,
        memory: request.memoryBytes,
        host_memory_bytes: launch.hostMemoryBytes,
        node: request.placementGroup ? null : request.nodeId,
        placement_group: request.placementGroup
          ? { name: request.placementGroup.name, bundle_index: request.placementGroup.bundleIndex }
          : null,
        depends_on: [...launch.dependsOn],
        ready_when: launch.readyWhen ?? null,
        restart: launch.restart,
        max_restarts: launch.maxRestarts,
        restart_delays_s: Array.from(
          { length: Math.max(1, launch.maxRestarts) },
          (_, k) => backoffMs(k + 1) / 1000,
        ),
      };
    }),
  };
}
