// The variables of what every framework runs on: the CUDA runtime and NCCL. Each framework's own are in
// its profile (src/frameworks/<name>.ts); index.ts lists them all for doctor's near-miss names.
import type { KnownVariables } from './types.js';

// CUDA C++ Programming Guide, "CUDA Environment Variables" (device enumeration, JIT cache, module
// loading, MPS), FACTS Q5 and Q13.
export const cudaVariables: KnownVariables = {
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
export const ncclVariables: KnownVariables = {
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
