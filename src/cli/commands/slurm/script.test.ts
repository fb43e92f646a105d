// `headroom slurm script` for nodes described on the command line (--gpu, --shards), run in-process: no
// cluster needed (test/slurm/ runs it against a real Slurm; test/e2e the built CLI's exit codes).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const seed = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');

test('slurm script for declared nodes: a bash script with each step in shards of the card', async () => {
  const { code, stdout, stderr } = await runHeadroom([
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
