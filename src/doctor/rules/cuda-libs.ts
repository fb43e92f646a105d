// Allocation failures inside CUDA libraries (cuBLAS, cuDNN, NCCL) and the CUDA runtime itself.
import type { LogRule } from '../types.js';
import { definedFacts, intOf } from './extract.js';

/** cuBLAS, cuDNN, NCCL and CUDA runtime allocation failures. */
export const cudaLibraryRules: LogRule[] = [
  {
    code: 'cublas-alloc-failed',
    kind: 'gpu_oom',
    framework: 'cublas',
    weight: 3,
    keywords: ['cublas_status_alloc_failed'],
    pattern: /CUBLAS_STATUS_ALLOC_FAILED/,
    // cuBLAS docs, cublasStatus_t: "Resource allocation failed inside the cuBLAS library".
    source: 'cuBLAS cublasStatus_t CUBLAS_STATUS_ALLOC_FAILED',
    summary: 'cuBLAS could not allocate its workspace or handle',
  },
  {
    code: 'cudnn-alloc-failed',
    kind: 'gpu_oom',
    framework: 'cudnn',
    weight: 3,
    keywords: ['cudnn_status_alloc_failed'],
    pattern: /CUDNN_STATUS_ALLOC_FAILED/,
    source: 'cuDNN cudnnStatus_t CUDNN_STATUS_ALLOC_FAILED',
    summary: 'cuDNN could not allocate memory',
  },
  {
    code: 'cudnn-init-failed',
    kind: 'gpu_oom',
    framework: 'cudnn',
    weight: 1,
    keywords: [
      'could not create cudnn handle',
      'cudnn_status_not_initialized',
      'dnn library initialization failed',
    ],
    pattern:
      /Could not create cudnn handle: (CUDNN_STATUS_\w+)|(CUDNN_STATUS_NOT_INITIALIZED)|DNN library initialization failed/,
    // xla/stream_executor/cuda/cuda_dnn.cc CudnnSupport::Init logs "Memory usage: F bytes free, T bytes
    // total" next to it; decided at the end from those numbers (plenty free: a library mismatch).
    source: 'openxla/xla stream_executor/cuda/cuda_dnn.cc CudnnSupport::Init',
    summary: 'cuDNN failed to initialise, which a nearly full GPU causes',
    extract: ({ match }) => ({ facts: definedFacts({ status: match[1] ?? match[2] }) }),
  },
  {
    code: 'cudnn-autotune-failed',
    kind: 'gpu_oom',
    framework: 'cudnn',
    weight: 1,
    keywords: ['failed to determine best cudnn convolution algorithm'],
    pattern: /Failed to determine best cudnn convolution algorithm/,
    // XLA's conv algorithm picker: the "Original error" decides (alloc failure vs a missing library);
    // a library-missing text is a near miss of its own (near-miss.ts).
    source: 'openxla/xla service/gpu/autotuning/conv_algorithm_picker.cc',
    continuationLines: 4,
    summary: "XLA's cuDNN autotuner failed; its scratch memory comes from the same device",
    extract: ({ text }) =>
      /RESOURCE_EXHAUSTED|out of memory|ALLOC_FAILED|Failed to allocate/i.test(text)
        ? { facts: { autotuneOutOfMemory: true } }
        : {},
  },
  {
    code: 'cublas-handle-failed',
    kind: 'gpu_oom',
    framework: 'cublas',
    weight: 1,
    keywords: ['cublas_status_not_initialized', 'getblasgemmalgorithms', 'without blas support'],
    // cublasCreate returns NOT_INITIALIZED when it cannot get its resources, most often memory; XLA
    // surfaces the same missing handle as a failed GetBlasGemmAlgorithms check (gemm_algorithm_picker)
    // or "BLAS operation using StreamExecutor without BLAS support".
    pattern:
      /CUBLAS_STATUS_NOT_INITIALIZED|GetBlasGemmAlgorithms|Attempting to perform BLAS operation using StreamExecutor without BLAS support/,
    source:
      'cuBLAS cublasCreate: CUBLAS_STATUS_NOT_INITIALIZED; openxla/xla service/gpu/gemm_algorithm_picker.cc',
    summary: 'cuBLAS could not create its handle, which a nearly full GPU causes',
  },
  {
    code: 'nccl-cuda-oom',
    kind: 'gpu_oom',
    framework: 'nccl',
    weight: 3,
    keywords: ["cuda failure 'out of memory'", 'failed to cuda calloc', 'failed to cuda malloc'],
    pattern:
      /(?:\[(\d+)\] [\w/.-]+:\d+ )?(?:NCCL )?WARN (?:Cuda failure 'out of memory'|Failed to CUDA (?:calloc|malloc))|Last error:\s*Cuda failure 'out of memory'/,
    // nccl src/include/checks.h CUDACHECK ("Cuda failure '%s'") and alloc.h ncclCudaCalloc.
    source: 'NVIDIA/nccl src/include/checks.h CUDACHECK WARN("Cuda failure \'%s\'")',
    summary: 'NCCL could not allocate GPU memory for its buffers',
    extract: ({ match }) => ({ facts: definedFacts({ device: intOf(match[1]) }) }),
  },
  {
    code: 'warp-cuda-oom',
    kind: 'gpu_oom',
    framework: 'warp',
    weight: 3,
    keywords: ['warp cuda error 2'],
    pattern: /Warp CUDA error 2: out of memory(?: \(in function (\w+))?/,
    // NVIDIA/warp warp/native/warp.cu check_cuda: error 2 is cudaErrorMemoryAllocation; Warp's
    // allocations (its mempool) live outside any JAX or PyTorch pool in the same process.
    source: 'NVIDIA/warp warp/native/warp.cu check_cuda_result',
    summary: 'NVIDIA Warp could not allocate device memory',
    extract: ({ match }) => ({ facts: definedFacts({ function: match[1] }) }),
  },
  {
    code: 'cuda-out-of-memory',
    kind: 'gpu_oom',
    framework: 'cuda',
    weight: 3,
    isGeneric: true,
    keywords: ['out of memory', 'cudaerrormemoryallocation', 'cuda_error_out_of_memory'],
    pattern:
      /CUDA error: out of memory|cuda runtime error \(2\) : out of memory|THCudaCheck FAIL.*out of memory|CUDA driver error: out of memory|cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_MEMORY|\b[Ee]rror 2: out of memory/,
    // cudaErrorMemoryAllocation (2) / CUDA_ERROR_OUT_OF_MEMORY as a framework re-raises it (C10_CUDA_CHECK, THC).
    source: 'CUDA runtime API cudaError_t cudaErrorMemoryAllocation = 2',
    summary: 'a CUDA call failed with out of memory',
    // "failed to alloc N bytes on host": pinned host memory that TF/XLA's cuda_driver.cc logs and
    // then falls back from (pageable memory, smaller chunks); training goes on, so it is no OOM.
    extract: ({ text }) => (/failed to alloc(?:ate)? \d+ bytes on host/.test(text) ? undefined : {}),
  },
];
