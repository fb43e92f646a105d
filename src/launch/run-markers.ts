// What every backend adds to a launch's environment under a supervised run: the run's id and where its
// GPU clients append their exact peaks (HEADROOM_RUN, HEADROOM_PEAKS_FILE), through the one builder of a
// child's environment (plan/child-env.ts). Local children and Slurm steps get the same.
import { buildChildEnv } from '../plan/child-env.js';
import type { LaunchSpec } from './types.js';

/** `spec` with the run's markers added to what its environment already holds. */
export function withRunMarkers(spec: LaunchSpec, run: { id: string; peaksFile: string }): LaunchSpec {
  return {
    ...spec,
    env: buildChildEnv({
      inherited: spec.env,
      planned: { name: spec.name, env: {}, unsetEnv: [] },
      run,
    }),
  };
}
