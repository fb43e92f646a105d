// The environment variables each framework reads, one list per framework, each name with where it
// is read and what happens when it is missing, so a near miss ("PERELLOCLACE") can be named with
// its effect. Names only: what their values must be is plan/env-checks.ts and torch-alloc-conf.ts.

/** A variable a framework (or the CUDA runtime) reads. */
export interface KnownVariable {
  name: string;
  /** Where it is read, when not the list's own source. */
  source?: string;
  /** What is in effect when it is not set (so a misspelt one is ignored): "preallocation stays on". */
  unsetEffect?: string;
}

/** One framework's variables, and the source they are read in. */
export interface KnownVariableList {
  framework: 'jax' | 'tensorflow' | 'torch' | 'cuda' | 'nccl';
  source: string;
  variables: readonly KnownVariable[];
}

// jaxlib/xla_client.py (_gpu_backend_factory: PREALLOCATE, MEM_FRACTION, ALLOCATOR), jax/_src/config.py
// (each jax_* flag reads os.getenv(name.upper()) at import: JAX_*), https://docs.jax.dev/en/latest/gpu_memory_allocation.html (FACTS Q1-Q3, Q6).
const jaxConfig = 'jax/_src/config.py (the jax_* flag of that name)';

const jax: KnownVariableList = {
  framework: 'jax',
  source: 'jaxlib xla_client.py (XLA_PYTHON_CLIENT_*), docs.jax.dev gpu_memory_allocation',
  variables: [
    {
      name: 'XLA_PYTHON_CLIENT_PREALLOCATE',
      unsetEffect: 'preallocation stays on (75% of the card at the first allocation)',
    },
    {
      name: 'XLA_PYTHON_CLIENT_MEM_FRACTION',
      unsetEffect: "XLA's pool stays at 75% of the card",
    },
    { name: 'XLA_CLIENT_MEM_FRACTION', unsetEffect: "XLA's pool stays at 75% of the card" },
    {
      name: 'XLA_PYTHON_CLIENT_ALLOCATOR',
      unsetEffect: 'the default BFC allocator (capped by the fraction) is used',
    },
    {
      name: 'XLA_FLAGS',
      unsetEffect: 'XLA runs with its default flags',
      source: 'openxla/xla xla/debug_options_flags.cc',
    },
    {
      name: 'JAX_PLATFORMS',
      unsetEffect: 'JAX picks the first backend it finds (GPU before CPU)',
      source: 'jax/_src/config.py (jax_platforms)',
    },
    { name: 'JAX_ENABLE_X64', unsetEffect: '64-bit types stay off', source: jaxConfig },
    { name: 'JAX_DEBUG_NANS', source: jaxConfig },
    { name: 'JAX_DISABLE_JIT', source: jaxConfig },
    { name: 'JAX_TRACEBACK_FILTERING', source: jaxConfig },
    {
      name: 'JAX_COMPILATION_CACHE_DIR',
      unsetEffect: 'compiled programs are not cached on disk',
      source: jaxConfig,
    },
    { name: 'JAX_DEFAULT_MATMUL_PRECISION', source: jaxConfig },
    { name: 'JAX_LOG_COMPILES', source: jaxConfig },
    { name: 'JAX_DEFAULT_DEVICE', source: jaxConfig },
  ],
};

// tensorflow/core/common_runtime/gpu/gpu_device.cc and gpu_process_state.cc (allow growth, allocator,
// unified memory, reserved system memory), tensorflow/core/platform/default/logging.cc (TF_CPP_*).
const tensorflow: KnownVariableList = {
  framework: 'tensorflow',
  source:
    'tensorflow core/common_runtime/gpu (gpu_device.cc, gpu_process_state.cc), platform/default/logging.cc',
  variables: [
    {
      name: 'TF_FORCE_GPU_ALLOW_GROWTH',
      unsetEffect: "TensorFlow maps nearly all of the card's free memory when it starts",
    },
    { name: 'TF_GPU_ALLOCATOR', unsetEffect: 'the BFC allocator is used' },
    { name: 'TF_FORCE_UNIFIED_MEMORY', unsetEffect: 'fractions above 1 are refused' },
    { name: 'TF_DEVICE_MIN_SYS_MEMORY_IN_MB', unsetEffect: 'TensorFlow leaves its default reserve free' },
    { name: 'TF_GPU_HOST_MEM_LIMIT_IN_MB' },
    { name: 'TF_CPP_MIN_LOG_LEVEL', source: 'tensorflow/core/platform/default/logging.cc' },
    { name: 'TF_CPP_MAX_VLOG_LEVEL', source: 'tensorflow/core/platform/default/logging.cc' },
    { name: 'TF_ENABLE_ONEDNN_OPTS', source: "tensorflow's C++ runtime (the oneDNN switch)" },
    { name: 'TF_XLA_FLAGS' },
    { name: 'TF_GPU_THREAD_MODE' },
    { name: 'TF_GPU_THREAD_COUNT' },
    { name: 'TF_DETERMINISTIC_OPS' },
    { name: 'TF_CUDNN_DETERMINISTIC' },
    { name: 'TF_USE_LEGACY_KERAS', source: 'tensorflow/python/util/lazy_loader.py' },
  ],
};

