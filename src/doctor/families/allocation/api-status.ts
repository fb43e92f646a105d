// The API status-code grammar (issue 23 item 4): most GPU and accelerator stacks report a failed call
// as the call's name and the status it returned, each in its own spelling ("cuMemAlloc failed: 2",
// HAMi-core's "cuMemoryAllocate failed res=2", "clCreateBuffer failed with error -4", "rknn_init fail!
// ret=-4", "vkAllocateMemory failed with VK_ERROR_OUT_OF_DEVICE_MEMORY"). One reading for all of them:
// the API by the call's name, the status by that API's enum. A status that is the API's out-of-memory
// value is an allocation failure on the side the enum names, whatever the call; any other status it
// prints is that other failure, not memory, even on an allocation call. Each value below is the
// vendor's header at a release tag.
import type { LogRule } from '../../types.js';
import { definedFacts, intOf } from '../extract.js';
import { isLockedMemoryLimit, memorySideOf } from './memory-side.js';
import { allocationFigures } from './rules.js';

/** Where the memory the enum names lives. */
export type MemorySide = 'device' | 'host';

interface OutOfMemoryStatus {
  name: string;
  value: number;
  side: MemorySide;
  /** The only calls on which the status is memory's (a count of allocations, not of other objects). */
  calls?: RegExp;
}

interface RuntimeApi {
  api: string;
  vendor: string;
  /** The API's call names (its prefix, then a capital or an underscore). */
  call: RegExp;
  /** Every named status of the API, so that a name says whose it is and that it is not memory. */
  statusName: RegExp;
  outOfMemory: readonly OutOfMemoryStatus[];
}

