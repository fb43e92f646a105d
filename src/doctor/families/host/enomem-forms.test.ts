// Three spellings of a refused host allocation and of SIGBUS, read after heldout-43 was measured
// (exits.ts python-memory-error, shm-rules.ts bus-error), with the near misses beside them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe('ENOMEM by its number, numpy before 1.18, gdb on SIGBUS', () => {
  test("ENOMEM's number after a POSIX call that takes memory failed", () => {
    // mmseqs2 through ColabFold (sokrypton/ColabFold#837).
    const d = mustDiagnose(
      'Failed to mmap memory dataSize=244437757952 File=.../local/ColabFold/dbs/uniref30_2302_db.idx. Error 12.',
    );
    assert.equal(d.kind, 'host_oom');
    assert.equal(d.cause, 'host_allocation');
    assert.equal(mustDiagnose('fork failed, errno=12').kind, 'host_oom');
  });

  test('not mlock (RLIMIT_MEMLOCK), not a count, not another number', () => {
    assert.equal(primary('mlock failed: error 12'), undefined);
    assert.equal(primary('mmap returned 12 pages'), undefined);
    assert.equal(primary('mmap failed: error 13'), undefined);
    assert.equal(primary('fork failed, errno=120'), undefined);
  });

  test("numpy's refusal before it named the size", () => {
    // yanx27/Pointnet_Pointnet2_pytorch#61; numpy/numpy#13306.
    assert.equal(
      mustDiagnose('Unable to allocate array with shape (11490542,) and data type float64').kind,
      'host_oom',
    );
  });

  test("gdb's report of SIGBUS is the bus error; of another signal it is not", () => {
    // NVIDIA/JAX-Toolbox#183.
    assert.equal(mustDiagnose('Thread 787 "imagenet_fake_d" received signal SIGBUS, Bus error.').kind, 'shm');
    assert.notEqual(primary('Program received signal SIGSEGV, Segmentation fault.')?.kind, 'shm');
  });
});
