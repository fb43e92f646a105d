import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

const GiB = 1024 ** 3;

describe('JAX / XLA out of memory', () => {
  test('RESOURCE_EXHAUSTED with the exact byte count (tf_allocator_adapter.cc)', () => {
    const d = mustDiagnose(
      'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.',
    );
    assert.equal(d.framework, 'jax');
    assert.equal(d.facts.requestedBytes, 4770354232);
    assert.equal(d.cause, 'batch_too_large');
    assert.match(d.fixes[0]!, /make the step smaller/);
    // Neither the card nor the program's need is printed: no fraction can be shown to help.
    assert.ok(!d.fixes.some((f) => f.includes('MEM_FRACTION')), d.fixes.join('\n'));
  });

  test('BufferAssignment stats become facts', () => {
    const d = mustDiagnose(
      'XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.',
      'BufferAssignment OOM Debugging.',
      '                 total allocation:   14.44GiB',
      '        maybe_live_out allocation:    9.64GiB',
    );
    assert.equal(d.facts.totalAllocationBytes, Math.floor(14.44 * GiB));
    assert.match(d.causeText, /needs 14\.44 GiB/);
  });

  test('the BFC line: the rounded size is the request; TensorFlow by its path', () => {
    const d = mustDiagnose(
      'W tensorflow/core/common_runtime/bfc_allocator.cc:419] Allocator (GPU_0_bfc) ran out of memory trying to allocate 3.52GiB (rounded to 3776970752).',
    );
    assert.equal(d.framework, 'tensorflow');
    assert.deepEqual(d.facts, { allocator: 'GPU_0_bfc', device: 0, requestedBytes: 3776970752 });
  });

  test('"The caller indicates that this is not a failure" is not an OOM', () => {
    const found = primary(
      'W tensorflow/core/common_runtime/bfc_allocator.cc:239] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.26GiB with freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.',
      'step 10 loss 0.1',
    );
    assert.equal(found, undefined);
  });

  test('several processes failing to grab memory: preallocation, each its own pid', () => {
    const d = mustDiagnose(
      '(pid=4241) I tensorflow/stream_executor/cuda/cuda_driver.cc:775] failed to allocate 3.88G (4162022400 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
      '(pid=4224) I tensorflow/stream_executor/cuda/cuda_driver.cc:775] failed to allocate 4.30G (4620226048 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
    );
    assert.equal(d.cause, 'preallocation');
    assert.equal(d.framework, 'tensorflow');
    assert.match(d.fixes[0]!, /TF_FORCE_GPU_ALLOW_GROWTH=true/);
  });

  test('a wrapped cuda_driver line is rejoined; JAX by its external/org_tensorflow path', () => {
    const d = mustDiagnose(
      '2019-06-08 03:44:36.084180: E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_driver.cc:828] failed to allocate 3.39G (3640655872 bytes) from devic',
      'e: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
    );
    assert.equal(d.code, 'stream-executor-alloc-failed');
    assert.equal(d.framework, 'jax');
    // The driver refused the allocator's pool growth; the op's request is the BFC line's.
    assert.equal(d.facts.poolGrowthBytes, 3640655872);
  });

  test('tiny requests failing: the GPU was full before the program started', () => {
    const lines = [
      'FAILED tests/core_test.py::CoreTest::test_jit_42 - RuntimeError: Resource exhausted: Out of memory while trying to allocate 24 bytes.',
      'FAILED tests/core_test.py::CoreTest::test_jvp_48 - RuntimeError: Resource exhausted: Out of memory while trying to allocate 4 bytes.',
    ];
    const d = mustDiagnose(...lines);
    assert.equal(d.cause, 'preallocation');
    assert.equal(d.occurrences, 2);
    // The lines name no front end: no JAX variable, the preallocation in general words.
    assert.ok(!d.fixes.some((f) => f.includes('XLA_PYTHON_CLIENT')), d.fixes.join('\n'));
    assert.ok(d.fixes.some((f) => f.includes('preallocation')));
    const jax = mustDiagnose(
      '  File "/usr/lib/python3/site-packages/jax/_src/api.py", line 3, in f',
      ...lines,
    );
    assert.ok(jax.fixes.some((f) => f.includes('XLA_PYTHON_CLIENT_PREALLOCATE=false')));
  });

  test('client creation failing with CUDA_ERROR_OUT_OF_MEMORY: memory held before JAX ran', () => {
    const d = mustDiagnose(
      'W external/org_tensorflow/tensorflow/compiler/xla/service/platform_util.cc:200] unable to create StreamExecutor for CUDA:0: failed initializing StreamExecutor for CUDA device ordinal 0: INTERNAL: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; total memory reported: 34089730048',
    );
    assert.equal(d.code, 'xla-context-oom');
    assert.equal(d.cause, 'co_tenant');
    assert.equal(d.facts.totalBytes, 34089730048);
  });

  test('a joblib pool of JAX workers (seed 001): preallocation times N', () => {
    const d = mustDiagnose(
      '  File "/usr/lib/python3/site-packages/joblib/parallel.py", line 1098, in __call__',
      "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom call 'xla.gpu.custom_call' failed: jaxlib/gpu/prng_kernels.cc:33: operation gpuGetLastError() failed: out of memory.",
    );
    assert.equal(d.code, 'xla-custom-call-oom');
    assert.equal(d.cause, 'preallocation');
    assert.match(d.fixes[0]!, /XLA_PYTHON_CLIENT_PREALLOCATE=false/);
  });

  test('a request above the pool limit is a shape bug', () => {
    const d = mustDiagnose(
      'E external/xla/xla/service/gpu/gpu_hlo_schedule.cc:654] The byte size of input/output arguments (1374526449600) exceeds the base limit (25554419712). This indicates an error in the calculation!',
      'W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.25TiB (rounded to 1374521760000)requested by op ',
    );
    assert.equal(d.cause, 'request_exceeds_device');
    assert.equal(d.facts.baseLimitBytes, 25554419712);
  });

  test('a BFC stats dump alone is an OOM, with its numbers', () => {
    const d = mustDiagnose(
      'I0000 00:00:1773083052.386475   70889 bfc_allocator.cc:1119] Total size in pool: 89.77GiB memory_limit_: 89.77GiB available size: 153B curr_region_allocation_bytes_: 179.55GiB',
      'I0000 00:00:1773083052.386479   70889 bfc_allocator.cc:1128] Stats: ',
      'Limit:                        89.77GiB',
      'InUse:                        81.00GiB',
      'NumAllocs:                           3',
      'LargestFreeBlock:                   0B',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.availableBytes, 153);
    assert.equal(d.facts.inUseBytes, 81 * GiB);
    assert.equal(d.facts.allocationCount, 3);
    assert.equal(d.facts.largestFreeBlockBytes, 0);
  });

  test('a compile-time report that the buffers cannot fit the device memory is a device OOM', () => {
    const d = mustDiagnose(
      'XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used 17.50G of 15.48G hbm. Exceeded hbm capacity by 2.02G.',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.facts.requiredBytes, 17.5 * 1024 ** 3);
    assert.equal(d.facts.excessBytes, Math.round(2.02 * 1024 ** 3));
  });
});
