// The environment a planned process gets for its GPU budget: the device and headroom's own variables
// here, the framework's from its profile (src/frameworks/<name>.ts; DESIGN "Planning rules").
import { flooredFractionBytes, floorFraction, formatFraction } from '../frameworks/fraction.js';
import { profileOf } from '../frameworks/index.js';
import type { FrameworkEnv } from '../frameworks/types.js';
import { markerNames } from './child-env.js';
import type { DeviceSpec, Framework, ProcessSpec } from './types.js';

export type { FrameworkEnv };
export { floorFraction, formatFraction };

/** Bytes a framework will really be held to (JAX's cap is floor4(fraction) × total). */
export function enforcedBudgetBytes(framework: Framework, budgetBytes: number, totalBytes: number): number {
  return profileOf(framework).enforcedBudgetBytes(budgetBytes, totalBytes);
}

export { flooredFractionBytes };

/** Variables for one process on one device, given what the config's `env:` and the shell already hold. */
export function frameworkEnv(options: {
  name: string;
  process: Pick<
    ProcessSpec,
    'name' | 'framework' | 'preallocate' | 'enforce' | 'torchVersion' | 'sharesCudaTensors' | 'env'
  >;
  device: DeviceSpec | null;
  /** The budget of one GPU client: the process's budget / gpuClients. */
  budgetBytes: number;
  /** GPU clients in the process (`gpu_clients`); each is told the per-client budget. Default 1. */
  gpuClients?: number | undefined;
  /** The bootstrap's directory, or null where it cannot be used. */
  bootstrapDir: string | null;
  inheritedEnv: Record<string, string | undefined>;
}): FrameworkEnv {
  const { process, device, budgetBytes } = options;
  const profile = profileOf(process.framework);
  if (!profile.usesGpu || device === null) {
    // An empty CUDA_VISIBLE_DEVICES hides every GPU, so no context is created by accident.
    return {
      env: { CUDA_VISIBLE_DEVICES: '', [markerNames.process]: options.name },
      unset: [],
      capNote: 'no GPU (CUDA_VISIBLE_DEVICES is empty)',
      capBy: 'none',
    };
  }
  const fraction = formatFraction(budgetBytes / device.totalBytes);
  const env: Record<string, string> = {
    CUDA_VISIBLE_DEVICES: device.uuid ?? String(device.index),
    // Shown by `headroom env NAME` for eval; a child gets it from buildChildEnv (child-env.ts) the same.
    [markerNames.process]: options.name,
    HEADROOM_GPU_BUDGET_BYTES: String(budgetBytes),
    HEADROOM_GPU_FRACTION: fraction,
  };
  const gpuClients = options.gpuClients ?? 1;
  // What headroom run's sampler and the bootstrap read: the budget above is each client's.
  if (gpuClients > 1) env.HEADROOM_GPU_CLIENTS = String(gpuClients);
  // CUDA numbers devices fastest-first by default, NVML and nvidia-smi by PCI bus: every numeric index
  // needs the bus order, or a mixed host hands index 1 to another card. A UUID names one card.
  if (device.uuid === undefined) env.CUDA_DEVICE_ORDER = 'PCI_BUS_ID';
  const own = profile.budgetEnv({
    process,
    device,
    budgetBytes,
    fraction,
    bootstrapDir: options.bootstrapDir,
    inheritedEnv: options.inheritedEnv,
  });
  return { ...own, env: { ...env, ...own.env } };
}