const runtimeApis: readonly RuntimeApi[] = [
  {
    // NVIDIA/cuda-python (CUDA 12.4) cuda/bindings/cuda.pxd, from cuda.h enum cudaError_enum:
    // CUDA_ERROR_OUT_OF_MEMORY = 2 ("unable to allocate enough memory to perform the requested operation").
    api: 'CUDA driver',
    vendor: 'nvidia',
    call: /^cu[A-Z]\w*$/,
    statusName: /^CUDA_ERROR_\w+$|^CUDA_SUCCESS$/,
    outOfMemory: [{ name: 'CUDA_ERROR_OUT_OF_MEMORY', value: 2, side: 'device' }],
  },
  {
    // CUDA runtime driver_types.h enum cudaError: cudaErrorMemoryAllocation = 2.
    api: 'CUDA runtime',
    vendor: 'nvidia',
    call: /^cuda[A-Z]\w*$/,
    statusName: /^cudaError\w+$|^cudaSuccess$/,
    outOfMemory: [{ name: 'cudaErrorMemoryAllocation', value: 2, side: 'device' }],
  },
  {
    // ROCm/HIP rocm-6.1.0 include/hip/hip_runtime_api.h enum hipError_t: hipErrorOutOfMemory = 2, with
    // hipErrorMemoryAllocation = 2 its deprecated alias.
    api: 'HIP',
    vendor: 'amd',
    call: /^hip[A-Z]\w*$/,
    statusName: /^hipError\w+$|^hipSuccess$/,
    outOfMemory: [
      { name: 'hipErrorOutOfMemory', value: 2, side: 'device' },
      { name: 'hipErrorMemoryAllocation', value: 2, side: 'device' },
    ],
  },
  {
    // KhronosGroup/Vulkan-Headers v1.3.280 include/vulkan/vulkan_core.h enum VkResult:
    // VK_ERROR_OUT_OF_HOST_MEMORY = -1, VK_ERROR_OUT_OF_DEVICE_MEMORY = -2 (vulkan.hpp spells them
    // vk::Result::eErrorOutOfHostMemory, ErrorOutOfDeviceMemory; Omniverse's carb prints them without VK_).
    api: 'Vulkan',
    vendor: 'vulkan',
    call: /^[Vv]k[A-Z]\w*$/,
    statusName: /^(?:VK_)?(?:ERROR_\w+|SUCCESS|NOT_READY|TIMEOUT|INCOMPLETE)$|^e?Error\w+$/,
    // VK_ERROR_TOO_MANY_OBJECTS = -10 is memory's only on vkAllocateMemory: a call that would take
    // the device's allocations past VkPhysicalDeviceLimits::maxMemoryAllocationCount (as low as 4096)
    // fails with it (Vulkan 1.3 spec, vkAllocateMemory; vulkano 0.29 DeviceMemoryAllocationError::
    // TooManyObjects, "the maximum number of allocations has been exceeded"): the device's allocator
    // refused by its count, as MLX's "[metal::malloc] Resource limit" is Metal's (rules.ts). On any
    // other call it counts descriptors, queries or pools, not memory.
    outOfMemory: [
      { name: 'VK_ERROR_OUT_OF_HOST_MEMORY', value: -1, side: 'host' },
      { name: 'VK_ERROR_OUT_OF_DEVICE_MEMORY', value: -2, side: 'device' },
      { name: 'VK_ERROR_TOO_MANY_OBJECTS', value: -10, side: 'device', calls: /^(?:vk)?[Aa]llocateMemory$/ },
    ],
  },
  {
    // KhronosGroup/OpenCL-Headers v2024.05.08 CL/cl.h: CL_MEM_OBJECT_ALLOCATION_FAILURE -4 (a buffer
    // the device could not back), CL_OUT_OF_HOST_MEMORY -6. CL_OUT_OF_RESOURCES -5 is any resource
    // of the device, memory or not: not read as memory.
    api: 'OpenCL',
    vendor: 'opencl',
    call: /^cl[A-Z]\w*$/,
    statusName: /^CL_\w+$/,
    outOfMemory: [
      { name: 'CL_MEM_OBJECT_ALLOCATION_FAILURE', value: -4, side: 'device' },
      { name: 'CL_OUT_OF_HOST_MEMORY', value: -6, side: 'host' },
    ],
  },
  {
    // oneapi-src/level-zero v1.17.0 include/ze_api.h enum _ze_result_t:
    // ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY = 0x70000002, ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY = 0x70000003.
    // Intel's GPU stack reports the card's exhaustion as OUT_OF_HOST_MEMORY too (rules.ts, ipex-llm-11993):
    // both read as the device's, as the allocation rule reads its PI/UR spellings.
    api: 'Level Zero',
    vendor: 'intel',
    call: /^zes?[A-Z]\w*$/,
    statusName: /^ZE_RESULT_\w+$/,
    outOfMemory: [
      { name: 'ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY', value: 0x70000002, side: 'device' },
      { name: 'ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY', value: 0x70000003, side: 'device' },
    ],
  },
  {
    // CANN's rt_error_codes.h as Ascend/pytorch vendors it (commit d9c719e5, third_party/acl/inc/acl/
    // error_codes/rt_error_codes.h): ACL_ERROR_RT_MEMORY_ALLOCATION = 207001 "memory allocation error"
    // (torch_npu's NPUCachingAllocator checks it after aclrtMalloc), ACL_ERROR_RT_DEVIDE_OOM = 207018
    // "device oom"; 107000 ACL_ERROR_RT_PARAM_INVALID and the rest are other failures.
    api: 'Ascend ACL',
    vendor: 'ascend',
    call: /^acl(?:rt)?[A-Z]\w*$/,
    statusName: /^ACL_ERROR_\w+$|^ACL_SUCCESS$/,
    outOfMemory: [
      { name: 'ACL_ERROR_RT_MEMORY_ALLOCATION', value: 207001, side: 'device' },
      { name: 'ACL_ERROR_RT_DEVIDE_OOM', value: 207018, side: 'device' },
    ],
  },
  {
    // airockchip/rknn-toolkit2 v2.0.0-beta0 rknpu2/runtime/Linux/librknn_api/include/rknn_api.h:
    // "#define RKNN_ERR_MALLOC_FAIL -4 /* memory malloc fail. */" (the NPU runtime's memory).
    api: 'RKNN',
    vendor: 'rockchip',
    call: /^rknn_\w+$/,
    statusName: /^RKNN_(?:ERR_\w+|SUCC)$/,
    outOfMemory: [{ name: 'RKNN_ERR_MALLOC_FAIL', value: -4, side: 'device' }],
  },
  {
    // RAPIDS Memory Manager, the device allocator under cuDF before its C++ resource API (rapidsai/rmm
    // at 78b16e2e include/rmm/rmm_api.h, "Efficient allocation ... of GPU memory": rmmError_t
    // RMM_ERROR_OUT_OF_MEMORY = 4, "The memory manager was unable to allocate more memory"), as
    // libcudf's RMM_TRY printed it ("RMM call ... failed with result RMM_ERROR_OUT_OF_MEMORY (4)").
    api: 'RMM',
    vendor: 'nvidia',
    call: /^rmm[A-Z]\w*$/,
    statusName: /^RMM_(?:ERROR_\w+|SUCCESS)$/,
    outOfMemory: [{ name: 'RMM_ERROR_OUT_OF_MEMORY', value: 4, side: 'device' }],
  },
];

