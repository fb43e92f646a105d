// The memory an allocation was drawn from, named after "from", decides its side (generic.ts
// memorySideOf, deviceWords). ROCm's thunk prints both forms (ROCm/ROCT-Thunk-Interface src/memory.c
// hsaKmtAllocMemory: "from device" where fmm_allocate_device, VRAM, failed; "from host" where system
// memory did); the read line is test/corpus heldout-45/gpu_oom-pytorch-pytorch-61681-a (read after that
// slice's measurement), which doctor read as the host's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

describe('an allocation named by the memory it was drawn from', () => {
  test("the thunk's device allocation is the GPU's, with its size", () => {
    const found = primary(
      '08:28:39 [hsaKmtAllocMemory] failed to allocate 2097152 bytes from device',
      '08:28:39 [hsaKmtAllocMemory] failed to allocate 33554432 bytes from device',
    );
    assert.equal(found?.kind, 'gpu_oom');
  });
  test("the thunk's host allocation stays the host's", () => {
    assert.equal(
      primary('08:28:39 [hsaKmtAllocMemory] failed to allocate 2097152 bytes from host')?.kind,
      'host_oom',
    );
  });
  test('a copy from the device that faulted is no memory failure', () => {
    assert.equal(
      primary('cudaMemcpy from device to host failed: an illegal memory access was encountered')?.kind ??
        'none',
      'none',
    );
  });
});
