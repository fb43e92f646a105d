// Small helpers the signature rules share to pull numbers out of matched text.
import { parseLogSize, sizePattern } from '../sizes.js';
import type { Facts, Layer } from '../types.js';

/** The bytes of the first capture of `pattern` (built around sizePattern) in `text`. */
export function sizeAfter(text: string, pattern: RegExp): number | undefined {
  const captured = pattern.exec(text)?.[1];
  return captured === undefined ? undefined : parseLogSize(captured);
}

/** A RegExp with `SIZE` replaced by the log-size capture group. */
export function withSize(source: string, flags = ''): RegExp {
  return new RegExp(source.replaceAll('SIZE', sizePattern), flags);
}

/** Drops undefined values, so facts hold only what the text states. */
export function definedFacts(facts: Record<string, number | string | boolean | undefined>): Facts {
  const result: Facts = {};
  for (const [key, value] of Object.entries(facts)) {
    if (value !== undefined && !(typeof value === 'number' && Number.isNaN(value))) result[key] = value;
  }
  return result;
}

/** An integer capture, or undefined. */
export function intOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
}

// XLA lives in both JAX and TensorFlow; the file path or nearby words say which one printed it.
const jaxMarkers =
  /org_tensorflow|external\/xla\/|external\/tsl\/|jaxlib|\bjax\b|xla_extension|XlaRuntimeError|JaxRuntimeError|xla_bridge|pjrt|Reactant/i;
const tensorflowMarkers =
  /tensorflow\/core|tensorflow\/python|tensorflow\/stream_executor|local_xla|local_tsl|keras|ResourceExhaustedError|\btf\.\w/i;

/** `jax` or `tensorflow` for an XLA/stream-executor line, from the line first, then what came before. */
export function xlaFramework(text: string, before: readonly string[], fallback: Layer): Layer {
  if (jaxMarkers.test(text)) return 'jax';
  if (tensorflowMarkers.test(text)) return 'tensorflow';
  for (let i = before.length - 1; i >= 0; i--) {
    const line = before[i]!;
    if (jaxMarkers.test(line)) return 'jax';
    if (tensorflowMarkers.test(line)) return 'tensorflow';
  }
  return fallback;
}

/**
 * Where a line's own words start, for signatures anchored there ("Killed", "MemoryError"): after
 * a rank prefix (torchrun's "[rank3]: ", the form normalizePaste gives every launcher's) or a
 * syslog program tag ("python3[1701]: ") that the paste normaliser leaves on the line.
 */
export const lineStart = String.raw`^\s*(?:\[rank\d+\]:\s*|[\w.\/@-]+\[\d+\]:\s*)?`;

/** `[rank3]:` (torchrun) or `rank 3` prefixes on the failing line. */
export function rankOf(text: string): number | undefined {
  return intOf(/^\s*\[(?:default)?rank(\d+)\]/.exec(text)?.[1]);
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
 * That the memory phrase at `index` (`length` characters) is one item of a list of possibilities
 * joined by "or" ("Reasons for the failure: a device lost, out of memory, or an unexpected bug", Omniverse
 * Kit's gpu.foundation message after any GPU crash; "... starves it for CPU/Memory, or blocks its
 * network" in a CI runner's lost-runner notice; "out of memory or a driver reset"): a program that
 * lists what may have happened does not report that memory ran out. Only an "or" that joins the phrase
 * to another item counts ("X, out of memory, or Y", "out of memory or Y", "X or out of memory"); a
 * comma alone is a report's own punctuation ("cudaMalloc failed, out of memory").
 */
export function isListedPossibility(text: string, index: number, length: number): boolean {
  const after = text.slice(index + length);
  if (/^(?:\s+(?:errors?|conditions?))?\s*,?\s+or\s+\S/i.test(after)) return true;
  return /\bor\s+(?:an?\s+|the\s+)?$/i.test(text.slice(0, index));
}

/**
 * The NVIDIA kernel driver's soft-check trace, "nvCheckOkFailedNoLog: Check failed: Out of memory
 * [NV_ERR_NO_MEMORY] (0x00000051) returned from _memdescAllocInternal(pMemDesc) @ mem_desc.c:1359"
 * (NVIDIA/open-gpu-kernel-modules src/nvidia/src/libraries/utils/nvassert.c, nvCheckOkFailedNoLog, the
 * helper of NV_CHECK_OK_FAILED): the resource manager's own status check inside the driver, which its
 * caller may handle (another heap, a retry) and which hosts log at rest and on starts that succeed. It
 * is no process's failure; the process's own error beside it decides.
 */
export function isDriverCheckTrace(text: string): boolean {
  return /\bnvCheckOk\w*|\bnvAssert\w*Failed\w*|\[NV_ERR_\w+\] \(0x[0-9a-fA-F]+\) returned from\b/.test(text);
}
