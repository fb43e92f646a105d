// `headroom plan --on ray`: the config placed on a Ray cluster (src/ray/placement.ts): each process's
// node, num_gpus from its bytes, num_cpus, memory, placement groups, and why it does not fit.
import { ExitCode } from '../../../errors.js';
import { placeOnRay } from '../../../ray/placement.js';
import type { RayPlacement } from '../../../ray/types.js';
import { loadConfigSpec, type PlanContext } from '../load-plan.js';
import { type RayClusterInputs, resolveRayCluster } from './resolve-cluster.js';

/** What `plan --on ray --json` prints: the placement, marked as Ray's. */
export type RayPlanData = { on: 'ray' } & RayPlacement;

/** Loads the config, reads (or takes) the cluster and places the plan on it; exit 1 when it does not fit. */
export async function planOnRay(
  inputs: RayClusterInputs & { config?: string; cpusPerProcess?: number },
  context: PlanContext,
): Promise<{ data: RayPlanData; exitCode: number }> {
  const spec = await loadConfigSpec(inputs.config, context.cwd);
  const cluster = await resolveRayCluster(inputs, spec, context);
  const placement = placeOnRay({
    spec,
    cluster,
    inheritedEnv: context.env,
    ...(inputs.cpusPerProcess === undefined ? {} : { cpusPerProcess: inputs.cpusPerProcess }),
  });
  return { data: { on: 'ray', ...placement }, exitCode: placement.fits ? ExitCode.ok : ExitCode.problems };
}
