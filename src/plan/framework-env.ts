// The environment each framework honours for a GPU budget (DESIGN "Planning rules", FACTS Q1-Q11).
import { type BootAction, bootVariables, withBootstrapPath } from './bootstrap-env.js';
import { torchEnv } from './torch-env.js';
import type { CapMethod, DeviceSpec, Enforcement, Framework } from './types.js';

/** Floors a fraction to 4 decimals: JAX must never be granted more than the plan holds. */
export function floorFraction(fraction: number): number {
  // The tolerance absorbs float error in budget/total (0.3 × T / T = 0.29999…); it can grant at
  // most 1e-10 × total extra, under 3 bytes on an 24 GiB card.
  return Math.floor(fraction * 10_000 + 1e-6) / 10_000;
}

/** The fraction as JAX reads it: `float()` of a plain decimal, never `30%` (FACTS Q2). */
export function formatFraction(fraction: number): string {
  return floorFraction(fraction).toFixed(4);
}

/** Bytes a framework will really be held to: JAX's cap is floor4(fraction) × total. */
export function enforcedBudgetBytes(framework: Framework, budgetBytes: number, totalBytes: number): number {
  if (framework !== 'jax' || totalBytes === 0) return budgetBytes;
  return Math.floor(floorFraction(budgetBytes / totalBytes) * totalBytes);
}

export interface FrameworkEnv {
  env: Record<string, string>;
  /** Inherited variables the child must not see (they would contradict `env`). */
  unset: string[];
  capNote: string;
  capBy: CapMethod;
}

/** Variables for one process on one device, given what the config's `env:` and the shell already hold. */
export function frameworkEnv(options: {
  name: string;
  framework: Framework;
  device: DeviceSpec | null;
  /** The budget of one GPU client: the process's budget / gpuClients. */
  budgetBytes: number;
  /** GPU clients in the process (`gpu_clients`); each is told the per-client budget. Default 1. */
  gpuClients?: number | undefined;
  preallocate: boolean;
  enforce: Enforcement;
  torchVersion?: string | undefined;
  sharesCudaTensors?: boolean | undefined;
  /** The bootstrap's directory, or null where it cannot be used. */
  bootstrapDir: string | null;
  configEnv: Record<string, string>;
  inheritedEnv: Record<string, string | undefined>;
}): FrameworkEnv {
  const { framework, device, budgetBytes, configEnv, inheritedEnv } = options;
  if (framework === 'none' || device === null) {
    // An empty CUDA_VISIBLE_DEVICES hides every GPU, so no context is created by accident.
    return {
      env: { CUDA_VISIBLE_DEVICES: '', HEADROOM_PROCESS: options.name },
      unset: [],
      capNote: 'no GPU (CUDA_VISIBLE_DEVICES is empty)',
      capBy: 'none',
    };
  }
  const fraction = formatFraction(budgetBytes / device.totalBytes);
  const env: Record<string, string> = {
    CUDA_VISIBLE_DEVICES: device.uuid ?? String(device.index),
    HEADROOM_PROCESS: options.name,
    HEADROOM_GPU_BUDGET_BYTES: String(budgetBytes),
    HEADROOM_GPU_FRACTION: fraction,
  };
  const gpuClients = options.gpuClients ?? 1;
  // What headroom run's sampler and the bootstrap read: the budget above is each client's.
  if (gpuClients > 1) env.HEADROOM_GPU_CLIENTS = String(gpuClients);
  // CUDA numbers devices fastest-first by default, NVML and nvidia-smi by PCI bus: every numeric index
  // needs the bus order, or a mixed host hands index 1 to another card. A UUID names one card.
  if (device.uuid === undefined) env.CUDA_DEVICE_ORDER = 'PCI_BUS_ID';
  const unset: string[] = [];

  switch (framework) {
    case 'jax': {
      // Both names set makes jaxlib raise ValueError (FACTS Q2), and the backend silently falls back to CPU.
      if (inheritedEnv.XLA_CLIENT_MEM_FRACTION !== undefined && !('XLA_CLIENT_MEM_FRACTION' in configEnv)) {
        unset.push('XLA_CLIENT_MEM_FRACTION');
      }
      env.XLA_PYTHON_CLIENT_MEM_FRACTION = fraction;
      // jaxlib: preallocate = value not in ('false', 'False', '0'); only exactly `false` is safe (FACTS Q1).
      env.XLA_PYTHON_CLIENT_PREALLOCATE = options.preallocate ? 'true' : 'false';
      // Fail loudly instead of falling back to CPU when the CUDA plugin rejects a setting (FACTS Q6).
      env.JAX_PLATFORMS = 'cuda';
      Object.assign(env, bootEnv(options.bootstrapDir, ['peaks'], configEnv, inheritedEnv));
      return {
        env,
        unset,
        capBy: 'env',
        capNote: options.preallocate
          ? `XLA pool capped at ${fraction} of total, grabbed at the first allocation`
          : `XLA pool capped at ${fraction} of total, grown on demand`,
      };
    }
    case 'torch': {
      const torch = torchEnv({
        fraction,
        torchVersion: options.torchVersion,
        sharesCudaTensors: options.sharesCudaTensors ?? false,
        enforce: options.enforce,
        hasBootstrap: options.bootstrapDir !== null,
        configEnv,
        inheritedEnv,
      });
      Object.assign(
        env,
        torch.env,
        bootEnv(options.bootstrapDir, [...torch.actions, 'peaks'], configEnv, inheritedEnv),
      );
      return { env, unset: [...unset, ...torch.unset], capBy: torch.capBy, capNote: torch.capNote };
    }
    case 'tensorflow': {
      // Exactly `true`: TF compares with strcmp and ignores anything else (FACTS Q11).
      env.TF_FORCE_GPU_ALLOW_GROWTH = 'true';
      const limitMiB = Math.floor(budgetBytes / 1024 ** 2);
      if (options.enforce === 'cap' && options.bootstrapDir !== null) {
        Object.assign(env, bootEnv(options.bootstrapDir, ['tf-cap', 'peaks'], configEnv, inheritedEnv));
        return {
          env,
          unset,
          capBy: 'bootstrap',
          capNote: `headroom's bootstrap sets a ${limitMiB} MiB logical device limit when tensorflow is imported; it grows on demand up to it`,
        };
      }
      Object.assign(env, bootEnv(options.bootstrapDir, ['peaks'], configEnv, inheritedEnv));
      return {
        env,
        unset,
        capBy: 'watch',
        capNote:
          options.enforce === 'cap'
            ? 'no hard cap from outside; grows on demand, watched by headroom'
            : `not capped in-process (enforce: ${options.enforce}); grows on demand, watched by headroom`,
      };
    }
    default:
      return {
        env,
        unset,
        capBy: 'watch',
        capNote: 'no cap from outside; watched by headroom against its budget',
      };
  }
}

// The bootstrap's switch and its directory first on PYTHONPATH; nothing when it has nothing to do.
// Every Python framework's process gets `peaks`: its exact GPU peaks at exit, where `run` asks for them.
function bootEnv(
  bootstrapDir: string | null,
  actions: readonly BootAction[],
  configEnv: Record<string, string>,
  inheritedEnv: Record<string, string | undefined>,
): Record<string, string> {
  if (bootstrapDir === null || actions.length === 0) return {};
  return {
    [bootVariables.actions]: actions.join(','),
    PYTHONPATH: withBootstrapPath(bootstrapDir, configEnv.PYTHONPATH ?? inheritedEnv.PYTHONPATH),
  };
}
