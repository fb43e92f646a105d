// Allocation failures inside CUDA libraries (cuBLAS, cuDNN, NCCL) and the CUDA runtime itself.
import type { LogRule } from '../../types.js';
import { definedFacts, intOf, isDriverCheckTrace, isListedPossibility } from '../extract.js';

// The library a status word or message names, as its vendor spells it.
function libraryOf(word: string): string {
  const upper = word.toUpperCase();
  if (upper.startsWith('CUDNN') || upper === 'DNN') return 'cuDNN';
  if (upper.startsWith('MIOPEN')) return 'MIOpen';
  if (upper.startsWith('ROCBLAS')) return 'rocBLAS';
  if (upper.startsWith('HIPBLAS')) return 'hipBLAS';
  if (upper.startsWith('CUFFT')) return 'cuFFT';
  if (upper.startsWith('CUSOLVER')) return 'cuSOLVER';
  if (upper.startsWith('CUSPARSE')) return 'cuSPARSE';
  if (upper.startsWith('CURAND')) return 'cuRAND';
  return 'cuBLAS';
}

/** cuBLAS, cuDNN, NCCL and CUDA runtime allocation failures. */
export const cudaLibraryRules: LogRule[] = [
  {
    code: 'library-alloc-failed',
    kind: 'gpu_oom',
    framework: 'cublas',
    weight: 3,
    keywords: [
      '_status_alloc_failed',
      'status_memory_error',
      'cufft_alloc_failed',
      'miopenstatusallocfailed',
    ],
    pattern:
      /\b(CUBLAS|CUBLASLT|CUDNN|CUFFT|CUSOLVER|CUSPARSE|CURAND|HIPBLAS|HIPBLASLT|ROCBLAS|MIOPEN)_STATUS_(?:ALLOC_FAILED|MEMORY_ERROR)\b|\b(rocblas)_status_memory_error\b|\b(CUFFT)_ALLOC_FAILED\b|\b(miopen)StatusAllocFailed\b/i,
    // Every GPU math library names a failed allocation in its status enum: cuBLAS/cuDNN/cuFFT/
    // cuSOLVER/cuSPARSE "*_STATUS_ALLOC_FAILED" ("Resource allocation failed inside the library",
    // docs.nvidia.com/cuda/cublas #cublasstatus-t), rocBLAS rocblas_status_memory_error, hipBLAS
    // HIPBLAS_STATUS_ALLOC_FAILED, MIOpen miopenStatusAllocFailed (ROCm docs).
    source:
      'cuBLAS/cuDNN/cuFFT status enums (docs.nvidia.com/cuda/cublas/#cublasstatus-t); rocBLAS rocblas_status; MIOpen miopenStatus_t',
    summary: 'a GPU math library could not allocate its workspace or handle',
    extract: ({ match }) => {
      const library = libraryOf(match.slice(1).find(Boolean)!);
      return {
        framework: library === 'cuDNN' || library === 'MIOpen' ? 'cudnn' : 'cublas',
        facts: { library },
      };
    },
  },
  {
    code: 'library-init-failed',
    kind: 'gpu_oom',
    framework: 'cudnn',
    weight: 1,
    keywords: [
      'could not create cudnn handle',
      'cudnn_status_not_initialized',
      'dnn library initialization failed',
      'cublas_status_not_initialized',
      'failed to create cublas handle',
      'getblasgemmalgorithms',
      'without blas support',
      'blas gemm launch failed',
      'failed to get convolution algorithm',
      'miopenstatusnotinitialized',
      'rocblas_status_not_initialized',
    ],
    pattern:
      /Could not create cudnn handle: (CUDNN_STATUS_\w+)|(CUDNN_STATUS_NOT_INITIALIZED)|(DNN) library initialization failed|(CUBLAS_STATUS_NOT_INITIALIZED)|failed to create (cublas) handle|(GetBlasGemmAlgorithms)|Attempting to perform (BLAS) operation using StreamExecutor without BLAS support|(Blas) GEMM launch failed|Failed to get convolution algorithm\. This is probably because (cuDNN) failed to initialize|(miopen)StatusNotInitialized|(rocblas)_status_not_initialized/i,
    // A library handle that could not be created: cudnnCreate returns CUDNN_STATUS_NOT_INITIALIZED
    // and cublasCreate CUBLAS_STATUS_NOT_INITIALIZED both when their memory cannot be allocated and
    // when the library does not match the driver (cuDNN API reference, cudnnCreate; cuBLAS
    // docs, cublasCreate); XLA's cuda_dnn.cc/cuda_blas.cc, gemm_algorithm_picker.cc and TensorFlow's
    // matmul_op.cc/conv_ops.cc surface the same missing handle in their words; MIOpen and rocBLAS
    // likewise (miopenStatusNotInitialized). Decided by the free memory printed beside it, or
    // "can't tell" (resolve.ts), the same for every library.
    source:
      'cuDNN cudnnCreate, cuBLAS cublasCreate (docs.nvidia.com/cuda/cublas/#cublascreate); openxla/xla stream_executor/cuda/cuda_dnn.cc, cuda_blas.cc, gemm_algorithm_picker.cc; tensorflow matmul_op.cc, conv_ops.cc',
    summary: 'a GPU library failed to initialise, which a nearly full GPU causes',
    extract: ({ text, match }) => {
      const library = libraryOf(match.slice(1).find(Boolean)!);
      return {
        framework: library === 'cuDNN' || library === 'MIOpen' ? 'cudnn' : 'cublas',
        facts: definedFacts({ library, status: /\b[A-Z]+_STATUS_[A-Z_]+/.exec(text)?.[0] }),
      };
    },
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
    code: 'fairseq-oom-skipped-batch',
    kind: 'gpu_oom',
    framework: 'torch',
    weight: 3,
    keywords: [', skipping batch'],
    pattern: /\bWARNING: ran out of memory(?: on GPU #(\d+))?, skipping batch\b/,
    // fairseq's trainer catches the CUDA "out of memory" RuntimeError of a step, prints this and
    // skips the batch (facebookresearch/fairseq fairseq/trainer.py train_step/valid_step, v0.6+: "|
    // WARNING: ran out of memory, skipping batch", v0.6 "... on GPU #%d ..."); code that copied the
    // loop prints it the same way (jwohlwend/boltz's predict step). Round 16.
    source: 'facebookresearch/fairseq fairseq/trainer.py ("ran out of memory, skipping batch")',
    summary: 'a training or prediction step ran out of GPU memory and its batch was skipped',
    extract: ({ match }) => ({ facts: definedFacts({ device: intOf(match[1]) }) }),
  },
  {
    code: 'cuda-out-of-memory',
    kind: 'gpu_oom',
    framework: 'cuda',
    weight: 3,
    isGeneric: true,
    keywords: [
      'out of memory',
      'cudaerrormemoryallocation',
      'cuda_error_out_of_m',
      'error_out_of_memory',
      'error_out_of_device_memory',
      'error_outofmemory',
      'erroroutofmemory',
      'errormemoryallocation',
      'success (2 vs. 0)',
      'success. 2 vs 0',
    ],
    // One shape for every wrapper that re-raises CUDA's error 2: a device-runtime word (CUDA, a
    // cuda*/hip* call or type, a GPU word), then an error, failure or status word, then the runtime's
    // own string for the code, "out of memory" (cudaGetErrorString(cudaErrorMemoryAllocation),
    // hipGetErrorString(hipErrorOutOfMemory)), on one line, with the wrapper's own words between:
    // C10_CUDA_CHECK's "CUDA error: out of memory", THC's "cuda runtime error (2) : out of
    // memory", CTranslate2's THROW_RUNTIME_ERROR("CUDA failed with error " + cudaGetErrorString)
    // ("CUDA failed with error out of memory"), XGBoost's dh::safe_cuda ("CUDA error:
    // <file>.cuh(386): out of memory", dmlc/xgboost device_helpers.cuh ThrowOnCudaError), a course
    // project's "Cuda error: cudaMalloc dev_pos failed: out of memory." (checkCUDAError), TensorFlow's
    // kernel launch check ("Non-OK-status: GpuLaunchKernel(...) status: Internal: out of memory",
    // tensorflow/core/util/gpu_kernel_helper.h TF_CHECK_OK); the failure word may come first, as
    // OpenCV's CV_Error prints it ("error: (-217:Gpu API call) out of memory in function 'allocate'",
    // opencv modules/core/include/opencv2/core/cuda/common.hpp) and LightGBM's Log::Fatal ("[Fatal]
    // [CUDA] out of memory", LightGBM src/cuda/cuda_utils.cpp), the device word then tagged apart from
    // the status (PyTorch's own "Error: CUDA out of memory." is its rule's, pytorch/rules.ts, and
    // a cut inside "OutOfMemory|Error: CUDA out of memory" must not read as a second message). A
    // CUDA_CHECK macro that prints only the
    // source location and the runtime's string ("ggml-cuda.cu:5048: out of memory", llama.cpp's
    // CUDA_CHECK before 2024) names a .cu/.cuh file: a CUDA translation unit. Prose that someone
    // "ran out of memory" is a sentence, not the runtime's string; so is a new sentence between the
    // failure word and "out of memory" (". After disabling CUDNN, there will be ... out of memory"):
    // every wrapper above prints the runtime's string in the status's own sentence. The enum's
    // name may be cut mid-word by a paste (CUDA_ERROR_OUT_OF_ME...): the prefix is unambiguous.
    // The CUDA_CHECK_RETURN macro of NVIDIA's Nsight project template, which bitsandbytes keeps in
    // csrc/ops.cuh ("Error %s at line %d in file %s" over cudaGetErrorString), names the C file that
    // called CUDA (pythonInterface.c's cudaMallocManaged for the paged optimizers), not a .cu: the
    // format and the runtime's string are CUDA's whatever the file is.
    pattern:
      /(?:\bCUDA\b|\bcuda\w+|\bgpu\w*|\bhip\w+|\bHIP\b)[^\n]{0,120}?\b(?:error|failed|failure|FAIL|fatal|status)\b(?:(?!\.\s+[A-Z][a-z]+\s)[^\n]){0,120}?(?<!\b(?:run|runs|ran|running|not|no|without|an?|the)\s)\bout of memory\b|\b(?:error|failed|failure|fatal)\b[^\n]{0,60}?(?:\bCUDA\b|\bcuda\w+|\bgpu\w*|\bhip\w+|\bHIP\b)(?!\s+out of memory)(?:(?!\.\s+[A-Z][a-z]+\s)[^\n]){0,60}?(?<!\b(?:run|runs|ran|running|not|no|without|an?|the)\s)\bout of memory\b|\w\.cuh?(?::\d+|\(\d+\))\]?:\s*(?:error:?\s*)?out of memory\b|THCudaCheck FAIL.*out of memory|\bError out of memory at line \d+ in file\b|cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_M(?:EMORY|E?M?O?R?$)|\b[Ee]rror 2: out of memory|\b(?:CUDA|HIP|MUSA|ZE_RESULT|UR_RESULT)_?ERROR_?(?:OUT_?OF_?(?:DEVICE_?)?MEMORY|MEMORY_?ALLOCATION)\b|\b(?:hip|musa)Error(?:OutOfMemory|MemoryAllocation)\b|\b(?:cuda|hip)Success \(2 vs\. 0\)|\b(?:cuda|hip)Success\. 2 vs 0\b|\bErrStr:\s*out of memory\b|\bCheck failed:[^\n]*?\b(?:cuda|hip)Success\b[^\n]*?\bout of memory\b|\b(?:CUDA|HIP): out of memory\b/i,
    // cudaErrorMemoryAllocation (2) / CUDA_ERROR_OUT_OF_MEMORY as a framework re-raises it (C10_CUDA_CHECK, THC).
    // Every vendor names the same failure in its status enum, and wrappers print the enum's name
    // in either case: CUDA driver CUDA_ERROR_OUT_OF_MEMORY, ROCm hipErrorOutOfMemory (and the
    // driver's HIP_ERROR_OutOfMemory as XLA's rocm_driver.cc prints it), MUSA musaErrorMemoryAllocation,
    // Level Zero ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, unified-runtime UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY
    // (docs.nvidia.com/cuda/cuda-driver-api group__CUDA__TYPES; rocm.docs.amd.com HIP hipError_t;
    // oneapi-src/level-zero ze_api.h). glog's CHECK_EQ prints the code as "err == cudaSuccess (2 vs. 0)"
    // and MXNet's CUDA_CHECK adds "ErrStr:out of memory" (apache/mxnet src/common/cuda/utils.h):
    // code 2 is cudaErrorMemoryAllocation and hipErrorOutOfMemory alike. Caffe2's CUDA_ENFORCE prints the
    // same comparison in its enforce grammar, "error == cudaSuccess. 2 vs 0. Error at: <file>:<line>: out
    // of memory" (pytorch v1.0.0 caffe2/core/common_gpu.h CUDA_ENFORCE, c10/util/Logging.h
    // CAFFE_ENFORCE_EQ's "x vs y"): the code decides where a paste cut the string after it.
    // mshadow/MXNet check the call with glog and add the runtime's string after "CUDA: "
    // (dmlc/mshadow mshadow/stream_gpu-inl.h, MXNet src/storage/gpu_device_storage.h:
    // CHECK(e == cudaSuccess || e == cudaErrorCudartUnloading) << "CUDA: " << cudaGetErrorString(e)),
    // so the check names cudaSuccess and the failure is "CUDA: out of memory" after it.
    source:
      'CUDA runtime API cudaError_t cudaErrorMemoryAllocation = 2, cudaGetErrorString "out of memory"; pytorch v1.0.0 caffe2/core/common_gpu.h CUDA_ENFORCE; OpenNMT/CTranslate2 src/cuda/utils.h CUDA_CHECK; dmlc/mshadow stream_gpu-inl.h, apache/mxnet gpu_device_storage.h CHECK; dmlc/xgboost device_helpers.cuh; tensorflow gpu_kernel_helper.h; ggml-org/llama.cpp ggml-cuda.cu CUDA_CHECK; opencv cuda/common.hpp; microsoft/LightGBM cuda_utils.cpp',
    summary: 'a CUDA call failed with out of memory',
    // "failed to alloc N bytes on host": pinned host memory that TF/XLA's cuda_driver.cc logs and
    // then falls back from (pageable memory, smaller chunks); training goes on, so it is no OOM.
    // "out of memory" as one item of a list of possible reasons ("a device lost, out of memory, or an
    // unexpected bug") is no status string (extract.ts isListedPossibility).
    extract: ({ text, match, firstText }) =>
      /failed to alloc(?:ate)? \d+ bytes on host/.test(text) ||
      statusOfAnotherCode(firstText) ||
      otherStatusString.test(text.slice(0, match.index + match[0].length)) ||
      isListedOutOfMemory(text, match) ||
      isDriverCheckTrace(text)
        ? undefined
        : // CUDA's error 2 from cudaHostAlloc is page-locked host RAM refused (PyTorch THC's
          // THCCachingHostAllocator.cpp, ATen's CachingHostAllocator): the host's memory, not the card's.
          /\b\w*HostAllocator\b/.test(text)
          ? { kind: 'host_oom' }
          : {},
  },
];

