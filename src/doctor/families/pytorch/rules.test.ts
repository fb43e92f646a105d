import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const bytes = (gib: number) => Math.floor(gib * GiB + 1e-6);

// Message texts follow c10/cuda/CUDACachingAllocator.cpp in each generation (FACTS Q9).
describe('PyTorch CUDA OOM, every generation', () => {
  test('1.0-1.3 "cached" form: cached is reserved minus allocated', () => {
    const d = mustDiagnose(
      'RuntimeError: CUDA out of memory. Tried to allocate 86.00 MiB (GPU 3; 11.75 GiB total capacity; 10.05 GiB already allocated; 85.81 MiB free; 588.65 MiB cached)',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.framework, 'torch');
    assert.deepEqual(d.facts, {
      requestedBytes: 86 * MiB,
      device: 3,
      totalBytes: bytes(11.75),
      freeBytes: Math.floor(85.81 * MiB),
      allocatedBytes: bytes(10.05),
      reservedUnallocatedBytes: Math.floor(588.65 * MiB),
    });
  });

  test('1.x "reserved in total by PyTorch" with a fraction ("allowed")', () => {
    const d = mustDiagnose(
      'RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 6.90 GiB already allocated; 15.10 GiB free; 7.09 GiB allowed; 7.00 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.',
    );
    assert.equal(d.facts.allowedBytes, bytes(7.09));
    assert.equal(d.facts.reservedBytes, bytes(7));
    assert.equal(d.cause, 'memory_cap');
    assert.match(d.fixes[0]!, /set_per_process_memory_fraction\(0\.39\)/);
  });

  test('2.1+ form with processes, the misspelt "capacty", and the rank prefix', () => {
    const d = mustDiagnose(
      '[rank1]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacty of 23.64 GiB of which 1.20 GiB is free. Process 4242 has 10.00 GiB memory in use. Including non-PyTorch memory, this process has 12.40 GiB memory in use. Of the allocated memory 11.10 GiB is allocated by PyTorch, and 820.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
    );
    assert.equal(d.facts.device, 1);
    assert.equal(d.facts.rank, 1);
    assert.equal(d.facts.processBytes, bytes(12.4));
    assert.deepEqual(d.holders, [{ pid: 4242, bytes: bytes(10), isSelf: false }]);
    assert.equal(d.cause, 'co_tenant');
    assert.ok(d.fixes.some((f) => f.includes('nvidia-smi --query-compute-apps')));
  });

  test('main form with private pools; the hint names PYTORCH_ALLOC_CONF, the fix the old name (2.9.1 ignores the new one, pytorch#183387)', () => {
    const d = mustDiagnose(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 300.00 MiB is free. Including non-PyTorch memory, this process has 78.80 GiB memory in use. Of the allocated memory 60.00 GiB is allocated by PyTorch, with 1.00 GiB allocated in private pools (e.g., CUDA Graphs), and 18.00 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.',
    );
    assert.equal(d.facts.privatePoolBytes, bytes(1));
    assert.equal(d.cause, 'fragmentation');
    assert.match(d.fixes[0]!, /^export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/);
  });

  test('a message cut after "GPU" (issue #126766) still gives what it states', () => {
    const d = mustDiagnose(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU ',
      '',
    );
    assert.deepEqual(d.facts, { requestedBytes: 20 * MiB });
  });

  test('a message wrapped over lines by a terminal is rejoined', () => {
    const d = mustDiagnose(
      'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.95 GiB total capacity;',
      '2.56 GiB already allocated; 19.25 MiB free; 2.69 GiB reserved in total by PyTorch)',
    );
    assert.equal(d.facts.totalBytes, bytes(3.95));
    assert.equal(d.facts.reservedBytes, bytes(2.69));
  });

  test('a request larger than the card is a shape problem', () => {
    const d = mustDiagnose(
      'CUDA out of memory. Tried to allocate 124.68 GiB. GPU 0 has a total capacity of 95.22 GiB of which 51.23 GiB is free.',
    );
    assert.equal(d.cause, 'request_exceeds_device');
  });

  test('the exception class alone is a generic echo, dropped next to the message', () => {
    const d = mustDiagnose(
      "terminate called after throwing an instance of 'c10::OutOfMemoryError'",
      'CUDA out of memory. Tried to allocate 1.02 GiB (GPU 0; 11.76 GiB total capacity; 89.90 MiB already allocated; 612.12 MiB free; 132.00 MiB reserved in total by PyTorch)',
    );
    assert.equal(d.code, 'torch-cuda-oom');
    assert.equal(d.cause, 'co_tenant'); // 11 GiB is neither free nor PyTorch's
  });

  test('DefaultCPUAllocator is host memory', () => {
    const d = mustDiagnose(
      'RuntimeError: [enforce fail at alloc_cpu.cpp:114] data. DefaultCPUAllocator: not enough memory: you tried to allocate 11612160000 bytes.',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.facts.requestedBytes, 11612160000);
  });
});

