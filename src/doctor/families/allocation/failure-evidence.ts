// Evidence a program prints only when an allocation has failed, read as that failure where the paste
// lost the failure line itself (issue 23 item 4: 11 of the 12 never-seen misses of session 23 were
// such logs). Each reading names the source that prints it only on failure; each says its failure
// line is missing (missing-failure-line.ts), and each is weaker than the failure line, which
// outranks it wherever the paste kept it (isGeneric, weight).
// TensorFlow's and XLA's BFC allocator dump is the jax family's (jax/rules.ts xla-bfc-dump).
// Not evidence (printed on request, tested as look-alikes in vocabulary-gpu.test.ts): PyTorch's
// torch.cuda.memory_summary() table, TensorFlow's allocator "Stats:" block alone, and its "The caller
// indicates that this is not a failure" warning.
import type { FactRule, LogRule, MissingFailureLine } from '../../types.js';

// PaddlePaddle's allocators throw from their AllocateImpl only when the allocation failed: 1.8-2.x
// paddle/fluid/memory/allocation/cuda_allocator.cc CUDAAllocator::AllocateImpl returns the pointer on
// cudaSuccess and otherwise throws (PADDLE_THROW_BAD_ALLOC ResourceExhausted "Out of memory error on
// GPU %d", 1.6's BadAlloc "Cannot allocate %d on GPU %d"; a non-OOM CUDA status throws through
// RaiseNonOutOfMemoryError, a frame of its own). Paddle's "C++ Call Stacks" print frame 0 as the
// GetTraceBackString that built the error, so the frame beside it is where it was thrown: frame 1 in
// 1.x order, the frame before it in 2.x's "most recent call last" order.
const paddleAllocatorFrame =
  /^\s*(?:\[[^\]]*\]\s*)?\d+\s+paddle::memory::allocation::(\w+)Allocator::AllocateImpl\(/;
const paddleTraceBackFrame =
  /^\s*(?:\[[^\]]*\]\s*)?\d+\s+(?:std::string |string )?(?:paddle::platform|phi::enforce|common::enforce)::Get\w*TraceBackString\b/;
// Paddle's host allocators (cpu_allocator.cc, pinned_allocator.cc, cuda_pinned ...): the rest are devices'.
const paddleHostAllocator = /^(?:CPU|CUDAPinned|Pinned|NaiveBestFit)$/;

const paddleFrameMissing: MissingFailureLine = {
  saw: "a PaddlePaddle C++ stack thrown from inside its allocator's AllocateImpl (it throws there only when the allocation failed)",
  toDecide:
    'paste the "Error Message Summary" that Paddle prints under its C++ stack ("ResourceExhaustedError: Out of memory error on GPU 0. Cannot allocate ... available memory is only ...")',
};

/** The readings of evidence printed only when an allocation failed. */
export const failureEvidenceRules: LogRule[] = [
  {
    code: 'paddle-allocator-throw',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 2,
    isGeneric: true,
    keywords: ['allocateimpl', 'tracebackstring'],
    pattern: new RegExp(`${paddleAllocatorFrame.source}|${paddleTraceBackFrame.source}`),
    source:
      'PaddlePaddle paddle/fluid/memory/allocation/cuda_allocator.cc CUDAAllocator::AllocateImpl (v1.6-v2.6); paddle/fluid/platform/enforce.h GetTraceBackString',
    summary: "PaddlePaddle's allocator threw from inside its AllocateImpl: an allocation failed",
    extract: ({ text, before }) => {
      // The allocator's frame and the frame that built the error, next to each other, in either order.
      const previous = before.at(-1) ?? '';
      const ownFrame = paddleAllocatorFrame.exec(text)?.[1];
      const allocator =
        ownFrame !== undefined && paddleTraceBackFrame.test(previous)
          ? ownFrame
          : paddleTraceBackFrame.test(text)
            ? paddleAllocatorFrame.exec(previous)?.[1]
            : undefined;
      if (allocator === undefined) return undefined;
      return paddleHostAllocator.test(allocator)
        ? { kind: 'host_oom', facts: { allocator } }
        : { facts: { allocator } };
    },
    withoutFailureLine: paddleFrameMissing,
  },
  {
    code: 'kv-block-allocator-empty',
    kind: 'gpu_oom',
    framework: 'other',
    weight: 2,
    keywords: ['nofreeblockserror'],
    pattern: /\bNoFreeBlocksError\b/,
    // vLLM 0.4-0.6's block manager raises BlockAllocator.NoFreeBlocksError when its pool of KV-cache
    // blocks has none free (vllm/core/block/naive_block.py _allocate_block_id "if not
    // self._free_block_indices: raise BlockAllocator.NoFreeBlocksError()", prefix_caching_block.py
    // allocate_mutable_block): the pool is sized from the GPU memory left after the weights
    // (gpu_memory_utilization), so a step that needs more blocks than are free is the KV cache running
    // out. The scheduler checks can_allocate first, so the error reaches the log only when a step
    // outgrew what was free. Its swap pool on the host (CpuGpuBlockAllocator) is named for the CPU.
    source:
      'vllm-project/vllm v0.6.4 vllm/core/block/naive_block.py _allocate_block_id; vllm/core/block/prefix_caching_block.py',
    summary: "vLLM's pool of KV-cache blocks (GPU memory) had no free block left for a step",
    extract: ({ text, before }) =>
      /\bcpu\b.*NoFreeBlocksError|swap_out|CPU blocks? (?:are )?exhausted/i.test(
        [...before.slice(-3), text].join('\n'),
      )
        ? undefined
        : {},
  },
];

/** The code a Paddle MemoryError on a device kernel is read under (resolve.ts resolvePaddleMemoryError). */
export const paddleDeviceMemoryErrorCode = 'paddle-device-memory-error';

/**
 * PaddlePaddle raises its allocators' BadAlloc as Python's MemoryError, the device's as the host's
 * (paddle/fluid/pybind/exception.cc BindException: "catch (const memory::allocation::BadAlloc& e) {
 * PyErr_SetString(PyExc_MemoryError, e.what()); }"). Its C++ traceback's frames name the device
 * context the failing kernel ran on (phi::GPUContext, platform::CUDADeviceContext, a CUDAPlace): a
 * MemoryError beside them is the device's memory.
 */
export const paddleDeviceKernelFactRule: FactRule = {
  family: 'context',
  keywords: ['gpucontext', 'cudadevicecontext', 'cudaplace', 'gpuplace', 'xpucontext'],
  pattern:
    /\b(?:paddle|phi)::[^\n]*\b(?:phi::GPUContext|platform::CUDADeviceContext|platform::CUDAPlace|phi::GPUPlace|phi::XPUContext)\b/,
  source:
    'PaddlePaddle v2.5.2 paddle/fluid/pybind/exception.cc BindException (BadAlloc -> MemoryError); phi/core/kernel_utils.h KernelImpl<..., phi::GPUContext, ...>',
  once: true,
  extract: () => ({ paddleDeviceKernel: true }),
};