/** The runtime's "out of memory" that ends the match stands as one item of an "or" list. */
function isListedOutOfMemory(text: string, match: RegExpExecArray): boolean {
  const at = match[0].toLowerCase().lastIndexOf('out of memory');
  return at >= 0 && isListedPossibility(text, match.index + at, 'out of memory'.length);
}

/**
 * cudaGetErrorString's strings for the codes that are not memory (CUDA Runtime API, cudaError_t:
 * cudaErrorIllegalAddress 700, cudaErrorMisalignedAddress 716, cudaErrorAssert 710,
 * cudaErrorLaunchFailure 719, cudaErrorLaunchOutOfResources 701, cudaErrorInvalidConfiguration 9,
 * cudaErrorInvalidValue 1, cudaErrorInvalidDeviceFunction 98, cudaErrorNoKernelImageForDevice 209,
 * cudaErrorIllegalInstruction 715, cudaErrorLaunchTimeout 702, cudaErrorInitializationError 3,
 * cudaErrorInvalidDevice 101, cudaErrorNotSupported 801, cudaErrorInvalidResourceHandle 400,
 * cudaErrorUnknown 999; HIP's hipGetErrorString prints the same for its codes). A wrapper prints one
 * status string per error, so one of these after "error:" is the error, and an "out of memory" after
 * it (a line a paste or a wrap joined on) is not this status's string.
 */
