// One verdict: the supervisor judges a process's output with doctor's own classifier, so `run`
// and `doctor` cannot disagree about what a log says.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { cleanUpRuns, launch, program, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

describe('the supervisor reads output as doctor does', () => {
  test('a line that mentions a CUDA OOM, then a ModuleNotFoundError: failed, not gpu-oom', async () => {
    const run = await runSupervised([
      launch(
        'train',
        program(
          'steps.mjs',
          'print:INFO: retrying after CUDA out of memory is disabled',
          'error:Traceback (most recent call last):',
          'error:  File "train.py", line 3, in <module>',
          "error:ModuleNotFoundError: No module named 'flash_attn'",
          'exit:1',
        ),
      ),
    ]);
    const train = run.processNamed('train');
    assert.equal(train.reason, 'failed', train.because);
    assert.equal(run.summary.exitCode, 1);
  });

  test("PyTorch's 2.1+ OOM message in the middle of a traceback is gpu-oom", async () => {
    const oom =
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 3.06 MiB is free. Including non-PyTorch memory, this process has 23.63 GiB memory in use. Of the allocated memory 22.98 GiB is allocated by PyTorch, and 203.52 MiB is reserved by PyTorch but unallocated.';
    const run = await runSupervised([
      launch(
        'train',
        program(
          'steps.mjs',
          'error:Traceback (most recent call last):',
          'error:  File "train.py", line 40, in <module>',
          'error:    loss.backward()',
          `error:${oom}`,
          'error:During handling of the above exception, another exception occurred:',
          'error:RuntimeError: cleanup failed',
          'exit:1',
        ),
      ),
    ]);
    const train = run.processNamed('train');
    assert.equal(train.reason, 'gpu-oom', train.because);
    assert.equal(train.confidence, 'certain');
    assert.match(train.because, /CUDA out of memory/);
  });
  // Every corpus log printed by a child: src/examine/recorded-diagnoses.test.ts (one supervised run of the
  // corpus serves that check and the recorded diagnoses' check).
});