test('a stranded cache under a tenth of the card is the batch, with the allocator option second', () => {
  // 3.97 GiB reserved-unallocated is twice the request but 5% of the 79.15 GiB card: the tensors hold
  // the rest, so the batch is the cause; returning the cache would serve this one request, so the
  // allocator option follows the batch fix.
  const d = mustDiagnose(
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.32 GiB is free. Including non-PyTorch memory, this process has 77.82 GiB memory in use. Of the allocated memory 73.21 GiB is allocated by PyTorch, and 3.97 GiB is reserved by PyTorch but unallocated.',
  );
  assert.equal(d.cause, 'batch_too_large');
  assert.match(d.fixes[0]!, /batch size/);
  assert.ok(d.fixes.slice(1).some((fix) => fix.includes('expandable_segments:True')));
  const stranded = mustDiagnose(
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.32 GiB is free. Including non-PyTorch memory, this process has 77.82 GiB memory in use. Of the allocated memory 69.21 GiB is allocated by PyTorch, and 7.97 GiB is reserved by PyTorch but unallocated.',
  );
  assert.equal(stranded.cause, 'fragmentation');
  assert.ok(stranded.fixes.some((fix) => fix.includes('expandable_segments:True')));
});

test('a log line that merely mentions CUDA out of memory is not an OOM', () => {
  const d = primary(
    'INFO: step 100 loss 0.5',
    'INFO: retrying after CUDA out of memory is disabled (--retry-on-oom=false)',
    'Training finished.',
  );
  assert.ok(d === undefined || d.kind === 'none', JSON.stringify(d));
  // A message cut right after the allocator's words still counts.
  assert.equal(mustDiagnose('RuntimeError: CUDA out of memory.').kind, 'gpu_oom');
});

// huggingface/accelerate v1.14.0 src/accelerate/utils/memory.py find_executable_batch_size: the batch halved on
// each memory error until zero (heldout-40's uniem#136 after its measurement, quoted in a Chinese sentence).
describe("Accelerate's batch-size finder that reached zero", () => {
  test('is a device OOM whose batch cannot get smaller: the model state, another process open', () => {
    const d = mustDiagnose(
      '在微调模型中，执行 run() 方法时，未指定 batch_size，会报错 RuntimeError: No executable batch size found, reached zero. 有点奇怪',
    );
    assert.equal(d.kind, 'gpu_oom');
    assert.equal(d.code, 'torch-oom-caught-by-app');
    assert.equal(d.cause, 'model_state');
    assert.ok(!d.fixes.some((f) => /lower the batch|batch size/i.test(f)));
    assert.ok(d.causeAlternatives?.some((a) => a.cause === 'co_tenant'));
    // The input's own size stays open (a shorter sequence, a lower resolution), never a smaller batch.
    const batch = d.causeAlternatives?.find((a) => a.cause === 'batch_too_large');
    assert.ok(batch === undefined || /shortest input/.test(batch.decidedBy));
  });
  test("the other applications' retry warnings keep their reading", () => {
    assert.equal(primary('out of memory error, emptying cache and trying again')?.cause, 'batch_too_large');
  });
});
