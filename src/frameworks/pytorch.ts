// PyTorch: its caching allocator is capped by per_process_memory_fraction, from the allocator config
// where the release reads it, else by the bootstrap at CUDA initialisation (DESIGN "Planning rules",
// FACTS Q7); allocator keys only where the release accepts them (torch-env.ts, torch-versions.ts).
import { bootstrapEnv } from './bootstrap.js';
import { flooredFractionBytes, formatFraction } from './fraction.js';
import { torchAllocConf, torchCap } from './torch-checks.js';
import { torchEnv } from './torch-env.js';
import { torchKeyMinVersion } from './torch-versions.js';
import type { FrameworkProfile, KnownVariables } from './types.js';

// c10/cuda/CUDAAllocatorConfig.h and c10/core/AllocatorConfig.cpp (PYTORCH_CUDA_ALLOC_CONF,
// PYTORCH_ALLOC_CONF), c10/cuda/CUDACachingAllocator.cpp (PYTORCH_NO_CUDA_MEMORY_CACHING),
// docs/source/torch_environment_variables.rst and docs/source/notes/cuda.rst.
const torchVariables: KnownVariables = {
  source:
    'pytorch c10/cuda/CUDAAllocatorConfig.h, CUDACachingAllocator.cpp, docs torch_environment_variables',
  variables: [
    {
      name: 'PYTORCH_CUDA_ALLOC_CONF',
      unsetEffect: 'the caching allocator runs with its defaults (no expandable segments)',
    },
    { name: 'PYTORCH_ALLOC_CONF', unsetEffect: 'the caching allocator runs with its defaults' },
    { name: 'PYTORCH_HIP_ALLOC_CONF' },
    { name: 'PYTORCH_NO_CUDA_MEMORY_CACHING', unsetEffect: 'the caching allocator stays on' },
    { name: 'PYTORCH_NVML_BASED_CUDA_CHECK' },
    { name: 'TORCH_SHOW_CPP_STACKTRACES' },
    { name: 'TORCH_USE_CUDA_DSA' },
    { name: 'TORCH_DISTRIBUTED_DEBUG' },
    { name: 'TORCH_LOGS' },
    { name: 'TORCH_HOME', source: 'torch/hub.py' },
    { name: 'TORCH_NCCL_ASYNC_ERROR_HANDLING', source: 'torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp' },
    { name: 'TORCH_NCCL_BLOCKING_WAIT', source: 'torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp' },
    { name: 'TORCH_NCCL_AVOID_RECORD_STREAMS', source: 'torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp' },
    { name: 'TORCHINDUCTOR_CACHE_DIR', source: 'torch/_inductor/runtime/cache_dir_utils.py' },
  ],
};

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
  budgetEnv: ({ process: configProcess, fraction, bootstrapDir, inheritedEnv }) => {
    const torch = torchEnv({
      fraction,
      torchVersion: configProcess.torchVersion,
      sharesCudaTensors: configProcess.sharesCudaTensors ?? false,
      enforce: configProcess.enforce,
      hasBootstrap: bootstrapDir !== null,
      configEnv: configProcess.env,
      inheritedEnv,
    });
    const boot = bootstrapEnv({
      bootstrapDir,
      actions: [...torch.actions, 'peaks'],
      configEnv: configProcess.env,
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
  knownVariables: torchVariables,
  checks: { config: [], plan: [torchCap, torchAllocConf], inherited: [] },
  doctorFamily: 'pytorch',
  poolWords: { clients: 'PyTorch', share: ({ percent }) => `one ${percent} per-process fraction` },
  trialEnv: null,
  bootstrap:
    'torch-alloc: adds version-gated allocator keys where the installed torch accepts them; torch-cap: set_per_process_memory_fraction at CUDA initialisation; peaks: records the exact GPU peaks at exit',
};
