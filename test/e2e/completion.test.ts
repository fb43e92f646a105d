// The installed CLI's bash completion loads in a real bash exactly as the README says to load it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cliPath } from './cli.js';

const hasBash = spawnSync('bash', ['-c', 'true']).status === 0;

test('source <(headroom completion bash) registers the completion', {
  skip: hasBash ? false : 'bash is not installed',
}, () => {
  const run = spawnSync(
    'bash',
    [
      '-c',
      `headroom() { "${process.execPath}" "${cliPath}" "$@"; }; source <(headroom completion bash); complete -p headroom`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.equal(run.stdout.trim(), 'complete -o default -F _headroom headroom');
});
