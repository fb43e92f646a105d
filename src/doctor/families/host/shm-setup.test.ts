import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';
import { shmSetupReason } from './shm-setup.js';

describe('a shared-memory segment that could not be set up', () => {
  test('each order programs print the failed step in reads as /dev/shm', () => {
    // PaddlePaddle mmap_allocator.cc (PaddleX#1397).
    const paddle = mustDiagnose('RuntimeError: (Unavailable) Memory map failed when create shared memory.');
    assert.equal(paddle.kind, 'shm');
    assert.equal(paddle.code, 'shm-setup-failed');
    assert.match(paddle.evidence.text, /Memory map failed/);
    // Ray's plasma client, a source file named for it (GuanxingLu/vlarl#14).
    const ray = mustDiagnose('[2025-09-03 15:32:50,627 C 267234 267234] shared_memory.cc:32: mmap failed');
    assert.equal(ray.kind, 'shm');
    assert.equal(ray.code, 'shm-setup-failed');
    // The step before the noun, and the System V call as the step.
    assert.equal(mustDiagnose('ERROR: Failed to create shared memory segment').kind, 'shm');
    assert.equal(mustDiagnose('shmget failed: No space left on device').kind, 'shm');
  });

  test('the weaker reading (no errno printed) says what would confirm it', () => {
    const d = mustDiagnose('RuntimeError: (Unavailable) Memory map failed when create shared memory.');
    assert.match(d.summary, /df -h \/dev\/shm/);
  });

  test("the step's errno decides: ENOSPC is the full tmpfs, ENOMEM the host's, another errno no memory", () => {
    assert.equal(shmSetupReason(['mmap failed, error number is No space left on device.']), 'space');
    assert.equal(shmSetupReason(['error: Cannot allocate memory (12)']), 'memory');
    assert.equal(shmSetupReason(['NCCL WARN Call to shm_open failed : Permission denied']), 'other');
    assert.equal(shmSetupReason(['mmap failed']), undefined);
    // Paddle's data feed prints strerror after the same words (paddle/fluid/framework/data_feed.cc).
    assert.equal(
      mustDiagnose(
        'RuntimeError: (Unavailable) Memory map failed when create shared memory, error number is Cannot allocate memory.',
      ).kind,
      'host_oom',
    );
    // NVIDIA/nccl#328: shm_open denied (labelled none); NVIDIA/nccl#1518: a CUDA registration failure.
    assert.notEqual(
      primary(
        'node08:27106:27302 [0] include/shm.h:27 NCCL WARN Call to shm_open failed : Permission denied',
        'node08:27106:27302 [0] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-b7948f403864987a-0-3-0 (size 4460544)',
      )?.kind,
      'shm',
    );
    assert.notEqual(
      primary(
        "[1] misc/shmutils.cc:103 NCCL WARN Cuda failure 'invalid argument'",
        '[1] misc/shmutils.cc:114 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-NzwJ7O (size 9637888)',
      )?.kind,
      'shm',
    );
  });

  test('near misses: unlinking, a GPU kernel’s on-chip shared memory, a supposition', () => {
    // pytorch/pytorch#30225 (labelled none): unlinking is no setup step.
    assert.notEqual(
      primary(
        '  what():  could not unlink the shared memory file /torch_30417_1951398734 (close at /opt/conda/conda-bld/pytorch_1570710718161/work/aten/src/TH/THAllocator.cpp:475)',
      )?.kind,
      'shm',
    );
    // Triton's OutOfResources (labelled none across the corpus).
    assert.notEqual(
      primary(
        'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit: 65536. Reducing block sizes or `num_stages` may help.',
      )?.kind,
      'shm',
    );
    assert.equal(
      primary('the job may fail to create a shared memory segment if /dev/shm is small'),
      undefined,
    );
  });
});
