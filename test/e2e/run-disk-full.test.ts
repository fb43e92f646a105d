// The built CLI on a full disk (issue #22 item 3): `headroom run` with its run directory on a real
// tmpfs too small for the child's output exits with the child's own code (never 70, no stack trace),
// and leaves a whole summary.json that counts the bytes the log lost.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { runSummarySchema } from '../../src/run-record/schema.js';
import { useSmallTmpfs } from '../../src/test-helpers/tmpfs.js';
import { cliPath, repoRoot } from './cli.js';

const tmpfs = useSmallTmpfs('headroom-e2e-full', '4m');

before(() => {
  assert.ok(
    existsSync(join(repoRoot, 'dist/bin/cli.cjs')),
    'dist/bin/cli.cjs is missing: run `npm run build` first',
  );
});

test("run on a full disk: the child's exit code, a whole summary.json, the lost bytes counted", (t) => {
  if (tmpfs.skip) return t.skip(tmpfs.skip);
  const runDir = join(tmpfs.path!, 'run');
  const writer = `'${process.execPath}' '${join(repoRoot, 'test/programs/print-mb.mjs')}' 12; echo the end; exit 3`;
  // The live view (12 MB) goes to a file: a pipe's reader would have to keep up with it.
  const view = join(tmpdir(), `headroom-e2e-full-${process.pid}.out`);
  const out = openSync(view, 'w');
  const result = spawnSync(
    process.execPath,
    [cliPath, 'run', '--run-dir', runDir, '--', '/bin/sh', '-c', writer],
    {
      stdio: ['ignore', out, 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  closeSync(out);
  const shown = readFileSync(view, 'utf8');
  rmSync(view, { force: true });
  assert.equal(result.status, 3, result.stderr.slice(-2000));
  assert.doesNotMatch(result.stderr, /internal error|\n\s+at /);
  assert.match(shown, /sh +\| the end\n/, 'the output flowed to its end');
  const summary = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
  assert.equal(summary.exitCode, 3);
  const lost = summary.lostWrites.find((l) => l.file === 'logs/sh.log');
  assert.ok(lost && lost.bytes > 0 && lost.error === 'ENOSPC', JSON.stringify(summary.lostWrites));
});
