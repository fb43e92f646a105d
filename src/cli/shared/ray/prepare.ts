// What `run --on ray` and `ray script` share: the config's plan, each process's launch (its
// environment from the one builder), the cluster's nodes read with the cluster's Python, and what each
// actor asks Ray for and where.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { EnvironmentError, ExitCode, HeadroomError, UsageError } from '../../../errors.js';
import { type ClusterNode, placeInterim } from '../../../launch/ray/interim-placement.js';
import type { RayCardEntry, RayRequest } from '../../../launch/ray/spec.js';
import { packagedRayDriverDir } from '../../../launch/ray-driver-dir.js';
import type { LaunchSpec } from '../../../launch/types.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan, Spec } from '../../../plan/types.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import type { CommandIo } from '../../io.js';
import { loadPlan } from '../load-plan.js';
import { openPlanProbe } from '../plan-cards.js';

/** The Ray options `run --on ray` and `ray script` take. */
export interface RayInputs {
  config?: string;
  gpu?: readonly string[];
  force: boolean;
  /** The cluster's address; default RAY_ADDRESS. */
  address?: string;
  /** The Python with Ray (default HEADROOM_RAY_PYTHON, else python3). */
  python?: string;
}

export interface PreparedRay {
  spec: Spec;
  plan: Plan;
  launches: LaunchSpec[];
  requests: Map<string, RayRequest>;
  cards: RayCardEntry[];
  address: string | null;
  python: string;
}

/** The cluster's alive nodes, read by the driver package's `nodes` module with the cluster's Python. */
export async function readClusterNodes(python: string, address: string): Promise<ClusterNode[]> {
  const child = spawn(python, ['-m', 'headroom_ray.nodes', address], {
    cwd: resolve(packagedRayDriverDir, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((done) => {
    child.once('error', () => done(null));
    child.once('close', (exitCode) => done(exitCode));
  });
  const line = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('[')) {
    const why = stderr.trim().split('\n').at(-1) || `exit ${code}`;
    throw new EnvironmentError(
      `could not read the Ray cluster at ${address} with ${python}: ${why}`,
      'pass --address HOST:PORT of a running cluster (ray start --head) and --python with Ray installed',
    );
  }
  const nodes = JSON.parse(line) as { nodeId: string; resources: Record<string, number> }[];
  return nodes.map((node) => ({ nodeId: node.nodeId, gpus: Math.floor(node.resources.GPU ?? 0) }));
}

/**
 * The plan placed on the cluster at `address` (without one: num_gpus and memory only, no node).
 * `inherited` is what the children inherit: headroom's environment for a run, {} for a script (its
 * processes inherit the Ray worker's, as Slurm steps inherit the job's).
 */
export async function prepareRay(
  inputs: RayInputs & { only?: readonly string[] },
  io: CommandIo,
  options: { inherited: Record<string, string | undefined>; isAddressRequired: boolean },
): Promise<PreparedRay> {
  const address = inputs.address ?? io.env.RAY_ADDRESS ?? null;
  if (!address && options.isAddressRequired) {
    throw new UsageError(
      '--on ray needs the cluster: --address HOST:PORT or RAY_ADDRESS',
      'start one with `ray start --head`',
    );
  }
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
  const only = inputs.only && inputs.only.length > 0 ? inputs.only : undefined;
  const launches = launchSpecsFromPlan({ spec, plan, baseEnv: options.inherited, only, card });
  const nodes = address ? await readClusterNodes(python, address) : [];
  const { requests, cards } = placeInterim({ plan, launches, nodes });
  return { spec, plan, launches, requests, cards, address, python };
}
