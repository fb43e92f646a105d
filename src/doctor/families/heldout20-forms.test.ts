// Issue 23, heldout-20's second shift (designed on a random half of that spent slice's kind misses,
// the other half put aside): the forms doctor lacked, written afresh with their look-alikes —
// "Exception" as a failure word and a GNU "file:line:col:" error line, a question after a quoted
// report, a backend's own name for device memory (Accelerate's "remote memory", CANN's error
// records, PyTorch's allocated/reserved figures), a machine-translated DefaultCPUAllocator message,
// and Ray's monitor kill with the node's address redacted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]): string => primary(...lines)?.kind ?? 'none';

describe('failure lines in other shapes', () => {
  test('"X Exception: out of memory" after a source location, and a GNU file:line:col: error', () => {
    assert.equal(kindOf('./Src/Backend/Context.hs:91 (unhandled): CUDA Exception: out of memory'), 'gpu_oom');
    assert.equal(kindOf('lib/Pool/Remote.hs:120:7: (malloc): Remote memory exhausted'), 'gpu_oom');
  });
  test('look-alikes: a located warning, "without exception"', () => {
    assert.equal(
      kindOf('src/pool.c:12:3: warning: the pool may run out of memory with large inputs'),
      'none',
    );
    assert.equal(kindOf('every run without exception logs how much memory is used'), 'none');
  });
});

describe('a question after a quoted report', () => {
  test('the quoted span is the report, the question is about it', () => {
    assert.equal(
      kindOf(
        'my card shows **RuntimeError: cuMemCreate failed: CUDA_ERROR_OUT_OF_MEMORY**, could it be my settings?',
      ),
      'gpu_oom',
    );
  });
  test('look-alike: the question itself holds the phrase', () => {
    assert.equal(kindOf('does this model run out of memory on a 12 GB card?'), 'none');
  });
});

describe("a backend's own name for device memory", () => {
  test("CANN's error record, PyTorch's allocated/reserved figures", () => {
    assert.equal(
      kindOf('PID:123 Memory_Allocation_Failure(EL0004): Failed to allocate memory requested by APP module.'),
      'gpu_oom',
    );
    assert.equal(
      kindOf(
        'RuntimeError: Not enough memory for this step. Need: 2.0GB free, Have: 1.1GB free, A: 7.10 GB, R: 7.50 GB',
      ),
      'gpu_oom',
    );
  });
  test('look-alike: the same words with the host named stay the host', () => {
    assert.equal(kindOf('RuntimeError: Not enough memory: the host RAM has 1.1GB free'), 'host_oom');
  });
});

describe('a machine-translated DefaultCPUAllocator message', () => {
  test("the allocator's name and the count survive the translation", () => {
    const d = primary('[错误] DefaultCPUAllocator：内存不足：您尝试分配 12345678901 字节。');
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.requestedBytes, 12345678901);
  });
  test("look-alike: a C++ frame naming the allocator's method", () => {
    assert.equal(kindOf('frame #3: c10::DefaultCPUAllocator::allocate(unsigned long) + 0x4a'), 'none');
  });
});

describe("Ray's memory monitor with the node's address redacted", () => {
  test('the raylet sentence without its IP is still the monitor kill', () => {
    const d = primary(
      'Memory on the node ( ID: abc123) where the task (actor ID: def, name=Actor.__init__, pid=77, memory used=1.5GB) was running was 90.10GB / 94.00GB (0.958), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 99) because',
    );
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.cause, 'memory_monitor');
  });
});

describe("DeepSpeed's launcher after a rank's own crash", () => {
  test('a negative return code other than -9 is a signal the OOM killer never sends', () => {
    const lines = (code: number) => [
      '[2024-03-01 10:00:00,000] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4242',
      '[2024-03-01 10:00:00,001] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4243',
      `[2024-03-01 10:00:00,002] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] exits with return code = ${code}`,
    ];
    assert.equal(kindOf(...lines(-11)), 'none');
    assert.equal(kindOf(...lines(-6)), 'none');
    // SIGKILL (-9) stays the OOM killer's most often.
    assert.equal(kindOf(...lines(-9)), 'host_oom');
  });
});