const otherStatusString =
  /\berror:\s*(?:an illegal memory access was encountered|misaligned address|device-side assert triggered|unspecified launch failure|too many resources requested for launch|invalid configuration argument|invalid argument|invalid device function|no kernel image is available for execution on the device|an illegal instruction was encountered|the launch timed out and was terminated|initialization error|invalid device ordinal|operation not supported|invalid resource handle|unknown error)\b/i;

/**
 * The hit's own line is a whole CUDA/HIP error with the runtime's string of another code ("CUDA
 * error: an illegal memory access was encountered", "CUDA error: invalid configuration argument"):
 * C10_CUDA_CHECK and every wrapper above print one cudaGetErrorString per error, so an "out of memory"
 * only on the rejoined next line is not this status's string but the next line's words (a user's
 * "out of memory" after the paste). A first line cut inside "out of memory" ("CUDA error: out of")
 * is the same string wrapped and stays.
 */
function statusOfAnotherCode(firstText: string | undefined): boolean {
  if (firstText === undefined || /out of memory/i.test(firstText)) return false;
  const m = /\b(?:CUDA|HIP|cuda\w*|hip\w*)\s+error:\s*([a-z][a-z -]*?)\s*$/i.exec(firstText.trimEnd());
  if (!m) return false;
  const status = m[1]!.toLowerCase();
  return status.length >= 6 && !'out of memory'.startsWith(status);
}
