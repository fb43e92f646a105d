// What `run --on ray` and `ray script` share: the config placed on the cluster by the Ray placement
// (src/ray/placement.ts: num_gpus from bytes, memory from host_memory, the node, a placement group per
// shared card), and each process's launch with its environment from the one builder.
import { ExitCode, HeadroomError, UsageError } from '../../../errors.js';
import type { RayCardEntry, RayGroupEntry, RayRequest } from '../../../launch/ray/spec.js';
import type { LaunchSpec } from '../../../launch/types.js';
import type { Spec } from '../../../plan/types.js';
import { clusterCards, placeOnRay } from '../../../ray/placement.js';
import type { RayPlacement } from '../../../ray/types.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import type { CommandIo } from '../../io.js';
import { loadConfigSpec } from '../load-plan.js';
import { openPlanProbe } from '../plan-cards.js';
import { type RayClusterInputs, rayAddressOf, resolveRayCluster } from './resolve-cluster.js';

/** The Ray options `run --on ray` and `ray script` take. */
export interface RayInputs extends RayClusterInputs {
  config?: string;
  force: boolean;
  cpusPerProcess?: number;
}

export interface PreparedRay {
  spec: Spec;
  placement: RayPlacement;
  launches: LaunchSpec[];
  requests: Map<string, RayRequest>;
  groups: RayGroupEntry[];
  cards: RayCardEntry[];
  /** The live cluster's address; null for a cluster declared in the config. */
  address: string | null;
  python: string;
}

/**
 * What each placed process asks Ray for, as the driver's spec says it. A cluster declared in the config
 * has node names, not Ray's ids: there the actors ask by resources alone, and Ray picks the nodes.
 */
export function rayRequestsOf(placement: RayPlacement): Map<string, RayRequest> {
  const isLive = placement.cluster.source === 'live';
  return new Map(
    placement.processes.map((p) => [
      p.name,
      {
        numGpus: p.numGpus,
        numCpus: p.numCpus,
        memoryBytes: p.memoryBytes,
        nodeId: isLive ? p.nodeId : null,
        placementGroup:
          p.placementGroup === null ? null : { name: p.placementGroup, bundleIndex: p.bundleIndex ?? 0 },
      },
    ]),
  );
}

/** The placement's groups and cards in the driver's terms. */
export function rayGroupsAndCards(placement: RayPlacement): {
  groups: RayGroupEntry[];
  cards: RayCardEntry[];
} {
  const isLive = placement.cluster.source === 'live';
  const groups = placement.placementGroups.map((group) => ({
    name: group.name,
    strategy: group.strategy,
    bundles: group.bundles.map((bundle) => ({ ...bundle })),
    bundle_label_selector: isLive ? group.bundleLabelSelector : [],
    node_id: isLive ? group.nodeId : null,
  }));
  const { devices, cards } = clusterCards(placement.cluster);
  return {
    groups,
    cards: devices.map((device, k) => ({
      index: device.index,
      total_bytes: device.totalBytes,
      node_id: isLive ? (cards[k]?.node.id ?? null) : null,
      local_index: cards[k]?.gpu ?? 0,
    })),
  };
}

/**
 * The config placed on the cluster. `inherited` is what the children inherit: headroom's environment
 * for a run, {} for a script (its processes inherit the Ray worker's, as Slurm steps inherit the job's).
 */
export async function prepareRay(
  inputs: RayInputs & { only?: readonly string[] },
  io: CommandIo,
  options: { inherited: Record<string, string | undefined>; isLiveRequired: boolean },
): Promise<PreparedRay> {
  const context = { env: io.env, cwd: io.cwd };
  const spec = await loadConfigSpec(inputs.config, io.cwd);
  const address = rayAddressOf(inputs, spec, io.env) ?? null;
  if (address === null && options.isLiveRequired) {
    throw new UsageError(
      `run --on ray needs a running cluster: no --address, no ray: address in ${spec.file ?? 'the config'}, and no RAY_ADDRESS`,
      'pass --address HOST:PORT of a running cluster (ray status prints it); headroom starts no cluster',
    );
  }
  const cluster = await resolveRayCluster(inputs, spec, context);
  const placement = placeOnRay({
    spec,
    cluster,
    inheritedEnv: io.env,
    ...(inputs.cpusPerProcess === undefined ? {} : { cpusPerProcess: inputs.cpusPerProcess }),
  });
  if (!placement.fits && !inputs.force) {
    const errors = placement.findings.filter((f) => f.severity === 'error').map((f) => f.message);
    throw new HeadroomError({
      code: 'infeasible',
      message: `the plan does not fit the Ray cluster:\n${errors.join('\n')}`,
      exitCode: ExitCode.problems,
      hint: 'run `headroom plan --on ray` for details, or pass --force to run anyway',
    });
  }
  const { plan } = placement;
  // The children see the same cards (a simulated card's variables) as a local run's (run-local.ts).
  const probe = await openPlanProbe(plan, io.env);
  const card = { ...probe.childEnv };
  await probe.close();
  const only = inputs.only && inputs.only.length > 0 ? inputs.only : undefined;
  const launches = launchSpecsFromPlan({ spec, plan, baseEnv: options.inherited, only, card });
  const python = inputs.rayPython ?? (io.env.HEADROOM_RAY_PYTHON || 'python3');
  return {
    spec,
    placement,
    launches,
    requests: rayRequestsOf(placement),
    ...rayGroupsAndCards(placement),
    address,
    python,
  };
}
