// `headroom fit` on a real PyTorch 2.13 training loop (examples/fit/torch_train.py, from
// .venv-frameworks): trials that stop as soon as their answer is known, under a real cgroup limit.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { frameworksPython, skipUnlessFrameworks } from '../../../test-helpers/frameworks.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const trainScript = join(repoRoot, 'examples/fit/torch_train.py');
const scratch = scratchDir('fit-torch');
const skip = skipUnlessFrameworks('torch');

interface Trial {
  value: number;
  outcome: string;
  reason: string;
  stoppedEarly?: { kind: string; levelBytes?: number } | null;
}

describe('headroom fit on real PyTorch', { skip }, () => {
  test('an epoch far longer than a trial needs: each trial stops once its memory levels off, and the answer is found', async () => {
    const python = frameworksPython() as string;
    // 20000 samples: an epoch of minutes at any batch; only the early stop ends a passing trial. The
    // limit puts the boundary near 24 (torch alone, ~400 MiB peaks at 16-23), where every pass levels off.
    const argv = ['fit', '--json', '--run-dir', join(scratch, 'levelled'), '--host-memory', '410MiB'];
    argv.push('--min', '16', '--max', '64', '--', python, trainScript, '--plain', '--model', 'cnn');
    argv.push('--samples', '20000', '--batch-size', '{batch}');
    const { code, stdout, stderr } = await runHeadroom(argv, { cwd: scratch });
    assert.equal(code, 0, stderr);
    const result = JSON.parse(stdout) as {
      best: number;
      end: string;
      isAnswerSettled: boolean;
      trials: Trial[];
    };
    assert.equal(result.end, 'settled');
    assert.ok(result.best > 1, `best ${result.best}`);
    const passes = result.trials.filter((t) => t.outcome === 'pass' || t.outcome === 'over-margin');
    // Usually two or more passes; one when the first (16, ~367 MiB of the 389 MiB the 5% margin leaves)
    // already puts the next values over the margin by the memory line: then the answer must be settled
    // by it (seen in CI: 16 passed, 32 was OOM-killed, answer 16, no trial run that could not change it).
    assert.ok(passes.length >= 2 || (passes.length === 1 && result.isAnswerSettled), stdout);
    for (const trial of passes) {
      assert.equal(trial.stoppedEarly?.kind, 'levelled-off', JSON.stringify(trial));
      if (trial.outcome === 'pass') assert.equal(trial.reason, 'levelled-off');
    }
    // Too big is the kernel's OOM kill in the trial's cgroup, as before.
    for (const trial of result.trials.filter((t) => t.outcome === 'memory')) {
      assert.match(trial.reason, /oom/, JSON.stringify(trial));
    }
    assert.match(stderr, /stopped: levelled off at/);
  });
});
