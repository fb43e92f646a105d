import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';

describe('/dev/shm', () => {
  test('the SIGBUS handler message and the DataLoader line merge into one diagnosis', () => {
    const d = mustDiagnose(
      'ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).',
      'RuntimeError: DataLoader worker (pid 325) is killed by signal: Bus error.',
    );
    assert.equal(d.kind, 'shm');
    assert.equal(d.facts.pid, 325);
    assert.equal(d.occurrences, 2);
    assert.ok(d.fixes.some((f) => f.includes('--shm-size=8g')));
  });

  test("a program's own space check on /dev/shm, in its words, is the full tmpfs; advice is not", () => {
    const d = mustDiagnose(
      'RuntimeError: Insufficient space in /dev/shm: 160 MiB required, 64 MiB free. Increase /dev/shm (e.g. --shm-size or --ipc=host).',
    );
    assert.equal(d.kind, 'shm');
    assert.equal(d.code, 'dev-shm-no-space');
    assert.equal(mustDiagnose('ERROR: /dev/shm is full').code, 'dev-shm-no-space');
    assert.equal(primary('WARNING: there may be insufficient space in /dev/shm for workers'), undefined);
    assert.equal(primary('if /dev/shm is full, increase it with --shm-size'), undefined);
  });

  test('a message wrapped at "Bus / error" is rejoined', () => {
    const d = mustDiagnose(
      'RuntimeError: DataLoader worker (pid 47) is killed by signal: Bus',
      "error. It is possible that dataloader's workers are out of shared",
      'memory. Please try to raise your shared memory limit.',
    );
    assert.equal(d.code, 'dataloader-worker-bus-error');
    assert.equal(d.facts.pid, 47);
  });

  test('docker run without --shm-size is named in the cause', () => {
    const d = mustDiagnose(
      'sudo docker run --rm -it -v $(pwd):/$(pwd) cascademask python tools/train.py',
      "RuntimeError: DataLoader worker (pid 37) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory.",
    );
    assert.match(d.causeText, /sets no --shm-size/);
  });

  test('ENOSPC writing a torch storage; NCCL segments; a plain disk-full is not shm', () => {
    assert.equal(
      primary('RuntimeError: unable to write to file </torch_8289_606636967_0>: No space left on device (28)')
        ?.kind,
      'shm',
    );
    const nccl = mustDiagnose(
      'node1:123:456 [0] NCCL WARN Error: failed to extend /dev/shm/nccl-abc123 to 9637892 bytes',
    );
    assert.equal(nccl.framework, 'nccl');
    assert.match(nccl.fixes.join(' '), /NCCL_SHM_DISABLE=1/);
    assert.equal(primary('OSError: [Errno 28] No space left on device: checkpoints/model.pt'), undefined);
  });

  test('too many open files is not /dev/shm size', () => {
    const d = mustDiagnose(
      'RuntimeError: unable to open shared memory object </torch_1_2> in read-write mode: Too many open files (24)',
    );
    assert.equal(d.kind, 'none');
    assert.match(d.fixes[0]!, /set_sharing_strategy\('file_system'\)/);
  });

  test("Ray's object store on a small /dev/shm: the size Ray asks for, never one the log shows in effect", () => {
    const d = mustDiagnose(
      "2025-01-14 03:08:29,081\tWARNING services.py:2022 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance! You may be able to free up space by deleting files in /dev/shm. If you are inside a Docker container, you can increase /dev/shm size by passing '--shm-size=5.04gb' to 'docker run' (or add it to the run_options list in a Ray cluster config).",
    );
    assert.equal(d.kind, 'shm');
    assert.equal(d.cause, 'shm_too_small');
    assert.equal(d.confidence, 'possible');
    assert.equal(d.facts.shmAvailableBytes, 67108864);
    assert.match(d.fixes[0]!, /--shm-size=5\.04gb/);
    // A warning Ray goes on after: any failure of the run outranks it.
    const oom = mustDiagnose(
      'WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 bytes available.',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.',
    );
    assert.equal(oom.kind, 'gpu_oom');
  });

  test('a torch shared-memory file name cut by the paste', () => {
    assert.equal(mustDiagnose('RuntimeError:unable to write to file </torch>.....').kind, 'shm');
  });

  // CPython Modules/faulthandler.c faulthandler_fatal_error writes "Fatal Python error: ", the
  // signal's name and "\n\n" as three write(2) calls, so two threads faulting together interleave
  // them (heldout-29/shm-jax-ml-jax-17296, the first line of its paste).
  test("faulthandler's bus error written by two threads at once", () => {
    const interleaved = 'Fatal Python error: Fatal Python error: Bus errorBus error';
    assert.equal(
      mustDiagnose(interleaved, '', 'Thread 0x00007f50e814d000 (most recent call first):').kind,
      'shm',
    );
    // The same interleaving of another signal stays that signal's.
    assert.notEqual(
      primary('Fatal Python error: Fatal Python error: Segmentation faultSegmentation fault')?.kind,
      'shm',
    );
    // The words inside a sentence are not the handler's line.
    assert.notEqual(primary('Fatal Python error: Bus error is what I get every time')?.kind, 'shm');
  });
});
