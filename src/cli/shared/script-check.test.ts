import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { scratchDir } from '../../test-helpers/scratch.js';
import { checkLaunchScripts, pythonScriptOf } from './script-check.js';

describe('the script check before launch', () => {
  test('finds the script a Python command runs, past interpreter options; none for -m, -c or other programs', () => {
    assert.equal(pythonScriptOf(['python3', '-u', 'train.py', '--lr', '3']), 'train.py');
    assert.equal(pythonScriptOf(['/venv/bin/python3.11', '-X', 'dev', '-W', 'error', 'a/b.py']), 'a/b.py');
    assert.equal(pythonScriptOf('python train.py --epochs 3'), 'train.py');
    assert.equal(pythonScriptOf(['python', '-m', 'train']), null);
    assert.equal(pythonScriptOf(['python', '-c', 'print(1)']), null);
    assert.equal(pythonScriptOf(['node', 'train.py']), null);
    assert.equal(pythonScriptOf(['python', 'run.sh']), null);
  });

  test("checks each script once, in the launch's environment (an exported fraction is what workers inherit)", () => {
    const dir = scratchDir('script-check');
    const source = [
      'import jax',
      'from joblib import Parallel, delayed',
      'def train(k):',
      '    return k',
      'Parallel(n_jobs=3)(delayed(train)(k) for k in range(3))',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'train.py'), source);
    const env = { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.9000', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' };
    const launches = ['trainer.0', 'trainer.1'].map((name) => ({
      name,
      command: ['python', 'train.py'],
      cwd: dir,
      env,
    }));
    const checked = checkLaunchScripts(
      [...launches, { name: 'sim', command: ['node', 'sim.mjs'], env }],
      dir,
    );
    assert.equal(checked.length, 1, 'replicas run one script: checked once');
    assert.equal(checked[0]?.script, 'train.py');
    assert.ok(
      checked[0]!.findings.some((f) => f.line === 5 && /0\.9/.test(f.message)),
      JSON.stringify(checked),
    );
    // A script that is not there is the launch's to report, not the check's.
    assert.deepEqual(checkLaunchScripts([{ name: 'x', command: ['python', 'missing.py'], env }], dir), []);
  });
});
