// The built CLI for `doctor`: a log through a real pipe on stdin, and an unreadable file as one line on
// stderr with exit 2 (the diagnoses are tested in-process, src/cli/commands/doctor).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { scratchDir } from '../../src/test-helpers/scratch.js';
import { cliPath, repoRoot, runCli } from './cli.js';

describe('headroom doctor (built CLI)', () => {
  test('a gzip-compressed log on stdin (-): the diagnosis on stdout, exit 1', () => {
    const input = gzipSync(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.20 GiB is free.\n',
    );
    const result = spawnSync(process.execPath, [cliPath, 'doctor', '-'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
      input,
      encoding: 'utf8',
    });
    assert.equal(result.status, 1);
    assert.match(result.stdout, /GPU out of memory — torch/);
    assert.equal(result.stderr, '');
  });

  test('unreadable input: one line on stderr, no stack, exit 2', () => {
    const { code, stdout, stderr } = runCli(['doctor', join(scratchDir('doctor-e2e'), 'missing.log')]);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr.trim().split('\n').length, 1);
    assert.match(stderr, /cannot read .*missing\.log: no such file or directory/);
  });

  // Seed 002, as the user ran it: the misspelt variable exported to headroom itself.
  test('seed 002: XLA_PYTHON_CLIENT_PERELLOCLACE=FALSES doctor --env names the variable meant and what the slip leaves on', () => {
    const { code, stdout } = runCli(['doctor', '--env'], {
      env: { XLA_PYTHON_CLIENT_PERELLOCLACE: 'FALSES', PYTORCH_CUDA_ALLOC_CONF: 'expandable_segment:True' },
    });
    assert.equal(code, 1);
    assert.match(
      stdout,
      /XLA_PYTHON_CLIENT_PERELLOCLACE=FALSES: did you mean XLA_PYTHON_CLIENT_PREALLOCATE\?/,
    );
    assert.match(stdout, /preallocation stays on \(75% of the card/);
    assert.match(
      stdout,
      /export XLA_PYTHON_CLIENT_PREALLOCATE=false and unset XLA_PYTHON_CLIENT_PERELLOCLACE/,
    );
    assert.match(stdout, /did you mean expandable_segments\?/);
    assert.doesNotMatch(stdout, /remove expandable_segment\b/);
  });

  test('seed 001 under exported values: doctor train.py says 3 × 0.9, not "each preallocates 75%"', () => {
    const script = join(scratchDir('doctor-e2e-script'), 'train.py');
    writeFileSync(
      script,
      [
        'from joblib import Parallel, delayed',
        'import jax',
        'def train():',
        '    return jax.numpy.ones(3).sum()',
        'results = Parallel(n_jobs=3)(delayed(train)() for _ in range(3))',
        '',
      ].join('\n'),
    );
    const { code, stdout } = runCli(['doctor', script], {
      env: { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.9', XLA_PYTHON_CLIENT_PREALLOCATE: 'false' },
    });
    assert.equal(code, 1);
    assert.match(
      stdout,
      /3 workers × XLA_PYTHON_CLIENT_MEM_FRACTION=0\.9 \(exported in the environment\) is 270%/,
    );
    assert.doesNotMatch(stdout, /preallocates 75%/);
  });
});
