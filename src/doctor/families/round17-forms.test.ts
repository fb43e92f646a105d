// Issue 23, round 17 of the rules (tuned on the spent heldout-16, by structure): a C++ bad_alloc that a
// device allocator throws (RAPIDS RMM's, Thrust's CUDA backend's) is the device's, not the host's.
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
