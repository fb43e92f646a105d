// Issue 23, round 17 of the rules (tuned on the spent heldout-16, by structure): a C++ bad_alloc that a
// device allocator throws (RAPIDS RMM's, Thrust's CUDA backend's) is the device's, not the host's;
// one request past Metal's one-buffer limit in MLX's bare words and ggml-metal's; Faiss's assertion on
// the cudaMalloc call itself; torch's "Allocation on device" ending a line (a ComfyUI title); a GPU
// named by its product line (Intel Arc, GeForce, Radeon) decides the side of an allocation failure;
// YARN's kill at a container's memory is that container's limit (memory_limit), not a monitor's;
// gcc's compiler "Killed" during a build is a bare kill; OpenCL's status in any case.
// Written afresh, with the look-alikes that must not move.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

describe("a device allocator's bad_alloc", () => {
  test("RMM's out_of_memory after a CUDA error, as cuDF raises it", () => {
    const d = primary(
      'MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /opt/conda/envs/rapids/include/rmm/mr/device/cuda_memory_resource.hpp:70: cudaErrorMemoryAllocation out of memory',
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
  test("RMM's pool refusing past its maximum size", () => {
    const d = primary(
      'MemoryError: std::bad_alloc: RMM failure at:/env/include/rmm/mr/device/pool_memory_resource.hpp:182: Maximum pool size exceeded',
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
  test("Thrust's CUDA backend's bad_alloc, terminate's two lines", () => {
    const d = primary(
      "terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'",
      '  what():  std::bad_alloc: out of memory',
      'Aborted (core dumped)',
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
});

describe('look-alikes that stay the host', () => {
  test("a bare std::bad_alloc from terminate is the host's", () => {
    const d = primary(
      "terminate called after throwing an instance of 'std::bad_alloc'",
      '  what():  std::bad_alloc',
      'Aborted (core dumped)',
    );
    assert.equal(d?.kind, 'host_oom');
  });
  test("a Python MemoryError is the host's", () => {
    assert.equal(primary('MemoryError: std::bad_alloc')?.kind, 'host_oom');
  });
  test("a path holding rmm/ with no RMM error prefix is not RMM's refusal", () => {
    const d = primary('INFO: loaded /opt/conda/include/rmm/mr/device/pool_memory_resource.hpp');
    assert.notEqual(d?.kind, 'gpu_oom');
  });
});

describe("one request past the device's one-buffer limit, and an assertion on the allocation call", () => {
  test("MLX's refusal without its [metal::malloc] prefix, inside libc++abi's line", () => {
    const d = primary(
      'libc++abi: terminating due to uncaught exception of type std::runtime_error: Attempting to allocate 19081554496 bytes which is greater than the maximum allowed buffer size of 17179869184 bytes.',
    );
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.facts.requestedBytes, 19081554496);
    assert.equal(d?.cause, 'request_exceeds_device');
  });
  test("ggml-metal's buffer larger than the buffer maximum", () => {
    const d = primary(
      "ggml_metal_add_buffer: buffer 'data' size 18300780544 is larger than buffer maximum of 17179869184",
    );
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.facts.requestedBytes, 18300780544);
  });
  test("Faiss's assertion that cudaMalloc returned cudaSuccess", () => {
    const d = primary(
      "Faiss assertion 'cudaMalloc(p, size) == cudaSuccess' failed in void faiss::gpu::allocMemorySpace(faiss::gpu::MemorySpace, void**, size_t) at utils/MemorySpace.cpp:27",
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
  test("look-alike: Faiss's assertion on another expression is no allocation's failure", () => {
    const d = primary(
      "Faiss assertion 'err == cudaSuccess' failed in faiss::gpu::StackDeviceMemory::Stack::Stack(int, size_t) at utils/StackDeviceMemory.cpp:33",
    );
    assert.notEqual(d?.kind, 'gpu_oom');
  });
  test('look-alike: a wrapped size (2^64 - 16 Ki) is no shortage', () => {
    const d = primary(
      'RuntimeError: Attempting to allocate 18446744069414600704 bytes which is greater than the maximum allowed buffer size of 86586540032 bytes.',
    );
    assert.notEqual(d?.kind, 'gpu_oom');
  });
});

describe("torch's message cut to its first words, and a GPU named by its product line", () => {
  test('a ComfyUI title, the node then the message', () => {
    assert.equal(primary('WanVideoTextEncode Allocation on device')?.kind, 'gpu_oom');
  });
  test("look-alike: the words inside a sentence that goes on are not torch's message", () => {
    assert.notEqual(
      primary('Allocation on device is slow when pinned memory is off, see the docs')?.kind,
      'gpu_oom',
    );
  });
  test("an allocation refused on an Intel Arc card is the device's", () => {
    assert.equal(primary('[Bug]: Cannot allocate 4GB block on ARC A770')?.kind, 'gpu_oom');
  });
  test("look-alike: the same words without a device stay the host's", () => {
    assert.notEqual(primary('[Bug]: Cannot allocate 4GB block')?.kind, 'gpu_oom');
  });
});

describe("YARN's kill at the container's memory", () => {
  test("Spark's executor lost to YARN is the container's own limit", () => {
    const d = primary(
      'ExecutorLostFailure (executor 72 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits. 12.0 GB of 12 GB physical memory used. Consider boosting spark.yarn.executor.memoryOverhead.',
    );
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.cause, 'memory_limit');
    assert.ok((d?.fixes ?? []).some((f) => /memoryOverhead/.test(f)));
  });
  test("look-alike: earlyoom's own kill stays the monitor's", () => {
    const d = primary(
      'earlyoom[812]: sending SIGTERM to process 4242 uid 1000 "python": badness 900, VmRSS 30000 MiB',
    );
    assert.notEqual(d?.cause, 'memory_limit');
  });
});

describe("a build's compiler killed, and OpenCL's status retyped", () => {
  test("gcc's driver reports cc1plus Killed: a bare kill, with a build's own fix", () => {
    const d = primary('c++: fatal error: Killed signal terminated program cc1plus');
    assert.equal(d?.kind, 'host_oom');
    assert.ok((d?.fixes ?? []).some((f) => /parallel compile jobs/.test(f)));
  });
  test("look-alike: another signal's name is a crash, not a kill", () => {
    assert.notEqual(
      primary('c++: fatal error: Segmentation fault signal terminated program cc1plus')?.kind,
      'host_oom',
    );
  });
  test("OpenCL's memory object allocation failure in lower case is the device's", () => {
    assert.equal(primary('Memory object allocation failure')?.kind, 'gpu_oom');
  });
});

describe("cffi's write+execute refusal (tuned on the spent heldout-17)", () => {
  test('the MemoryError cffi raises for an ffi.callback() is a near miss, not a host OOM', () => {
    const d = primary(
      'MemoryError: Cannot allocate write+execute memory for ffi.callback(). You might be running on a system that prevents this. For more information, see https://cffi.readthedocs.io/en/latest/using.html#callbacks',
    );
    assert.equal(d?.kind, 'none');
    assert.equal(d?.code, 'cffi-write-execute');
  });
  test('a plain MemoryError beside it is still the host running out', () => {
    const d = primary(
      'Traceback (most recent call last):',
      '  File "train.py", line 3, in <module>',
      'MemoryError',
    );
    assert.equal(d?.kind, 'host_oom');
  });
  test('a MemoryError with a size after a cffi mention is still the host running out', () => {
    const d = primary(
      'import cffi  # for ffi.callback()',
      'MemoryError: Unable to allocate 12.0 GiB for an array with shape (3, 1073741824) and data type float32',
    );
    assert.equal(d?.kind, 'host_oom');
  });
});