// A call's name at a word's start: every prefix of the table. "cuMemAlloc_v2", "rknn_init".
const callName = String.raw`(?<![\w.:])((?:cu|cuda|hip|[Vv]k|cl|zes?|acl|aclrt|rmm)[A-Z]\w*|rknn_[a-z]\w*)`;
// Its arguments, where a wrapper prints the call as written.
const callArgs = String.raw`(?:\([^()\n]{0,160}\))?`;
// The words a wrapper puts between the call and its status, then the status: an enum name or a number.
const statusLead = String.raw`\b(?:res|ret|result|rc|status|code|err|error|returned|returns|failed(?: with)?(?: error)?|fail!?)\s*[:=]?\s*\(?`;
const statusToken = String.raw`((?:VK_)?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|(?:cuda|hip)(?:Error\w+|Success)|(?:vk::Result::)?e?Error[A-Z]\w*|0x[0-9A-Fa-f]+|-?\d+)(?![\w.%])`;

/** A call with the status it returned, as a log line prints it. */
export const callStatusPattern = new RegExp(`${callName}${callArgs}[^\\n]{0,60}?${statusLead}${statusToken}`);

const outOfMemoryNames = new Map(
  runtimeApis.flatMap((api) =>
    api.outOfMemory.map((s) => [s.name.toLowerCase(), { api, status: s }] as const),
  ),
);
// The same names as wrappers shorten them: without VK_ (carb), vulkan.hpp's camel case.
const shortNames = new Map([
  ['error_out_of_host_memory', 'vk_error_out_of_host_memory'],
  ['error_out_of_device_memory', 'vk_error_out_of_device_memory'],
  ['eerroroutofhostmemory', 'vk_error_out_of_host_memory'],
  ['erroroutofhostmemory', 'vk_error_out_of_host_memory'],
  ['eerroroutofdevicememory', 'vk_error_out_of_device_memory'],
  ['erroroutofdevicememory', 'vk_error_out_of_device_memory'],
  // pyopencl prints OpenCL's statuses without CL_ ("clCreateBuffer failed: OUT_OF_HOST_MEMORY",
  // inducer/pyopencl src/wrap_cl.hpp PYOPENCL_CALL_GUARDED's error, cl_error_to_str).
  ['out_of_host_memory', 'cl_out_of_host_memory'],
  ['mem_object_allocation_failure', 'cl_mem_object_allocation_failure'],
]);

/** A named status that is some API's out-of-memory value (on `call`, where the status is bound to calls). */
function outOfMemoryNamed(
  name: string,
  call = '',
): { api: RuntimeApi; status: OutOfMemoryStatus } | undefined {
  const key = name.replace(/^vk::Result::/, '').toLowerCase();
  const found = outOfMemoryNames.get(shortNames.get(key) ?? key);
  return found && isStatusOfCall(found.status, call) ? found : undefined;
}

/** That an out-of-memory status is memory's on this call (any call, unless the status names its calls). */
function isStatusOfCall(status: OutOfMemoryStatus, call: string): boolean {
  return status.calls === undefined || status.calls.test(call);
}

/** What a call's printed status says. */
export interface ApiStatusReading {
  call: string;
  status: string;
  api?: string;
  vendor?: string;
  /** The status is the API's out-of-memory value (false: another status; undefined: unknown). */
  isOutOfMemory?: boolean;
  side?: MemorySide;
}

// torch_npu's check of every ACL call it makes: "<where> NPU function error: <the call as written>, error
// code is <aclError>" (Ascend/pytorch torch_npu/csrc/core/npu/NPUException.h NPU_CHECK_ERROR), whatever
// the call's spelling ("c10_npu::acl::AclrtSynchronizeStreamWithTimeout(copy_stream)", "call aclnnX
// failed"): the status is ACL's.
/** torch_npu's report of an ACL call's status. */
export const npuCheckPattern = /\bNPU function error: ([^\n]{1,160}?), error code is (\d+)\b/;
const aclApi = () => runtimeApis.find((a) => a.api === 'Ascend ACL')!;

