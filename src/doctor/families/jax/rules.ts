// XLA's out-of-memory reports, printed by JAX and by TensorFlow (FACTS Q4, Q11).

import { parseLogSize } from '../../sizes.js';
import type { LogRule, MissingFailureLine, RuleInput } from '../../types.js';
import { namesHostAllocator } from '../allocation/memory-side.js';
import { definedFacts, intOf, sizeAfter, withSize, xlaFramework } from '../extract.js';

const rayPid = /^\s*\((?:[\w-]+ )?pid=(\d+)/;

function deviceOfAllocator(name: string | undefined): number | undefined {
  return intOf(/^GPU_(\d+)_bfc$/.exec(name ?? '')?.[1]);
}

/** XLA's allocation failures, with JAX or TensorFlow told apart by path. */
const cpuPlatformNamed =
  /\bCPU platform\b|\bplatform[\s:=]+["']?cpu\b|\bJAX_PLATFORMS?\s*=\s*["']?cpu\b|\bCpuDevice\(|\bTFRT_CPU_\d/i;

// tensorflow/core/common_runtime/bfc_allocator.cc (v1.4-v2.x; xla/tsl/framework/bfc_allocator.cc since):
// BFCAllocator::DumpMemoryLog is called from AllocateRawInternal only after every bin and Extend()
// failed ("We searched all bins for an existing free chunk to use and couldn't find one. This means we
// must have run out of memory"), and only with dump_log_on_failure, which AllocateRawInternalWithRetry
// sets on its last try (and a no-retry scratch allocation only at VLOG 2). Its lines, under the
// file's glog prefix: "Bin (256): Total Chunks: 3, Chunks in use: 2. ...", "Chunk at 0x.. of size 256"
// and "Free  at 0x.." (1.x), "InUse at 0x.. next 5 of size 256" (2.x), "Summary of in-use Chunks by
// size", "4 Chunks of size 256 totalling 1.0KiB", "Sum Total of in-use chunks: 1.38GiB", "Stats:",
// the occupancy map ("****____"). Without the prefix, only the two lines no other program prints.
// Not evidence: the "Stats:" block alone (AllocatorStats::DebugString, which any caller may log) and
// "ran out of memory ... The caller indicates that this is not a failure" (AllocateRaw, no dump).
const bfcDumpLine =
  /bfc_allocator\.cc:\d+\]\s*(?:Total size in pool|Stats:|Sum Total of in-use chunks|\d+ Chunks of size|Bin \(\d+\)|Next region of size|Summary of in-use Chunks|\*{8,}|(?:Chunk|InUse|Free) {1,2}at (?:0x)?[0-9a-f]+ (?:next -?\d+ )?of size \d+)|^\s*(?:Bin \(\d+\):\s+Total Chunks: \d+, Chunks in use: \d+|Sum Total of in-use chunks: \d)/;

// The BFC allocators TensorFlow and XLA build, by the name the failure line logs ("Allocator (GPU_0_bfc)
// ran out of memory"): one per GPU (GPU_%d_bfc, gpu_process_state.cc) unless named for the host: the
// pinned host pool (gpu_host_bfc, GPUProcessState::GetGpuHostAllocator), the CPU pool that
// TF_CPU_ALLOCATOR_USE_BFC turns on ("bfc_cpu_allocator_for_gpu"), oneDNN's ("mklcpu"), "cpu".
const hostBfcAllocator = /^(?:gpu_host_bfc|cuda_host_bfc|bfc_cpu_allocator\w*|mkl_?cpu|cpu)$/i;

const bfcDumpMissing: MissingFailureLine = {
  saw: "TensorFlow's (or XLA's) BFC allocator dump, which it prints only after an allocation failed",
  toDecide:
    'paste the lines just above the dump ("Allocator (GPU_0_bfc) ran out of memory trying to allocate N", which names the device and the request) and the error after it ("OOM when allocating tensor ...", "RESOURCE_EXHAUSTED")',
};

export const xlaRules: LogRule[] = [
  {
    code: 'xla-out-of-memory',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: [
      'out of memory while trying to allocate',
      'out of memory allocating',
      'out of host memory while trying to allocate',
    ],
    // The status prefix is dropped by front ends that re-raise XLA's message in their own words
    // (EXLA's "** (RuntimeError) Out of memory while trying to allocate N bytes.", elixir-nx/nx exla).
    // Newer XLA prints the size human-readable and says when the memory is the host's
    // (MemoryAllocationError(size, is_host_mem): "Out of host memory while trying to allocate 4.00GiB.",
    // tsl HumanReadableNumBytes): the same report, the host's kind where it says so.
    pattern:
      /(?:(?:RESOURCE_EXHAUSTED|Resource exhausted):? |\(RuntimeError\) |Error: )Out of (host )?memory (?:while trying to allocate|allocating) (?:(\d+) bytes|(\d[\d.]*\s?[KMGTP]i?B)\b)/,
    // xla/stream_executor/integrations/tf_allocator_adapter.cc MemoryAllocationError (FACTS Q4).
    source: 'openxla/xla tf_allocator_adapter.cc MemoryAllocationError',
    summary: 'XLA could not allocate a device buffer',
    // The run's platform named the CPU just before ("CPU platform", JAX_PLATFORMS=cpu, jax.devices()'s
    // "CpuDevice(id=0)" or "TFRT_CPU_0": jax.readthedocs.io, "JAX_PLATFORMS"; jax/_src/xla_bridge.py)
    // makes the buffer the host's: XLA's CPU client reports its own allocations the same way.
    extract: ({ text, match, before }) => ({
      framework: xlaFramework(text, before, 'jax'),
      ...(match[1] !== undefined || cpuPlatformNamed.test([...before.slice(-4), text].join('\n'))
        ? { kind: 'host_oom' as const }
        : {}),
      facts: definedFacts({ requestedBytes: intOf(match[2]) ?? parseLogSize(match[3] ?? '') }),
    }),
  },
  {
    code: 'xla-compile-oom',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: [
      'ran out of memory in memory space',
      "can't reduce memory use below -",
      'hbm usage >=',
      'program hbm requirement',
      'largest program allocations in hbm',
    ],
    // Also the rematerialisation pass with a negative target: the memory XLA may use minus what the
    // program must hold regardless (its parameters and outputs) is below zero, so no schedule fits
    // (hlo_rematerialization.cc HloRematerialization::Run computes the target this way).
    pattern:
      /Can't reduce memory use below -[\d.]|Ran out of memory in memory space (\w+)(?:\. Used ([\d.]+[KMGT]?) of ([\d.]+[KMGT]?) \w+\.(?: Exceeded \w+ capacity by ([\d.]+[KMGT]?))?)?|Total (hbm) usage >= [\d.]+[KMGT]?|Program (hbm) requirement [\d.]+[KMGT]?|Largest program allocations in (hbm)/,
    // The report under that line ("Total hbm usage >= 9.50G", "Program hbm requirement 8.98G",
    // "Largest program allocations in hbm:") is printed only with it, so a paste cut above the
    // first line still shows the compile OOM.
    // At compile time, before any buffer exists: the program's live buffers cannot fit the device
    // (the XLA:TPU compiler's report). hlo_rematerialization.cc's "Can't reduce memory use below"
    // is left out on purpose: it is a warning, and the program often runs anyway.
    source: 'XLA:TPU compiler, RESOURCE_EXHAUSTED at compile time',
    summary: "XLA's compiler found that the program's buffers cannot fit the device memory",
    extract: ({ text, match, before }) => ({
      framework: xlaFramework(text, before, 'jax'),
      facts: definedFacts({
        programExceedsLimit: match[0].startsWith("Can't") ? true : undefined,
        memorySpace: match[1] ?? match[5] ?? match[6] ?? match[7],
        requiredBytes: match[2] === undefined ? undefined : parseLogSize(match[2]),
        limitBytes: match[3] === undefined ? undefined : parseLogSize(match[3]),
        excessBytes: match[4] === undefined ? undefined : parseLogSize(match[4]),
      }),
    }),
  },
  {
    code: 'xla-allocate-request-failed',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['failed to allocate request for'],
    // The adapter's sentence whole ("... for 154.06GiB (165425291480B) on device ordinal 0") or cut after
    // its human-readable size, as a retyped or trimmed paste keeps it: the words are the adapter's own,
    // printed only when the device allocator it wraps refused.
    pattern: withSize(
      String.raw`Failed to allocate request for SIZE(?: \((\d+)B\) on device ordinal (\d+))?`,
    ),
    // xla/pjrt/pjrt_stream_executor_client.cc and cudnn_conv_algorithm_picker via the BFC adapter.
    source:
      'openxla/xla stream_executor_memory_allocator / tf_allocator_adapter "Failed to allocate request for"',
    summary: 'XLA could not allocate a device buffer',
    extract: ({ text, match, before }) => ({
      framework: xlaFramework(text, before, 'jax'),
      facts: definedFacts({
        requestedBytes: intOf(match[2]) ?? parseLogSize(match[1] ?? ''),
        device: intOf(match[3]),
      }),
    }),
  },
  {
    code: 'xla-bfc-out-of-memory',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['ran out of memory trying to allocate', ') ran out of memory'],
    // A paste cut after "ran out of memory" (a stored excerpt, a terminal) still names the allocator.
    pattern: withSize(
      String.raw`\bAllocator(?: \((\w+)\))? ran out of memory(?: trying to allocate SIZE(?: \(rounded to (\d+)\))?|\s*\S{0,6}$)`,
    ),
    // xla/tsl/framework/bfc_allocator.cc:502 (FACTS Q4); TensorFlow's copy in core/common_runtime.
    // Copies of the BFC allocator in device plugins print it without the allocator's name: Intel's
    // TensorFlow extension, "Allocator ran out of memory trying to allocate %d Bytes (rounded to
    // %d Bytes)" (intel/intel-extension-for-tensorflow itex/core/devices/bfc_allocator.cc).
    source: 'openxla/xla xla/tsl/framework/bfc_allocator.cc BFCAllocator::AllocateRawInternal',
    continuationLines: 1,
    summary: "XLA's BFC allocator ran out of memory",
    extract: ({ text, match, before, firstText }) => {
      // "The caller indicates that this is not a failure": a retry hint, not an OOM (bfc_allocator.cc).
      if (/not a failure/.test(text)) return undefined;
      return {
        kind: namesHostAllocator(text) ? 'host_oom' : undefined,
        framework: xlaFramework(text, before, 'jax'),
        facts: definedFacts({
          allocator: match[1],
          device: deviceOfAllocator(match[1]),
          requestedBytes:
            intOf(match[3]) ?? (match[2] === undefined ? undefined : sizeAfter(match[2], /(.*)/)),
          // The op's name ends the line; what follows on the next line is not part of it.
          op: /requested by op (\S+)\s*$/.exec(firstText ?? text)?.[1],
        }),
      };
    },
  },
  {
    code: 'stream-executor-alloc-failed',
    kind: 'gpu_oom',
    framework: 'tensorflow',
    weight: 3,
    keywords: ['from device: cuda_error_out_of_memory', 'from device: hiperror', 'from device: hip_error'],
    // ROCm's copy (stream_executor/rocm/rocm_driver.cc) prints hipError_t(1002), the old
    // hipErrorMemoryAllocation, or hipErrorOutOfMemory; TensorFlow 1.x printed the size without
    // its "(N bytes)".
    pattern: withSize(
      String.raw`failed to allocate SIZE(?: \((\d+) bytes\))? from device: (?:CUDA_ERROR_OUT_OF_MEMORY|hipError_t\(1002\)|hipErrorOutOfMemory|HIP_ERROR_OutOfMemory|HIP_ERROR_OUT_OF_MEMORY)`,
    ),
    // stream_executor/cuda/cuda_driver.cc GpuDriver::DeviceAllocate (TensorFlow, and JAX's bundled
    // copy). The BFC allocator calls it to create or grow its pool (BFCAllocator::Extend, which
    // retries ×0.9 smaller, FACTS Q1): the size is the pool's growth, not the tensor that failed.
    source: 'tensorflow/stream_executor/cuda/cuda_driver.cc GpuDriver::DeviceAllocate',
    summary: 'the CUDA driver refused to give the allocator more device memory',
    extract: ({ text, match, before }) => ({
      framework: xlaFramework(text, before, 'tensorflow'),
      facts: definedFacts({
        poolGrowthBytes: intOf(match[2]) ?? parseLogSize(match[1]!),
        reportingPid: intOf(rayPid.exec(text)?.[1]),
      }),
    }),
  },
  {
    code: 'xla-context-oom',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['cudeviceprimaryctxretain'],
    pattern: /cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY/,
    // xla/stream_executor/cuda/cuda_driver.cc CreateContext; platform_util.cc logs it per device.
    source: 'openxla/xla stream_executor/cuda/cuda_driver.cc GpuDriver::CreateContext',
    summary: 'no memory left even to create a CUDA context when the JAX client started',
    extract: ({ text, before }) => ({
      framework: xlaFramework(text, before, 'jax'),
      facts: definedFacts({
        device: intOf(/CUDA device ordinal (\d+)/.exec(text)?.[1]),
        totalBytes: intOf(/total memory reported: (\d+)/.exec(text)?.[1]),
      }),
    }),
  },
  {
    code: 'xla-custom-call-oom',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['getlasterror', 'custom call', 'customcall'],
    pattern:
      /custom ?call[^\n]*failed[^\n]*out of memory|(?:gpu|cuda)GetLastError\(\)(?: failed)?: out of memory/i,
    source: "openxla/xla service/gpu custom-call thunk status ('xla.gpu.custom_call' failed)",
    summary: 'an XLA GPU kernel failed with out of memory',
  },
  {
    code: 'xla-kernel-launch-oom',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['failed to launch cuda kernel'],
    pattern: /Failed to launch CUDA kernel: (\S+) with block dimensions: .*CUDA_ERROR_OUT_OF_MEMORY/,
    // Launching an XLA kernel loads its module into the CUDA context, memory outside the BFC pool
    // (FACTS Q5); CUDA_ERROR_OUT_OF_MEMORY there means what the pool left over was gone.
    source: 'openxla/xla stream_executor/cuda/cuda_driver.cc GpuDriver::LaunchKernel',
    summary: 'an XLA kernel could not be launched: no device memory left outside the pool',
    extract: ({ text, match, before }) => ({
      framework: xlaFramework(text, before, 'jax'),
      facts: definedFacts({ kernel: match[1] }),
    }),
  },
  {
    code: 'xla-cuda-async-oom',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 3,
    keywords: ['cumemallocasync failed'],
    pattern: /cuMemAllocAsync failed to allocate (\d+) bytes/,
    // xla/stream_executor/gpu/gpu_cudamallocasync_allocator.cc (FACTS Q4).
    source: 'openxla/xla gpu_cudamallocasync_allocator.cc GpuCudaMallocAsyncAllocator::AllocateRaw',
    summary: "XLA's cuda_async allocator could not allocate",
    extract: ({ text, match, before }) => {
      const reported = /Free memory\/Total memory: (\d+)\/(\d+)/.exec(text);
      return {
        framework: xlaFramework(text, before, 'jax'),
        facts: definedFacts({
          requestedBytes: intOf(match[1]),
          freeBytes: intOf(reported?.[1]),
          totalBytes: intOf(reported?.[2]),
        }),
      };
    },
  },
  {
    code: 'xla-bfc-dump',
    kind: 'gpu_oom',
    framework: 'jax',
    weight: 2,
    isGeneric: true,
    keywords: ['bfc_allocator', 'total chunks:', 'sum total of in-use chunks'],
    pattern: bfcDumpLine,
    // BFCAllocator::DumpMemoryLog runs only when an allocation fails (bfc_allocator.cc; see
    // bfcDumpLine): its every line is that failure, the chunk lines a paste keeps at its end included.
    source:
      'openxla/xla xla/tsl/framework/bfc_allocator.cc BFCAllocator::DumpMemoryLog; tensorflow/tensorflow core/common_runtime/bfc_allocator.cc AllocateRawInternal (v1.4-v2.x)',
    summary: "XLA's BFC allocator dumped its memory map (it only does so on a failed allocation)",
    extract: ({ text, before }: RuleInput) => {
      // ONNX Runtime's arena prints the same dump (onnxruntime/core/framework/bfc_arena.cc) for CPU and
      // CUDA arenas alike, under its own prefix; its own failure line is read elsewhere.
      if (/bfc_arena\.cc|onnxruntime/i.test(text)) return undefined;
      const name = [...before, text]
        .reverse()
        .map((l) => /\bAllocator \((\w+)\)/.exec(l)?.[1])
        .find((n) => n !== undefined);
      return {
        framework: xlaFramework(text, before, 'jax'),
        ...(name !== undefined && hostBfcAllocator.test(name) ? { kind: 'host_oom' as const } : {}),
      };
    },
    withoutFailureLine: bfcDumpMissing,
  },
];
