// Whose memory an allocation failed on (memory-side.ts, the one judge), and the readings that ask it: the
// OS's ENOMEM passed on by a device's runtime, and RMM's status (api-status.ts), with the near misses that
// stay the host's or no memory at all.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnoseText } from '../../diagnose-text.js';
import { isDeviceErrnoNoMemory, readNamedStatus } from './api-status.js';
import { memorySideOf } from './memory-side.js';

// rkllm-runtime 1.0.1 on an RK3588 (airockchip/rknn-llm#62): the NPU runtime's own lines.
const rknnLog = [
  'rkllm-runtime version: 1.0.1, rknpu driver version: 0.8.2, platform: RK3588',
  'E RKNN: [10:48:59.683] failed to allocate handle, ret: -1, errno: 12, errstr: Cannot allocate memory',
  '',
  'can not create weight memory for domain1',
].join('\n');

describe('the OS ENOMEM from a device runtime', () => {
  test("the NPU runtime's line is the device's", () => {
    const d = diagnoseText(rknnLog)[0];
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.facts.apiStatus, 'ENOMEM');
  });
  test('the side judge names the runtime on the line, not the errno', () => {
    assert.equal(memorySideOf('E RKNN: failed to allocate handle, ret: -1, errno: 12', []), 'gpu_oom');
    assert.equal(memorySideOf('OSError: [Errno 12] Cannot allocate memory', []), 'host_oom');
  });
  test("ENOMEM with no device on its line stays the host's errno", () => {
    // facebookresearch/SlowFast#473's title; a DataLoader worker's fork (PyTorch forums).
    assert.equal(
      isDeviceErrnoNoMemory(
        'RuntimeError: unable to mmap 280 bytes from file </torch_59534_1208885928>: Cannot allocate memory (12)',
      ),
      false,
    );
    assert.equal(diagnoseText('OSError: [Errno 12] Cannot allocate memory')[0]?.kind, 'host_oom');
  });
  test('the locked-memory limit of RDMA registration and the loader are no side', () => {
    // NCCL's net_ib.cc "ibv_reg_mr failed: Cannot allocate memory" on a GPU node is RLIMIT_MEMLOCK.
    assert.equal(
      isDeviceErrnoNoMemory('NCCL WARN NET/IB : ibv_reg_mr failed: Cannot allocate memory on GPU 0'),
      false,
    );
    assert.equal(
      isDeviceErrnoNoMemory('libgomp.so.1: cannot allocate memory in static TLS block (cuda)'),
      false,
    );
  });
  test('host memory named on the line decides before a device beside it', () => {
    assert.equal(
      isDeviceErrnoNoMemory('could not allocate pinned host memory for the GPU: Cannot allocate memory'),
      false,
    );
  });
});

describe("RMM's status (rapidsai/rmm rmm_api.h rmmError_t)", () => {
  // nvidia/cudf#2133: libcudf's RMM_TRY, then dask's worker report of the MemoryError it raised.
  const cudfLog = [
    'ERROR: RMM call in line 68of file /conda/envs/gdf/conda-bld/libcudf_1558047478243/work/cpp/src/hash/managed_allocator.cuh failed with result RMM_ERROR_OUT_OF_MEMORY (4)  Attempted to allocate: 4000000000 bytes.',
    'distributed.worker - WARNING -  Compute Failed',
    'Function:  groupby',
    'args:      (<cudf.DataFrame ncols=2 nrows=125000000 >)',
    'kwargs:    {}',
    "Exception: MemoryError('std::bad_alloc')",
  ].join('\n');
  test("RMM_ERROR_OUT_OF_MEMORY is the device's, before the MemoryError it is raised as", () => {
    assert.equal(readNamedStatus('failed with result RMM_ERROR_OUT_OF_MEMORY (4)')?.side, 'device');
    assert.equal(diagnoseText(cudfLog)[0]?.kind, 'gpu_oom');
  });
  test("RMM's other statuses are no memory", () => {
    assert.equal(readNamedStatus('failed with result RMM_ERROR_NOT_INITIALIZED (3)'), undefined);
    assert.equal(
      diagnoseText('rmmAlloc failed with result RMM_ERROR_INVALID_ARGUMENT')[0]?.kind ?? 'none',
      'none',
    );
  });
});
