// What every trial of `headroom fit` shares: the process (plan environment, host limit, GPU
// budget), the GPU probe (simulated cards included), the limits the search reasons about, and notes.
import { parseGpuFlags } from '../../../config/gpu-flags.js';
import { defaultHostLimit } from '../../../fit/default-limit.js';
import type { ResourceLimit } from '../../../fit/types.js';
import { profileOf } from '../../../frameworks/index.js';
import type { LaunchSpec } from '../../../launch/types.js';
import { openGpuProbe } from '../../../probe/gpu/open-probe.js';
import { parseSimSpec } from '../../../probe/gpu/sim-backend.js';
import type { GpuProbe } from '../../../probe/gpu/types.js';
import { type AvailableMemory, readAvailableMemory } from '../../../probe/host/available-memory.js';
import { launchSpecsFromPlan } from '../../../supervise/from-plan.js';
import { formatBytes } from '../../../units.js';
import type { CommandIo } from '../../io.js';
import { planAdHoc } from '../../shared/ad-hoc.js';
import type { FitOptionValues } from './checks.js';

/** The process template, probe, limits and notes for a fit. */
export interface FitSetup {
  launch: LaunchSpec & { command: string[] };
  probe: GpuProbe;
  limits: ResourceLimit[];
  notes: string[];
  /** Host memory available when the fit started (null: unreadable), for the warm starts' room. */
  availableBytes: number | null;
}

// Trials get a short grace: a killed trial is expected, and the next one is waiting.
const trialStopGraceMs = 5000;

async function openFitProbe(
  gpuFlags: readonly string[],
  env: Record<string, string | undefined>,
): Promise<GpuProbe> {
  const simulated = gpuFlags.filter((value) => parseSimSpec(value) !== undefined);
  return openGpuProbe(simulated.length > 0 ? { gpu: simulated.join(','), env } : { env });
}

async function gpuLimit(
  launch: LaunchSpec,
  gpuFlags: readonly string[],
  probe: GpuProbe,
): Promise<ResourceLimit | null> {
  const limit = (limitBytes: number | undefined, source: 'flag' | 'card'): ResourceLimit | null =>
    limitBytes === undefined ? null : { resource: 'gpu', limitBytes, source };
  if (launch.gpuBudgetBytes !== null) return limit(launch.gpuBudgetBytes, 'flag');
  if (gpuFlags.length > 0) return limit(parseGpuFlags([...gpuFlags])[0]?.totalBytes, 'flag');
  // Simulated cards (HEADROOM_GPU) say their size; a real card is not a limit the trials know of.
  if (probe.source === 'sim') return limit((await probe.snapshot()).devices[0]?.totalBytes, 'card');
  return null;
}

/**
 * The trials' host limit: --host-memory, or by default what is available now less a reserve (so a
 * trial that needs more is OOM-killed in its own cgroup rather than pushing the machine into swap
 * or its global OOM killer); null when not even that can be read.
 */
function hostLimit(
  launch: LaunchSpec,
  available: AvailableMemory | undefined,
): { limit: ResourceLimit | null; note: string } {
  if (launch.hostMemoryBytes !== null) {
    const limit = { resource: 'host' as const, limitBytes: launch.hostMemoryBytes, source: 'flag' as const };
    return { limit, note: `host limit: ${formatBytes(limit.limitBytes)} (--host-memory)` };
  }
  if (!available) {
    return {
      limit: null,
      note: 'no --host-memory, and /proc/meminfo is unreadable: trials ran without a host limit',
    };
  }
  const { limitBytes, reserveBytes } = defaultHostLimit(available);
  const where = available.source === 'cgroup' ? "left in headroom's own cgroup" : 'available';
  return {
    limit: { resource: 'host', limitBytes, source: 'default' },
    note: `host limit: ${formatBytes(limitBytes)} by default (${formatBytes(available.availableBytes)} ${where} less a ${formatBytes(reserveBytes)} reserve); pass --host-memory to set it`,
  };
}

/** Plans the command once (as `run -- CMD` would) and opens the probe its trials are watched with. */
export async function prepareFit(
  argv: string[],
  options: Pick<FitOptionValues, 'gpu' | 'framework' | 'hostMemory'> & { gpuClients?: number | undefined },
  io: Pick<CommandIo, 'env' | 'cwd'> & { availableMemory?: AvailableMemory },
): Promise<FitSetup> {
  const gpuFlags = options.gpu;
  const { spec, plan } = await planAdHoc(
    {
      argv,
      framework: options.framework,
      hostMemoryBytes: options.hostMemory,
      gpu: gpuFlags,
      // A multi-rank job's ranks share its GPU budget, each capped at its part.
      gpuClients: options.gpuClients,
      stopGraceMs: trialStopGraceMs,
    },
    { env: io.env, cwd: io.cwd },
  );
  const probe = await openFitProbe(gpuFlags, io.env);
  // fit's trial environment is the framework's (src/frameworks/), over the plan's.
  const trial = profileOf(options.framework).trialEnv;
  // Trials must see the same simulated cards and state directory as the probe (sim-backend.ts).
  const [planned] = launchSpecsFromPlan({
    spec,
    plan,
    baseEnv: io.env,
    card: probe.childEnv,
    overrides: trial?.env,
  });
  if (!planned) throw new Error('planning one command gave no process');
  const notes: string[] = [];
  const env = planned.env;
  if (probe.childEnv?.HEADROOM_GPU) notes.push(`GPU: simulated (${probe.childEnv.HEADROOM_GPU})`);
  if (trial) notes.push(trial.note);
  const available = io.availableMemory ?? readAvailableMemory();
  const host = hostLimit(planned, available);
  const launch = {
    ...planned,
    command: argv,
    env,
    hostMemoryBytes: host.limit?.limitBytes ?? null,
    // Over its GPU budget a trial has failed: stop it rather than let it run on.
    enforce: planned.gpuBudgetBytes === null ? planned.enforce : ('kill' as const),
  };
  const gpu = await gpuLimit(launch, gpuFlags, probe);
  const limits = [host.limit, gpu].filter((limit): limit is ResourceLimit => limit !== null);
  notes.push(host.note);
  if (gpu)
    notes.push(`GPU limit: ${formatBytes(gpu.limitBytes)}${gpu.source === 'card' ? ' (the card)' : ''}`);
  if (limits.length === 0) notes.push('no limit to predict the boundary from: guided doubles and bisects');
  return { launch, probe, limits, notes, availableBytes: available?.availableBytes ?? null };
}
