// `headroom run --on ray`: the config's plan placed on a Ray cluster (each process an actor with
// num_gpus from its bytes, memory from host_memory, on the node its card is on) for the Ray backend
// (src/launch/ray/backend.ts); launch.ts runs it as it runs a local run, and the record is the same.
import { UsageError } from '../../../errors.js';
import { type RayRunSummary, runOnRay } from '../../../launch/ray/backend.js';
import type { CommandIo } from '../../io.js';
import { prepareRay, type RayInputs } from '../../shared/ray/prepare.js';
import { renderRayPlan } from '../../shared/ray/render-ray-plan.js';
import type { PreparedRun } from './launch.js';

/** `run --on ray`'s inputs. */
export interface RayRunInputs extends RayInputs {
  only: readonly string[];
  argv: readonly string[];
  stopGrace?: number;
}

/** The config's plan prepared for a Ray cluster; nothing starts until it runs. */
export async function prepareRayRun(
  inputs: RayRunInputs,
  io: CommandIo,
): Promise<PreparedRun<RayRunSummary>> {
  if (inputs.argv.length > 0) throw new UsageError('--on ray runs a config (-c FILE), not -- CMD');
  // Each child gets the whole environment a local run's gets (a test compares them).
  const ray = await prepareRay(inputs, io, { inherited: io.env, isLiveRequired: true });
  const { placement, launches, requests, groups, cards, address } = ray;
  return {
    names: launches.map((launch) => launch.name),
    // Where each process goes and why: what `plan --on ray` prints.
    preamble: (colors) => `${renderRayPlan({ on: 'ray', ...placement }, colors)}\n`,
    stopSignals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
    // The driver stops each actor's child within the grace; a second signal cannot hurry Ray's actors.
    onSecondSignal: (say) =>
      say(
        'headroom: the Ray driver is stopping every actor (SIGKILL after the grace); headroom follows it until then',
      ),
    run: (run) =>
      runOnRay({
        runDir: run.runDir,
        runId: run.runId,
        launches,
        requests,
        address,
        groups,
        cards,
        useCgroups: true,
        stopGraceMs: inputs.stopGrace ?? ray.spec.stopGraceMs,
        python: ray.python,
        env: io.env,
        plan: { ...placement.plan, ray: { ...placement, plan: undefined } },
        output: run.output,
        signal: run.signal,
        onRecordOpened: run.onRecordOpened,
      }),
    close: async () => {},
  };
}
