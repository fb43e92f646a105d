// Issue 23, session 22: doctor's vocabulary taken from the programs' own sources, not from the corpus.
// Each entry is a message a runtime, library, server, killer or allocator prints when memory runs out
// (or a look-alike from the same enum or file that is not memory), written as the program prints it,
// with the source of its template. Never-seen slices kept bringing wordings no rule had met (DALI's
// CUDABadAlloc, tcmalloc's null report, MLX's allocator): a table from the sources is a check that does
// not depend on which threads happened to be gathered. The kinds follow test/corpus/CORPUS-FORMAT.md's
// settled rules: a library's allocation status with no figures is "can't tell" (rule 1), a device
// status with no figures is a GPU OOM (rule 9), a host allocation refused is host_oom (rule 8), a
// notebook kernel's death alone is "can't tell" (rule 6), a worker killed with no killer is host_oom
// (rule 7).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';
import type { Kind } from '../test-helpers/vocabulary.js';

interface VocabularyEntry {
  program: string;
  /** Where the template is: repository path (at the commit or release named), or the vendor's reference. */
  source: string;
  /** The line(s) as the program prints them, placeholders filled. */
  lines: string[];
  expected: Kind;
}

const entries: VocabularyEntry[] = [
  // CUDA runtime and driver: cudaGetErrorName/cudaGetErrorString, cuGetErrorName (docs.nvidia.com
  // cuda-runtime-api group__CUDART__TYPES, cuda-driver-api group__CUDA__TYPES).
  {
    program: 'PyTorch over the CUDA runtime',
    source: 'docs.nvidia.com/cuda/cuda-runtime-api group__CUDART__TYPES cudaErrorMemoryAllocation',
    lines: ['RuntimeError: CUDA error: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'PyTorch over the CUDA driver',
    source: 'docs.nvidia.com/cuda/cuda-driver-api group__CUDA__TYPES CUDA_ERROR_OUT_OF_MEMORY',
    lines: ['RuntimeError: CUDA driver error: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'Numba',
    source: 'numba/numba numba/cuda/cudadrv/driver.py CudaAPIError (driver call result names)',
    lines: [
      'numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'CuPy',
    source: 'cupy/cupy cupy_backends/cuda/api/driver.pyx CUDADriverError (name: string)',
    lines: ['cupy_backends.cuda.api.driver.CUDADriverError: CUDA_ERROR_OUT_OF_MEMORY: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'NVIDIA DALI (runtime status)',
    source: 'NVIDIA/DALI include/dali/core/cuda_error.h CUDAError::get_message',
    lines: ['RuntimeError: CUDA runtime API error cudaErrorMemoryAllocation (2):', 'out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'NVIDIA DALI (driver status)',
    source: 'NVIDIA/DALI include/dali/core/cuda_error.h CUDAError::get_message',
    lines: ['RuntimeError: CUDA driver API error CUDA_ERROR_OUT_OF_MEMORY (2):', 'out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'NVIDIA DALI (CUDABadAlloc, no size)',
    source: 'NVIDIA/DALI include/dali/core/cuda_error.h CUDABadAlloc() "CUDA allocation failed"',
    lines: ['RuntimeError: [/opt/dali/dali/pipeline/executor/executor_impl.h:280] CUDA allocation failed'],
    expected: 'gpu_oom',
  },
  {
    program: 'NVIDIA DALI (CUDABadAlloc, device)',
    source:
      'NVIDIA/DALI include/dali/core/cuda_error.h CUDABadAlloc(size) "Can\'t allocate %zu bytes on device %d."',
    lines: ["RuntimeError: Can't allocate 1073741824 bytes on device 0."],
    expected: 'gpu_oom',
  },
  {
    program: 'NVIDIA DALI (CUDABadAlloc, host)',
    source:
      'NVIDIA/DALI include/dali/core/cuda_error.h CUDABadAlloc(size, host) "Can\'t allocate %zu bytes on host."',
    lines: ["RuntimeError: Can't allocate 1073741824 bytes on host."],
    expected: 'host_oom',
  },
  {
    program: 'RAPIDS RMM',
    source:
      'rapidsai/rmm include/rmm/mr/device/cuda_memory_resource.hpp RMM_CUDA_TRY_ALLOC (rmm::out_of_memory)',
    lines: [
      'MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /usr/include/rmm/mr/device/cuda_memory_resource.hpp:60: cudaErrorMemoryAllocation out of memory',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'NCCL',
    source: 'NVIDIA/nccl src/include/checks.h CUDACHECK "Cuda failure \'%s\'"',
    lines: ["misc/utils.cc:29 NCCL WARN Cuda failure 'out of memory'"],
    expected: 'gpu_oom',
  },
  {
    program: 'NCCL (calloc)',
    source: 'NVIDIA/nccl src/include/alloc.h ncclCudaCalloc "Failed to CUDA calloc %ld bytes"',
    lines: ['NCCL WARN Failed to CUDA calloc 6291456 bytes'],
    expected: 'gpu_oom',
  },
  {
    program: 'nvJPEG',
    source: 'nvjpeg.h nvjpegStatus_t NVJPEG_STATUS_ALLOCATOR_FAILURE = 5 (docs.nvidia.com/cuda/nvjpeg)',
    lines: ['nvjpegDecode failed: NVJPEG_STATUS_ALLOCATOR_FAILURE'],
    expected: 'gpu_oom',
  },
  // Library statuses with no figures: can't tell (rule 1), whatever the library.
  {
    program: 'cuDNN',
    source: 'cudnn.h cudnnStatus_t CUDNN_STATUS_ALLOC_FAILED',
    lines: ['RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED'],
    expected: 'none',
  },
  {
    program: 'cuFFT',
    source: 'cufft.h cufftResult CUFFT_ALLOC_FAILED',
    lines: ['RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED'],
    expected: 'none',
  },
  {
    program: 'cuSOLVER',
    source: 'cusolver_common.h cusolverStatus_t CUSOLVER_STATUS_ALLOC_FAILED',
    lines: ['cusolver error: CUSOLVER_STATUS_ALLOC_FAILED'],
    expected: 'none',
  },
  {
    program: 'cuSPARSE',
    source: 'cusparse.h cusparseStatus_t CUSPARSE_STATUS_ALLOC_FAILED',
    lines: ['RuntimeError: CUDA error: CUSPARSE_STATUS_ALLOC_FAILED when calling `cusparseCreate(handle)`'],
    expected: 'none',
  },
  {
    program: 'cuRAND',
    source: 'curand.h curandStatus_t CURAND_STATUS_ALLOCATION_FAILED',
    lines: ['curandGenerate failed: CURAND_STATUS_ALLOCATION_FAILED'],
    expected: 'none',
  },
  {
    program: 'MIOpen',
    source: 'ROCm/MIOpen include/miopen/miopen.h miopenStatus_t miopenStatusAllocFailed',
    lines: ['RuntimeError: miopenStatusAllocFailed'],
    expected: 'none',
  },
  {
    program: 'rocBLAS',
    source: 'ROCm/rocBLAS library/include/internal/rocblas-types.h rocblas_status_memory_error',
    lines: ['rocBLAS error: rocblas_status_memory_error'],
    expected: 'none',
  },
  // Look-alikes from the same enums: not memory.
  {
    program: 'cuDNN (look-alike)',
    source: 'cudnn.h cudnnStatus_t CUDNN_STATUS_BAD_PARAM',
    lines: ['RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM'],
    expected: 'none',
  },
  {
    program: 'CUDA runtime (look-alike)',
    source: 'docs.nvidia.com/cuda/cuda-runtime-api group__CUDART__TYPES cudaErrorIllegalAddress',
    lines: ['RuntimeError: CUDA error: an illegal memory access was encountered'],
    expected: 'none',
  },
  {
    program: 'cuBLAS (look-alike)',
    source: 'cublas_api.h cublasStatus_t CUBLAS_STATUS_EXECUTION_FAILED',
    lines: [
      'RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc)`',
    ],
    expected: 'none',
  },
  {
    program: 'HIP (look-alike)',
    source: 'ROCm/HIP include/hip/hip_runtime_api.h hipError_t hipErrorIllegalAddress',
    lines: ['hipErrorIllegalAddress'],
    expected: 'none',
  },
  {
    program: 'OpenCL (look-alike)',
    source: 'KhronosGroup/OpenCL-Headers CL/cl.h CL_INVALID_KERNEL_ARGS (-52)',
    lines: ['clEnqueueNDRangeKernel failed: CL_INVALID_KERNEL_ARGS (-52)'],
    expected: 'none',
  },
  {
    program: 'Vulkan (look-alike)',
    source: 'KhronosGroup/Vulkan-Headers include/vulkan/vulkan_core.h VK_ERROR_DEVICE_LOST',
    lines: ['VK_ERROR_DEVICE_LOST'],
    expected: 'none',
  },
  {
    program: 'D3D12/DXGI (look-alike)',
    source: 'learn.microsoft.com DXGI_ERROR DXGI_ERROR_DEVICE_REMOVED',
    lines: ['DXGI_ERROR_DEVICE_REMOVED'],
    expected: 'none',
  },
  {
    program: "Triton (look-alike: a kernel's shared memory per block, not device memory)",
    source: 'triton-lang/triton python/triton/runtime/errors.py OutOfResources',
    lines: [
      'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: 65536. Reducing block sizes or `num_stages` may help.',
    ],
    expected: 'none',
  },
  // Other vendors' device allocators.
  {
    program: 'HIP',
    source: 'ROCm/HIP include/hip/hip_runtime_api.h hipErrorOutOfMemory',
    lines: ['RuntimeError: HIP error: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'Level Zero',
    source: 'oneapi-src/level-zero include/ze_api.h ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY',
    lines: ['ze_result_t error: ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY'],
    expected: 'gpu_oom',
  },
  {
    program: 'SYCL unified runtime',
    source: 'intel/llvm unified-runtime include/ur_api.h UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY',
    lines: ['RuntimeError: UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY'],
    expected: 'gpu_oom',
  },
  {
    program: 'OpenCL',
    source: 'KhronosGroup/OpenCL-Headers CL/cl.h CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)',
    lines: ['clCreateBuffer failed: CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)'],
    expected: 'gpu_oom',
  },
  {
    program: 'Vulkan-Hpp',
    source: 'KhronosGroup/Vulkan-Hpp vulkan/vulkan.hpp OutOfDeviceMemoryError',
    lines: ['vk::Device::allocateMemory: ErrorOutOfDeviceMemory'],
    expected: 'gpu_oom',
  },
  {
    program: 'Vulkan',
    source: 'KhronosGroup/Vulkan-Headers include/vulkan/vulkan_core.h VK_ERROR_OUT_OF_DEVICE_MEMORY',
    lines: ['VkResult VK_ERROR_OUT_OF_DEVICE_MEMORY'],
    expected: 'gpu_oom',
  },
  {
    program: 'Intel XPU (PyTorch)',
    source: 'pytorch/pytorch c10/xpu/XPUCachingAllocator.cpp "XPU out of memory. Tried to allocate"',
    lines: [
      'torch.OutOfMemoryError: XPU out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.11 GiB.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'Apple MPS (PyTorch)',
    source: 'pytorch/pytorch aten/src/ATen/mps/MPSAllocator.mm "MPS backend out of memory"',
    lines: [
      'RuntimeError: MPS backend out of memory (MPS allocated: 17.00 GB, other allocations: 1.20 GB, max allowed: 18.13 GB). Tried to allocate 256.00 MB on private pool.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'Apple MLX',
    source:
      'ml-explore/mlx mlx/backend/metal/allocator.cpp MetalAllocator::malloc "[metal::malloc] Unable to allocate"',
    lines: ['RuntimeError: [metal::malloc] Unable to allocate 4294967296 bytes.'],
    expected: 'gpu_oom',
  },
  // Servers and frameworks.
  {
    program: 'vLLM',
    source: 'vllm-project/vllm vllm/worker/worker.py raise_if_cache_size_invalid',
    lines: [
      'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'SGLang',
    source: 'sgl-project/sglang python/sglang/srt/model_executor/model_runner.py init_memory_pool',
    lines: ['RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.'],
    expected: 'gpu_oom',
  },
  {
    program: 'TGI router',
    source: 'huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py',
    lines: ['ERROR text_generation_router: Out of available cache blocks: asked 1024, only 512 free blocks'],
    expected: 'gpu_oom',
  },
  {
    program: 'ggml (llama.cpp)',
    source: 'ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu ggml_backend_cuda_buffer_type_alloc_buffer',
    lines: [
      'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 4096.00 MiB on device 0: cudaMalloc failed: out of memory',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'Ollama',
    source:
      'ollama/ollama llm/server.go NewLlamaServer "model requires more system memory (%s) than is available (%s)"',
    lines: ['Error: model requires more system memory (18.0 GiB) than is available (12.3 GiB)'],
    expected: 'host_oom',
  },
  {
    program: 'PaddlePaddle',
    source:
      'PaddlePaddle/Paddle paddle/phi/core/memory/allocation/cuda_allocator.cc "Out of memory error on GPU"',
    lines: [
      'ResourceExhaustedError: Out of memory error on GPU 0. Cannot allocate 1.000000GB memory on GPU 0, 14.750000GB memory has been allocated and available memory is only 500.000000MB.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'XGBoost',
    source: 'dmlc/xgboost src/common/device_helpers.cuh "Memory allocation error on worker"',
    lines: [
      'xgboost.core.XGBoostError: [12:00:00] ../src/common/device_helpers.cuh:431: Memory allocation error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: out of memory',
    ],
    expected: 'gpu_oom',
  },
  // Host allocators and killers.
  {
    program: 'NumPy',
    source:
      'numpy/numpy numpy/_core/src/multiarray/alloc.c "Unable to allocate %s for an array with shape %S"',
    lines: [
      'numpy.core._exceptions._ArrayMemoryError: Unable to allocate 37.3 GiB for an array with shape (100000, 50000) and data type float64',
    ],
    expected: 'host_oom',
  },
  {
    program: 'PyTorch CPU allocator',
    source: 'pytorch/pytorch c10/core/impl/alloc_cpu.cpp "DefaultCPUAllocator: not enough memory"',
    lines: [
      'RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: not enough memory: you tried to allocate 1073741824 bytes.',
    ],
    expected: 'host_oom',
  },
  {
    program: 'Windows commit limit',
    source: 'learn.microsoft.com system error codes ERROR_COMMITMENT_LIMIT (1455)',
    lines: [
      'OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "C:\\Python310\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.',
    ],
    expected: 'host_oom',
  },
  {
    program: 'jemalloc',
    source: 'jemalloc/jemalloc src/jemalloc.c "<jemalloc>: Error in malloc(): out of memory"',
    lines: ['<jemalloc>: Error in malloc(): out of memory. Requested: 1073741824'],
    expected: 'host_oom',
  },
  {
    program: 'tcmalloc (a failed large allocation)',
    source:
      'gperftools/gperftools src/tcmalloc.cc ReportLargeAlloc "tcmalloc: large alloc %zu bytes == %p @ "',
    lines: ['tcmalloc: large alloc 8589934592 bytes == (nil) @  0x7f1a2b3c4d5e 0x7f1a2b3c4e6f'],
    expected: 'host_oom',
  },
  {
    program: 'tcmalloc (look-alike: a large allocation that succeeded)',
    source: 'gperftools/gperftools src/tcmalloc.cc ReportLargeAlloc',
    lines: ['tcmalloc: large alloc 1073741824 bytes == 0x559ebaf94000 @ '],
    expected: 'none',
  },
  {
    program: "Ray's memory monitor",
    source:
      'ray-project/ray python/ray/exceptions.py OutOfMemoryError; src/ray/raylet/worker_killing_policy.cc',
    lines: ['ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.'],
    expected: 'host_oom',
  },
  {
    program: 'torchelastic',
    source:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py ChildFailedError.format_msg',
    lines: [
      'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
      'Root Cause (first observed failure):',
      '[0]:',
      '  exitcode  : -9 (pid: 12345)',
      '  traceback : Signal 9 (SIGKILL) received by PID 12345',
    ],
    expected: 'host_oom',
  },
  {
    program: 'DeepSpeed launcher',
    source: 'microsoft/DeepSpeed deepspeed/launcher/launch.py sigkill_handler "exits with return code = %s"',
    lines: [
      "[2024-05-01 12:00:00,000] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -9",
    ],
    expected: 'host_oom',
  },
  {
    program: 'PyTorch DataLoader (killed)',
    source: 'pytorch/pytorch torch/utils/data/_utils/signal_handling.py, torch/csrc/DataLoader.cpp',
    lines: ['RuntimeError: DataLoader worker (pid 12345) is killed by signal: Killed.'],
    expected: 'host_oom',
  },
  {
    program: 'PyTorch DataLoader (bus error)',
    source: 'pytorch/pytorch torch/csrc/DataLoader.cpp SIGBUS handler',
    lines: [
      "RuntimeError: DataLoader worker (pid 12345) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.",
    ],
    expected: 'shm',
  },
  {
    program: 'Slurm',
    source: 'SchedMD/slurm src/plugins/task/cgroup (slurmstepd oom-kill event notice)',
    lines: [
      'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=12345.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    ],
    expected: 'host_oom',
  },
  {
    program: 'joblib/loky',
    source: 'joblib/loky loky/process_executor.py TerminatedWorkerError',
    lines: [
      'joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.',
      '',
      'The exit codes of the workers are {SIGKILL(-9)}',
    ],
    expected: 'host_oom',
  },
  {
    program: 'concurrent.futures (look-alike: no signal, no memory)',
    source: 'python/cpython Lib/concurrent/futures/process.py BrokenProcessPool',
    lines: [
      'concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.',
    ],
    expected: 'none',
  },
  {
    program: 'Colab',
    source: 'Colab front end notice (CORPUS-FORMAT settled rule 6)',
    lines: ['Your session crashed after using all available RAM.'],
    expected: 'host_oom',
  },
  // Session 22, second batch: servers' start-up refusals and pools, newer framework exception names,
  // killers and launchers, signals by name and by the shell's 128 + N.
  {
    program: "vLLM (KV cache shorter than the model's length)",
    source: 'vllm-project/vllm vllm/worker/worker.py raise_if_cache_size_invalid',
    lines: [
      "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (13440). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'vLLM V1 (KV cache memory for one request)',
    source: 'vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory',
    lines: [
      "ValueError: To serve at least one request with the models's max seq len (32768), (4.00 GiB KV cache is needed, which is larger than the available KV cache memory (2.50 GiB). Based on the available memory, the estimated maximum model length is 20000. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'vLLM V1 (free memory at start-up)',
    source: 'vllm-project/vllm vllm/v1/worker/gpu_worker.py init_device',
    lines: [
      'ValueError: Free memory on device (10.5/79.1 GiB) on startup is less than desired GPU memory utilization (0.9, 71.2 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'vLLM (look-alike: preemption warning)',
    source: 'vllm-project/vllm vllm/core/scheduler.py _preempt',
    lines: [
      'WARNING 05-01 12:00:00 scheduler.py:1089] Sequence group 0 is preempted by PreemptionMode.RECOMPUTE mode because there is not enough KV cache space. This can affect the end-to-end performance. Increase gpu_memory_utilization or tensor_parallel_size to provide more KV cache memory.',
    ],
    expected: 'none',
  },
  {
    program: 'SGLang (prefill)',
    source:
      'sgl-project/sglang python/sglang/srt/managers/scheduler.py "Prefill out of memory. Try to lower your batch size."',
    lines: ['RuntimeError: Prefill out of memory. Try to lower your batch size.'],
    expected: 'gpu_oom',
  },
  {
    program: 'SGLang (decode)',
    source:
      'sgl-project/sglang python/sglang/srt/managers/schedule_batch.py "Decode out of memory. Try to lower your batch size."',
    lines: ['RuntimeError: Decode out of memory. Try to lower your batch size.'],
    expected: 'gpu_oom',
  },
  {
    program: 'TGI (warmup, prefill tokens)',
    source:
      'huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py warmup',
    lines: [
      'RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'TGI (warmup, total tokens)',
    source:
      'huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py warmup',
    lines: [
      'RuntimeError: Not enough memory to handle 16000 total tokens with 4096 prefill tokens. You need to decrease `--max-batch-total-tokens` or `--max-batch-prefill-tokens`',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'ggml graph allocator',
    source:
      'ggml-org/llama.cpp ggml/src/ggml-alloc.c ggml_gallocr_reserve_n "failed to allocate %s buffer of size %zu"',
    lines: ['ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 2147483648'],
    expected: 'gpu_oom',
  },
  {
    program: 'ggml CPU buffer',
    source: 'ggml-org/llama.cpp ggml/src/ggml-backend.cpp ggml_backend_cpu_buffer_type_alloc_buffer',
    lines: ['ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 8589934592'],
    expected: 'host_oom',
  },
  {
    program: 'Ollama runner',
    source: "ollama/ollama llm/server.go (runner's stderr relayed as the error)",
    lines: ['Error: llama runner process has terminated: cudaMalloc failed: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'DeepSpeed ZeRO-3 (look-alike: cache flush warning)',
    source:
      'microsoft/DeepSpeed deepspeed/runtime/zero/stage3.py step "pytorch allocator cache flushes since last step"',
    lines: [
      '[WARNING] [stage3.py:2070:step] 4 pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption.',
    ],
    expected: 'none',
  },
  {
    program: 'bitsandbytes (look-alike: setup failure)',
    source: 'bitsandbytes-foundation/bitsandbytes bitsandbytes/cuda_setup/main.py',
    lines: [
      'RuntimeError: CUDA Setup failed despite GPU being available. Please run the following command to get more information:',
    ],
    expected: 'none',
  },
  {
    program: 'JAX 0.4.36+ (JaxRuntimeError)',
    source: 'jax-ml/jax jax/errors.py JaxRuntimeError; xla/pjrt "Out of memory while trying to allocate"',
    lines: [
      'jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.',
    ],
    expected: 'gpu_oom',
  },
  {
    program: 'PyTorch 2.8+ (AcceleratorError)',
    source:
      'pytorch/pytorch torch/csrc/Exceptions.h AcceleratorError (CUDA errors raised as torch.AcceleratorError)',
    lines: ['torch.AcceleratorError: CUDA error: out of memory'],
    expected: 'gpu_oom',
  },
  {
    program: 'systemd-oomd',
    source: 'systemd/systemd src/oom/oomd-util.c "Killed %s due to memory pressure for %s being %s > %s"',
    lines: [
      'systemd-oomd[1234]: Killed /user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-code-1234.scope due to memory pressure for /user.slice/user-1000.slice/user@1000.service being 72.34% > 50.00% for > 20s with reclaim activity',
    ],
    expected: 'host_oom',
  },
  {
    program: 'earlyoom',
    source: 'rfjakob/earlyoom kill.c "sending %s to process %d uid %d \\"%s\\": badness %d, VmRSS %lld MiB"',
    lines: ['earlyoom: sending SIGKILL to process 4321 uid 1000 "python": badness 890, VmRSS 12000 MiB'],
    expected: 'host_oom',
  },
  {
    program: 'kubectl describe (OOMKilled)',
    source: 'kubernetes/kubernetes pkg/kubelet (container termination reason OOMKilled)',
    lines: ['    Last State:     Terminated', '      Reason:       OOMKilled', '      Exit Code:    137'],
    expected: 'host_oom',
  },
  {
    program: 'kubelet eviction (memory)',
    source: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go evictionMessage',
    lines: [
      'The node was low on resource: memory. Threshold quantity: 100Mi, available: 52484Ki. Container trainer was using 14Gi, request is 8Gi, has larger consumption of memory.',
    ],
    expected: 'host_oom',
  },
  {
    program: 'kubelet eviction (look-alike: ephemeral storage)',
    source: 'kubernetes/kubernetes pkg/kubelet/eviction/helpers.go evictionMessage',
    lines: [
      'The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 9Gi. Container trainer was using 50Gi, request is 0, has larger consumption of ephemeral-storage.',
    ],
    expected: 'none',
  },
  {
    program: 'docker inspect',
    source: 'moby/moby api/types/container State.OOMKilled',
    lines: ['            "OOMKilled": true,'],
    expected: 'host_oom',
  },
  {
    program: 'LSF',
    source: 'IBM Spectrum LSF job exit reason TERM_MEMLIMIT',
    lines: ['TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.'],
    expected: 'host_oom',
  },
  {
    program: 'PBS',
    source: 'openpbs/openpbs src/resmom (job killed: mem exceeded limit)',
    lines: ['=>> PBS: job killed: mem 33554432kb exceeded limit 16777216kb'],
    expected: 'host_oom',
  },
  {
    program: 'HTCondor',
    source: 'htcondor/htcondor src/condor_starter.V6.1 (memory limit hold reason)',
    lines: ['Job has gone over memory limit of 4096 megabytes. Peak usage: 5120 megabytes.'],
    expected: 'host_oom',
  },
  {
    program: 'Ray (look-alike: worker crashed, nothing about memory)',
    source: 'ray-project/ray python/ray/exceptions.py WorkerCrashedError',
    lines: [
      'ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task. Check python-core-worker-*.log files for more information.',
    ],
    expected: 'none',
  },
  {
    program: 'subprocess (SIGKILL)',
    source: 'python/cpython Lib/subprocess.py CalledProcessError.__str__ "died with %r"',
    lines: [
      "subprocess.CalledProcessError: Command '['/usr/bin/python', 'train.py']' died with <Signals.SIGKILL: 9>.",
    ],
    expected: 'host_oom',
  },
  {
    program: 'subprocess (SIGBUS)',
    source: 'python/cpython Lib/subprocess.py CalledProcessError.__str__ "died with %r"',
    lines: [
      "subprocess.CalledProcessError: Command '['/usr/bin/python', 'train.py']' died with <Signals.SIGBUS: 7>.",
    ],
    expected: 'shm',
  },
  {
    program: 'bash job report',
    source: 'GNU bash jobs.c ("Killed" for SIGKILL, strsignal)',
    lines: ['./run.sh: line 3: 12345 Killed                  python train.py'],
    expected: 'host_oom',
  },
  {
    program: 'zsh job report',
    source: 'zsh Src/jobs.c ("killed")',
    lines: ['zsh: killed     python train.py'],
    expected: 'host_oom',
  },
  {
    program: 'shell (look-alike: segfault)',
    source: 'GNU bash jobs.c strsignal(SIGSEGV)',
    lines: ['Segmentation fault (core dumped)'],
    expected: 'none',
  },
  {
    program: 'shell (look-alike: abort)',
    source: 'GNU bash jobs.c strsignal(SIGABRT)',
    lines: ['Aborted (core dumped)'],
    expected: 'none',
  },
  {
    program: 'shell (bus error)',
    source: 'GNU bash jobs.c strsignal(SIGBUS)',
    lines: ['Bus error (core dumped)'],
    expected: 'shm',
  },
  {
    program: "Jupyter (kernel died: can't tell, rule 6)",
    source: 'jupyter/notebook kernel restart dialog',
    lines: ['The kernel appears to have died. It will restart automatically.'],
    expected: 'none',
  },
  {
    program: 'Kaggle',
    source: 'Kaggle notebook front end notice (CORPUS-FORMAT settled rule 6)',
    lines: ['Your notebook tried to allocate more memory than is available. It has restarted.'],
    expected: 'host_oom',
  },
  {
    program: 'ENOMEM',
    source: 'man-pages errno(3) ENOMEM; python/cpython OSError',
    lines: ['OSError: [Errno 12] Cannot allocate memory'],
    expected: 'host_oom',
  },
  {
    program: 'EAGAIN (look-alike)',
    source: 'man-pages errno(3) EAGAIN',
    lines: ['BlockingIOError: [Errno 11] Resource temporarily unavailable'],
    expected: 'none',
  },
  {
    program: 'NCCL (shm extend)',
    source: 'NVIDIA/nccl src/misc/shmutils.cc "failed to extend %s to %ld bytes"',
    lines: ['misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-aBcDeF to 9637892 bytes'],
    expected: 'shm',
  },
  {
    program: 'NCCL (shm segment)',
    source: 'NVIDIA/nccl src/transport/shm.cc "Error while creating shared memory segment"',
    lines: ['NCCL WARN Error while creating shared memory segment /dev/shm/nccl-XXXX (size 9637888)'],
    expected: 'shm',
  },
  {
    program: 'PyTorch shared-memory file',
    source: 'pytorch/pytorch aten/src/ATen/MapAllocator.cpp "unable to write to file <%s>"',
    lines: [
      'RuntimeError: unable to write to file </torch_12345_1234567890_0>: No space left on device (28)',
    ],
    expected: 'shm',
  },
  {
    program: 'ENOSPC in /dev/shm',
    source: 'man-pages errno(3) ENOSPC on a tmpfs',
    lines: ["OSError: [Errno 28] No space left on device: '/dev/shm/psm_1234'"],
    expected: 'shm',
  },
  {
    program: 'mimalloc',
    source: 'microsoft/mimalloc src/os.c "unable to allocate OS memory"',
    lines: [
      'mimalloc: error: unable to allocate OS memory (1073741824 bytes, error code: 12 [Cannot allocate memory], address: (nil), large only: 0, allow large: 0)',
    ],
    expected: 'host_oom',
  },
  {
    program: 'torchelastic (SIGKILL)',
    source:
      'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py "failed (exitcode: %s) local_rank: %s (pid: %s)"',
    lines: [
      'torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 1234) of binary: /usr/bin/python3',
    ],
    expected: 'host_oom',
  },
  {
    program: 'torchelastic (SIGBUS)',
    source: 'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py',
    lines: [
      'torch.distributed.elastic.multiprocessing.api:failed (exitcode: -7) local_rank: 0 (pid: 1234) of binary: /usr/bin/python3',
    ],
    expected: 'shm',
  },
  {
    program: 'torchelastic (look-alike: SIGSEGV)',
    source: 'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py',
    lines: [
      'torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0 (pid: 1234) of binary: /usr/bin/python3',
    ],
    expected: 'none',
  },
  {
    program: 'torchelastic (look-alike: exit 1)',
    source: 'pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py',
    lines: [
      'torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 1234) of binary: /usr/bin/python3',
    ],
    expected: 'none',
  },
  {
    program: 'JetBrains run console (SIGKILL)',
    source:
      'JetBrains IDE process handler "Process finished with exit code %d (interrupted by signal %d: %s)"',
    lines: ['Process finished with exit code 137 (interrupted by signal 9: SIGKILL)'],
    expected: 'host_oom',
  },
  {
    program: 'JetBrains run console (SIGBUS)',
    source: 'JetBrains IDE process handler',
    lines: ['Process finished with exit code 135 (interrupted by signal 7: SIGBUS)'],
    expected: 'shm',
  },
  {
    program: 'JetBrains run console (look-alike: SIGSEGV)',
    source: 'JetBrains IDE process handler',
    lines: ['Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)'],
    expected: 'none',
  },
  {
    program: 'JetBrains run console (look-alike: SIGABRT)',
    source: 'JetBrains IDE process handler',
    lines: ['Process finished with exit code 134 (interrupted by signal 6: SIGABRT)'],
    expected: 'none',
  },
  {
    program: 'torch.multiprocessing.spawn (SIGKILL)',
    source:
      'pytorch/pytorch torch/multiprocessing/spawn.py ProcessExitedException "process %d terminated with signal %s"',
    lines: ['torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL'],
    expected: 'host_oom',
  },
  {
    program: 'torch.multiprocessing.spawn (SIGBUS)',
    source: 'pytorch/pytorch torch/multiprocessing/spawn.py ProcessExitedException',
    lines: ['torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGBUS'],
    expected: 'shm',
  },
  {
    program: 'torch.multiprocessing.spawn (look-alike: SIGSEGV)',
    source: 'pytorch/pytorch torch/multiprocessing/spawn.py ProcessExitedException',
    lines: ['torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGSEGV'],
    expected: 'none',
  },
  {
    program: 'GitLab runner (137)',
    source: 'gitlab-org/gitlab-runner "ERROR: Job failed: exit code %d"',
    lines: ['ERROR: Job failed: exit code 137'],
    expected: 'host_oom',
  },
  {
    program: 'GitLab runner (135)',
    source: 'gitlab-org/gitlab-runner "ERROR: Job failed: exit code %d"',
    lines: ['ERROR: Job failed: exit code 135'],
    expected: 'shm',
  },
  {
    program: 'Go os/exec (135)',
    source: 'golang/go src/os/exec_posix.go ExitError "exit status %d"',
    lines: ['Error: failed to run: exit status 135'],
    expected: 'shm',
  },
  {
    program: 'GitLab runner (look-alike: 1350 is no status of a signal)',
    source: 'gitlab-org/gitlab-runner',
    lines: ['ERROR: Job failed: exit code 1350'],
    expected: 'none',
  },
  // After heldout-30's measurement: the fatal-signal handlers ML runtimes install (abseil, glog).
  {
    program: 'abseil failure signal handler (SIGBUS)',
    source:
      'abseil/abseil-cpp absl/debugging/failure_signal_handler.cc WriteSignalMessage "*** %s received at time=%ld on cpu %d ***"',
    lines: ['(RayWorker pid=3554640) *** SIGBUS received at time=1692931519 on cpu 133 ***'],
    expected: 'shm',
  },
  {
    program: 'abseil failure signal handler (look-alike: SIGSEGV)',
    source: 'abseil/abseil-cpp absl/debugging/failure_signal_handler.cc WriteSignalMessage',
    lines: ['*** SIGSEGV received at time=1692931519 on cpu 133 ***'],
    expected: 'none',
  },
  {
    program: 'glog signal handler (SIGBUS, as PaddlePaddle wraps it)',
    source:
      'google/glog src/signalhandler.cc DumpSignalInfo "*** %s (@0x%x) received by PID %d (TID 0x%x) from PID %d; stack trace: ***"',
    lines: [
      '  [SignalInfo: *** SIGBUS (@0x7f1a2b3c4000) received by PID 8299 (TID 0x7f9ef028e740) from PID 8299 ***]',
    ],
    expected: 'shm',
  },
  {
    program: 'glog signal handler (look-alike: SIGSEGV)',
    source: 'google/glog src/signalhandler.cc DumpSignalInfo',
    lines: ['  [SignalInfo: *** SIGSEGV (@0x0) received by PID 8299 (TID 0x7f9ef028e740) from PID 0 ***]'],
    expected: 'none',
  },
  // After heldout-31's measurement: OpenGL's out-of-memory error.
  {
    program: "OpenGL (GL_OUT_OF_MEMORY by its table's description)",
    source: 'Khronos OpenGL 4.6 core profile spec §2.3.1 Table 2.3 GL_OUT_OF_MEMORY',
    lines: ['Exception: There is not enough memory left to execute the command'],
    expected: 'gpu_oom',
  },
  {
    program: 'OpenGL (GL_OUT_OF_MEMORY by name)',
    source: 'Khronos OpenGL 4.6 core profile spec §2.3.1 Table 2.3',
    lines: ['E/GlContext: glTexImage2D failed: GL_OUT_OF_MEMORY'],
    expected: 'gpu_oom',
  },
  {
    program: 'OpenGL (look-alike: GL_INVALID_OPERATION)',
    source: 'Khronos OpenGL 4.6 core profile spec §2.3.1 Table 2.3',
    lines: ['E/GlContext: glTexImage2D failed: GL_INVALID_OPERATION'],
    expected: 'none',
  },
];

// Entries doctor still reads wrong, each with why: the test fails when one starts passing, so the
// list is kept honest (move the entry out when a rule reads it).
const knownMisses: ReadonlyMap<string, string> = new Map([]);

const kindOf = (lines: string[]): Kind => (primary(...lines)?.kind as Kind | undefined) ?? 'none';

describe("doctor's vocabulary from the programs' sources", () => {
  for (const entry of entries) {
    const isMiss = knownMisses.has(entry.program);
    test(`${entry.program}: ${entry.expected}${isMiss ? ' (known miss)' : ''}`, () => {
      const kind = kindOf(entry.lines);
      if (isMiss)
        assert.notEqual(kind, entry.expected, `now read right: move it out of knownMisses (${entry.source})`);
      else assert.equal(kind, entry.expected, `${entry.lines.join(' / ')} (${entry.source})`);
    });
  }

  test('every known miss names an entry of the table', () => {
    for (const program of knownMisses.keys())
      assert.ok(
        entries.some((e) => e.program === program),
        program,
      );
  });
});
