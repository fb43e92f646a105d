// The built CLI for `doctor`: a log through a real pipe on stdin, and an unreadable file as one line on
// stderr with exit 2 (the diagnoses are tested in-process, src/cli/commands/doctor).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
});
