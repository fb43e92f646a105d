// Issue 23, round 14 of the rules: a non-memory CUDA status outranks an "out of memory" that is not
// its string. A wrapper prints one cudaGetErrorString per error (C10_CUDA_CHECK "CUDA error: <string>"),
// so an "out of memory" that a wrap or a paste joined after another status's string is the next
// line's words, not the runtime's; Triton's "out of resource: shared memory" is a kernel's launch
// configuration, not device memory. Look-alikes written afresh; the real OOMs they resemble still read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const read = (...lines: string[]) => {
  const d = primary(...lines);
  return d === undefined ? 'nothing' : `${d.kind} ${d.code}`;
};

describe('another CUDA status, then "out of memory" on the next line', () => {
  const statuses = [
    'an illegal memory access was encountered',
    'device-side assert triggered',
    'too many resources requested for launch',
    'misaligned address',
    'unspecified launch failure',
  ];
  for (const status of statuses)
    test(status, () => {
      const got = read(`RuntimeError: CUDA error: ${status}`, 'out of memory');
      assert.ok(got.startsWith('none'), got);
    });
  test('a question after the status is no OOM either', () => {
    const got = read('RuntimeError: CUDA error: device-side assert triggered', 'CUDA out of memory?');
    assert.ok(got.startsWith('none'), got);
  });
  test("the runtime's own out of memory, wrapped inside its string, still reads", () => {
    assert.equal(read('RuntimeError: CUDA error: out of', 'memory').split(' ')[0], 'gpu_oom');
    assert.equal(read('RuntimeError: CUDA error: out of memory').split(' ')[0], 'gpu_oom');
    assert.equal(
      read('terminate called after throwing an instance of: CUDA error: kernel.cu(88): out of memory').split(
        ' ',
      )[0],
      'gpu_oom',
    );
  });
});

describe("Triton's out of resource", () => {
  test('shared memory per block, with the user saying the GPU is out of memory', () => {
    const got = read(
      'triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 114688, Hardware limit: 101376. Reducing block sizes or `num_stages` may help.',
      'looks like the GPU is out of memory',
    );
    assert.equal(got, 'none triton-out-of-resources');
  });
  test('a real CUDA OOM beside it is still the OOM', () => {
    const got = read(
      'out of resource: shared memory, Required: 98304, Hardware limit: 65536',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 21.00 GiB already allocated; 1.10 GiB free; 21.50 GiB reserved in total by PyTorch)',
    );
    assert.equal(got.split(' ')[0], 'gpu_oom');
  });
});

describe('a batch of one the user says runs is no evidence of the model state', () => {
  const oom =
    'RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 11.76 GiB total capacity; 9.80 GiB already allocated; 210.00 MiB free; 9.90 GiB reserved in total by PyTorch)';
  test('"I can train it by reducing the batch size to 1, but ..." reads as the batch, with a batch fix', () => {
    const d = primary(
      'With batch size 4 it fails. I can train it by reducing the batch size to 1, but it is slow.',
      oom,
    );
    assert.equal(d?.cause, 'batch_too_large');
    assert.ok(d?.fixes.some((f) => /batch/.test(f)));
    assert.ok(!(d?.causeAlternatives ?? []).some((a) => a.cause === 'model_state'));
  });
  test('"batch size 1 works" reads the same', () => {
    assert.equal(primary('batch size 1 works, batch size 8 does not', oom)?.cause, 'batch_too_large');
  });
  test('"even with batch size 1 it still fails" stays the model state', () => {
    assert.equal(
      primary('I can not train it, even with batch size 1 it still fails', oom)?.cause,
      'model_state',
    );
    assert.equal(primary('I could run it with batch size 1 but it still fails', oom)?.cause, 'model_state');
  });
});

describe("TensorRT's own out of memory", () => {
  test('"[TRT] ... Error Code 2: OutOfMemory (no further information)" is the GPU\'s', () => {
    const got = read(
      '[11/27/2026-10:00:00] [TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::127] Error Code 2: OutOfMemory (no further information)',
    );
    assert.equal(got.split(' ')[0], 'gpu_oom');
  });
  test('host memory named on a TRT line is still the host', () => {
    const got = read('[TRT] [E] failed to allocate 2048 MiB of host memory: out of memory');
    assert.equal(got.split(' ')[0], 'host_oom');
  });
});

describe("the kernel's OOM task table, rows only", () => {
  test('v4 rows after dmesg timestamps are a kernel OOM kill', () => {
    const got = read(
      'the trainer was automatically killed, dmesg:',
      '[ 5301.120001] [ 2310]  1000  2310   120985     1370     110       4      385             0 gnome-shell',
      '[ 5301.120004] [ 4471]  1000  4471 18237745 15839021   31022      70        0             0 python3',
    );
    assert.equal(got, 'host_oom memory-kill');
  });
  test('v5/v6 rows (pgtables_bytes; rss split) in the journal are too', () => {
    assert.equal(
      read(
        'Nov 27 10:00:01 node7 kernel: [   4471]  1000  4471 18237745 15839021 125304832        0             0 python3',
      ),
      'host_oom memory-kill',
    );
    assert.equal(
      read(
        '[ 88.1] [   4471]  1000  4471 18237745 15839021 15800000    39021        0 125304832        0             0 python3',
      ),
      'host_oom memory-kill',
    );
  });
  test('other bracketed numeric lines are not', () => {
    assert.equal(read('[2026-11-27 10:00:01] [INFO] step 12 loss 0.31'), 'nothing');
    assert.equal(
      read('[ 12.000000] [drm] Initialized nvidia-drm 0.0.0 20160202 for 0000:01:00.0 on minor 1'),
      'nothing',
    );
    assert.equal(read('[rank0] [ 3]  12  40  51  10  22  0.5 loss'), 'nothing');
  });
});

describe('another CUDA status outranks an "out of memory" only a last resort reads', () => {
  test('invalid configuration argument, then a bare "RuntimeError: out of memory"', () => {
    assert.equal(
      read('RuntimeError: CUDA error: invalid configuration argument', 'RuntimeError: out of memory'),
      'none cuda-other-status',
    );
  });
  test("the allocator's own OOM beside such a status is still the OOM", () => {
    const got = read(
      'RuntimeError: CUDA error: invalid device function',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 21.00 GiB already allocated; 1.10 GiB free; 21.50 GiB reserved in total by PyTorch)',
    );
    assert.equal(got.split(' ')[0], 'gpu_oom');
  });
});
