// Failures that look like memory trouble but are not: bad indices, illegal addresses, drivers.
// They produce a `none` diagnosis that says what it is instead, and never outrank an OOM.
import type { LogRule } from '../../types.js';
import { isExhaustedStatus, otherExhaustedResource, otherResourceStatus } from '../exhausted-resource.js';

function nearMiss(rule: Omit<LogRule, 'kind' | 'weight'>): LogRule {
  return { ...rule, kind: 'none', weight: 1 };
}

/** CUDA and library failures that are not memory shortages. */
export const nearMissRules: LogRule[] = [
  nearMiss({
    code: 'cuda-device-assert',
    framework: 'cuda',
    keywords: ['device-side assert', 'assertion `'],
    pattern: /device-side assert(?:ion)? triggered|Assertion `.+` failed/,
    // ATen kernels' CUDA_KERNEL_ASSERT; reported asynchronously as cudaErrorAssert (710).
    source: 'CUDA runtime cudaErrorAssert (710); pytorch CUDA_KERNEL_ASSERT',
    summary: 'a CUDA kernel assertion failed (an index or label out of range), not a memory failure',
  }),
  nearMiss({
    code: 'cuda-illegal-address',
    framework: 'cuda',
    keywords: [
      'illegal memory access',
      'illegal_address',
      'illegaladdress',
      'misaligned address',
      'unspecified launch failure',
    ],
    pattern:
      /illegal memory access|CUDA_ERROR_ILLEGAL_ADDRESS|cudaErrorIllegalAddress|misaligned address|unspecified launch failure/,
    // cudaErrorIllegalAddress (700) is sticky: every later call, stream creation included, fails too.
    source: 'CUDA runtime cudaErrorIllegalAddress (700), cudaErrorLaunchFailure (719)',
    summary:
      'a GPU kernel read or wrote an invalid address (a kernel or compiler bug), not a memory shortage',
  }),
  nearMiss({
    code: 'cuda-other-status',
    framework: 'cuda',
    keywords: [
      'invalid configuration argument',
      'invalid device function',
      'an illegal instruction was encountered',
      'the launch timed out and was terminated',
      'cudaerrorinvalidconfiguration',
      'cuda error: invalid argument',
      'cuda error: initialization error',
      'cuda error: unknown error',
      'cuda error: operation not supported',
      'cuda error: invalid device ordinal',
      'cuda error: invalid resource handle',
    ],
    pattern:
      /invalid configuration argument|invalid device function|an illegal instruction was encountered|the launch timed out and was terminated|cudaErrorInvalidConfiguration|CUDA error: (?:invalid argument|initialization error|unknown error|operation not supported|invalid device ordinal|invalid resource handle)\b/i,
    // cudaGetErrorString's strings for codes that are not memory: a launch's grid or block
    // configuration (cudaErrorInvalidConfiguration 9), a kernel not built for the device
    // (cudaErrorInvalidDeviceFunction 98), an illegal instruction (715), the display watchdog's
    // timeout (702), and the generic statuses behind C10_CUDA_CHECK's "CUDA error: " prefix. The
    // log's own error outranks an "out of memory" that only the user's words or a last-resort
    // reading state (the same as cuda-launch-out-of-resources).
    source:
      'CUDA Runtime API cudaError_t: cudaErrorInvalidConfiguration (9), cudaErrorInvalidValue (1), cudaErrorInitializationError (3), cudaErrorInvalidDeviceFunction (98), cudaErrorInvalidDevice (101), cudaErrorInvalidResourceHandle (400), cudaErrorLaunchTimeout (702), cudaErrorIllegalInstruction (715), cudaErrorNotSupported (801), cudaErrorUnknown (999)',
    summary:
      'a CUDA call failed with a status other than out of memory (a launch configuration, a build for another GPU, a driver state), not a memory shortage',
  }),
  nearMiss({
    code: 'cuda-launch-out-of-resources',
    framework: 'cuda',
    keywords: ['too many resources requested for launch', 'launch_out_of_resources', 'launchoutofresources'],
    pattern:
      /too many resources requested for launch|CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES|cudaErrorLaunchOutOfResources|hipErrorLaunchOutOfResources/,
    // A kernel launch that asked for more registers, shared memory per block or threads than one
    // multiprocessor has: the launch's configuration, not an allocation, and no memory frees it. Its
    // own error outranks the user's words "out of memory" beside it (test/corpus heldout-12).
    source:
      'CUDA runtime API cudaErrorLaunchOutOfResources (701) "too many resources requested for launch"; CUDA driver API CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES; ROCm hip_runtime_api.h hipErrorLaunchOutOfResources',
    summary:
      'a GPU kernel was launched with more registers or threads per block than the device allows (a launch configuration or build problem), not a memory shortage',
  }),
  nearMiss({
    code: 'triton-out-of-resources',
    framework: 'other',
    keywords: ['out of resource:', 'outofresources'],
    pattern: /\bout of resource: \w[\w ]*, Required: \d+, Hardware limit: \d+|\bOutOfResources\b/,
    // Triton's compiler refusing a kernel whose block needs more shared memory (or registers) per
    // multiprocessor than the device has: the kernel's configuration (block sizes, num_stages), not
    // an allocation of device memory, and no freed memory changes it. Its "shared memory" is the
    // on-chip scratchpad, which the allocation grammar's device words would otherwise read.
    source:
      'triton-lang/triton python/triton/runtime/errors.py OutOfResources ("out of resource: {name}, Required: {required}, Hardware limit: {limit}. Reducing block sizes or `num_stages` may help."), v3.0.0',
    summary:
      'a Triton kernel needs more shared memory or registers per block than the GPU has (its block sizes or num_stages), not a memory shortage',
  }),
  nearMiss({
    code: 'cuda-driver-mismatch',
    framework: 'cuda',
    keywords: [
      'driver on your system is too old',
      'driver version is insufficient',
      'no cuda-capable device',
      'found no nvidia driver',
      'cuda_error_no_device',
      'no kernel image is available',
      'system_driver_mismatch',
    ],
    pattern:
      /driver on your system is too old|driver version is insufficient|no CUDA-capable device|Found no NVIDIA driver|CUDA_ERROR_NO_DEVICE|no kernel image is available|SYSTEM_DRIVER_MISMATCH/,
    source:
      'CUDA runtime cudaErrorInsufficientDriver (35), cudaErrorNoDevice (100), cudaErrorNoKernelImageForDevice (209)',
    summary: 'the NVIDIA driver, the CUDA runtime and the framework build do not match, not a memory failure',
  }),
  nearMiss({
    code: 'cublas-failed',
    framework: 'cublas',
    keywords: ['cublas_status_'],
    pattern: /CUBLAS_STATUS_(?:EXECUTION_FAILED|INVALID_VALUE|NOT_SUPPORTED|ARCH_MISMATCH|INTERNAL_ERROR)/,
    source: 'cuBLAS cublasStatus_t',
    summary: 'a cuBLAS call failed for a reason other than allocation',
  }),
  nearMiss({
    code: 'nccl-failed',
    framework: 'nccl',
    keywords: ['unhandled system error', 'collective operation timeout', 'remote process exited'],
    pattern: /unhandled system error|collective operation timeout|remote process exited/,
    source: 'NVIDIA/nccl ncclSystemError; torch ProcessGroupNCCL watchdog',
    summary: 'an NCCL collective failed or timed out, not a memory failure',
  }),
  nearMiss({
    code: 'nccl-shm-missing',
    framework: 'nccl',
    keywords: ['attaching to shared memory segment'],
    pattern:
      /Error while attaching to shared memory segment \S+ \(size (\d+)\), error: No such file or directory \(2\)/,
    // nccl src/misc/shmutils.cc ncclShmOpen: ENOENT is a segment the peer never created or already
    // removed (a version mismatch between ranks, a cleaned /dev/shm), not a full /dev/shm (ENOSPC, 28).
    source: 'NVIDIA/nccl src/misc/shmutils.cc ncclShmOpen (errno 2 ENOENT)',
    summary: 'NCCL could not attach a /dev/shm segment that does not exist (ENOENT): not a full /dev/shm',
  }),
  nearMiss({
    code: 'cudnn-library-missing',
    framework: 'cudnn',
    keywords: ['dnn library is not found', 'could not load library libcudnn', 'loaded runtime cudnn library'],
    pattern:
      /DNN library is not found|Could not load library libcudnn|Loaded runtime CuDNN library: \S+ but source was compiled with: \S+/,
    // XLA/TensorFlow report a cuDNN that is missing or older than the build (cuda_dnn.cc).
    source: 'openxla/xla stream_executor/cuda/cuda_dnn.cc (library version check)',
    summary: 'cuDNN is missing or does not match the framework build: not a memory failure',
  }),
  nearMiss({
    code: 'cffi-write-execute',
    framework: 'other',
    keywords: ['write+execute memory'],
    pattern: /Cannot allocate write\+execute memory for ffi\.callback\(\)/,
    // cffi raises MemoryError when the OS refuses a page both writable and executable for a callback's
    // trampoline (hardened runtimes, SELinux deny_execmem, systemd MemoryDenyWriteExecute, FreeBSD
    // kern.elf64.allow_wx=0): a security policy, not a shortage.
    source:
      'python-cffi c/_cffi_backend.c (PyExc_MemoryError "Cannot allocate write+execute memory for ffi.callback()"); https://cffi.readthedocs.io/en/latest/using.html#callbacks',
    summary:
      "cffi could not get write+execute memory for an ffi.callback() (the system's security policy forbids it), not a memory shortage",
  }),
  nearMiss({
    code: 'gpu-device-lost',
    framework: 'other',
    keywords: [
      'device_lost',
      'device lost',
      'devicelost',
      'device_hung',
      'device_removed',
      'device_reset',
      'deviceremoved',
      'context lost',
      'contextlost',
      'context_lost',
      ' is lost',
      ' was lost',
      'has been lost',
    ],
    // Every graphics and compute API has one status for a device the driver took away (a hang, a
    // reset, a crash, a tab in the background whose GPU the browser reclaimed): Vulkan
    // VK_ERROR_DEVICE_LOST ("VkResult: ERROR_DEVICE_LOST" in Omniverse Kit's log), oneAPI Level Zero
    // ZE_RESULT_ERROR_DEVICE_LOST and the Unified Runtime's UR_RESULT_ERROR_DEVICE_LOST, DXGI's
    // DXGI_ERROR_DEVICE_HUNG / _REMOVED / _RESET, Metal's MTLCommandBufferErrorDeviceRemoved, WebGPU's
    // GPUDevice.lost ("GPU device lost", "WebGPU Device Lost") and WebGL's webglcontextlost event
    // (CONTEXT_LOST_WEBGL; "WebGL2RenderingContext is lost"). After it every call fails, allocations
    // included, and a wrapper may name that failure "out of memory" (wgpu's DeviceError::OutOfMemory on
    // a lost WebGL context) or list it among the possible reasons. Alone it outranks only the weak
    // readings (a last-resort phrase, a retold one); an allocator's own OOM status beside it (Vulkan's
    // ERROR_OUT_OF_DEVICE_MEMORY, UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY) is a signature and still decides.
    pattern:
      /\b(?:VK_|ZE_RESULT_|UR_RESULT_|PI_)?ERROR_DEVICE_LOST\b|\bDXGI_ERROR_DEVICE_(?:HUNG|REMOVED|RESET)\b|\bMTLCommandBufferErrorDeviceRemoved\b|\b(?:GPU|WebGPU|[Dd]evice)\W{0,2} ?(?:[Dd]evice )?(?:[Ll]ost|LOST)\b(?! (?:connection|track))|\bdevice (?:was|is|has been) lost\b|\bwebglcontextlost\b|\bCONTEXT_LOST_WEBGL\b|\b\w*Context\W{0,2} (?:is|was|has been|got) lost\b|\b(?:WebGL|GL|GPU|rendering) context (?:was |is |has been )?lost\b/,
    source:
      'Vulkan spec VkResult VK_ERROR_DEVICE_LOST; oneAPI Level Zero ze_api.h ZE_RESULT_ERROR_DEVICE_LOST, unified-runtime ur_api.h UR_RESULT_ERROR_DEVICE_LOST; learn.microsoft.com DXGI_ERROR (DEVICE_HUNG, DEVICE_REMOVED, DEVICE_RESET); Apple MTLCommandBufferError.deviceRemoved; W3C WebGPU GPUDevice.lost; Khronos WebGL 1.0 spec 5.15.2 webglcontextlost, CONTEXT_LOST_WEBGL',
    summary:
      'the GPU device (or its graphics context) was lost: the driver reset or removed it, and every call after fails; a memory failure named beside it is its fallout or one of its possible reasons',
  }),
  nearMiss({
    code: 'segmentation-fault',
    framework: 'other',
    keywords: ['segmentation fault'],
    pattern: /Segmentation fault/,
    source: 'SIGSEGV',
    summary: 'a process crashed with a segmentation fault, not a memory shortage',
  }),
  nearMiss({
    code: 'shm-fd-limit',
    framework: 'torch',
    keywords: ['too many open files'],
    pattern: /Too many open files/,
    // errno 24 EMFILE: torch's default file_descriptor sharing strategy ran out of descriptors.
    source: "errno 24 EMFILE; torch.multiprocessing sharing strategy 'file_descriptor'",
    summary: 'the process ran out of file descriptors (not of /dev/shm space)',
    // The same errno behind a RESOURCE_EXHAUSTED status (TensorFlow's "ResourceExhaustedError: <path>;
    // Too many open files") is that status's reading (resource-exhausted-other), not torch's sharing.
    extract: ({ text }) => (isExhaustedStatus(text) ? undefined : {}),
  }),
  nearMiss({
    code: 'resource-exhausted-other',
    framework: 'other',
    keywords: [
      'resourceexhausted',
      'resource_exhausted',
      'resource exhausted',
      'larger than max',
      'exceeds maximum size',
    ],
    pattern: otherResourceStatus,
    source:
      'grpc/grpc doc/statuscodes.md RESOURCE_EXHAUSTED; tensorflow tsl/platform/errors.cc ErrnoToCode; googleapis/python-api-core exceptions.py ResourceExhausted (exhausted-resource.ts)',
    summary:
      'a RESOURCE_EXHAUSTED status whose message names another resource than memory (disk space, open files, a message size limit, a quota) or none at all (its bare code number): not a memory failure',
    extract: ({ text, match }) => {
      const resource = otherExhaustedResource(text.slice(match.index));
      return resource === undefined ? undefined : { facts: { exhaustedResource: resource } };
    },
  }),
];
