// The built CLI for `estimate`: the report on stdout with exit 0, nothing fitting exits 1, and a bad
// spec exits 2 with one located line on stderr (the estimates are tested in-process, src/cli/commands/estimate).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, runCli, writeConfig } from './cli.js';

const grpo = join(repoRoot, 'examples', 'grpo', 'estimate.yaml');

describe('headroom estimate (built CLI)', () => {
  test('exit 0 with the report, 1 when nothing fits, 2 for a bad spec; errors on stderr only', () => {
    const ok = runCli(['estimate', '-c', grpo, '--json']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(typeof JSON.parse(ok.stdout).gpu.peakBytes, 'number');
    const none = runCli(['estimate', '-c', grpo, '--budget', '1GiB', '--solve', 'B']);
    assert.equal(none.code, 1);
    assert.match(none.stdout, /Solve: nothing fits/);
    const bad = runCli([
      'estimate',
      '-c',
      writeConfig('model: { params: 1M }\ntraining:\n  optimiser: adamw\n', 'e.yaml'),
    ]);
    assert.equal(bad.code, 2);
    assert.equal(bad.stdout, '');
    assert.equal(bad.stderr.trim().split('\n').length, 1);
  });

  test('seed 003: the spec with only the trajectory tensor; --solve B refuses with exit 1 and names activations', () => {
    const spec = join(repoRoot, 'examples', 'grpo', 'trajectories-only.yaml');
    const refused = runCli(['estimate', '-c', spec, '--budget', '24GiB', '--solve', 'B']);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, '');
    assert.match(refused.stdout, /Solve: refused: activations grows with B and is not estimated/);
    assert.doesNotMatch(refused.stdout, /B = 561/);
    const json = JSON.parse(
      runCli(['estimate', '-c', spec, '--budget', '24GiB', '--solve', 'B', '--json']).stdout,
    );
    assert.deepEqual(json.solveRefused.parts, ['activations']);
    // The whole example, with the model's shape, is answered.
    assert.equal(runCli(['estimate', '-c', grpo, '--budget', '24GiB', '--solve', 'B']).code, 0);
  });
});
