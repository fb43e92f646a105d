// The allocation-failure grammar: a device allocation that failed, in any framework's or vendor's
// words, read into one set of figures (requested, free, total, allocated, reserved, device,
// allocator, vendor). A message names a failed request or a full device in one of a few ways, and
// the figures around it are spelt a few ways more; each spelling below names where it comes from.
// PyTorch's caching-allocator message, XLA's BFC and stream-executor lines keep their own rules
// (torch.ts, xla.ts): their figures drive finer causes. Everything else that says "this device
// allocation failed" is one rule here, with `allocationFigures` reading its numbers.
import { parseLogSize, sizePattern } from '../../sizes.js';
import type { FactRule, Facts, LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';
import { readCallStatus } from './api-status.js';
import { namesHostArena } from './memory-side.js';

const SIZE = sizePattern;
const sized = (source: string): RegExp => new RegExp(source.replaceAll('SIZE', SIZE), 'i');

// Each figure, in every spelling seen; the first that matches gives it.
const figureSpellings: Record<string, RegExp[]> = {
  requestedBytes: [
    // pytorch CUDACachingAllocator / MPSAllocator / XPU: "Tried to allocate 2.00 GiB".
    sized('Tried to allocate SIZE'),
    // PaddlePaddle paddle/fluid/memory/allocation (GPU allocator): "Cannot allocate 1.53GB memory on GPU 0".
    sized('Cannot allocate SIZE memory'),
    // PaddlePaddle in Chinese: "无法在GPU 0上分配50.000000MB内存".
    sized(String.raw`在(?:GPU|XPU|NPU) ?\d+ ?上分配SIZE内存`),
    // TPU runtime (PJRT/XRT): "Attempting to reserve 6.48G at the bottom of memory", "Attempting to allocate 180.59M".
    sized('Attempting to (?:reserve|allocate) SIZE'),
    // XLA tf_allocator_adapter, cudaMallocAsync allocator: "... allocate 123 bytes".
    sized(String.raw`(?:trying|failed) to allocate (\d+) bytes`),
    // CuPy: "Out of memory allocating 1,073,741,824 bytes"; ggml: "buffer of size 123", "can't allocate 123 Bytes";
    // TensorRT: "Requested amount of GPU memory (123 bytes)"; ONNX Runtime: "requested buffer of size 123".
    sized(String.raw`Out of memory allocating ([\d,]+) bytes`),
    // CuPy before v5 (cupy/cuda/memory.pyx): "out of memory to allocate 1073741824 bytes (total 12373894656 bytes)".
    sized(String.raw`out of memory to allocate (\d+) bytes \(total \d+ bytes\)`),
    sized(String.raw`buffer of size (\d+)`),
    // ggml-metal: "buffer 'data' size 18300780544 is larger than buffer maximum of ...".
    sized(String.raw`size (\d+) is larger than buffer maximum`),
    sized(String.raw`can't allocate (\d+) Bytes`),
    sized(String.raw`Requested amount of (?:GPU )?memory \((\d+) bytes\)`),
    // torch-directml: "Could not allocate tensor with 234881024 bytes. There is not enough GPU video memory available!"
    sized(String.raw`Could not allocate tensor with (\d+) bytes`),
    // ggml-vulkan: "ggml_vulkan: Device memory allocation of size 3959422976 failed."
    sized(String.raw`Device memory allocation of size (\d+) failed`),
    // MLX (malloc_or_wait, before 0.16): "Unable to allocate 123 bytes".
    sized(String.raw`Unable to allocate (\d+) bytes`),
    // MuJoCo's arena: "requested = 19288260".
    sized(String.raw`requested = (\d+)`),
    // PaddlePaddle 1.x gpu_info.cc: "enforce allocating <= available failed, 10513462067 > 1369702144".
    sized(String.raw`allocating <= available failed, (\d+) > \d+`),
    // Faiss: "failed to cudaMalloc 1610612736 bytes", "... size 1610612736 bytes (cudaMalloc error ...)";
    // ggml-cuda: "allocating 14136.04 MiB on device 0: cudaMalloc failed".
    sized(String.raw`(?:cuda|cu|hip)(?:Mem)?(?:Malloc|Alloc)\w* ([\d,]+) bytes`),
    sized(String.raw`\bsize (\d+) bytes`),
    sized('allocating SIZE on device'),
    // MIOpen src/hip/handlehip.cpp: "Memory not available to allocate buffer: 655360000".
    sized(String.raw`not available to allocate buffer: (\d+)`),
    // Theano's CUDA backend (theano/sandbox/cuda/cuda_ndarray.cu device_malloc): "Error allocating
    // 103809024 bytes of device memory (out of memory). Driver report 41869312 bytes free and
    // 1073414144 bytes total".
    sized(String.raw`Error allocating (\d+) bytes of device memory`),
  ],
  freeBytes: [
    sized('of which SIZE is free'),
    // TPU runtime: "There are 1.92G free".
    sized('There are SIZE free'),
    // PaddlePaddle: "available memory is only 0.000000B".
    sized('available memory is only SIZE'),
    sized('可用内存仅为SIZE'),
    sized(String.raw`Free memory/Total memory: (\d+)/\d+`),
    sized(String.raw`allocating <= available failed, \d+ > (\d+)`),
    sized(String.raw`SIZE free\b`),
  ],
  totalBytes: [
    sized('total capac(?:i)?ty of SIZE'),
    sized('SIZE total capacity'),
    sized(String.raw`Free memory/Total memory: \d+/(\d+)`),
    sized(String.raw`out of memory to allocate \d+ bytes \(total (\d+) bytes\)`),
    sized(String.raw`Driver report \d+ bytes free and (\d+) bytes total`),
  ],
  allocatedBytes: [
    // CuPy: "(allocated so far: 15,032,385,536 bytes)".
    sized(String.raw`allocated so far: ([\d,]+) bytes`),
    // PaddlePaddle: "6.000000GB memory has been allocated".
    sized('SIZE memory has been allocated'),
    sized('已分配SIZE内存'),
    sized('SIZE already allocated'),
    // TPU runtime's memory report: "Currently allocated: 6.08G".
    sized(String.raw`Currently allocated:\s*SIZE`),
    sized('MPS allocated: SIZE'),
  ],
  reservedBytes: [sized('SIZE reserved in total'), sized('SIZE reserved,')],
  // TPU runtime: "Due to fragmentation, the largest contiguous region of free memory is 30.56M."
  largestFreeBlockBytes: [sized('the largest contiguous region of free memory is SIZE')],
  // MLX's Metal allocator: "greater than the maximum allowed buffer size of 30150672384 bytes" (one
  // buffer's limit, MTLDevice.maxBufferLength, below the unified memory's size).
  // ggml-metal's: "buffer 'data' size 18300780544 is larger than buffer maximum of 17179869184".
  // intel-extension-for-pytorch's XPU allocator: "Current platform can NOT allocate memory block with
  // size larger than 4GB! Tried to allocate 6.85 GiB" (csrc/gpu/runtime/CachingDeviceAllocator.cpp): Intel
  // GPUs' single-allocation limit without relaxed allocation limits (round 16).
  maxBufferBytes: [
    sized(String.raw`maximum allowed buffer size of (\d+) bytes`),
    sized(String.raw`is larger than buffer maximum of (\d+)`),
    sized('allocate memory block with size larger than SIZE'),
    // OpenVINO's GPU plugin: "[GPU] Exceeded max size of memory object allocation: requested N bytes,
    // but max alloc size supported by device is M bytes" (openvino src/plugins/intel_gpu/src/runtime/
    // engine.cpp check_allocatable, the device's CL_DEVICE_MAX_MEM_ALLOC_SIZE).
    sized(String.raw`max alloc size supported by device is (\d+) bytes`),
  ],
};

const deviceSpellings = [
  /\bon GPU (\d+)/i,
  /\bGPU (\d+)\b/,
  /device ordinal (\d+)/,
  /device[=:]\s*(?:TPU|GPU|XPU):(\d+)/i,
  // ggml-cuda's failed buffer ("allocating 14136.04 MiB on device 0: cudaMalloc failed", ggml-cuda.cu
  // ggml_backend_cuda_buffer_type_alloc_buffer) and Faiss's ("Failed to cudaMalloc 536870912 bytes on
  // device 1", faiss/gpu/utils/MemorySpace.cpp): the CUDA device index the allocation was for.
  /\bon device (\d+)\b/,
  // ggml-cuda's CUDA_CHECK report ("  current device: 0, in function alloc at ...", common.cuh
  // ggml_cuda_error): the device current when the failing call ran.
  /\bcurrent device: (\d+), in function\b/,
];

/** Which vendor's stack a message comes from, by the words only that stack uses. */
export function vendorOf(text: string): string | undefined {
  if (/\bHIP\b|hipError|\bROCm\b|rocm_driver|\bMIOpen|rocBLAS/i.test(text)) return 'amd';
  if (/\bXPU\b|PI_ERROR|UR_RESULT_ERROR|Level.?Zero|\bSYCL\b|Native API/i.test(text)) return 'intel';
  if (/\bMPS\b|\bmetal::|\bMetal|\bmlx\b|\bMTL[A-Z]\w*|\bIOAF code\b|kIOGPU/.test(text)) return 'apple';
  if (/\bTPU\b|HBM|bottom of memory|tpu_worker/i.test(text)) return 'tpu';
  if (/CUDA|\bcu[A-Z]\w+|cudaMalloc|NVIDIA/.test(text)) return 'nvidia';
  return undefined;
}

/** The figures a failed device allocation states, in any spelling above. */
export function allocationFigures(text: string): Facts {
  const facts: Record<string, number | string | undefined> = {};
  for (const [name, spellings] of Object.entries(figureSpellings)) {
    for (const spelling of spellings) {
      const captured = spelling.exec(text)?.[1];
      const bytes = captured === undefined ? undefined : parseLogSize(captured);
      if (bytes !== undefined) {
        facts[name] = bytes;
        break;
      }
    }
  }
  for (const spelling of deviceSpellings) {
    const device = intOf(spelling.exec(text)?.[1]);
    if (device !== undefined) {
      facts.device = device;
      break;
    }
  }
  facts.vendor = vendorOf(text);
  return definedFacts(facts);
}

// "max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (7344)".
const kvTokens =
  /max seq len \((\d+)\) is larger than the maximum number of tokens that can be stored in KV cache \((\d+)\)/;
// vLLM v1's check_enough_kv_cache_memory: "To serve at least one request with the models's max seq
// len (%d), (%s GiB KV cache is needed, ...). Based on the available memory, the estimated maximum
// model length is %d." (vllm/v1/core/kv_cache_utils.py).
const kvV1Lengths = /max seq len \((\d+)\)[^\n]*?estimated maximum model length is (\d+)/;
const kvMemory = sized(
  String.raw`\(SIZE KV cache is needed, which is larger than the available KV cache memory \(SIZE\)`,
);

// A device runtime's allocation call by name, in any vendor's API: cudaMalloc (and its Async,
// Managed, Host, Pitch variants), cuMemAlloc (driver API), hipMalloc, musaMalloc, Cambricon's
// cnrtMalloc, Ascend's aclrtMalloc, Level Zero's zeMemAllocDevice.
const deviceAllocationCall = /\b(?:cuda|cu|hip|musa|cnrt|aclrt|ze)(?:Mem)?(?:Malloc|Alloc|malloc|alloc)\w*/;
// Another status of the runtime than out of memory (cudaGetErrorString's strings for the errors a
// failed allocation call also returns: docs.nvidia.com/cuda/cuda-runtime-api group__CUDART__TYPES).
const otherRuntimeStatus =
  /illegal (?:memory access|address|instruction)|invalid (?:argument|value|device|resource handle|configuration)|initiali[sz]ation error|launch failure|driver version|driver shutting down|no CUDA-capable device|not supported|device-side assert|misaligned address|busy or unavailable|not permitted|uncorrectable ECC|unknown error|CUDA_ERROR_(?!OUT_OF_MEMORY)[A-Z]|cudaError(?!MemoryAllocation)[A-Z]|hipError(?!OutOfMemory|MemoryAllocation)[A-Z]/i;

// The words of a device's stack around a status a wrapper printed: Thrust, CUDA, HIP/ROCm, MIOpen, a GPU.
const deviceStack = /thrust|\bcub::|cuda|\bhip\b|hip\.|\/hip\/|rocm|miopen|\bgpu\b|\bdevice\b/i;
// What a kernel launch asks beside device memory: its work-group's local (shared) memory, its private
// memory or registers (SYCL local_accessor / work_group_static, info::device::local_mem_size; Level
// Zero returns ZE_RESULT_ERROR_OUT_OF_RESOURCES / UR_RESULT_ERROR_OUT_OF_RESOURCES for them too).
const kernelLaunchResource =
  /\blocal[ _-]?mem(?:ory)?\b|local_mem_size|work[ _-]?group[ _-]?(?:static|local|memory)|shared local memory|\bSLM\b|local_accessor|private memory|\bregisters?\b/i;

/** Device allocations that failed, in every spelling but PyTorch's and XLA's own (torch.ts, xla.ts). */
export const allocationRules: LogRule[] = [
  {
    code: 'device-alloc-failed',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    keywords: [
      'out of memory error on gpu',
      'cudamalloc',
      'cumemalloc',
      'hipmalloc',
      'musamalloc',
      'cnrtmalloc',
      'aclrtmalloc',
      'acl_error_rt_memory_allocation',
      '207001',
      'zememalloc',
      'at the bottom of memory',
      'that was not possible',
      'failed: out of memory',
      '): out of memory',
      'out_of_device_memory',
      'out_of_resources',
      'out_of_host_memory',
      'hiperroroutofmemory',
      'hip error: out of memory',
      'memory allocation failed',
      'allocating <= available failed',
      'bytes for new constant',
      '[metal::malloc]',
      'resource limit (',
      'memory layout cannot be allocated',
      '[malloc_or_wait]',
      'out of memory allocating',
      'out of memory to allocate',
      'requested amount of gpu memory',
      'requested amount of memory',
      'not enough gpu video memory',
      'rocm error: out of memory',
      'musa error: out of memory',
      'cuda runtime (out of memory)',
      ': outofmemory',
      'erroroutofdevicememory',
      'nvjpeg_status_allocator_failure',
      'mem_object_allocation_failure',
      'memory object allocation failure',
      'not available to allocate',
      'kiogpucommandbuffercallbackerroroutofmemory',
      'mtlcommandbuffererrordomain code=8',
      'mtlcommandbuffererroroutofmemory',
      'insufficient memory (ioaf code 8)',
      'allocate memory block with size larger than',
      ': insufficient memory',
      'device memory allocation of size',
      'buffer of size',
      'bytes of memory on device',
      'bytes of device memory (out of memory)',
      'failed to allocate memory for requested buffer',
      'is smaller than requested bytes of',
      'bfcarena::allocaterawinternal',
      'memory::allocation::badalloc',
      'insufficient gpu memory',
      'insufficient device memory',
      'insufficient vram memory',
      'insufficient video memory',
      'not enough gpu memory',
      'not enough device memory',
      'not enough vram memory',
      'not enough video memory',
      '内存不足',
      '显存不足',
      '没有记忆',
      'メモリ不足',
      '메모리 부족',
      'rmm/',
      'thrust::system::detail::bad_alloc',
      'maximum allowed buffer size',
      'than buffer maximum',
      'device allocation error',
      'curesult',
    ],
    pattern:
      // managedCuda's NPP images throw NPPException("Device allocation error") when nppiMalloc returns no
      // pointer (kunzmi/managedCuda NPP/NPPImage_*.cs constructors), shown as the exception's line or as
      // .NET's exception detail ("Message=Device allocation error"). The CUDA driver API's CUresult 2 is
      // CUDA_ERROR_OUT_OF_MEMORY (cuda.h enum cudaError_enum; docs.nvidia.com/cuda/cuda-driver-api
      // group__CUDA__TYPES), as a wrapper prints the code of a cuMem* call ("CUresult error result=2
      // ... func=cu_mem_create", fzyzcjy/torch_memory_saver csrc/torch_memory_saver.cpp).
      /Out of memory error on (?:GPU|XPU|NPU) \d+|\bstd::bad_alloc: (?:out_of_memory: )?(?:CUDA error|RMM failure) at: ?\S*\brmm\/|\bthrust::system::detail::bad_alloc\b|\bACL_ERROR_RT_MEMORY_ALLOCATION\b|\b(?:acl\w*|rt\w*|ret|error ?code|errorcode|retcode|error)\s*[:=[(]?\s*207001\b|Attempting to (?:reserve|allocate) \S+(?: at the bottom of memory)?\. That was not possible|\b(?:[Ff]ailed to|[Uu]nable to|[Cc]ould not|[Cc]annot) (?:cuda|cu|hip|musa|cnrt|aclrt|ze)(?:Mem)?(?:Malloc|Alloc|malloc|alloc)\w*|\b(?:cuda|cu|hip|musa|cnrt|aclrt|ze)(?:Mem)?(?:Malloc|Alloc|malloc|alloc)\w*(?:\([^)]*\))?(?: \w+)?:? (?:failed|error)\b|(?:CUDA|HIP) runtime error in ::\w*[Mm]alloc\w*\(.*?\): out of memory|PI_ERROR_OUT_OF_(?:DEVICE_MEMORY|HOST_MEMORY|RESOURCES)|UR_RESULT_ERROR_OUT_OF_(?:DEVICE_MEMORY|HOST_MEMORY|RESOURCES)|\bZE_RESULT_ERROR_OUT_OF_HOST_MEMORY\b|hipErrorOutOfMemory|HIP error: out of memory|\[mxnet\][^\n]*Memory allocation failed(?! Cannot allocate memory)|pooled_storage_manager\.h:\d+\]?:? Memory allocation failed(?! Cannot allocate memory)|paddle::memory::allocation::BadAlloc|(?:GPU|XPU|NPU) ?\d+ ?上出现内存不足错误|\b(?:CUDA|GPU|HIP)\b[^\n]{0,16}?[:：]\s*(?:内存不足|显存不足|没有记忆|メモリ不足|메모리 부족)|allocating <= available failed, \d+ > \d+|Failed to allocate \d+ bytes for new constant|\[metal::malloc\] (?:Attempting to allocate|Resource limit)|\bResource limit \(\d+\) exceeded\b|\bmemory layout cannot be allocated\b|\bAttempting to allocate \d+ bytes which is greater than the maximum allowed buffer size\b|\bsize \d+ is larger than buffer maximum of \d+|\b(?:cuda|hip|musa)Malloc\w*\([^)]*\) == (?:cuda|hip|musa)Success' failed|\[malloc_or_wait\] Unable to allocate|OutOfMemoryError: Out of memory allocating [\d,]+ bytes|\b[Oo]ut of memory allocating [\d,]+ bytes \(allocated so far: [\d,]+ bytes|\b[Oo]ut of memory to allocate \d+ bytes \(total \d+ bytes\)|Requested amount of (?:GPU )?memory \(\d+ bytes\) could not be allocated|Could not allocate tensor with \d+ bytes\. There is not enough GPU video memory|\b(?:ROCm|MUSA) error: out of memory\b|Error Code \d+: (?:Cuda Runtime \(out of memory\)|OutOfMemory\b)|(?<![A-Za-z0-9])(?:VK_)?ERROR_OUT_OF_DEVICE_MEMORY\b|\bErrorOutOfDeviceMemory\b|\bNVJPEG_STATUS_ALLOCATOR_FAILURE\b|\b(?:CL_|cl_)?(?:MEM_OBJECT_ALLOCATION_FAILURE|mem_object_allocation_failure)\b|kIOGPUCommandBufferCallbackErrorOutOfMemory|MTLCommandBufferErrorDomain Code=8\b|MTLCommandBufferErrorOutOfMemory|Insufficient Memory \(IOAF code 8\)|[Cc]ommand buffer[^\n]{0,40}?: Insufficient Memory\b|ggml_vulkan: Device memory allocation of size \d+ failed|failed to allocate (?:CUDA|ROCm|Metal|SYCL|Vulkan|CANN|MUSA)\d* buffer of size \d+|can't allocate \d+ Bytes of memory on device|Error allocating \d+ bytes of device memory \(out of memory\)|Failed to allocate memory for requested buffer of size \d+|Available memory of \d+ is smaller than requested bytes of \d+|BFCArena::AllocateRawInternal\([^\n]{0,200}?\) Failed to alloc|\b(?:[Aa]llocation|[Aa]lloc) (?:failed|error)\b[^\n]{0,40}?\b(?:[Ii]nsufficient|[Nn]ot enough) (?:GPU|device|VRAM|video) memory\b|\b(?:[Ii]nsufficient|[Nn]ot enough) (?:GPU|device|VRAM|video) memory (?:for|to) (?:\w+ )?(?:allocation|allocate)\b|\b[Mm]emory [Oo]bject [Aa]llocation [Ff]ailure\b|\b[Mm]emory (?:is )?not available to allocate\b|\b[Cc]an NOT allocate memory block with size larger than \d+\s?GB\b|\b\w+ failed: out of memory\b|\bNPPException\b[^\n]{0,30}?\bDevice allocation error\b|^\s*Message=Device allocation error\b|\bCUresult\b[^\n]{0,30}?\b(?:result|error|code|status)\s*[=:]\s*2(?![\d.])/,
    // SYCL's PI_ERROR_OUT_OF_RESOURCES (-5) is what a Level Zero device allocation that failed becomes:
    // intel/llvm's PI-to-UR shim maps UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY to it (sycl/plugins/unified_runtime
    // pi2ur.hpp ErrorMapping), and Intel's LLM library documents "Native API returns: -5
    // (PI_ERROR_OUT_OF_RESOURCES)" as "caused by out of GPU memory" (intel-analytics/ipex-llm
    // docs/mddocs/Overview/FAQ/faq.md); SYCL's CUDA plugin's launch failure (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES)
    // is named as such elsewhere (near-miss launch-out-of-resources). OpenCL's bare CL_OUT_OF_RESOURCES stays
    // "can't tell".
    // Intel's SYCL stack reports the GPU's exhaustion as OUT_OF_HOST_MEMORY too (test/corpus logs
    // ipex-llm-11993: PI_ERROR_OUT_OF_HOST_MEMORY on an Arc A380 whose 6 GB the model filled, the
    // maintainer's "this looks like an OOM, try a smaller model"): its successors' spellings of the same
    // status, Unified Runtime's UR_RESULT_ERROR_OUT_OF_HOST_MEMORY (which replaced PI in oneAPI 2024)
    // and Level Zero's ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY, read the same way.
    // Huawei CANN's ACL_ERROR_RT_MEMORY_ALLOCATION, 207001 "memory allocation error" (CANN
    // rt_error_codes.h; torch_npu NPUCachingAllocator checks it after aclrtMalloc), as a call's return code ("aclrtMalloc failed, ret=207001",
    // "ACL stream synchronize failed, error code:207001").
    // PaddlePaddle paddle/phi/core/memory/allocation/allocator_facade.cc ("Out of memory error on
    // GPU %d. Cannot allocate %s memory on GPU %d, %s memory has been allocated and available
    // memory is only %s"); the TPU runtime's HBM allocator ("Attempting to reserve %s at the bottom
    // of memory. That was not possible. There are %s free, %s reserved, and %s reservable", in
    // pytorch/xla and JAX TPU threads); MXNet src/storage/pooled_storage_manager.h and pycuda
    // ("cudaMalloc failed: out of memory", "cuMemAlloc failed: out of memory") and every other wrapper
    // of a device allocation call that failed, read by the call's name and a failure word around it:
    // Faiss's FAISS_THROW_IF_NOT_FMT(err == cudaSuccess, "failed to cudaMalloc %zu bytes (error %d
    // %s)") and StandardGpuResources' "... (cudaMalloc error %s [%d])" (facebookresearch/faiss
    // faiss/gpu/utils/MemorySpace.cpp, StandardGpuResources.cpp), a CUDA sample's checkCUDAError
    // ("cudaMalloc dev_pos failed: out of memory"), hipMalloc and musaMalloc alike; a status the
    // paste cut off still reads as the allocation's failure, one naming another error does not;
    // TensorRT-LLM's
    // TLLM_CUDA_CHECK ("CUDA runtime error in ::cudaMallocAsync(...): out of memory"); SYCL/Level
    // Zero (intel/llvm sycl/include/sycl/detail/pi_error.def PI_ERROR_OUT_OF_DEVICE_MEMORY, -6
    // PI_ERROR_OUT_OF_HOST_MEMORY as Intel's GPU driver reports device memory, unified-runtime
    // UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY, and UR_RESULT_ERROR_OUT_OF_RESOURCES that Level Zero
    // returns for a device allocation it cannot back); HIP (ROCm hip_runtime_api.h hipErrorOutOfMemory);
    // PaddlePaddle 1.x paddle/fluid/platform/gpu_info.cc GpuMaxChunkSize's PADDLE_ENFORCE("allocating
    // <= available": the chunk it wants against what cudaMemGetInfo says is free); XLA's GPU
    // executable loading its constants into device memory (xla/service/gpu/gpu_executable.cc
    // "Failed to allocate %d bytes for new constant"); Apple MLX's Metal allocator
    // (ml-explore/mlx mlx/backend/metal/allocator.cpp: "[metal::malloc] Attempting to allocate %zu
    // bytes which is greater than the maximum allowed buffer size of %zu bytes.", "[metal::malloc]
    // Resource limit (%d) exceeded.", before 0.16 "[malloc_or_wait] Unable to allocate %zu bytes."; the
    // count refusal also quoted without its tag, as an issue's title keeps it: "Resource limit (499000)
    // exceeded with mlx_lm.server distributed", ml-explore/mlx-lm#831, test/corpus heldout-45);
    // Ollama's scheduler refusing a model whose layers it laid out on the GPUs but could not allocate
    // there even after backing off to all the free memory each GPU reported ("memory layout cannot be
    // allocated", "... with num_gpu = %v" where the user forced the GPU layers: ollama/ollama v0.11.5
    // llm/server.go, the new memory management of d5a0d8d9, whose backoff scales each GPU's FreeMemory;
    // gone with the CGO runner in v0.30.0; heldout-20 ollama-15517 as a server's 500);
    // CuPy cupy/cuda/memory.pyx OutOfMemoryError ("Out of memory allocating %s bytes (allocated so
    // far: %s bytes)", before v5 "out of memory to allocate %d bytes (total %d bytes)"; both read by
    // their own figures' parenthesis wherever a trainer or a sentence quotes them); TensorRT's allocator ("Requested amount of GPU memory (%zu bytes) could not be
    // allocated", TensorRT 7's "Requested amount of memory (%zu bytes) could not be allocated. There may not
    // be enough free memory for allocation to succeed", "Error Code 1: Cuda Runtime (out of memory)"), and its
    // own OutOfMemory error ("Error Code 2: OutOfMemory (no further information)" or "(Requested size was
    // N bytes.)") from the builder's and execution context's device buffers (virtualMemoryBuffer.cpp
    // resizePhysical, globWriter.cpp makeResizableGpuMemory, executionContext.cpp), whose allocations go
    // through IGpuAllocator, the GPU's (NvInferRuntimeBase.h); a title keeps only that error;
    // torch-directml's DirectML allocator ("Could not allocate tensor with %d bytes. There is not enough
    // GPU video memory available!", microsoft/DirectML issues); ggml-cuda's CUDA_CHECK built for ROCm or
    // MUSA ("ROCm error: out of memory", ggml/src/ggml-cuda/common.cuh ggml_cuda_error, which names
    // the backend by the build: "CUDA error", "ROCm error", "MUSA error", then the runtime's string); Vulkan's VkResult
    // VK_ERROR_OUT_OF_DEVICE_MEMORY (vulkan.hpp ErrorOutOfDeviceMemory), also printed without its VK_
    // prefix (Omniverse/Isaac Sim "VkResult: ERROR_OUT_OF_DEVICE_MEMORY", retold so in titles); OpenCL's
    // CL_MEM_OBJECT_ALLOCATION_FAILURE; nvJPEG's NVJPEG_STATUS_ALLOCATOR_FAILURE (5: "the user-provided
    // allocator functions, for either memory allocation or for releasing the memory, returned a non-zero
    // code", docs.nvidia.com/cuda/nvjpeg return codes), the decoder's device buffers failing mid-run as
    // DALI reports it ("NVJPEG error \"5\" : NVJPEG_STATUS_ALLOCATOR_FAILURE"); Apple IOGPU's kIOGPUCommandBufferCallbackErrorOutOfMemory
    // (a Metal command buffer that ran out, as ggml-metal reports it) and the same status as Metal's
    // NSError shows it: MTLCommandBufferErrorDomain Code=8, "Insufficient Memory (IOAF code 8)"
    // (developer.apple.com MTLCommandBufferError.Code.outOfMemory = 8, MTLCommandBufferErrorOutOfMemory),
    // and that status's description after a command buffer's failure in a wrapper's words (MLX's
    // "[METAL] Command buffer execution failed: Insufficient Memory", mlx backend/metal/eval.cpp);
    // ggml-vulkan's ggml_vk_create_buffer ("ggml_vulkan: Device memory allocation of size %zu
    // failed.", before vk::Device::allocateMemory's ErrorOutOfDeviceMemory); ggml-alloc.c "failed to
    // allocate %s buffer of size %zu" for a GPU backend's buffer and ggml-sycl "can't allocate %lu
    // Bytes of memory on device"; ONNX Runtime's BFC arena (onnxruntime/core/framework/bfc_arena.cc
    // "Failed to allocate memory for requested buffer of size %zu") unless the log shows the CPU's
    // arena (memory-side.ts namesHostArena; that one is the host's: runtime-allocation-failed), and the
    // arena's other refusal, growing past its cap ("Available memory of %zu is smaller than requested
    // bytes of %zu", the same file's BFCArena::Extend); the same
    // throw cut short after its location prefix, which names the arena's allocating function
    // ("bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(...) Failed to alloc":
    // ORT_THROW prefixes the file, line and function, onnxruntime/core/common/common.h).
    // MXNet's pooled storage manager prints the status after "Memory allocation failed ":
    // cudaGetErrorString's for a GPU context, strerror(errno)'s ("Cannot allocate memory") for the CPU
    // (apache/mxnet 1.9.1 src/storage/pooled_storage_manager.h): the latter is the host's.
    // PaddlePaddle's allocator throws paddle::memory::allocation::BadAlloc when its allocation fails
    // (paddle/fluid/memory/allocation/allocator.h); its device allocator is the one users meet it
    // from. An allocation that failed for want of the device's memory in a library's own words, the
    // failure and the shortage side by side ("KVCache allocation failed: Insufficient GPU memory for
    // KVCache allocation.", guoqingbao/vllm.rs src/utils/kvcache_allocator.rs). The same failures
    // in the user's language: PaddlePaddle's Chinese message ("GPU 0上出现内存不足错误。无法在GPU 0上
    // 分配%s内存，已分配%s内存，可用内存仅为%s。", its zh_CN error table), and "out of memory" after a
    // CUDA/GPU word as a translated page shows it (内存不足/显存不足, a machine's 没有记忆, メモリ不足, 메모리 부족).
    // The runtime's own status string after a failed call, in a wrapper's words: cudaGetErrorString
    // and hipGetErrorString of status 2 are "out of memory", and Thrust's system_error prints it after
    // the call that failed ("parallel_for failed: out of memory", NVIDIA/cccl thrust/system/cuda/detail/
    // util.h throw_on_error; strerror(ENOMEM) is "Cannot allocate memory", never this), read as the
    // device's only where the lines name a device stack. OpenCL's status -4 in every spelling: its
    // enum (Khronos CL/cl.h CL_MEM_OBJECT_ALLOCATION_FAILURE, -4), lower-cased as some wrappers print
    // it, pyopencl's without the prefix ("pyopencl._cl.MemoryError: ... failed:
    // MEM_OBJECT_ALLOCATION_FAILURE"), and Boost.Compute's words (boost/compute/exception/
    // opencl_error.hpp to_string: "Memory Object Allocation Failure", in any case as users retype it). An allocator refusing a buffer in its library's words where
    // the line names the device library (ROCm/MIOpen src/hip/handlehip.cpp "Memory not available to
    // allocate buffer: %zu").
    // Theano's CUDA backend raises its device allocation failure as Python's MemoryError ("MemoryError:
    // Error allocating N bytes of device memory (out of memory).", theano/sandbox/cuda/cuda_ndarray.cu
    // device_malloc): the device's, whatever exception class carries it.
    // MLX before the "[metal::malloc]" prefix threw the same refusal bare ("Attempting to allocate %zu
    // bytes which is greater than the maximum allowed buffer size of %zu bytes.", ml-explore/mlx v0.9
    // mlx/backend/metal/allocator.cpp MetalAllocator::malloc), and ggml-metal refuses a buffer past
    // Metal's one-buffer limit in its own words ("ggml_metal_add_buffer: buffer '%s' size %zu is larger
    // than buffer maximum of %zu", ggml-org/llama.cpp ggml-metal.m of 2023, MTLDevice.maxBufferLength):
    // one request past the device's one-buffer limit. Faiss's older FAISS_ASSERT on the device
    // allocation call itself ("Faiss assertion 'cudaMalloc(p, size) == cudaSuccess' failed in
    // faiss::gpu::allocMemorySpace", facebookresearch/faiss v1.2 gpu/utils/MemorySpace.cpp,
    // FaissAssert.h): the call's name, its status not shown (so weight 2, as a cut-off status); an
    // assertion on another expression ("'err == cudaSuccess' failed in ... Stack::Stack") names no
    // allocation call and is not read.
    // RAPIDS Memory Manager's exceptions derive from std::bad_alloc and say so ("std::bad_alloc:
    // out_of_memory: CUDA error at: <file>: cudaErrorMemoryAllocation out of memory", "std::bad_alloc:
    // RMM failure at: .../rmm/mr/device/pool_memory_resource.hpp:182: Maximum pool size exceeded";
    // rapidsai/rmm v22.02 include/rmm/detail/error.hpp rmm::bad_alloc, rmm::out_of_memory,
    // RMM_CUDA_TRY_ALLOC, RMM_FAIL), which cuDF's Python raises as MemoryError: a device memory
    // resource's refusal, named by RMM's own location prefix, not the host's. Thrust's CUDA backend
    // throws thrust::system::detail::bad_alloc when cudaMalloc fails (NVIDIA/thrust 1.9
    // thrust/system/cuda/detail/malloc_and_free.h; its what() is "std::bad_alloc: " + the CUDA
    // status string, thrust/system/detail/bad_alloc.h).
    source:
      'ml-explore/mlx v0.9 mlx/backend/metal/allocator.cpp; llama.cpp ggml-metal.m (2023) ggml_metal_add_buffer; faiss v1.2 gpu/utils/MemorySpace.cpp; rapidsai/rmm v22.02 include/rmm/detail/error.hpp; NVIDIA/thrust 1.9 thrust/system/cuda/detail/malloc_and_free.h, thrust/system/detail/bad_alloc.h; PaddlePaddle allocator_facade.cc, gpu_info.cc; theano/sandbox/cuda/cuda_ndarray.cu device_malloc; ml-explore/mlx backend/metal/allocator.cpp; cupy memory.pyx; TensorRT allocator; torch-directml allocator; ggml-cuda common.cuh ggml_cuda_error; Vulkan VkResult; OpenCL; Apple IOGPU, MTLCommandBufferError.outOfMemory; ggml-alloc.c, ggml-sycl, ggml-vulkan.cpp; onnxruntime bfc_arena.cc; facebookresearch/faiss gpu/utils/MemorySpace.cpp, StandardGpuResources.cpp; guoqingbao/vllm.rs kvcache_allocator.rs; openxla/xla service/gpu/gpu_executable.cc; TPU runtime HBM allocator; MXNet pooled_storage_manager.h; TensorRT-LLM TLLM_CUDA_CHECK; intel/llvm pi_error.def; ROCm hipErrorOutOfMemory',
    summary: 'a device memory allocation failed',
    continuationLines: 2,
    extract: ({ text, match, before }) => {
      const vendor = vendorOf(text) ?? vendorOf(before.join('\n'));
      // ONNX Runtime's arena is a device's unless the log shows the CPU's (memory-side.ts namesHostArena).
      if (
        /requested buffer of size|smaller than requested bytes of|BFCArena::AllocateRaw/.test(text) &&
        namesHostArena([...before, text])
      )
        return undefined;
      // A device allocation call that failed with another status (an illegal address, a driver
      // mismatch) is that failure, not memory; one whose status a paste cut off is memory, likely.
      const status = text.slice(match.index);
      if (deviceAllocationCall.test(match[0]) && otherRuntimeStatus.test(status)) return undefined;
      // The same where the status is printed as the API's number or name (api-status.ts): "cuMemAlloc_v2
      // failed res=1" is CUDA_ERROR_INVALID_VALUE, not memory.
      if (deviceAllocationCall.test(match[0]) && readCallStatus(text)?.isOutOfMemory === false)
        return undefined;
      const lines = [...before.slice(-3), text].join('\n');
      if (/failed: out of memory$|not available to allocate$/i.test(match[0]) && !deviceStack.test(lines))
        return undefined;
      // OUT_OF_RESOURCES for a kernel whose work-group local memory (or registers) the launch could not
      // give is the launch's limit, not the device's memory (intel/llvm sycl work_group_static).
      if (/OUT_OF_RESOURCES/.test(match[0]) && kernelLaunchResource.test([...before, text].join('\n')))
        return undefined;
      // A request of 2^63 bytes or more is a size that wrapped around (a negative size_t), not
      // memory the device lacks: no machine has it (ml-explore/mlx issue 3327's 2^64 - 16 Ki).
      const figures = allocationFigures(text);
      if (typeof figures.requestedBytes === 'number' && figures.requestedBytes >= 2 ** 63) return undefined;
      const isStatusShown = /out of memory|error 2\b|\[2\]|OutOfMemory|MemoryAllocation/i.test(status);
      return {
        ...(deviceAllocationCall.test(match[0]) && !isStatusShown ? { weight: 2 as const } : {}),
        facts: { ...figures, ...definedFacts({ vendor }) },
      };
    },
  },
  {
    code: 'taichi-pool-exhausted',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    keywords: ['pre-allocated memory'],
    pattern: /\bOut of CUDA pre-allocated memory\b/,
    // Taichi's CUDA backend takes one pool of device memory at ti.init (device_memory_fraction or
    // device_memory_GB) and hands every field and runtime list out of it; when the pool is used up the
    // kernel stops on a device assertion, "Out of CUDA pre-allocated memory. Consider using
    // ti.init(device_memory_fraction=0.9) or ti.init(device_memory_GB=4) to allocate more GPU memory"
    // (taichi-dev/taichi v1.7.0 taichi/runtime/llvm/runtime_module/runtime.cpp allocate_from_buffer;
    // Genesis runs on a fork of it). The CUDA driver then reports the assertion
    // (CUDA_ERROR_ASSERT), which is this failure's echo, not a near miss of its own.
    source: 'taichi-dev/taichi v1.7.0 taichi/runtime/llvm/runtime_module/runtime.cpp allocate_from_buffer',
    summary: "Taichi's pre-allocated pool of GPU memory is used up",
    extract: () => ({ facts: { taichiPool: true, vendor: 'nvidia' } }),
  },
  {
    code: 'quantized-model-offloaded',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    keywords: ['some modules are dispatched on the cpu or the disk'],
    pattern:
      /Some modules are dispatched on the CPU or the disk\. Make sure you have enough GPU RAM to fit the quantized model/i,
    // transformers refuses a bitsandbytes-quantized model that accelerate's device_map="auto" could not
    // place whole on the GPU (some modules sent to the CPU or the disk): the weights do not fit the
    // GPU's memory (huggingface/transformers v4.40.0 src/transformers/quantizers/quantizer_bnb_8bit.py
    // and quantizer_bnb_4bit.py validate_environment, the same ValueError in modeling_utils.py before).
    source:
      'huggingface/transformers v4.40.0 quantizers/quantizer_bnb_8bit.py, quantizer_bnb_4bit.py validate_environment',
    summary:
      'the quantized model does not fit the GPU: some of its modules were placed on the CPU or the disk',
    extract: ({ text }) => ({ facts: definedFacts({ quantizedOffload: true, vendor: vendorOf(text) }) }),
  },
  {
    code: 'kv-block-pool-exhausted',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    keywords: ['out of available cache blocks'],
    pattern: /Out of available cache blocks: asked (\d+), only (\d+) free blocks/,
    // A paged-attention server sizes its KV-cache block pool from the GPU memory left after the
    // weights and refuses a batch whose sequences need more blocks than are free: text-generation-
    // inference server/text_generation_server/models/flash_causal_lm.py ("Out of available cache
    // blocks: asked {blocks}, only {len(free_block_indices)} free blocks"), the same words in the
    // servers derived from it (Ascend MindIE's atb_models cache manager). The pool is GPU memory.
    source:
      'huggingface/text-generation-inference server/text_generation_server/models/flash_causal_lm.py (allocate_blocks)',
    summary: "the inference server's KV-cache block pool (GPU memory) had too few free blocks for the batch",
    extract: ({ match }) => ({
      facts: definedFacts({ kvCache: true, blocksAsked: intOf(match[1]), blocksFree: intOf(match[2]) }),
    }),
  },
  {
    code: 'kv-cache-too-small',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 3,
    keywords: [
      'no available memory for the cache blocks',
      'stored in kv cache',
      'available kv cache memory',
      '# gpu blocks: 0',
      'reserved for kv cache is -',
      'exceeds available mamba cache blocks',
    ],
    pattern:
      /No available memory for the cache blocks|is larger than the maximum number of tokens that can be stored in KV cache|KV cache is needed, which is larger than the available KV cache memory|# GPU blocks: 0\b|the rest of the memory reserved for KV Cache is -[\d.]+\s?GiB|max_num_seqs \((\d+)\) exceeds available Mamba cache blocks \((\d+)\)/,
    // vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory ("No available memory for the
    // cache blocks", "... KV cache is needed, which is larger than the available KV cache memory");
    // vllm/worker/worker.py raise_if_cache_size_invalid (0.x: "The model's max seq len (%d) is
    // larger than the maximum number of tokens that can be stored in KV cache (%d)"); 0.2-0.6's
    // llm_engine.py _init_cache logs "# GPU blocks: %d, # CPU blocks: %d" and raises "No available
    // memory for the cache blocks" when the first is 0 (a paste cut before the raise still shows it).
    // vllm/worker/worker.py determine_num_available_blocks logs its profile ("the current vLLM
    // instance can use total_gpu_memory (%.2fGiB) x gpu_memory_utilization (%.2f) = ...; the rest of
    // the memory reserved for KV Cache is %.2fGiB."): a negative rest is no room for one block.
    // A hybrid (Mamba/linear-attention) model keeps one state block per running sequence in the same
    // budget, and vLLM refuses more sequences than blocks: "max_num_seqs (%d) exceeds available Mamba
    // cache blocks (%d). Each decode sequence requires one Mamba cache block" (vllm/config/compilation.py,
    // at CUDA-graph capture): the concurrency asked for, not one sequence's length.
    source:
      'vllm-project/vllm vllm/v1/core/kv_cache_utils.py, vllm/worker/worker.py raise_if_cache_size_invalid, vllm/config/compilation.py (Mamba cache blocks)',
    summary: "vLLM's KV cache does not fit in the GPU memory it may use",
    extract: ({ text, match }) => {
      const tokens = kvTokens.exec(text);
      const memory = kvMemory.exec(text);
      const lengths = kvV1Lengths.exec(text);
      return {
        facts: definedFacts({
          kvCache: true,
          maxModelLen: intOf(tokens?.[1] ?? lengths?.[1]),
          kvCacheTokens: intOf(tokens?.[2] ?? lengths?.[2]),
          kvNeededBytes: memory ? parseLogSize(memory[1]!) : undefined,
          kvAvailableBytes: memory ? parseLogSize(memory[2]!) : undefined,
          maxNumSeqs: intOf(match[1]),
          stateBlocks: intOf(match[2]),
        }),
      };
    },
  },
];

/** What an allocation failure's own message says of the pool's cap. */
export const allocationFactRules: FactRule[] = [
  {
    family: 'context',
    keywords: ['flags_fraction_of_gpu_memory_to_use is'],
    pattern: /FLAGS_fraction_of_gpu_memory_to_use is ([\d.]+) now/,
    // PaddlePaddle's out-of-memory hint (paddle/fluid/memory/allocation/allocator_facade.cc, 1.8-2.x):
    // "FLAGS_fraction_of_gpu_memory_to_use is %.2f now, please set it to a higher value but less
    // than 1.0": the share of the card its pool may take, printed only when it is the limit.
    source: 'PaddlePaddle paddle/fluid/memory/allocation (out-of-memory hint)',
    extract: (m) => definedFacts({ paddleGpuFraction: Number(m[1]) }),
  },
];
