// A headroom that is itself SIGKILLed with --keep-on-crash leaves its cgroup and child behind (without
// it, its keeper stops them: src/supervise/supervise-keeper.test.ts); the next run says so.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { cgroupUnavailable } from '../../src/supervise/test-helpers/supervised.js';
import { cliPath, repoRoot, runCli } from './cli.js';

const noCgroup = cgroupUnavailable();
// An unusual hold time marks this test's child, so that cleanup finds it whatever failed.
const marker = '60017';

test('the next run names the processes a killed headroom left running, and clears empty groups', async (t) => {
  if (noCgroup) return t.skip(`no cgroup can be made here: ${noCgroup}`);
  const hold = join(repoRoot, 'test', 'programs', 'allocate.mjs');
  const scratch = mkdtempSync(join(tmpdir(), 'headroom-stale-'));
  const runDir = join(scratch, 'run');
  const first = spawn(
    process.execPath,
    [
      cliPath,
      'run',
      '--json',
      '--keep-on-crash',
      '--run-dir',
      runDir,
      '--',
      process.execPath,
      hold,
      '8',
      marker,
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  let stderr = '';
  first.stderr.on('data', (chunk) => (stderr += chunk));
  // Wait until the child has allocated (its line reaches the live view), then kill headroom alone.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output: ${stderr}`)), 20_000);
    first.stderr.on('data', () => {
      if (/allocated 8 MiB/.test(stderr)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  try {
    // The record it left is read as it is, and said to be incomplete, without a stack trace.
    const doctor = runCli(['doctor', runDir, '--json']);
    assert.equal(doctor.code, 0, doctor.stderr);
    assert.equal(doctor.stderr, '');
    const report = JSON.parse(doctor.stdout) as { findings: { code: string; message: string }[] };
    const codes = report.findings.map((f) => f.code);
    assert.ok(codes.includes('record-incomplete'), doctor.stdout);
    assert.ok(codes.includes('record-process-running'), doctor.stdout);
    assert.match(doctor.stdout, /is no longer running and never finished the record: it was killed/);
    const second = runCli(['run', '--', 'true']);
    assert.equal(second.code, 0, second.stderr);
    const match =
      /PID (\d+) \(started (\S+): node \S*allocate\.mjs 8 60017\) was left running by an earlier headroom run that died \(cgroup (\S+)\); stop them with: kill -9 \$\(cat (\S+)\/cgroup\.procs\)/.exec(
        second.stdout,
      );
    assert.ok(match, second.stdout);
    const orphan = Number(match[1]);
    assert.match(readFileSync(`/proc/${orphan}/cmdline`, 'utf8'), /allocate\.mjs/);
    // The start time is the orphan's own (it started moments ago).
    assert.ok(Math.abs(Date.parse(match[2]!) - Date.now()) < 120_000, match[2]);
    const groupDir = match[3]!;
    assert.equal(match[4], groupDir);
    process.kill(orphan, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Now empty: the next run removes it.
    assert.equal(runCli(['run', '--', 'true']).code, 0);
    assert.equal(existsSync(groupDir), false);
    assert.equal(existsSync(dirname(groupDir)), true);
  } finally {
    spawnSync('pkill', ['-9', '-f', `allocate.mjs 8 ${marker}`]);
    rmSync(scratch, { recursive: true, force: true });
    runCli(['run', '--', 'true']); // clears the group once it is empty
  }
});
