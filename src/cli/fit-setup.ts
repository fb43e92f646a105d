// What every trial of `headroom fit` shares: the process (plan environment, host limit, GPU
// budget), the GPU probe (simulated cards included), the limits the search reasons about, and notes.
import { parseGpuFlags } from '../config/gpu-flags.js';
import type { ResourceLimit } from '../fit/types.js';
import { openGpuProbe } from '../probe/gpu/open-probe.js';
import { parseSimSpec, type SimGpuProbe } from '../probe/gpu/sim-backend.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { launchSpecsFromPlan } from '../supervise/from-plan.js';
import type { LaunchSpec } from '../supervise/types.js';
import { formatBytes } from '../units.js';
import type { FitFlags } from './fit-flags.js';
import { planAdHoc } from './run-adhoc.js';

/** The process template, probe, limits and notes for a fit. */
export interface FitSetup {
  launch: LaunchSpec & { command: string[] };
  probe: GpuProbe;
  limits: ResourceLimit[];
  notes: string[];
}

// Trials get a short grace: a killed trial is expected, and the next one is waiting.
const trialStopGraceMs = 5000;

/**
 * JAX (FACTS.md Q1, Q3): without preallocation and with the `platform` allocator, XLA holds
 * only live buffers and frees them at once, so the measured peak is the program's need rather
 * than the size of XLA's pool. `platform` has no cap and is slow: it is for measuring only.
 */
export const jaxTrialEnv = {
  XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
  XLA_PYTHON_CLIENT_ALLOCATOR: 'platform',
} as const;

async function openFitProbe(gpuFlags: readonly string[]): Promise<GpuProbe> {
  const simulated = gpuFlags.filter((value) => parseSimSpec(value) !== undefined);
  return openGpuProbe(simulated.length > 0 ? { gpu: simulated.join(',') } : {});
}

function gpuLimitBytes(launch: LaunchSpec, gpuFlags: readonly string[], probe: GpuProbe): number | null {
  if (launch.gpuBudgetBytes !== null) return launch.gpuBudgetBytes;
  if (gpuFlags.length > 0) return parseGpuFlags([...gpuFlags])[0]?.totalBytes ?? null;
  if (probe.source === 'sim') return (probe as SimGpuProbe).cards[0]?.totalBytes ?? null;
  return null;
}

/** Plans the command once (as `run -- CMD` would) and opens the probe its trials are watched with. */
export async function prepareFit(argv: string[], flags: FitFlags): Promise<FitSetup> {
  const gpuFlags = flags.gpu ?? [];
  const adHoc = { framework: flags.framework, hostMemory: flags.hostMemory, gpu: gpuFlags };
  const { spec, plan } = await planAdHoc(argv, adHoc, trialStopGraceMs);
  const [planned] = launchSpecsFromPlan({ spec, plan, baseEnv: process.env });
  if (!planned) throw new Error('planning one command gave no process');
  const probe = await openFitProbe(gpuFlags);
  const notes: string[] = [];
  const env = { ...planned.env };
  if (probe.source === 'sim') {
    // Trials must see the same simulated cards and state directory as the probe (sim-backend.ts).
    Object.assign(env, (probe as SimGpuProbe).environment);
    notes.push(`GPU: simulated (${(probe as SimGpuProbe).environment.HEADROOM_GPU})`);
  }
  if (flags.framework === 'jax') {
    Object.assign(env, jaxTrialEnv);
    notes.push(
      "JAX trials ran with XLA_PYTHON_CLIENT_PREALLOCATE=false and XLA_PYTHON_CLIENT_ALLOCATOR=platform, so each peak is what the program needs, not the size of XLA's pool (jaxlib xla_client.py); `platform` has no cap and is slow: train with the plan's settings",
    );
  }
  const launch = {
    ...planned,
    command: argv,
    env,
    // Over its GPU budget a trial has failed: stop it rather than let it run on.
    enforce: planned.gpuBudgetBytes === null ? planned.enforce : ('kill' as const),
  };
  const limits: ResourceLimit[] = [];
  if (launch.hostMemoryBytes !== null) limits.push({ resource: 'host', limitBytes: launch.hostMemoryBytes });
  const gpuBytes = gpuLimitBytes(launch, gpuFlags, probe);
  if (gpuBytes !== null) limits.push({ resource: 'gpu', limitBytes: gpuBytes });
  if (limits.length === 0) {
    notes.push(
      'no --host-memory or --gpu limit: nothing to predict the limit from, so guided doubles and bisects',
    );
  } else {
    const described = limits.map((l) => `${l.resource} ${formatBytes(l.limitBytes)}`).join(', ');
    notes.push(`limits: ${described}`);
  }
  return { launch, probe, limits, notes };
}
