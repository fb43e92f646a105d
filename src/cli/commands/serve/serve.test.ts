// `serve`'s --json line (where it serves) matches its schema; a run directory or --latest is required.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { loadOutputSchema } from '../../schemas/index.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';
import { runServe } from './run.js';

test('the line serve prints when it starts matches its schema', async () => {
  const scratch = scratchDir('serve');
  const runDir = join(scratch, 'run');
  const steps = join(repoRoot, 'test', 'programs', 'steps.mjs');
  assert.equal(
    (await runHeadroom(['run', '--run-dir', runDir, '--', process.execPath, steps, 'print:ok'])).code,
    0,
  );
  const lines: unknown[] = [];
  const { exitCode } = await runServe(
    { runDir, isLatest: false, dashboard: { host: '127.0.0.1', port: 0 }, cwd: scratch },
    { say: () => {}, onListening: (data) => lines.push(data), stop: AbortSignal.abort() },
  );
  assert.equal(exitCode, 0);
  assert.equal(lines.length, 1);
  const schema = await loadOutputSchema('serve');
  assert.deepEqual(schema.parse(lines[0]), lines[0]);
});

test('serve needs a run directory or --latest, not both', async () => {
  const neither = await runHeadroom(['serve']);
  assert.equal(neither.code, 2);
  assert.match(neither.stderr, /serve needs a run directory or --latest/);
});
