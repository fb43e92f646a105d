// The contract between the plan and headroom's Python bootstrap (python/headroom_boot): the variables
// that switch it on for one process. Without HEADROOM_BOOT the bootstrap does nothing.
import { fileURLToPath } from 'node:url';

/**
 * What the bootstrap does in a process: apply torch's fraction, add version-gated allocator keys, cap TF,
 * and record the framework's exact GPU peaks at exit (into HEADROOM_PEAKS_FILE, which `run` sets).
 */
export type BootAction = 'torch-cap' | 'torch-alloc' | 'tf-cap' | 'jax-cap' | 'peaks';

export const bootVariables = {
  /** Comma-separated BootActions. */
  actions: 'HEADROOM_BOOT',
  /** `key:value@minVersion` entries the bootstrap adds to PYTORCH_CUDA_ALLOC_CONF when torch is that new. */
  torchAllocKeys: 'HEADROOM_TORCH_ALLOC_KEYS',
  /** `value@minVersion`: the XLA_PYTHON_CLIENT_MEM_FRACTION the bootstrap writes when jaxlib is that new. */
  jaxFraction: 'HEADROOM_JAX_MEM_FRACTION',
} as const;

/**
 * The bootstrap's directory as shipped in the package (`python/headroom_boot` beside `dist/`); the
 * same relative path from `src/frameworks/` when run from source. Computing a path reads nothing.
 */
export const packagedBootstrapDir = fileURLToPath(new URL('../../python/headroom_boot', import.meta.url));

/** PYTHONPATH with the bootstrap first, the existing entries after it, the bootstrap never twice. */
export function withBootstrapPath(bootstrapDir: string, existing: string | undefined): string {
  const rest = (existing ?? '').split(':').filter((entry) => entry !== '' && entry !== bootstrapDir);
  return [bootstrapDir, ...rest].join(':');
}

/** Whether a PYTHONPATH carries a headroom bootstrap (any install's), for doctor --env. */
export function hasBootstrapPath(pythonPath: string | undefined): boolean {
  return (pythonPath ?? '').split(':').some((entry) => /(^|\/)headroom_boot\/?$/.test(entry));
}

/**
 * The bootstrap's switch and its directory first on PYTHONPATH; nothing when it has nothing to do.
 * Every Python framework's process gets `peaks`: its exact GPU peaks at exit, where `run` asks for them.
 */
export function bootstrapEnv(options: {
  bootstrapDir: string | null;
  actions: readonly BootAction[];
  configEnv: Record<string, string>;
  inheritedEnv: Record<string, string | undefined>;
}): Record<string, string> {
  const { bootstrapDir, actions, configEnv, inheritedEnv } = options;
  if (bootstrapDir === null || actions.length === 0) return {};
  return {
    [bootVariables.actions]: actions.join(','),
    PYTHONPATH: withBootstrapPath(bootstrapDir, configEnv.PYTHONPATH ?? inheritedEnv.PYTHONPATH),
  };
}