/** Reads a call and its status from one line by the API's enum, or undefined where none is printed. */
export function readCallStatus(text: string): ApiStatusReading | undefined {
  const npuCheck = npuCheckPattern.exec(text);
  const found = npuCheck ?? callStatusPattern.exec(text);
  if (!found) return undefined;
  const call = found[1]!;
  const status = found[2]!;
  const api = npuCheck ? aclApi() : runtimeApis.find((a) => a.call.test(call));
  const named = outOfMemoryNamed(status, call);
  // A Vulkan fence, semaphore or event is a file descriptor on Linux drivers (a sync fd), and
  // Omniverse's carb prints the process's descriptor count beside "VkCreateFence failed with
  // ERROR_OUT_OF_HOST_MEMORY" for that reason: the status there cannot tell RAM from a descriptor
  // limit (test/corpus labels the same line host_oom once and none twice), so it decides nothing.
  if (named?.status.side === 'host' && /^[Vv]k(?:Create|Get|Import)?(?:Fence|Semaphore|Event)/.test(call))
    return { call, status, api: named.api.api, vendor: named.api.vendor };
  if (named)
    return {
      call,
      status,
      api: named.api.api,
      vendor: named.api.vendor,
      isOutOfMemory: true,
      side: named.status.side,
    };
  if (!api) return { call, status };
  if (/^-?\d+$|^0x/i.test(status)) {
    const value = status.startsWith('0x') ? Number.parseInt(status, 16) : intOf(status);
    const oom = api.outOfMemory.find((s) => s.value === value && isStatusOfCall(s, call));
    return {
      call,
      status,
      api: api.api,
      vendor: api.vendor,
      isOutOfMemory: oom !== undefined,
      ...(oom ? { side: oom.side } : {}),
    };
  }
  // Another API's or this API's other named status: that failure, not memory. An unknown capitalised
  // word (a constant the wrapper prints) decides nothing.
  const isKnownStatus = runtimeApis.some((a) => a.statusName.test(status));
  return isKnownStatus
    ? { call, status, api: api.api, vendor: api.vendor, isOutOfMemory: false }
    : { call, status };
}

// An out-of-memory status named after a failure or status word, where no call is named ("RKNN init
// failed. error code: RKNN_ERR_MALLOC_FAIL").
const namedStatusPattern = new RegExp(
  String.raw`\b(?:error code|error|err|status|code|ret|res|result|returned|failed with)\s*[:=]?\s*\(?(${runtimeApis
    .flatMap((a) => a.outOfMemory.filter((s) => s.calls === undefined).map((s) => s.name))
    .filter((n) => n !== 'VK_ERROR_OUT_OF_HOST_MEMORY')
    .join('|')})\b`,
);

