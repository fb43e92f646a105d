// The built CLI's `fit`: Ctrl-C during a trial, and a usage error's streams (the search itself is
// tested in-process, src/cli/commands/fit).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { growFitter, quickGrow } from '../../src/test-helpers/fit-argv.js';
import { cliPath, repoRoot, runCli } from './cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-e2e-fit-'));
const env = { HEADROOM_SIM_DIR: join(scratch, 'sim') };

before(() => {
  assert.ok(
    existsSync(join(repoRoot, 'dist/bin/cli.cjs')),
    'dist/bin/cli.cjs is missing: run `npm run build` first',
  );
});
after(() => rmSync(scratch, { recursive: true, force: true }));

const fit = growFitter(scratch);
const quick = quickGrow;

test('a usage error is one line on stderr with exit 2; under --json, JSON on stdout', () => {
  const { argv } = fit(['--trial-seconds', '3000000'], quick);
  const { code, stdout, stderr } = runCli(argv, { cwd: scratch, env });
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.match(stderr, /^headroom: --trial-seconds 3000000: expected a duration/);
  const json = runCli([...fit(['--json', '--trial-seconds', '3000000'], quick).argv], { cwd: scratch, env });
  assert.equal(json.code, 2);
  assert.equal(JSON.parse(json.stdout).error.code, 'usage');
});

/** PIDs whose command line holds `marker`. */
/** `read()`, or `fallback` where the process exited while being read. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function pidsWith(marker: string): number[] {
  return readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      return cmdline.includes(marker) && !/^\d+ \(.*\) Z /.test(stat) ? [Number(entry)] : [];
    } catch {
      return []; // it exited while being read
    }
  });
}

test('Ctrl-C during a trial stops it, leaves no trial process, exits 130', async () => {
  const marker = String(8 * 2 ** 20 + process.pid); // a --base value no other process uses
  const { argv } = fit([], ['--base', marker, '--steps', '600', '--step-ms', '100']);
  const child = spawn(process.execPath, [cliPath, ...argv], {
    cwd: scratch,
    env: { ...process.env, ...env, NO_COLOR: '1' },
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 20_000;
  // A trial is a process with the marker that is not the CLI: a child the CLI forked shows the CLI's own
  // command line until it execs (so is not yet the trial, and the CLI may not yet handle SIGINT).
  const isCli = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(cliPath);
  while (
    pidsWith(marker).filter((pid) => pid !== child.pid && !safely(() => isCli(pid), true)).length === 0
  ) {
    assert.ok(Date.now() < deadline, 'the trial never started');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  assert.deepEqual(pidsWith(marker), []);
});
