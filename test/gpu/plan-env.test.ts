// test/gpu/check.py runs, on a real card, the environments headroom's plan gives a JAX learner and a
// PyTorch policy (its "plan-env" group). It runs with python3 alone, so it holds copies of them: this
// keeps those copies equal to what `headroom env` prints for test/gpu/plan.yaml today.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runHeadroom } from '../../src/cli/test-helpers/run-in-process.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const checkPy = readFileSync(join(here, 'check.py'), 'utf8');

/** The Python dict literal `NAME = {...}` in check.py, as an object (its keys and values are plain strings). */
function pythonDict(name: string): Record<string, string> {
  const match = new RegExp(`^${name} = (\\{[^}]*\\})`, 'm').exec(checkPy);
  assert.ok(match, `${name} is not in check.py`);
  return JSON.parse(match[1]!.replace(/,(\s*)\}$/, '$1}'));
}

for (const [processName, dictName] of [
  ['learner', 'PLAN_ENV_JAX'],
  ['policy', 'PLAN_ENV_TORCH'],
] as const) {
  test(`check.py's ${dictName} is what \`headroom env ${processName}\` gives (the bootstrap's path aside)`, async () => {
    const outcome = await runHeadroom(
      ['env', '-c', join(here, 'plan.yaml'), processName, '--format', 'json'],
      {
        env: { HEADROOM_GPU: undefined },
      },
    );
    assert.equal(outcome.code, 0, outcome.stderr);
    const { PYTHONPATH, ...planned } = JSON.parse(outcome.stdout) as Record<string, string>;
    assert.match(PYTHONPATH ?? '', /headroom_boot$/);
    assert.deepEqual(pythonDict(dictName), planned);
  });
}
