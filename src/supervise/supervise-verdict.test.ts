// One verdict: the supervisor judges a process's output with doctor's own classifier, so `run`
// and `doctor` cannot disagree about what a log says.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { diagnoseText } from '../doctor/diagnose-text.js';
import { corpusDir, readCorpus } from '../doctor/test-helpers/corpus.js';
import { kindForReason } from '../vocabulary.js';
import { cleanUpRuns, launch, program, runPrintingLogs, runSupervised } from './test-helpers/supervised.js';

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

  test('every corpus log, printed by a child that then exits 1, gets the kind doctor gives the file', async (t) => {
    const cases = readCorpus();
    if (cases.length === 0) return t.skip(`no corpus at ${corpusDir} (a bare clone); CI has it`);
    const run = await runPrintingLogs(cases);
    const disagreements = cases.flatMap((item, i) => {
      const expected = diagnoseText(item.body)[0]?.kind ?? 'none';
      const got = run.processNamed(`log${i}`);
      const kind = kindForReason(got.reason);
      return kind === expected
        ? []
        : [`${item.file}: doctor ${expected}, run ${got.reason} (${got.because})`];
    });
    assert.deepEqual(disagreements, []);
  });
});
