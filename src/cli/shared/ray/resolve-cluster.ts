// Which Ray cluster `plan --on ray` (and `run --on ray`) places a plan on: a running one at --address,
// the config's `ray: address:` or RAY_ADDRESS (as Ray itself reads it), else the config's declared
// `ray: nodes:`. Without any, it starts nothing and says what to give (exit 2).
import { readGpuFlags } from '../../../config/gpu-flags.js';
import { UsageError } from '../../../errors.js';
import type { Spec } from '../../../plan/types.js';
import {
  type DeclaredCards,
  declaredRayCluster,
  probeRayCluster,
  toRayCluster,
} from '../../../ray/cluster.js';
import type { RayCluster } from '../../../ray/types.js';
import type { PlanContext } from '../load-plan.js';

/** What the command line says about the cluster. */
export interface RayClusterInputs {
  address?: string;
  rayPython?: string;
  gpu?: readonly string[];
}

/** Cards declared on the command line (which win) or in the config's `gpus:`; undefined when neither. */
export function declaredCards(spec: Spec, gpuFlags: readonly string[]): DeclaredCards | undefined {
  if (gpuFlags.length > 0) return { devices: readGpuFlags(gpuFlags).devices, source: 'flag' };
  if (spec.gpus.length > 0) return { devices: spec.gpus, source: 'config' };
  return undefined;
}

/** The address to read, from the flag, the config, then RAY_ADDRESS; undefined when none is given. */
export function rayAddressOf(
  inputs: RayClusterInputs,
  spec: Spec,
  env: PlanContext['env'],
): string | undefined {
  return inputs.address ?? spec.ray?.address ?? (env.RAY_ADDRESS || undefined);
}

/** Reads the live cluster, or takes the declared one; throws (exit 2) when there is neither. */
export async function resolveRayCluster(
  inputs: RayClusterInputs,
  spec: Spec,
  context: PlanContext,
): Promise<RayCluster> {
  const cards = declaredCards(spec, inputs.gpu ?? []);
  const address = rayAddressOf(inputs, spec, context.env);
  if (address !== undefined) {
    const probed = await probeRayCluster({
      address,
      python: inputs.rayPython ?? (context.env.HEADROOM_RAY_PYTHON || 'python3'),
      env: context.env,
      probeGpus: cards === undefined,
    });
    return toRayCluster({ probed, address, declared: cards });
  }
  if (spec.ray && spec.ray.nodes.length > 0) return declaredRayCluster(spec.ray, cards);
  throw new UsageError(
    `plan --on ray needs a cluster: no --address, no ray: address or ray: nodes: in ${spec.file ?? 'the config'}, and no RAY_ADDRESS`,
    'pass --address HOST:PORT of a running cluster (ray status prints it), or declare ray: nodes: (name, cpus, memory, gpus, gpu_memory) in the config; headroom starts no cluster',
  );
}
