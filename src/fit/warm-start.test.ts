import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  assumedWarmBytes,
  findPythonScript,
  warmDepthFor,
  whyNoForkedTrials,
  whyNoWarmStart,
} from './warm-start.js';

const GiB = 2 ** 30;

describe('which commands can start warm', () => {
  test('python SCRIPT.py, behind prlimit or env, with the placeholder in the script’s arguments', () => {
    assert.equal(whyNoWarmStart(['python', 'train.py', '--batch-size', '{batch}'], 'batch'), null);
    assert.equal(whyNoWarmStart(['/venv/bin/python3.11', '-u', 'train.py', '--bs={batch}'], 'batch'), null);
    assert.equal(
      whyNoWarmStart(['prlimit', '--as=1000', '--', 'python', '-X', 'dev', 'a.py', '{batch}'], 'batch'),
      null,
    );
    assert.equal(whyNoWarmStart(['env', 'A=1', 'B=2', 'python3', 'a.py', '{n}'], 'n'), null);
  });

  test('anything else starts cold, and says why', () => {
    assert.match(whyNoWarmStart(['node', 'grow.mjs', '{batch}'], 'batch') ?? '', /not a Python interpreter/);
    assert.match(whyNoWarmStart(['python', '-m', 'train', '{batch}'], 'batch') ?? '', /-m runs no script/);
    assert.match(whyNoWarmStart(['python', '-I', 'a.py', '{batch}'], 'batch') ?? '', /-I runs no script/);
    assert.match(whyNoWarmStart(['python', '-c', 'pass', '{batch}'], 'batch') ?? '', /-c/);
    assert.match(whyNoWarmStart(['bash', 'run.sh', '{batch}'], 'batch') ?? '', /not a Python/);
    assert.match(
      whyNoWarmStart(['prlimit', '--as={batch}', '--', 'python', 'a.py'], 'batch') ?? '',
      /outside the script's own arguments/,
    );
    assert.match(whyNoWarmStart(['prlimit', '--as=1', 'python', 'a.py'], 'batch') ?? '', /not a Python/);
  });
});

describe('which commands can be forks of the warm interpreter', () => {
  const underAs = { addressSpaceLimitBytes: 1000 * 2 ** 20, limits: [] };
  test('python -m MODULE too (runpy.run_module in the fork), with the placeholder in its own arguments', () => {
    const argv = ['prlimit', '--as=1048576000', '--', 'python3', '-u', '-m', 'pkg.train', '--bs', '{batch}'];
    assert.deepEqual(findPythonScript(argv), { interpreterAt: 3, scriptAt: 5, isModule: true });
    assert.equal(whyNoForkedTrials({ argv, variable: 'batch', ...underAs }), null);
    assert.match(
      whyNoForkedTrials({ argv: ['python', '-m', 'train{batch}'], variable: 'batch', ...underAs }) ?? '',
      /outside the module's own arguments/,
    );
    assert.match(findPythonScript(['python', '-m']) as string, /not a Python interpreter/);
    assert.match(findPythonScript(['python', '-um', 'train']) as string, /-um runs no script/);
  });
  test('never under a cgroup limit', () => {
    const argv = ['python', '-m', 'train', '{batch}'];
    assert.match(
      whyNoForkedTrials({ argv, variable: 'batch', addressSpaceLimitBytes: null, limits: [] }) ?? '',
      /cgroup/,
    );
  });
});

describe('how many trials warm up ahead', () => {
  test('at most two, within half of what the host limit leaves free', () => {
    assert.equal(warmDepthFor({ availableBytes: 20 * GiB, hostLimitBytes: GiB }), 2);
    assert.equal(warmDepthFor({ availableBytes: 20 * GiB, hostLimitBytes: 18 * GiB }), 1);
    assert.equal(warmDepthFor({ availableBytes: 20 * GiB, hostLimitBytes: 19 * GiB }), 0);
    assert.equal(warmDepthFor({ availableBytes: 20 * GiB, hostLimitBytes: 16 * GiB, warmBytes: GiB / 2 }), 2);
    // No host limit: the trial may take all that is available, so nothing is left to warm up in.
    assert.equal(warmDepthFor({ availableBytes: 20 * GiB, hostLimitBytes: null }), 0);
    assert.equal(warmDepthFor({ availableBytes: null, hostLimitBytes: GiB }), 0);
    assert.equal(assumedWarmBytes, GiB);
  });
});
