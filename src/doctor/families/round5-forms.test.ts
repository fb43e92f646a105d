// Issue 23, round 5: the classes of form that unseen logs were missed in, each with its siblings
// (other vendors' and locales' words for one failure, a killer's other spellings, a quoted paste),
// and the look-alikes that must stay what they are.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

describe('one device out-of-memory status, every vendor', () => {
  for (const line of [
    'E tensorflow/compiler/xla/stream_executor/rocm/rocm_driver.cc:606] failed to allocate 127.99TiB (140729850295296 bytes) from device: HIP_ERROR_OutOfMemory',
    'RuntimeError: HIP error: hipErrorOutOfMemory',
    'RuntimeError: level_zero backend failed with error: 40 (ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)',
    'UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY',
    'MUSA error: musaErrorMemoryAllocation',
    'mxnet.base.MXNetError: [17:13:00] src/operator/nn/./../mxnet_op.h:576: Check failed: err == cudaSuccess (2 vs. 0) Name: mxnet_generic_kernel ErrStr:out of memory',
    '[19:03:47] src/storage/./pooled_storage_manager.h:62: Memory allocation failed.',
    "terminate called after throwing an instance of 'paddle::memory::allocation::BadAlloc'",
    'GPU 0上出现内存不足错误。无法在GPU 0上分配50.000000MB内存，已分配11.999512 GB内存，可用内存仅为0.000000B。',
    '** (RuntimeError) Out of memory while trying to allocate 117964800 bytes.',
    'Program hbm requirement 8.98G:',
    'WARNING: CUDA OutOfMemoryError in TaskAlignedAssigner, using CPU',
    // IPython's traceback header, its padding run closed as a wrap seam.
    'OutOfMemoryError                          Traceback (most recent call last)',
  ])
    test(line.slice(0, 70), () => assert.equal(mustDiagnose(line).kind, 'gpu_oom', line));

  test("PaddlePaddle's Chinese message gives its figures", () => {
    const d = mustDiagnose(
      'GPU 0上出现内存不足错误。无法在GPU 0上分配50.000000MB内存，已分配11.999512 GB内存，可用内存仅为0.000000B。',
    );
    assert.equal(d.facts.freeBytes, 0);
    assert.ok(typeof d.facts.requestedBytes === 'number' && d.facts.requestedBytes > 49e6);
  });

  test("vLLM's memory profile with no room left for the KV cache", () => {
    const d = mustDiagnose(
      'INFO 02-26 09:54:05 worker.py:267] model weights take 5.20GiB; non_torch_memory takes 0.03GiB; PyTorch activation peak memory takes 1.42GiB; the rest of the memory reserved for KV Cache is -1.05GiB.',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(primary('the rest of the memory reserved for KV Cache is 3.05GiB.'), undefined);
  });

  test("vLLM v1's estimate of the longest model length is the fix's value", () => {
    const d = mustDiagnose(
      "ValueError: To serve at least one request with the models's max seq len (221000), (10.12 GiB KV cache is needed, which is larger than the available KV cache memory (5.59 GiB). Based on the available memory, the estimated maximum model length is 122080. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    );
    assert.ok(
      d.fixes.some((f) => f.includes('at most 122080')),
      d.fixes.join('\n'),
    );
  });

  test('a log at batch size one is not told to lower the batch', () => {
    const d = mustDiagnose('batch_size=1', 'RuntimeError: CUDA error: out of memory');
    assert.equal(d.kind, 'gpu_oom');
    assert.ok(!d.fixes.some((f) => /lower the batch/i.test(f)), d.fixes.join('\n'));
    assert.ok(
      mustDiagnose('batch_size=16', 'RuntimeError: CUDA error: out of memory').fixes.some((f) =>
        /lower the batch/i.test(f),
      ),
    );
  });

  test("the JVM's OutOfMemoryError stays the host's", () => {
    const d = primary('OutOfMemoryError: Java heap space');
    assert.ok(d === undefined || d.kind !== 'gpu_oom', JSON.stringify(d));
  });
});

describe('host allocations and kills in their other spellings', () => {
  test("numpy's whole size with a trailing point", () => {
    const d = mustDiagnose(
      'numpy.core._exceptions.MemoryError: Unable to allocate 926. GiB for an array with shape (6794880, 36601) and data type float32',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.requestedBytes, 926 * 2 ** 30);
  });

  test('ENOMEM in any words is a host allocation; the loader and RDMA look-alikes are not', () => {
    for (const line of [
      'I am getting Cannot allocate memory error, I do not understand why',
      'RuntimeError: unable to mmap 4096 bytes from file </torch_362873_3123855485_63350>: Cannot allocate memory (12)',
      'RuntimeError: [enforce fail at ..\\c10\\core\\CPUAllocator.cpp:62] data. DefaultCPUAllocator: not enough memory: you tried to allocate %dGB. Buy new RAM!',
    ])
      assert.equal(mustDiagnose(line).kind, 'host_oom', line);
    for (const line of [
      'OSError: libgomp.so.1: cannot allocate memory in static TLS block',
      'NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory',
    ]) {
      const d = primary(line);
      assert.ok(d === undefined || d.kind === 'none', `${line}: ${JSON.stringify(d)}`);
    }
  });

  test('a bare kill in its other spellings: unknown cause, the journal confirms', () => {
    for (const line of [
      '[f8107735c673549d7acd-n0-0] terminated with exit code (137). Reason [Error]. Message:',
      '[ERROR] Worker (pid:25134) was sent SIGKILL! Perhaps out of memory?',
      'Some work, but when I add others, I get a "Killed" message and nothing is outputted.',
      'Generate.py fails on `Loading checkpoint shards: 52%` with message `killed`.',
      'RuntimeError: DataLoader worker (pid ...) is killed by signal: Killed',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(d.kind, 'host_oom', line);
    }
    const bare = mustDiagnose('I get a "Killed" message');
    assert.equal(bare.cause, 'unknown');
    assert.ok(bare.fixes.some((f) => f.includes('dmesg')));
    // A status value is no kill message.
    assert.equal(primary('  "state": "killed",'), undefined);
  });

  test('a kill retold with its memory limit is the limit', () => {
    const d = mustDiagnose(
      'This is the failure_message currently shown for bundles killed by docker because of memory limits',
    );
    assert.equal(d.cause, 'memory_limit');
  });

  test("an editor window's renderer that ran out of memory", () => {
    for (const line of [
      "the window terminated unexpectedly (reason: 'oom', code: '-536870904')",
      "VSCODE Window Crashes with reason 'oom'",
    ])
      assert.equal(mustDiagnose(line).kind, 'host_oom', line);
  });

  test('a notebook kernel whose automatic restart failed cannot start: no memory kill', () => {
    const failed = primary(
      '"The kernel has died, and the automatic restart has failed. It is possible the kernel cannot be restarted."',
    );
    assert.ok(failed === undefined || failed.kind === 'none', JSON.stringify(failed));
    // Round 6 (CORPUS-FORMAT settled rule 6): a kernel that died, alone, cannot tell RAM from a crash.
    assert.equal(
      mustDiagnose('The kernel appears to have died. It will restart automatically.').kind,
      'none',
    );
  });

  test('Ray refusing an object store larger than /dev/shm', () => {
    const d = mustDiagnose(
      'ValueError: The configured object store size (11.81114368 GB) exceeds /dev/shm size (11.8111232 GB). This will harm performance.',
    );
    assert.equal(d.kind, 'shm');
  });
});
