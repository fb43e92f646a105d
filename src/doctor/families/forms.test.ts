import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

// Evidence forms beyond the lines doctor was first tuned on (issue 10): each recognised as what it is.
describe('evidence forms', () => {
  test("Ray's memory monitor, escaped ANSI from syslog and a wrap mid-sentence", () => {
    const d = mustDiagnose(
      '#033[2m#033[33m(raylet)#033[0m [DATE] (raylet) node_manager.cc:3007: 2 Workers (tasks /',
      ' actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: abd4',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.framework, 'ray');
    assert.equal(d.cause, 'memory_monitor');
    assert.equal(d.facts.workersKilled, 2);
    assert.equal(
      mustDiagnose('ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.')
        .cause,
      'memory_monitor',
    );
  });

  test('a launcher reporting a child killed by SIGKILL (-9)', () => {
    for (const line of [
      '[ERROR] [launch.py:325:sigkill_handler] exits with return code = -9',
      'torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 4242) of binary: /usr/bin/python3',
      "subprocess.CalledProcessError: Command '['python', 'train.py']' died with <Signals.SIGKILL: 9>.",
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
      // A bare kill: why is not in the log; the journal confirms it (CORPUS-FORMAT settled rule 2).
      assert.equal(d.cause, 'unknown', line);
      assert.ok(
        d.fixes.some((f) => f.includes('dmesg')),
        line,
      );
    }
    // A child that exited with 1 (a Python error) is no kill.
    assert.equal(primary('[launch.py:321:sigkill_handler] [...] exits with return code = 1'), undefined);
  });

  test('container runtimes and Kubernetes: init OOM, OOMKilled (a limit) and eviction (the node)', () => {
    const init = mustDiagnose(
      'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: container init was OOM-killed (memory limit too low?)',
    );
    assert.equal(init.cause, 'memory_limit');
    assert.match(init.causeText, /while the container was starting/);
    assert.equal(mustDiagnose('      Reason:       OOMKilled').cause, 'memory_limit');
    const evicted = mustDiagnose(
      'Message: The node was low on resource: memory. Container trainer was using 30Gi, which exceeds its request of 8Gi.',
    );
    // Why: the node's RAM; who: the kubelet (the framework).
    // The kubelet evicts at its own threshold: a monitor's kill (CORPUS-FORMAT settled rule 3).
    assert.equal(evicted.cause, 'memory_monitor');
    assert.equal(evicted.framework, 'kubernetes');
  });

  test('a rank prefix on the lines after an unprefixed message names its rank', () => {
    const d = mustDiagnose(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 388.00 MiB. GPU 0 has a total capacity of 9.68 GiB of which 95.75 MiB is free.',
      '[rank3]: Traceback (most recent call last):',
    );
    assert.equal(d.facts.rank, 3);
    const own = mustDiagnose(
      '[rank5]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 5 has a total capacity of 23.43 GiB of which 210.06 MiB is free.',
      '[rank2]: Traceback (most recent call last):',
    );
    assert.equal(own.facts.rank, 5);
  });

  test("TensorFlow 2016's message with no dimensions", () => {
    const d = mustDiagnose(
      '`W tensorflow/core/common_runtime/executor.cc:1076] 0x18ef02bb0 Compute status: Resource exhausted: OOM when allocating tensor with shape',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.framework, 'tensorflow');
    assert.equal(d.facts.shape, undefined);
  });

  test('an XLA kernel that cannot launch for memory; Warp outside a JAX pool', () => {
    const launch = mustDiagnose(
      '> RuntimeError: INTERNAL: Failed to launch CUDA kernel: fusion_29 with block dimensions: 128x1x1 and grid dimensions: 1x1x1: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
    );
    assert.equal(launch.code, 'xla-kernel-launch-oom');
    assert.equal(launch.cause, 'outside_pool');
    const warp = mustDiagnose(
      '  Step 0: JAX mem used: 0.20 GiB, peak: 2.70 GiB, limit: 18.95 GiB',
      'Warp CUDA error 2: out of memory (in function wp_alloc_device_async, .../warp/native/warp.cu:769)',
      '  File ".../site-packages/warp/_src/jax_experimental/ffi.py", line 708, in ffi_callback',
    );
    assert.equal(warp.framework, 'warp');
    assert.equal(warp.cause, 'outside_pool');
    assert.match(warp.fixes[0]!, /XLA_PYTHON_CLIENT_PREALLOCATE=false/);
  });

  test('NCCL shared memory: ENOSPC is shm, ENOENT is not', () => {
    const missing = mustDiagnose(
      'g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)',
    );
    assert.equal(missing.kind, 'none');
    const full = mustDiagnose(
      'g148:1:2 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-x (size 14156128), error: No space left on device (28)',
    );
    assert.equal(full.kind, 'shm');
  });

  test('a missing cuDNN is not memory; MuJoCo 2.x buffer warnings are capacities', () => {
    assert.equal(mustDiagnose('UNIMPLEMENTED: DNN library is not found.').kind, 'none');
    const mujoco = mustDiagnose(
      'WARNING: Pre-allocated contact buffer is full. Increase nconmax above 500. Time = 1.2.',
    );
    assert.equal(mujoco.kind, 'sim_capacity');
    // "above 500" is the value set now (engine_io.c prints nconmax): the fix doubles it, never repeats it.
    assert.equal(mujoco.facts.currentCount, 500);
    assert.match(mujoco.fixes[0]!, /raise nconmax to 1,000 /);
  });

  test("TensorFlow's classic cuDNN handle failure without figures: can't tell, TensorFlow's growth setting for the full case", () => {
    const d = mustDiagnose(
      'E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR',
      'UnknownError:  Failed to get convolution algorithm. This is probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.',
    );
    assert.equal(`${d.kind}/${d.cause}`, 'none/unknown');
    assert.ok(d.fixes.some((f) => /TF_FORCE_GPU_ALLOW_GROWTH=true/.test(f)));
  });

  test('the driver refusing a JAX pool with no program buffer failing: the GPU was already held', () => {
    const d = mustDiagnose(
      'W external/xla/xla/stream_executor/cuda/cuda_driver.cc:1] failed to allocate 17.60GiB (18896670720 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory',
    );
    assert.equal(d.cause, 'co_tenant');
    assert.equal(d.facts.poolGrowthBytes, 18896670720);
    assert.ok(!d.fixes.some((f) => /batch/.test(f)));
  });

  test('ROCm messages get the variable ROCm reads; Windows page file and fork ENOMEM get their own fixes', () => {
    const hip = mustDiagnose(
      'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 63.98 GiB of which 10.00 MiB is free. Of the allocated memory 50.00 GiB is allocated by PyTorch, and 12.00 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
    );
    assert.match(hip.fixes[0]!, /^export PYTORCH_HIP_ALLOC_CONF=expandable_segments:True/);
    const paging = mustDiagnose(
      'OSError: [WinError 1455] The paging file is too small for this operation to complete.',
    );
    assert.equal(paging.cause, 'host_allocation');
    assert.match(paging.fixes[0]!, /page file/);
    assert.match(mustDiagnose('OSError: [Errno 12] Cannot allocate memory').fixes[0]!, /spawn/);
  });
});
