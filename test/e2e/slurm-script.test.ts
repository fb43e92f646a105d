// `headroom slurm script` and `plan --on slurm` for nodes described on the command line (--gpu,
// --shards): no cluster needed. test/slurm/ runs them against a real Slurm.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, runCli } from './cli.js';

const seed = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

test('slurm script for declared nodes: a bash script with each step in shards of the card', () => {
  const { code, stdout, stderr } = runCli([
    'slurm',
    'script',
    '-c',
    seed,
    '--shards',
    '100',
    '--partition',
    'gpu',
  ]);
  assert.equal(code, 0, stderr);
  assert.match(stdout, /^#!\/bin\/bash\n/);
  assert.match(stdout, /^#SBATCH --gres=shard:100$/m);
  assert.match(stdout, /^#SBATCH --partition=gpu$/m);
  assert.deepEqual(
    [...stdout.matchAll(/--gres=shard:(\d+) --mem=(\w+)/g)].map((m) => [m[1], m[2]]),
    [
      ['50', '0'],
      ['35', '2048M'],
      ['15', '1024M'],
    ],
  );
  const syntax = spawnSync('bash', ['-n'], { input: stdout, encoding: 'utf8' });
  assert.equal(syntax.status, 0, syntax.stderr);
});

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
  assert.equal(bad.stderr, 'headroom: --on kubernetes: expected local or slurm\n');
});
