// The built CLI on a full disk (issue #22 item 3): `headroom run` with its run directory on a real
// tmpfs too small for the child's output exits with the child's own code (never 70, no stack trace),
// and leaves a whole summary.json that counts the bytes the log lost.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { runSummarySchema } from '../../src/run-record/schema.js';
import { cliPath, repoRoot } from './cli.js';

let mountPoint: string | undefined;
let noTmpfs: string | undefined;

before(() => {
  assert.ok(
    existsSync(join(repoRoot, 'dist/bin/cli.cjs')),
    'dist/bin/cli.cjs is missing: run `npm run build` first',
  );
  const dir = mkdtempSync(join(tmpdir(), 'headroom-e2e-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'headroom-e2e-full', dir], { stdio: 'pipe' });
    mountPoint = dir;
  } catch (error) {
    noTmpfs = `cannot mount a tmpfs here (${String(error).split('\n')[0]})`;
    rmSync(dir, { recursive: true, force: true });
  }
});

after(() => {
  if (!mountPoint) return;
  execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

test("run on a full disk: the child's exit code, a whole summary.json, the lost bytes counted", (t) => {
  if (noTmpfs) return t.skip(noTmpfs);
  const runDir = join(mountPoint!, 'run');
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
