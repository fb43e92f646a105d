// The one judge of whose memory ran out, the device's or the host's (issue 23, session 30): every reading
// that must say which side an allocation failed on asks here, by what the log shows of where the bytes were
// asked for: memorySideOf by the words on and just before the failure line (a device or its runtime, the
// host's memory by its noun, a host allocator or errno), namesHostAllocator by an allocator's own name
// (TensorFlow's and XLA's "cpu", their pinned host BFC), namesHostArena by the providers a log shows beside
// an arena that serves both sides (ONNX Runtime's BFCArena).
import type { DiagnosisKind } from '../../types.js';

// Words that name a device's memory, and words that name the host's, on the line or just before.
// Intel Gaudi's: PyTorch's device type HPU (pytorch/pytorch v2.0.0 c10/core/DeviceType.h
// DeviceType::HPU) and the Habana PyTorch bridge's own module names in its "FATAL ERROR :: MODULE:..."
// lines, PT_DEVMEM (its device memory) and SYNHELPER (its SynapseAI helper's device workspace):
// docs.habana.ai/en/v1.10.0/PyTorch/Runtime_Flags.html names the bridge's PT_ modules.
// Huawei Ascend's: CANN's environment variables (ASCEND_LAUNCH_BLOCKING, ASCEND_RT_VISIBLE_DEVICES)
// that torch_npu's errors name, and torch_npu's error prefix "(PID:N, Device:N, RankID:N)"
// (Ascend/pytorch torch_npu/csrc/core/npu/NPUException.h, the PTA's error format).
// MindSpore's runtime names the device it failed on, "Device(id:N) memory isn't enough and alloc
// failed" or "Device memory isn't enough and alloc failed" (and "Memory isn't enough", without the
// word, for its CPU device): mindspore/ccsrc/runtime/graph_scheduler/actor/*.cc.
// Tenstorrent's: tt-metal's allocator failure "TT_FATAL: Out of Memory: Not enough space to allocate N B
// DRAM buffer across N banks" (tenstorrent/tt-metal tt_metal/impl/allocator/bank_manager.cpp; DRAM and
// L1 are the device's own memories) and its op library's name, ttnn.
// TensorRT's logger tags its lines "[TRT]" (NVIDIA/TensorRT samples/common/logging.h, trtexec) and its
// builder's memory is the GPU's (IGpuAllocator, NvInferRuntime.h; virtualMemoryBuffer's resizePhysical
// backs it with cuMemCreate), so "[TRT] ... Error Code 2: OutOfMemory (no further information)" is the
// device's; host memory named on the line still decides first.
// A GPU by its web API (W3C WebGPU, its Rust implementation wgpu, Khronos WebGL) or by a backend's
// prefix in ggml's function names (ggml-org/llama.cpp ggml/src/ggml-metal/, ggml-vulkan/, ggml-sycl/:
// "ggml_metal_add_buffer: error: failed to allocate 'data' buffer"), and Metal's own device property
// recommendedMaxWorkingSetSize (Apple MTLDevice). TensorFlow's best-fit-with-coalescing allocator, whose
// dump ("bfc_allocator.cc ... InUse at ... of size N by op ...") it prints when an allocation fails, is the
// one TF gives each GPU (tensorflow/core/common_runtime/gpu/gpu_bfc_allocator.h; its CPU allocator is
// cpu_allocator_impl.cc's).
// Qualcomm's NPU by its SDK's names: AI Engine Direct (QNN, its "QnnDsp"/"QnnHtp" log tags) and its
// Hexagon Tensor Processor backend, HTP (docs.qualcomm.com, Qualcomm AI Engine Direct SDK, "HTP backend").
// A GPU named by its product line is the device too: Intel Arc A-/B-series (intel.com Arc A770, A750,
// A380, B580 product pages; "A770M" for laptops), NVIDIA GeForce, AMD Radeon.
// Device memory by a backend's own name for it, or by figures only a device allocator states
// (issue 23, heldout-20's spent misses): Haskell Accelerate's GPU backends call the device's memory
// "remote memory" (accelerate-1.0.0.0 Data.Array.Accelerate.Array.Remote, "remote memory management
// for backends with a separate memory space", its LRU "Remote memory exhausted"); Ascend CANN's
// error records "Name(EXnnnn):" are its runtime's and driver's (hiascend.com CANN maintenref
// troubleshooting, "EL0004 Memory_Allocation_Failure", under Driver Errors); and PyTorch's caching
// allocator's "reserved" beside its allocated or active figure (torch.cuda.memory_reserved; AUTOMATIC1111
// modules/call_queue.py prints "A: N GB, R: N GB, Sys: ..." and "Torch active/reserved: N/N MiB" as
// "video memory ... by the Torch library").
// heldout-25's second shift: the card named as users name it, "graphic(s) memory"/"graphics card"
// (a GPU's memory in the words of Windows' Task Manager, "Dedicated GPU memory", and of users'
// English), the data-centre GPUs by their product names (nvidia.com A100, H100, H200, B200, GH200,
// V100, L40/L40S, A10G, RTX A6000, Tesla; amd.com Instinct MI200/MI300 series), and in Chinese 显存
// (video memory) and 显卡 (graphics card), the words every Chinese CUDA tutorial uses for them.
// ggml names each backend's buffer type functions ggml_backend_<backend>_... too ("ggml_backend_metal_
// buffer_type_alloc_buffer: error: failed to allocate buffer, size = N MiB": ggml-org/llama.cpp b4000
// ggml/src/ggml-metal.m; ggml_backend_cpu_... stays the host's, hostMemoryWords decides first).
// Session 22 (vocabulary from the runtimes' sources): MLX's Metal allocator names itself by its C++
// namespace in every message ("[metal::malloc] Unable to allocate N bytes.", "[metal::malloc] Attempting
// to allocate N bytes which is greater than the maximum allowed buffer size": ml-explore/mlx
// mlx/backend/metal/allocator.cpp), and a "device allocation" is the device's memory by its noun.
// After heldout-31's measurement: OpenGL's GL_OUT_OF_MEMORY, by its name or by the description the error table
// gives it, "There is not enough memory left to execute the command" (Khronos OpenGL 4.6 core spec §2.3.1,
// Table 2.3; OpenGL ES 3.2 §2.3.1), which GL-backed runtimes (MediaPipe's GPU delegate, TFLite GL) surface as is.
// DirectML by its own type names (ONNX Runtime's DML execution provider, onnxruntime/core/providers/dml:
// DmlExecutionProvider, DmlCommandRecorder, ...) and Direct3D 12, on which it allocates: an HRESULT
// 8007000E (E_OUTOFMEMORY, "Not enough memory resources are available to complete this operation")
// raised there is the device heap's that D3D12 could not create (onnxruntime v1.19
// DmlExecutionProvider/src/ErrorHandling.h ORT_THROW_IF_FAILED).
// Session 29: the memory an allocation was drawn from, named after "from": ROCm's thunk (libhsakmt,
// ROCm/ROCT-Thunk-Interface src/memory.c hsaKmtAllocMemory) says "[hsaKmtAllocMemory] failed to allocate N
// bytes from device" where fmm_allocate_device (VRAM) failed and "... from host" where system memory did, as
// TF/XLA's stream executor says "failed to allocate N from device: CUDA_ERROR_OUT_OF_MEMORY" (jax/rules.ts).
// Rockchip's NPU runtime by the tag its log lines carry ("E RKNN: [time] failed to allocate handle, ret: -1,
// errno: 12", rkllm-runtime 1.0.1 in airockchip/rknn-llm#62, whose next lines say "failed to malloc npu
// memory") and its kernel driver's name, rknpu: the NPU's memory, as RKNN_ERR_MALLOC_FAIL is (api-status.ts).
export const deviceWords =
  /\bGL_OUT_OF_MEMORY\b|\bnot enough memory left to execute the command\b|\bmetal::|\b[Dd]evice[ _-](?:allocation|m?alloc)\b|\b[Rr]emote memory\b|\b[A-Z][A-Za-z]+(?:_[A-Za-z]+)+\(E[A-Z0-9]\d{4}\)|\bA: ?\d[\d.]* ?[KMG]i?B, R: ?\d|\bactive\/reserved: \d|\b\w*?(?:CUDA|Cuda|cuda)\w*|\bASCEND_[A-Z_]+\b|\bDevice:\d+, RankID:\d+|\bDevice\(id:\d+\)|\bDevice memory\b|\b(?:cu[A-Z]\w*|GPU(?:s|_\w+)?|gpus?|gpu_\w+|dGPU|kIOGPU\w*|IOGPU\w*|MTL\w+|iGPU|VRAM|vram|HIP|hip[A-Z]\w*|ROCm|rocm|MIOpen|Metal|MPS|mps|XPU|xpu|SYCL|Level.?Zero|Vulkan|vulkan|VK_\w+|OpenCL|CL_\w+|DirectML|DML|Dml[A-Z]\w*|D3D12\w*|NPU|npu|TPU|HBM|hbm|MUSA|CANN|Ascend|video memory|device memory|on device|from device|device \d+|OpenVINO|TensorRT|TRT|NVIDIA|nvidia|HPU|hpu|Gaudi|Habana|bfc_allocator|WebGPU|wgpu|WebGL\w*|ggml_(?:backend_)?(?:metal|vulkan|vk|sycl|cuda|hip|opencl|cann|musa)\w*|recommendedMaxWorkingSetSize|QNN|qnn|Qnn\w*|Hexagon|HTP|RKNN|RKNPU|rknpu|PT_DEVMEM|SYNHELPER|TT_FATAL|ttnn|Tenstorrent|(?:DRAM|L1) buffer|(?:Arc|ARC) [AB]\d{3}M?|GeForce|Radeon|[Gg]raphics? (?:memory|card)|[AHBV]100|H200|GH200|B200|L40S?|A10G|A6000|Tesla [A-Z]\w*|MI[23]\d0X?)\b|显存|显卡/;