// A status number after the API's own name instead of a call's: the CHECK macros of CUDA samples and
// their copies ("CUDA error 2 at kernel.cu:45", "CUDA Error: 2"), HIP's ("HIP error 2 at ..."), OpenCL's
// ("OpenCL error -4"), Vulkan's VkResult printed as a number ("VkResult -2"), and ACL's numbers after a
// status word with no call ("error code is 207001"; ACL's six-digit values are its own), and nvdiffrast's
// NVDR_CHECK_CUDA_ERROR, copied into the renderers built on it, which prints the call in brackets after the
// number ("Cuda error: 2[cudaMalloc(&m_gpuPtr, bytes);]", NVlabs/nvdiffrast nvdiffrast/common/framework.h at
// a4e7a4db). The number must end the status: "CUDA error: 2 devices" is no status.
const apiNumberPattern =
  /\b(?:(CUDA|Cuda|HIP|OpenCL|Vulkan)(?: (?:runtime|driver))? (?:error|Error|ERROR)(?: code)?|(VkResult)|(error code|errorcode|retcode|ret)(?= *(?:is |[:=]) *20700[18]\b))\s*(?:is\s+)?[:=(]?\s*(-?\d+)(?![\d.%])(?=\s*(?:$|[).,;:([\]]|at\b|in\b|on\b|from\b|when\b|while\b))/;
const apiByWord: Record<string, string> = {
  CUDA: 'CUDA runtime',
  Cuda: 'CUDA runtime',
  HIP: 'HIP',
  OpenCL: 'OpenCL',
  Vulkan: 'Vulkan',
  VkResult: 'Vulkan',
};

/** A status number after the API's own name (or ACL's after a status word), by that API's enum. */
export function readApiNumber(text: string): ApiStatusReading | undefined {
  const found = apiNumberPattern.exec(text);
  if (!found) return undefined;
  const word = found[1] ?? found[2];
  const apiName = word ? apiByWord[word] : 'Ascend ACL';
  const api = runtimeApis.find((a) => a.api === apiName)!;
  const value = intOf(found[4]);
  const oom = api.outOfMemory.find((o) => o.value === value && o.calls === undefined);
  // ACL's numbers read without a call only where they are its memory statuses; Vulkan's host status
  // without its call cannot tell RAM from a fence's descriptor (readCallStatus).
  if ((!word && !oom) || (api.api === 'Vulkan' && oom?.side === 'host')) return undefined;
  return {
    call: '',
    status: found[4]!,
    api: api.api,
    vendor: api.vendor,
    isOutOfMemory: oom !== undefined,
    ...(oom ? { side: oom.side } : {}),
  };
}

// The status's own string and then its number, the way a C++ wrapper logs a failed call with no call
// named: `ROS_ERROR("%s %d", cudaGetErrorString(e), e)` prints "out of memory 2". CUDA's runtime
// (cudaGetErrorString(cudaErrorMemoryAllocation), driver_types.h: value 2), its driver
// (cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY), cuda.h: 2) and HIP (hipGetErrorString(hipErrorOutOfMemory),
// hip_runtime_api.h: 2) all spell their out-of-memory status "out of memory" and number it 2: the pair is
// the device's status whichever of the three printed it. Only that number is read: musl's
// strerror(ENOMEM) is "Out of memory" too (src/errno/__strerror.h), and "out of memory 12" is errno's,
// left to the generic reading, which a match here would pre-empt (classify.ts testRules). The string must open the message (after a
// severity's or a logger's ": " or "]", or the line's start) and the number end it: "ran out of memory
// 2 times" is a sentence, not a status.
const statusStringPattern =
  /(?:^\s*|[:\]]\s*)[Oo]ut of [Mm]emory[ ,]*(?:\(\s*)?(?:(?:error|code|status|err)\s*[:=]?\s*)?(2)\)?\s*\.?\s*$/;
const statusStringApi = 'CUDA runtime';

/** The runtimes' "out of memory" string followed by the status number it stands for. */
export function readStatusStringThenCode(text: string): ApiStatusReading | undefined {
  const found = statusStringPattern.exec(text);
  if (!found) return undefined;
  const api = runtimeApis.find((a) => a.api === statusStringApi)!;
  const oom = api.outOfMemory.find((o) => o.value === intOf(found[1]));
  if (!oom) return undefined;
  return {
    call: '',
    status: found[1]!,
    api: api.api,
    vendor: api.vendor,
    isOutOfMemory: true,
    side: oom.side,
  };
}

/** An out-of-memory status named after a status word, without its call. */
export function readNamedStatus(text: string): ApiStatusReading | undefined {
  const found = namedStatusPattern.exec(text);
  if (!found) return undefined;
  const named = outOfMemoryNamed(found[1]!)!;
  return {
    call: '',
    status: found[1]!,
    api: named.api.api,
    vendor: named.api.vendor,
    isOutOfMemory: true,
    side: named.status.side,
  };
}

// The OS's own out-of-memory status, ENOMEM: errno 12 (Linux include/uapi/asm-generic/errno-base.h),
// strerror "Cannot allocate memory" (man-pages errno(3)). A device runtime passes it on from its driver,
// whose ioctl returns -ENOMEM where it cannot back a buffer, so the errno alone names no side: the line's
// own words do (memory-side.ts). A device's runtime named on the line makes it the device's ("E RKNN:
// failed to allocate handle, ret: -1, errno: 12, errstr: Cannot allocate memory", rkllm-runtime 1.0.1);
// any other ENOMEM is the host's errno, read by host/exits.ts. The loader's "cannot allocate memory in
// static TLS block" and the locked-memory limit of RDMA registration (ibv_reg_mr, NCCL) are no memory
// shortage of either side (host/exits.ts leaves them out alike).
const osNoMemoryPattern =
  /\berrno\s*[:=]?\s*12\b|\bCannot allocate memory\b(?! in static TLS block)|\[Errno 12\]/;

