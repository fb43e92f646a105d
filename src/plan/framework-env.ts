// The environment each framework honours for a GPU budget (DESIGN "Planning rules", FACTS Q1-Q11).
import type { DeviceSpec, Framework } from './types.js';

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
}

/** Variables for one process on one device, given what the config's `env:` and the shell already hold. */
export function frameworkEnv(options: {
  name: string;
  framework: Framework;
  device: DeviceSpec | null;
  deviceCount: number;
  budgetBytes: number;
  preallocate: boolean;
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
    };
  }
  const fraction = formatFraction(budgetBytes / device.totalBytes);
  const env: Record<string, string> = {
    CUDA_VISIBLE_DEVICES: device.uuid ?? String(device.index),
    HEADROOM_PROCESS: options.name,
    HEADROOM_GPU_BUDGET_BYTES: String(budgetBytes),
    HEADROOM_GPU_FRACTION: fraction,
  };
  // CUDA numbers devices fastest-first by default; NVML and nvidia-smi number them by PCI bus.
  if (device.uuid === undefined && options.deviceCount > 1) env.CUDA_DEVICE_ORDER = 'PCI_BUS_ID';
  const unset: string[] = [];
  const isSet = (key: string): boolean => key in configEnv || inheritedEnv[key] !== undefined;

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
      return {
        env,
        unset,
        capNote: options.preallocate
          ? `XLA pool capped at ${fraction} of total, grabbed at the first allocation`
          : `XLA pool capped at ${fraction} of total, grown on demand`,
      };
    }
    case 'torch': {
      // Set exactly one of the two names (FACTS Q7); add to whichever the user already uses.
      const confName = isSet('PYTORCH_ALLOC_CONF') ? 'PYTORCH_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF';
      const existing = configEnv[confName] ?? inheritedEnv[confName] ?? '';
      env[confName] = withExpandableSegments(existing);
      return {
        env,
        unset,
        capNote: `needs torch.cuda.set_per_process_memory_fraction(${fraction}) in the process (HEADROOM_GPU_FRACTION)`,
      };
    }
    case 'tensorflow':
      // Exactly `true`: TF compares with strcmp and ignores anything else (FACTS Q11).
      env.TF_FORCE_GPU_ALLOW_GROWTH = 'true';
      return { env, unset, capNote: 'no hard cap from outside; grows on demand, watched by headroom' };
    default:
      return { env, unset, capNote: 'no cap from outside; watched by headroom against its budget' };
  }
}

/** Adds `expandable_segments:True` to an allocator config unless it already decides that. */
export function withExpandableSegments(conf: string): string {
  const entries = conf
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const decides = entries.some(
    (e) => e.startsWith('expandable_segments:') || e === 'backend:cudaMallocAsync',
  );
  return decides ? entries.join(',') : [...entries, 'expandable_segments:True'].join(',');
}