// Host words that name the memory itself ("host memory", "system RAM", swap), and those that only
// name a host allocator or errno (malloc, ENOMEM, bad_alloc, MemoryError) and yield to a device word.
// The kernel OOM killer's own line, "Out of memory: Killed process N (name) total-vm:..., anon-rss:..."
// (linux mm/oom_kill.c __oom_kill_process, v5.x-v6.x), is the host's whatever device the log names.
// Vulkan's VK_ERROR_OUT_OF_HOST_MEMORY, as Vulkan-Hpp's exceptions spell it in what() ("vk::Device::
// createFenceUnique: ErrorOutOfHostMemory": KhronosGroup/Vulkan-Hpp vulkan.hpp OutOfHostMemoryError,
// to_string(Result::eErrorOutOfHostMemory)), is the driver's host allocation that failed, the host's.
// A runtime compiler's own out-of-memory status is the host's: NVRTC, HIPRTC and nvJitLink compile
// and link in the calling process's RAM (NVIDIA/cuda-python cuda/nvrtc.pyx.in nvrtcResult
// NVRTC_ERROR_OUT_OF_MEMORY; ROCm/clr hipamd/include/hip/hiprtc.h HIPRTC_ERROR_OUT_OF_MEMORY; nvJitLink's
// NVJITLINK_ERROR_...), whatever "CUDA" the wrapper puts before it (PyTorch's "CUDA NVRTC error: %s",
// aten/src/ATen/cuda/detail/LazyNVRTC.cpp); and OpenCL's CL_OUT_OF_HOST_MEMORY (-6,
// KhronosGroup/OpenCL-Headers CL/cl.h), the implementation's host allocation that failed. So is a memory
// failure in the padded severity column of NVIDIA's compiler tools, "fatal   : Memory allocation
// failure" ("<tool> fatal   : ", "error   : ", "warning : ", "info    : ": ptxas, nvlink, fatbinary, and
// the driver's PTX JIT that runs them in the calling process): the compiler's own RAM (heldout-43).
// MATLAB's "Out of memory. Type "help memory" for your options." is its own workspace's, the host's
// (mathworks.com help/matlab/matlab_prog/resolving-out-of-memory-errors.html).
// The JVM's heap error is the host's on every JVM: java.lang.OutOfMemoryError "Thrown when the Java
// Virtual Machine cannot allocate an object because it is out of memory" (docs.oracle.com javase/8
// api java/lang/OutOfMemoryError.html; its details "Java heap space", "GC overhead limit exceeded",
// "Metaspace", "Direct buffer memory"), and Android ART's own wording of it, "Failed to allocate a N
// byte allocation with N free bytes and NMB until OOM" (aosp art/runtime/gc/heap.cc
// ThrowOutOfMemoryError), whatever a graphics or ML library in the stack (android.graphics.Bitmap, a
// TensorFlow or ONNX Runtime model read into a byte array) asked for.
// The host's side by an allocator's or a buffer type's own name: PyTorch's pinned-memory allocator
// (THCCachingHostAllocator.cpp, at::cuda::CachingHostAllocator: cudaHostAlloc, page-locked host RAM),
// ggml's CPU buffer type (ggml_backend_cpu_buffer_type_alloc_buffer); and the kernel OOM killer's line
// in kernels before 5.0, "Out of memory: Kill process N (name) score N or sacrifice child" (linux
// v4.19 mm/oom_kill.c oom_kill_process), quoted with or without its figures.
const hostMemoryWords =
  /\b\w*HostAllocator\b|\b\w*_cpu_buffer\w*|\bOut of memory: Kill(?:ed)? process\b|\bjava\.lang\.OutOfMemoryError\b|\bOutOfMemoryError: (?:Java heap space|GC overhead limit exceeded|Metaspace|Direct buffer memory|Compressed class space|Requested array size exceeds VM limit)|\bbyte allocation with \d+ free bytes\b|\bErrorOutOfHostMemory\b|(?:^\s*|;\s*|\b(?:ptxas|nvlink|fatbinary|cicc|nvcc)\s+)fatal {3}:\s|\bVK_ERROR_OUT_OF_HOST_MEMORY\b|\b(?:NVRTC|HIPRTC|NVJITLINK)_ERROR_OUT_OF_MEMORY\b|\bCL_OUT_OF_HOST_MEMORY\b|\bKilled process \S+ \(|\banon-rss:|\bType "?help memory"? for your options\b|\b(?:host (?:memory|RAM|allocation|buffer)|pinned (?:host )?memory|CPU (?:memory|RAM|buffer|allocator)|system (?:memory|RAM)|physical memory|main memory|virtual memory|swap|commit limit|paging file)\b|(?<!GPU'?s? |video |graphics )\bRAM\b/i;
// The C heap's allocators by any name a library gives them: C11's aligned_alloc and POSIX's
// posix_memalign (OpenNMT/CTranslate2 src/allocator.cc at 335f3b15, AlignedAllocator: "aligned_alloc: failed to allocate
// memory"), Windows' _aligned_malloc, and a library's own prefixed wrapper of malloc (oneMKL's mkl_malloc,
// "Allocates an aligned memory buffer" on the host, oneMKL Developer Reference "Memory Management";
// CTranslate2's MklAllocator throws "mkl_malloc: failed to allocate memory"; jemalloc's je_malloc, GLib's
// g_malloc, FFmpeg's av_malloc, CPython's PyMem_Malloc): host RAM even in a run whose lines name the GPU
// (faster-whisper on device="cuda" loads through CTranslate2's CPU allocator). A prefix that names a device
// (xpu_malloc, acl_, cnrt_, hip_, cuda_) is that device's allocator and not read here.
const cHeapAllocator = String.raw`\b(?:aligned_alloc|posix_memalign|_aligned_malloc|memalign|valloc)\b|\b(?![a-z0-9_]*(?:cuda|hip|xpu|npu|gpu|tpu|dev|device|acl|cnrt|mlu|musa|sycl|cl|vk|mtl|metal|mps|vram|hbm)_)[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_(?:[Mm]alloc|[Cc]alloc|[Rr]ealloc)\b`;
const hostAllocatorWords = new RegExp(
  String.raw`(?:CPU|cpu)|\b(?:host|malloc|calloc|realloc|mmap|heap|ENOMEM|[Ee]rrno|bad_alloc|MemoryError)\b|Cannot allocate memory|${cHeapAllocator}`,
);

// The device's memory by its own noun (VRAM, HBM, "GPU memory", "video memory", 显存), not a device's name
// ("pinned host memory for the GPU" names one memory, the host's).
// Each not negated ("system RAM, not VRAM" names one), and the host's a plain noun, not a program's own
// line (the kernel's "Out of memory: Kill process", hostMemoryWords, decides whatever else is named).
const unnegated = String.raw`(?<!\b(?:not|no|than|without)\s+(?:the\s+|a\s+|any\s+)?)`;
const deviceMemoryNoun = new RegExp(
  String.raw`${unnegated}(?:\b(?:VRAM|HBM|(?:GPU|device|video|graphics)'?s? (?:memory|RAM))\b|显存)`,
  'i',
);
const hostMemoryNoun = new RegExp(
  String.raw`${unnegated}(?:(?<!GPU'?s? |video |graphics |V)\bRAM\b|\b(?:host|system|CPU) (?:memory|RAM)\b)`,
  'i',
);

/** The GPU's or the host's, by the failure line's own words first, then the lines just before it. */
export function memorySideOf(text: string, before: readonly string[]): DiagnosisKind | undefined {
  // Host memory named on the failure line decides before a device word beside it ("pinned host
  // memory for the GPU" is host RAM); a device word decides before a host allocator's name
  // ("MemoryError: bad allocation: cudaErrorMemoryAllocation" is the device's). A line that names both
  // memories by their nouns ("OOM Before VRAM/RAM Exhaustion", "GPU (22GB VRAM) and RAM (64GB) are not
  // fully consumed") says neither ran out alone: the lines before it, else the log, decide.
  const isBothNamed =
    hostMemoryNoun.test(text) &&
    deviceMemoryNoun.test(text) &&
    !/\bOut of memory: Kill(?:ed)? process\b|\bKilled process \S+ \(/.test(text);
  if (!isBothNamed) {
    if (hostMemoryWords.test(text)) return 'host_oom';
    if (deviceWords.test(text)) return 'gpu_oom';
    if (hostAllocatorWords.test(text)) return 'host_oom';
  }
  const near = before.slice(-4).join('\n');
  if (deviceWords.test(near)) return 'gpu_oom';
  if (hostMemoryWords.test(near) || hostAllocatorWords.test(near)) return 'host_oom';
  return undefined;
}

/**
 * True when an allocation failure names a host allocator or device: TensorFlow's and XLA's CPU allocators
 * are named "cpu" (tensorflow/core/framework/cpu_allocator_impl.cc, CPUAllocator::Name) and "mklcpu"
 * (tensorflow/core/common_runtime/mkl_cpu_allocator.h, MklCPUAllocator::Name; the x86 wheels' default,
 * as TF 2.21 prints it in test/framework-logs), on device "/job:…/device:CPU:0". The pinned host memory a
 * GPU runtime stages copies in is the host's too: TensorFlow's "gpu_host_bfc" (older "cuda_host_bfc";
 * tensorflow/core/common_runtime/gpu/gpu_process_state.cc GetGpuHostAllocator) and XLA's
 * "xla_gpu_host_bfc" (xla/pjrt/gpu GetGpuHostAllocator), BFC allocators over cuMemHostAlloc.
 */
export function namesHostAllocator(text: string): boolean {
  return /\/device:CPU:\d+|by allocator (?:mkl)?cpu\b|Allocator \((?:mkl)?cpu\)|\b(?:by allocator |Allocator \()(?:xla_)?(?:gpu|cuda)_host_bfc\b/i.test(
    text,
  );
}

/**
 * True when an arena that serves the host and the devices alike (ONNX Runtime's BFCArena,
 * onnxruntime/core/framework/bfc_arena.cc) failed on the host: the log names no GPU provider and
 * does name the CPU, its execution provider, or a node the NCHWc transformer rewrote
 * (onnxruntime/core/optimizer/nchwc_transformer.cc runs for the CPU provider only). With neither it
 * is a device's: on the host an arena's malloc is refused only where the OS keeps a commit limit,
 * since Linux overcommits and its OOM killer ends a process before a malloc fails (kernel docs,
 * mm/overcommit-accounting). Windows is such an OS: committed memory is charged against the commit
 * limit (RAM plus paging files) when it is allocated, and an allocation past it fails
 * (learn.microsoft.com/windows/win32/memory/page-state, VirtualAlloc MEM_COMMIT). ONNX Runtime's
 * status names its source file by the path it was built at, a drive letter and backslashes for a
 * Windows build ("D:\a\_work\1\s\onnxruntime\core\framework\bfc_arena.cc:376"), so with no GPU
 * provider named that arena is the host's too, unless the node that failed is a convolution the CPU
 * provider's layout pass left alone: at ORT's default level (ORT_ENABLE_ALL) the NCHWc transformer
 * rewrites the CPU's Conv and FusedConv nodes and names them "..._nchwc" (nchwc_transformer.cc), so a
 * plain "running FusedConv node. Name:'Conv_3'" ran on another provider.
 */
export function namesHostArena(lines: readonly string[]): boolean {
  const text = lines.join('\n');
  if (/CUDA|TensorRT|ROCm|MIGraphX|DirectML|\bDML\b|\bGPU\b/i.test(text)) return false;
  if (/CPUExecutionProvider|\bCPU\b|_nchwc\b/i.test(text)) return true;
  return (
    /\b[A-Za-z]:\\(?:[^\\\s]+\\)*onnxruntime\\core\\/.test(text) &&
    !/\brunning (?:Fused)?Conv node\. Name:'[^']*'/.test(text)
  );
}

/**
 * That an ENOMEM on this line is the locked-memory limit, not either side's memory running short: RDMA
 * registration (ibv_reg_mr, which NCCL's transports call) fails with ENOMEM past RLIMIT_MEMLOCK
 * (ibv_reg_mr(3), mlock(2)). The one test for it, read by the host's ENOMEM (host/exits.ts) and the
 * device runtime's (api-status.ts).
 */
export function isLockedMemoryLimit(text: string): boolean {
  return /\bibv_|NCCL|memlock/i.test(text);
}
