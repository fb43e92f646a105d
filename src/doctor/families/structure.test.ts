// Round 3 of issue 23: the shapes that generalise across spellings, each read from a line written
// the way its source prints it (the source is named beside each rule), and the near spellings that
// must stay undecided or not memory.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]) => primary(...lines)?.kind ?? 'none';

describe('one CUDA error-2 shape', () => {
  test('every wrapper that re-raises cudaErrorMemoryAllocation with its runtime string', () => {
    for (const line of [
      'RuntimeError: CUDA failed with error out of memory', // CTranslate2 CUDA_CHECK
      'cuda failed with error 2 out of memory. use CUDA_LAUNCH_BLOCKING=1 to get correct traceback.',
      'RuntimeError: CUDA error: out of memory',
      '[E 04/21/25 21:28:17.863 8096] [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_OUT_OF_ME',
    ])
      assert.equal(kindOf(line), 'gpu_oom', line);
  });
  test('other CUDA errors are not memory', () => {
    assert.equal(kindOf('RuntimeError: CUDA error: an illegal memory access was encountered'), 'none');
  });
  test("PyTorch's message quoted whole in a sentence; a source line that tests for it is not", () => {
    assert.equal(kindOf('and now I get `CUDA out of memory` error:'), 'gpu_oom');
    assert.equal(kindOf("it still calls the error  ''CUDA out of memory'', I wonder"), 'gpu_oom');
    assert.equal(kindOf('    if "CUDA out of memory" in str(e):'), 'none');
  });
});

describe('the kill grammar', () => {
  test("earlyoom's report is read by its figures", () => {
    const low = mustDiagnose(
      'earlyoom[1460]: mem avail:    56 of 15881 MiB ( 0.35%), swap free: 2555 of 4095 MiB (62.38%)',
    );
    assert.equal(low.kind, 'host_oom');
    assert.match(low.causeText, /56 MiB of 15881 MiB/);
    assert.equal(kindOf('mem avail: 750 of 999 MiB (75 %), swap free: 577 of 974 MiB (59 %)'), 'none');
    assert.equal(
      kindOf(
        'Low memory! mem avail: 327 of 5875 MiB (5) % <= min 10 %, swap free: 0 of 0 MiB (0 %) <= min 10 %',
      ),
      'host_oom',
    );
  });
  test("a notebook's dead kernel in any front end's words is can't tell alone; the OOM killer retold is a kill", () => {
    // CORPUS-FORMAT settled rule 6: the front end saw only the end; RAM and a native crash look alike.
    for (const line of [
      'Jupyter notebook just gave me a notice that kernel died.',
      '"Kernel restarted: c9cfc80d-88b0-46db-a5c5-65a550491687" when I run "train.fit()"',
      'The Kernel crashed while executing code in the current cell or a previous cell.',
      'KernelRestarter: restarting kernel (1/5), keep random ports',
    ]) {
      const d = mustDiagnose(line);
      assert.equal(`${d.kind}/${d.cause}`, 'none/unknown', line);
    }
    const d = mustDiagnose('When I try to run the train code, I get a error : killed by OOM killer');
    assert.equal(`${d.kind}/${d.confidence}`, 'host_oom/likely');
  });
  test('one exit-status shape', () => {
    for (const line of [
      '[model:stepstoreproduce] Training task exit with status code 137',
      '                        "exitCode": 137,',
      'ERROR: Job failed: exit code 137',
    ])
      assert.equal(kindOf(line), 'host_oom', line);
    assert.equal(kindOf('exit status 1370'), 'none');
  });
  test("Slurm's 'at some point' is the cgroup's failcnt, no kill", () => {
    assert.equal(
      kindOf(
        'slurmstepd: error: Exceeded step memory limit at some point. Step may have been partially swapped out to disk.',
      ),
      'none',
    );
    assert.equal(kindOf('slurmstepd: error: Exceeded job memory limit'), 'host_oom');
  });
  test('ENOMEM from old PyTorch and MuJoCo allocators is a host allocation', () => {
    for (const line of [
      'enforce fail at CPUAllocator.cpp:56] posix_memalign(&data, gAlignment, nbytes) == 0. 12 vs 0',
      'mujoco.FatalError: Could not allocate memory',
    ])
      assert.equal(mustDiagnose(line).cause, 'host_allocation', line);
  });
});

describe('capacity shapes', () => {
  test('a PhysX field beside "overflow" without its number', () => {
    const d = mustDiagnose('I\'m encountering a "collisionStackSize buffer overflow" error.');
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.setting, 'collisionStackSize');
  });
  test("MuJoCo's buffer-full warning cut before its setting names the setting by its buffer", () => {
    assert.equal(mustDiagnose('Pre-allocated visual geom buffer is full.').facts.setting, 'maxgeom');
  });
  test("a contact buffer smaller than the solver's, read by its figures", () => {
    const d = mustDiagnose('ValueError: MuJoCo naconmax (25600) exceeds contacts.rigid_contact_max (3840).');
    assert.equal(d.kind, 'sim_capacity');
    assert.equal(d.facts.requiredCount, 25600);
    assert.equal(d.facts.currentCount, 3840);
  });
  test("Emscripten's fixed heap", () => {
    assert.equal(
      mustDiagnose('ammo.js:73 Uncaught Error: abort(OOM). Build with -s ASSERTIONS=1 for more info.').kind,
      'sim_capacity',
    );
  });
});

describe('line starts after a prefix', () => {
  test('"Killed" and MemoryError after a rank prefix, a syslog tag, a compose tag', () => {
    for (const line of [
      '[rank0]: Killed',
      'Apr 17 15:57:31 runner01 python3[1701]: Killed',
      'trainer-1  | MemoryError',
    ])
      assert.equal(kindOf(line), 'host_oom', line);
  });
});