/** That a line carries the OS's ENOMEM from a device's runtime (memory-side.ts decides the side). */
export function isDeviceErrnoNoMemory(text: string): boolean {
  return osNoMemoryPattern.test(text) && !isLockedMemoryLimit(text) && memorySideOf(text, []) === 'gpu_oom';
}

/** An API's out-of-memory status, on any call of it or named after a status word. */
export const apiStatusRule: LogRule = {
  code: 'api-status-out-of-memory',
  kind: 'gpu_oom',
  framework: 'other',
  // A status code is the echo that a more specific reading (the framework's own message, the
  // allocator's line, a CUDA error's own rule) reads too: strong but generic, it leads only where
  // nothing else read the failure.
  weight: 2,
  isGeneric: true,
  keywords: [
    ' failed',
    ' fail',
    'res=',
    'ret=',
    'rc=',
    'returned',
    ' error',
    'status',
    'result',
    'error code is',
    'errorcode',
    'retcode',
    'vkresult',
    'out of memory',
    'errno',
    'cannot allocate memory',
  ],
  pattern: new RegExp(
    `${npuCheckPattern.source}|${callStatusPattern.source}|${namedStatusPattern.source}|${apiNumberPattern.source}|${statusStringPattern.source}|${osNoMemoryPattern.source}`,
  ),
  source:
    'NVIDIA cuda.h cudaError_enum, driver_types.h cudaError; ROCm hip_runtime_api.h hipError_t; Khronos vulkan_core.h VkResult, CL/cl.h; oneapi-src/level-zero ze_api.h; CANN rt_error_codes.h; airockchip rknn_api.h; Project-HAMi/HAMi-core src/allocator/allocator.c ("cuMemoryAllocate failed res=%d", a CUresult)',
  summary: "a runtime call returned its API's out-of-memory status",
  extract: ({ text }) => {
    const reading =
      readCallStatus(text) ?? readNamedStatus(text) ?? readApiNumber(text) ?? readStatusStringThenCode(text);
    const isOutOfMemory =
      reading?.isOutOfMemory === true || (reading === undefined && isDeviceErrnoNoMemory(text));
    if (!isOutOfMemory) return undefined;
    const pid = intOf(/\(pid[:= ]\s*(\d+)/.exec(text)?.[1]);
    return {
      ...(reading?.side === 'host' ? { kind: 'host_oom' as const } : {}),
      // CUDA's statuses are the cuda family's too (cuda/rules.ts): one failure, one diagnosis.
      ...(reading?.vendor === 'nvidia' ? { framework: 'cuda' as const } : {}),
      facts: definedFacts({
        ...allocationFigures(text),
        apiCall: reading?.call || undefined,
        apiStatus: reading?.status ?? 'ENOMEM',
        vendor: reading?.vendor,
        pid,
      }),
    };
  },
};

/** A GPU-sharing layer's own refusal of an allocation past the container's device memory limit. */
export const vgpuLimitRule: LogRule = {
  code: 'vgpu-limit-exceeded',
  kind: 'gpu_oom',
  framework: 'cuda',
  weight: 3,
  keywords: [' oom '],
  // HAMi-core checks each allocation against the limit its device plugin set for the container
  // (CUDA_DEVICE_MEMORY_LIMIT) before it calls the driver, and refuses with CUDA_ERROR_OUT_OF_MEMORY
  // after logging the usage the allocation would reach and the limit: LOG_ERROR("Device %d OOM %lu /
  // %lu", d, new_allocated, limit) (Project-HAMi/HAMi-core src/allocator/allocator.c oom_check_impl,
  // commit 03612ab3). The limit is the container's share of the card, not the card.
  pattern: /\bDevice (\d+) OOM (\d+) \/ (\d+)\b/,
  source: 'Project-HAMi/HAMi-core src/allocator/allocator.c oom_check_impl ("Device %d OOM %lu / %lu")',
  summary: "the GPU-sharing layer (HAMi-core) refused an allocation past the container's GPU memory limit",
  extract: ({ text, match }) => ({
    facts: definedFacts({
      device: intOf(match[1]),
      limitBytes: intOf(match[3]),
      vgpuLimit: true,
      vendor: 'nvidia',
      pid: intOf(/\(pid[:= ]\s*(\d+)/.exec(text)?.[1]),
    }),
  }),
};
