// One size and count convention across the command line: every size flag of every command reads its
// value through units.ts (the same units, the same decimal warning as a config key), and every count
// refuses 0 and negatives with the usual one-line usage error.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../test-helpers/scratch.js';
import { allCommands } from './completion-source.js';
import { runHeadroom } from './test-helpers/run-in-process.js';

test('every size option reads units through units.ts, and a decimal one is warned of as a config key is', async () => {
  const commands = await allCommands();
  const sizeFlags = commands.flatMap((c) => Object.values(c.options).filter((o) => o.kind === 'size'));
  assert.ok(sizeFlags.length >= 3, 'size flags found');
  const { code, stderr } = await runHeadroom(
    ['estimate', '--params', '335M', '--precision', 'amp_bf16', '--batch-size', '2', '--budget', '8G'],
    { cwd: scratchDir('convention') },
  );
  assert.equal(code, 0);
  assert.equal(
    stderr,
    'headroom: warning: --budget: 8G is read as 7.45 GiB (decimal, 1 GB = 10^9 B); write 8GiB if you meant 8 GiB\n',
  );
});

test('under --json a decimal size is not said on stderr (stderr stays clean)', async () => {
  const { stderr } = await runHeadroom(
    ['estimate', '--params', '335M', '--precision', 'amp_bf16', '--budget', '8G', '--json'],
    { cwd: scratchDir('convention') },
  );
  assert.equal(stderr, '');
});

test('counts refuse 0 and negatives with one line and exit 2 (estimate --batch-size 0 included)', async () => {
  const cwd = scratchDir('convention');
  const seed = path.join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
  const cases: [string[], RegExp][] = [
    [
      ['estimate', '--params', '335M', '--batch-size', '0'],
      /--batch-size: "0" is 0: expected a whole number ≥ 1/,
    ],
    [['estimate', '--params', '335M', '--batch-size', '-2'], /--batch-size: "-2" is negative/],
    [['estimate', '--params', '335M', '--gpus', '0'], /--gpus 0: expected a whole number ≥ 1/],
    [['estimate', '--params', '335M', '--epochs', '0'], /--epochs 0: expected a whole number ≥ 1/],
    [
      ['run', '--framework', 'jax', '--gpu-clients', '0', '--', 'true'],
      /--gpu-clients 0: expected a whole number ≥ 1/,
    ],
    [['plan', '--on', 'slurm', '-c', seed, '--shards', '0'], /--shards 0: expected a whole number ≥ 1/],
    [['fit', '--min', '0', '--', 'true', '{batch}'], /--min 0: expected a whole number ≥ 1/],
  ];
  for (const [args, expected] of cases) {
    const { code, stdout, stderr } = await runHeadroom(args, { cwd });
    assert.equal(code, 2, `${args.join(' ')}: ${stdout}${stderr}`);
    assert.match(stderr, expected);
    assert.equal(stderr.trim().split('\n').length, 1, `${args.join(' ')}: one line: ${stderr}`);
  }
});
