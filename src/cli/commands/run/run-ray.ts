// `headroom run --on ray`: the config's plan placed on a Ray cluster (each process an actor with
// num_gpus from its bytes, memory from host_memory, on the node its card is on) for the Ray backend
// (src/launch/ray/backend.ts); launch.ts runs it as it runs a local run, and the record is the same.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { EnvironmentError, ExitCode, HeadroomError, UsageError } from '../../../errors.js';
import { type RayRunSummary, runOnRay } from '../../../launch/ray/backend.js';
import { type ClusterNode, placeInterim } from '../../../launch/ray/interim-placement.js';
import { packagedRayDriverDir } from '../../../launch/ray-driver-dir.js';
import { isInfeasible } from '../../../plan/plan.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import type { CommandIo } from '../../io.js';
import { loadPlan } from '../../shared/load-plan.js';
import { openPlanProbe } from '../../shared/plan-cards.js';
import { renderFindings, renderPlan } from '../../shared/render-plan.js';
import type { PreparedRun } from './launch.js';

/** `run --on ray`'s inputs. */
export interface RayRunInputs {
  config?: string;
  gpu?: readonly string[];
  only: readonly string[];
  argv: readonly string[];
  force: boolean;
  stopGrace?: number;
  /** The cluster's address; default RAY_ADDRESS. */
  address?: string;
  /** The Python with Ray (default HEADROOM_RAY_PYTHON, else python3). */
  python?: string;
}

/** The cluster's alive nodes, read by the driver package's `nodes` module with the cluster's Python. */
export async function readClusterNodes(python: string, address: string): Promise<ClusterNode[]> {
  const child = spawn(python, ['-m', 'headroom_ray.nodes', address], {
    cwd: resolve(packagedRayDriverDir, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => {
    child.once('error', () => done(null));
    child.once('close', (exitCode) => done(exitCode));
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('[')) {
    const why = stderr.trim().split('\n').at(-1) ?? `exit ${code}`;
    throw new EnvironmentError(
      `could not read the Ray cluster at ${address} with ${python}: ${why}`,
      'pass --address HOST:PORT of a running cluster (ray start --head) and --python with Ray installed',
    );
  }
  const nodes = JSON.parse(line) as { nodeId: string; resources: Record<string, number> }[];
  return nodes.map((node) => ({ nodeId: node.nodeId, gpus: Math.floor(node.resources.GPU ?? 0) }));
}

/** The config's plan prepared for a Ray cluster; nothing starts until it runs. */
export async function prepareRayRun(
  inputs: RayRunInputs,
  io: CommandIo,
): Promise<PreparedRun<RayRunSummary>> {
  if (inputs.argv.length > 0) throw new UsageError('--on ray runs a config (-c FILE), not -- CMD');
  const address = inputs.address ?? io.env.RAY_ADDRESS;
  if (!address)
    throw new UsageError(
      '--on ray needs the cluster: --address HOST:PORT or RAY_ADDRESS',
      'start one with `ray start --head`',
    );
  const python = inputs.python ?? io.env.HEADROOM_RAY_PYTHON ?? 'python3';
  const { spec, plan } = await loadPlan(inputs, { env: io.env, cwd: io.cwd });
  if (isInfeasible(plan) && !inputs.force) {
    const errors = plan.findings.filter((f) => f.severity === 'error').map((f) => f.message);
    throw new HeadroomError({
      code: 'infeasible',
      message: `the plan does not fit:\n${errors.join('\n')}`,
      exitCode: ExitCode.problems,
      hint: 'run `headroom plan` for details, or pass --force to run anyway',
    });
  }
  // The children see the same cards (a simulated card's variables) as a local run's (run-local.ts).
  const probe = await openPlanProbe(plan, io.env);
  const card = { ...probe.childEnv };
  await probe.close();
  const only = inputs.only.length > 0 ? inputs.only : undefined;
  const launches = launchSpecsFromPlan({ spec, plan, baseEnv: io.env, only, card });
  const nodes = await readClusterNodes(python, address);
  const { requests, cards } = placeInterim({ plan, launches, nodes });
  return {
    names: launches.map((launch) => launch.name),
    preamble: (colors) =>
      plan.devices.length > 0
        ? `${renderPlan(plan, colors)}\n${renderFindings(plan.findings, colors)}\n`
        : '',
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
        cards,
        stopGraceMs: inputs.stopGrace ?? spec.stopGraceMs ?? 10_000,
        python,
        env: io.env,
        plan: {
          ...plan,
          ray: { address, requests: Object.fromEntries(requests), cards },
        },
        output: run.output,
        signal: run.signal,
        onRecordOpened: run.onRecordOpened,
      }),
    close: async () => {},
  };
}
