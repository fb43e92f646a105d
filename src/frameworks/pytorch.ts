// PyTorch: its caching allocator is capped by per_process_memory_fraction, from the allocator config
// where the release reads it, else by the bootstrap at CUDA initialisation (DESIGN "Planning rules",
// FACTS Q7); allocator keys only where the release accepts them (torch-env.ts, torch-versions.ts).
import { bootstrapEnv } from './bootstrap.js';
import { flooredFractionBytes, formatFraction } from './fraction.js';
import { torchAllocConf, torchCap } from './torch-checks.js';
import { torchEnv } from './torch-env.js';
import { torchKeyMinVersion } from './torch-versions.js';
import type { FrameworkProfile } from './types.js';

export const pytorch: FrameworkProfile<'torch'> = {
  name: 'torch',
  aliases: ['pytorch'],
  label: 'PyTorch',
  usesGpu: true,
  distributions: ['torch'],
  defaultPool: null,
  versionGates: Object.entries(torchKeyMinVersion).map(([key, from]) => ({
    setting: `${key} in PYTORCH_CUDA_ALLOC_CONF`,
    distribution: 'torch',
    from,
  })),
  detect: {
    libraries: /libtorch_cuda\.so|libc10_cuda\.so|libtorch_python\.so/,
    commandWords: /\b(torch|torchrun|lightning|accelerate|deepspeed)\b|[-_]torch\b/i,
  },
  defaultEnforcement: 'cap',
  canCap: true,
  ownKeys: ['torch_version', 'shares_cuda_tensors'],
  budgetEnv: ({ process, fraction, bootstrapDir, inheritedEnv }) => {
    const torch = torchEnv({
      fraction,
      torchVersion: process.torchVersion,
      sharesCudaTensors: process.sharesCudaTensors ?? false,
      enforce: process.enforce,
      hasBootstrap: bootstrapDir !== null,
      configEnv: process.env,
      inheritedEnv,
    });
    const boot = bootstrapEnv({
      bootstrapDir,
      actions: [...torch.actions, 'peaks'],
      configEnv: process.env,
      inheritedEnv,
    });
    return { env: { ...torch.env, ...boot }, unset: torch.unset, capBy: torch.capBy, capNote: torch.capNote };
  },
  enforcedBudgetBytes: (budgetBytes) => budgetBytes,
  inProcessCap: ({ capBy, budgetBytes, totalBytes }) =>
    capBy === 'alloc-conf' || capBy === 'bootstrap'
      ? {
          bytes: flooredFractionBytes(budgetBytes, totalBytes),
          by: `PyTorch's per-process memory fraction ${formatFraction(budgetBytes / totalBytes)}`,
        }
      : null,
  noCapAdvice: (p) =>
    `${p.name}: headroom's bootstrap is not available and the PyTorch release is not known to read per_process_memory_fraction; call torch.cuda.set_per_process_memory_fraction(float(os.environ["HEADROOM_GPU_FRACTION"])) before the first large allocation`,
  envVariables: ['PYTORCH_CUDA_ALLOC_CONF', 'PYTORCH_ALLOC_CONF'],
  checks: { config: [], plan: [torchCap, torchAllocConf], inherited: [] },
  doctorFamily: 'pytorch',
  poolWords: { clients: 'PyTorch', share: ({ percent }) => `one ${percent} per-process fraction` },
  trialEnv: null,
  bootstrap:
    'torch-alloc: adds version-gated allocator keys where the installed torch accepts them; torch-cap: set_per_process_memory_fraction at CUDA initialisation; peaks: records the exact GPU peaks at exit',
};
