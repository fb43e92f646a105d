// The built CLI's `plan --on slurm` and `slurm script` for nodes described on the command line
// (--shards): exit 1 and why when no node type fits, exit 2 for a bad --on. test/slurm/ runs them
// against a real Slurm; the script itself is tested in-process (src/cli/commands/slurm).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, runCli } from './cli.js';

const seed = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

test('plan --on slurm says when no node type fits, and why; a bad --on is a usage error', () => {
  const planned = runCli(['plan', '--on', 'slurm', '-c', seed, '--shards', '10', '--json']);
  assert.equal(planned.code, 1, planned.stderr);
  const data = JSON.parse(planned.stdout);
  assert.equal(data.chosen, null);
  assert.match(data.nodeTypes[0].problems[0], /need 11 shards after rounding .* the card has 10/);
  const script = runCli(['slurm', 'script', '-c', seed, '--shards', '10']);
  assert.equal(script.code, 1);
  assert.match(script.stderr, /^headroom: the plan fits no node type/);
  const bad = runCli(['run', '--on', 'kubernetes', '-c', seed]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stderr, 'headroom: --on kubernetes: expected one of local, slurm, ray\n');
});
