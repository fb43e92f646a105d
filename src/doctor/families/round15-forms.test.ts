// Issue 23, round 15 of the rules (tuned on the spent heldout-14 and heldout-15): an OOM told only in
// the user's sentence with no device word in the phrase (its side by the sentence, else the whole log);
// the memory itself said to run out; the kernel OOM killer's line is the host's; tt-metal's DRAM
// buffer is the device's; ggml's pinned-buffer try refused with a non-memory status; bash's job
// report with its "line N:" prefix lost. Written afresh, with the look-alikes that must not read.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../test-helpers/diagnose.js';

const kindOf = (...lines: string[]) => primary(...lines)?.kind ?? 'none';

describe("an OOM in the user's sentence, no device word in the phrase", () => {
  test('the sentence names the GPU', () => {
    assert.equal(
      kindOf('I use an RTX 4090 GPU to run it, but I keep getting out-of-memory errors.'),
      'gpu_oom',
    );
    assert.equal(kindOf('I encounter an `OutOfMemoryError` on my CUDA device.'), 'gpu_oom');
  });
  test('the sentence names the host', () => {
    assert.equal(
      kindOf('Because the RAM was out of memory, my program was killed by the system.'),
      'host_oom',
    );
    assert.equal(kindOf('When I use read_h5ad, I get an out of memory exception.'), 'host_oom');
  });
  test('neither named: the whole log decides', () => {
    assert.equal(
      kindOf('I have a GPU with 6G memory.', 'I constantly get out of memory error from the start.'),
      'gpu_oom',
    );
    assert.equal(
      kindOf('I have 8GB of RAM.', 'Getting memory error after 11048 tasks are done.'),
      'host_oom',
    );
  });
  test('the memory said to run out', () => {
    assert.equal(kindOf('These tasks were exhausting GPU memory at the default of 4096 envs.'), 'gpu_oom');
  });
  test('not after a condition, a negation or in a question', () => {
    assert.equal(kindOf('If you get an out of memory error, lower the batch size.'), 'none');
    assert.equal(kindOf('We never got an out of memory error.'), 'none');
    assert.equal(kindOf('Do you get out of memory errors too?'), 'none');
    assert.equal(kindOf('To avoid running out of GPU memory, use --tile.'), 'none');
  });
});

describe('which memory a line names', () => {
  test("the kernel OOM killer's line is the host's beside a GPU", () => {
    assert.equal(
      kindOf(
        'cuDSS is enabled on the GPU.',
        'syslog: `Out of memory: Killed process XXXX (glomap) total-vm:59G, anon-rss:42G`',
      ),
      'host_oom',
    );
  });
  test("tt-metal's DRAM buffer is the device's", () => {
    assert.equal(
      kindOf(
        'TT_FATAL: Out of Memory: Not enough space to allocate 167772160 B DRAM buffer across 12 banks, where each bank needs to store 13983744 B',
      ),
      'gpu_oom',
    );
  });
  test("ggml's pinned buffer refused with invalid argument is no OOM", () => {
    assert.equal(
      kindOf('ggml_cuda_host_malloc: failed to allocate 1900,00 MiB of pinned memory: invalid argument'),
      'none',
    );
    assert.notEqual(
      kindOf('ggml_cuda_host_malloc: failed to allocate 1900,00 MiB of pinned memory: out of memory'),
      'none',
    );
  });
});

test('bash\'s job report with its "line N:" prefix lost', () => {
  assert.equal(kindOf('71885 Killed                  python -m trainer --cfg=x.py'), 'host_oom');
  assert.equal(kindOf('71885 Killed by the user'), 'none');
});
