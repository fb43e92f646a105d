// Issue 23, round 19 of the rules (tuned on the spent heldout-18, by structure): full-width
// parentheses and colon folded by the paste normaliser; torch's DataLoader worker reports retyped or
// kept only as the raise's source line; bash's job report with "Killed" retold; the shell's word told
// by where it was written; nohang's corrective action; managedCuda's NPP allocation failure and the
// CUDA driver's CUresult 2. Written afresh, with the look-alikes that must not move.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { normalizePaste } from '../paste.js';
import { primary } from '../test-helpers/diagnose.js';

describe('full-width parentheses and colon', () => {
  test('are folded to ASCII; a full-width question mark stays', () => {
    assert.equal(
      normalizePaste('worker（pid 12）is killed by signal：Killed？'),
      'worker(pid 12)is killed by signal:Killed？',
    );
  });
  test('a worker report typed with them is the DataLoader worker killed', () => {
    const d = primary('我在测试时遇到 worker（pid 4242）is killed by signal：killed，怎么解决');
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.pid, 4242);
  });
});

describe("torch's DataLoader worker reports", () => {
  test("the raise's source line in a plain traceback (a title that lost the message)", () => {
    const d = primary(
      `File "/x/site-packages/torch/utils/data/dataloader.py", line 774, in _try_get_data raise RuntimeError('DataLoader worker (pid(s) {}) exited unexpectedly'.format(`,
    );
    assert.equal(d?.kind, 'host_oom');
  });
  test('"quit unexpectedly" retyped for "exited", "Worker" capitalised', () => {
    const d = primary('RuntimeError: DataLoader Worker (pid(s) 777) quit unexpectedly');
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.pid, 777);
  });
  test("look-alike: the pin-memory thread's exit is not a worker's", () => {
    assert.equal(primary('RuntimeError: Pin memory thread exited unexpectedly'), undefined);
  });
});

describe('a kill retold', () => {
  test("bash's job report with its word retold in English", () => {
    const d = primary('./scripts/run.sh: row 12: 31337 was killed');
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.pid, 31337);
  });
  test("the shell's word told by where it was written", () => {
    const d = primary('After the preprocessing finished it writes to the terminal Killed, and it ends.');
    assert.equal(d?.kind, 'host_oom');
  });
  test('look-alike: a kill by a named signal is none', () => {
    assert.notEqual(primary('it writes to the terminal killed by signal 11')?.kind, 'host_oom');
  });
});

describe("nohang's corrective action", () => {
  test('is a memory monitor acting at its threshold', () => {
    const d = primary(
      'Jan 02 10:00:00 box nohang[99]: Memory status before implementing a corrective action:',
      'Jan 02 10:00:00 box nohang[99]:   MemAvailable: 210.0 MiB, SwapFree: 0.0 MiB',
      'Jan 02 10:00:00 box nohang[99]: Implement a corrective action:',
      'Jan 02 10:00:00 box nohang[99]:   Send SIGTERM to the victim; total response time: 12 ms',
    );
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.cause, 'memory_monitor');
  });
});

describe('device allocation failures in two more spellings', () => {
  test("managedCuda's NPPException", () => {
    assert.equal(primary('ManagedCuda.NPP.NPPException: "Device allocation error"')?.kind, 'gpu_oom');
  });
  test("the same in .NET's exception detail", () => {
    const d = primary(
      'ManagedCuda.NPP.NPPException was caught',
      '  Message=Device allocation error',
      '  Source=NPP',
    );
    assert.equal(d?.kind, 'gpu_oom');
  });
  test("the CUDA driver's CUresult 2 (CUDA_ERROR_OUT_OF_MEMORY)", () => {
    const d = primary('[alloc.cpp] CUresult error  result=2 file=alloc.cpp func=cu_mem_create line=40');
    assert.equal(d?.kind, 'gpu_oom');
  });
  test('look-alike: another CUresult is no OOM', () => {
    assert.notEqual(primary('[alloc.cpp] CUresult error  result=201 func=cu_ctx_create')?.kind, 'gpu_oom');
  });
});

describe("a spill past a small card's whole memory", () => {
  test('is the card, the batch an alternative', () => {
    const d = primary(
      'RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 2.00 GiB total capacity; 3.90 GiB already allocated; 0 bytes free; 3.95 GiB reserved in total by PyTorch)',
    );
    assert.equal(d?.cause, 'device_too_small');
    assert.ok(d?.causeAlternatives?.some((a) => a.cause === 'batch_too_large'));
  });
  test('look-alike: the same spill on an 8 GiB card stays the batch', () => {
    const d = primary(
      'RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 8.00 GiB total capacity; 14.90 GiB already allocated; 0 bytes free; 14.95 GiB reserved in total by PyTorch)',
    );
    assert.equal(d?.cause, 'batch_too_large');
  });
});

describe('figures in two more places', () => {
  test("ollama's refusal gives the host's free memory as free", () => {
    const d = primary('Error: model requires more system memory (7.3 GiB) than is available (6.0 GiB)');
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.freeBytes, 6 * 2 ** 30);
  });
  test("the kernel's kill line with its pid redacted keeps its figures", () => {
    const d = primary(
      'Killed process _xxxxx_ (python3) total-vm:62715315kB, anon-rss:31522500kB, file-rss:2304kB, shmem-rss:16kB',
    );
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.anonRssBytes, 31522500 * 1024);
    assert.equal(d?.facts.pid, undefined);
  });
  test("look-alike: a sentence naming a killed process with no figures is not the kernel's line", () => {
    assert.notEqual(primary('I killed process XXXX (chrome) to free memory')?.facts.kernelKilled, true);
  });
});

describe("DeepSpeed's launcher killing its ranks", () => {
  const killing = [
    '[2024-01-01 10:00:00,000] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4100',
    '[2024-01-01 10:00:00,001] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 4101',
  ];
  test('after a child that ended with no error of its own is a bare kill', () => {
    const d = primary('Loading checkpoint shards:   0%|          | 0/7', ...killing);
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.pid, 4100);
  });
  test("look-alike: the child's own return code of 1 is no kill", () => {
    assert.equal(
      primary(...killing, "[ERROR] [launch.py:321:sigkill_handler] ['python'] exits with return code = 1"),
      undefined,
    );
  });
  test("look-alike: a traceback before it is the child's own error", () => {
    const d = primary(
      'Traceback (most recent call last):',
      '  File "train.py", line 3, in <module>',
      'ValueError: bad shape',
      ...killing,
    );
    assert.notEqual(d?.kind, 'host_oom');
  });
});
