// The device allocation grammar across vendors and libraries (issue 23, round 4): each spelling as
// its source prints it is a GPU OOM, with the figures it states; the paste habits around them
// (an error pasted as a comment, a source line glued to its exception) are read through.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../../test-helpers/diagnose.js';

describe("device allocations that failed, in every vendor's words", () => {
  const cases: { name: string; line: string; facts?: Record<string, unknown>; cause?: string }[] = [
    {
      name: 'MLX Metal: one buffer above maxBufferLength',
      line: 'RuntimeError: [metal::malloc] Attempting to allocate 48736917632 bytes which is greater than the maximum allowed buffer size of 30150672384 bytes.',
      facts: { requestedBytes: 48736917632, maxBufferBytes: 30150672384, vendor: 'apple' },
      cause: 'request_exceeds_device',
    },
    {
      name: 'CuPy',
      line: 'cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 1,073,741,824 bytes (allocated so far: 15,032,385,536 bytes).',
      facts: { requestedBytes: 1073741824, allocatedBytes: 15032385536 },
    },
    {
      name: 'TensorRT',
      line: '[TRT] [W] Requested amount of GPU memory (8589934592 bytes) could not be allocated. There may not be enough free memory for allocation to succeed.',
      facts: { requestedBytes: 8589934592 },
    },
    {
      // The count refusal quoted without its "[metal::malloc]" tag, as an issue's title keeps it
      // (ml-explore/mlx-lm#831, test/corpus heldout-45).
      name: "MLX Metal: past the allocator's resource count, untagged",
      line: '# Resource limit (499000) exceeded with mlx_lm.server distributed.',
    },
    {
      // ollama/ollama#15517 (test/corpus heldout-20): the server's 500 carries the scheduler's error.
      name: "Ollama's layout on the GPUs, unallocatable after its backoff",
      line: 'Error: 500 Internal Server Error: memory layout cannot be allocated',
    },
    { name: 'Vulkan', line: 'vk::Device::allocateMemory: ErrorOutOfDeviceMemory' },
    { name: 'OpenCL', line: 'clEnqueueNDRangeKernel failed: CL_MEM_OBJECT_ALLOCATION_FAILURE' },
    {
      name: 'Metal command buffer (ggml-metal)',
      line: 'error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)',
    },
    {
      name: "ggml's backend buffer",
      line: 'ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 2147483648',
      facts: { requestedBytes: 2147483648 },
    },
    {
      name: 'ONNX Runtime with a GPU provider',
      line: 'CUDAExecutionProvider: bfc_arena.cc:376 Failed to allocate memory for requested buffer of size 2147483648',
    },
    {
      name: 'TensorFlow 1.x stream executor on ROCm (no byte count)',
      line: 'mnist.py: failed to allocate 8.00G from device: hipError_t(1002)',
      facts: { poolGrowthBytes: 8 * 1024 ** 3 },
    },
    {
      name: 'a TPU HBM failure pasted as a Python comment',
      line: '#XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 4.39G. That was not possible. There are 2.30G free.; (0x0x0_HBM0)',
      facts: { vendor: 'tpu' },
    },
    {
      name: 'a raise line glued to the exception it raised (vLLM)',
      line: 'raise ValueError("No available memory for the cache blocks. " ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
    },
    {
      name: "ComfyUI's wrapper around PyTorch's allowed-memory message",
      line: '!!! Exception during processing !!! Allocation on device',
    },
    {
      name: "ggml-cuda's failed buffer names the device it was for",
      line: 'ggml_backend_cuda_buffer_type_alloc_buffer: allocating 10180.80 MiB on device 1: cudaMalloc failed: out of memory',
      facts: { device: 1, vendor: 'nvidia' },
    },
    {
      name: "Faiss's failed cudaMalloc names its device",
      line: "Faiss assertion 'err == cudaSuccess' failed in void faiss::gpu::allocMemorySpaceV(): Failed to cudaMalloc 536870912 bytes on device 1 (error 2 out of memory",
      facts: { device: 1, requestedBytes: 536870912 },
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const d = mustDiagnose(c.line);
      assert.equal(d.kind, 'gpu_oom', `${c.name}: ${d.code}`);
      if (c.cause) assert.equal(d.cause, c.cause);
      for (const [name, value] of Object.entries(c.facts ?? {})) assert.equal(d.facts[name], value, name);
    });
  }

  test('a comment that names an error without pasting one stays a comment', () => {
    const d = mustDiagnose(
      '# if CUDA out of memory happens, lower the batch',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.',
    );
    assert.equal(d.evidence.line, 2);
  });
});