// c10/cuda/CUDAAllocatorConfig.h and c10/core/AllocatorConfig.cpp (PYTORCH_CUDA_ALLOC_CONF,
// PYTORCH_ALLOC_CONF), c10/cuda/CUDACachingAllocator.cpp (PYTORCH_NO_CUDA_MEMORY_CACHING),
// docs/source/torch_environment_variables.rst and docs/source/notes/cuda.rst.
const torch: KnownVariableList = {
  framework: 'torch',
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

// CUDA C++ Programming Guide, "CUDA Environment Variables" (device enumeration, JIT cache, module
// loading, MPS), FACTS Q5 and Q13.
const cuda: KnownVariableList = {
  framework: 'cuda',
  source: 'CUDA C++ Programming Guide, "CUDA Environment Variables"',
  variables: [
    { name: 'CUDA_VISIBLE_DEVICES', unsetEffect: 'every GPU is visible to the process' },
    { name: 'CUDA_DEVICE_ORDER', unsetEffect: 'GPUs are numbered fastest first, not as nvidia-smi does' },
    { name: 'CUDA_LAUNCH_BLOCKING' },
    { name: 'CUDA_MODULE_LOADING', unsetEffect: 'modules load lazily (CUDA 12.2 and later)' },
    { name: 'CUDA_CACHE_PATH' },
    { name: 'CUDA_CACHE_MAXSIZE' },
    { name: 'CUDA_CACHE_DISABLE' },
    { name: 'CUDA_DEVICE_MAX_CONNECTIONS' },
    { name: 'CUDA_AUTO_BOOST' },
    { name: 'CUDA_FORCE_PTX_JIT' },
    { name: 'CUDA_DISABLE_PTX_JIT' },
    { name: 'CUDA_MANAGED_FORCE_DEVICE_ALLOC' },
    { name: 'CUDA_ENABLE_COREDUMP_ON_EXCEPTION' },
    { name: 'CUDA_MPS_PIPE_DIRECTORY' },
    { name: 'CUDA_MPS_LOG_DIRECTORY' },
    { name: 'CUDA_MPS_ACTIVE_THREAD_PERCENTAGE' },
    { name: 'CUDA_MPS_PINNED_DEVICE_MEM_LIMIT', unsetEffect: 'the MPS client has no device memory limit' },
    { name: 'CUDA_HOME', source: 'torch/utils/cpp_extension.py (_find_cuda_home)' },
    { name: 'CUDA_PATH', source: 'torch/utils/cpp_extension.py (_find_cuda_home)' },
  ],
};

// NCCL documentation, "Environment Variables" (docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html).
const nccl: KnownVariableList = {
  framework: 'nccl',
  source: 'NCCL user guide, "Environment Variables"',
  variables: [
    { name: 'NCCL_DEBUG' },
    { name: 'NCCL_DEBUG_SUBSYS' },
    { name: 'NCCL_P2P_DISABLE' },
    { name: 'NCCL_SHM_DISABLE' },
    { name: 'NCCL_IB_DISABLE' },
    { name: 'NCCL_SOCKET_IFNAME' },
    { name: 'NCCL_BUFFSIZE', unsetEffect: 'each channel keeps its default 4 MiB buffers' },
    { name: 'NCCL_NVLS_ENABLE' },
    { name: 'NCCL_CUMEM_ENABLE' },
    {
      name: 'NCCL_ASYNC_ERROR_HANDLING',
      source: 'torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp (the old name)',
    },
  ],
};

/** Every framework's list. */
export const knownVariableLists: readonly KnownVariableList[] = [jax, tensorflow, torch, cuda, nccl];

/** Every known name, for the near-miss judge. */
export const knownVariableNames: readonly string[] = knownVariableLists.flatMap((list) =>
  list.variables.map((v) => v.name),
);

/** Where a known variable is read: its own source, or its list's. */
export const sourceOf = (variable: KnownVariable, list: KnownVariableList): string =>
  variable.source ?? list.source;

/** The known variable of this name, and its list. */
export function knownVariable(
  name: string,
): { variable: KnownVariable; list: KnownVariableList } | undefined {
  for (const list of knownVariableLists) {
    const variable = list.variables.find((v) => v.name === name);
    if (variable) return { variable, list };
  }
  return undefined;
}

// Other tools' variables that share a prefix with a framework's (Terraform's TF_*): never a near miss.
export const foreignVariablePattern =
  /^TF_(?:VAR_|LOG|CLI_ARGS|DATA_DIR|WORKSPACE|IN_AUTOMATION|INPUT|PLUGIN_CACHE_DIR|TOKEN_)/;
