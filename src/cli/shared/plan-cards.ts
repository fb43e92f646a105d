// The cards a plan was made for, as the GPU backend a launcher opens for it: the simulated cards when
// every device is simulated (from the config, --gpu sim:… or HEADROOM_GPU), else the machine's own.
import type { Plan } from '../../plan/types.js';
import { openGpuProbe } from '../../probe/gpu/open-probe.js';
import { simEnvironment } from '../../probe/gpu/sim-backend.js';
import type { GpuProbe } from '../../probe/gpu/types.js';

type Env = Record<string, string | undefined>;

/** `sim:25769803776B,…` when the plan is on simulated cards only; undefined otherwise. */
export function simulatedCardsOf(plan: Plan): string | undefined {
  const isSimulated = plan.devices.length > 0 && plan.devices.every((d) => d.simulated);
  return isSimulated ? plan.devices.map((d) => `sim:${d.totalBytes}B`).join(',') : undefined;
}

/** The probe `run` samples the plan's processes with. */
export function openPlanProbe(plan: Plan, env: Env): Promise<GpuProbe> {
  const simSpec = simulatedCardsOf(plan);
  return openGpuProbe(simSpec === undefined ? { env } : { gpu: simSpec, backend: 'sim', env });
}

/**
 * What a child of this plan needs to see the same cards, without opening a probe: the simulated cards'
 * variables (HEADROOM_GPU, HEADROOM_SIM_DIR, as the sim probe's childEnv), nothing for real ones.
 */
export function planCardEnv(plan: Plan, env: Env): Record<string, string> {
  const simSpec = simulatedCardsOf(plan);
  return simSpec === undefined ? {} : simEnvironment({ spec: simSpec, env });
}
