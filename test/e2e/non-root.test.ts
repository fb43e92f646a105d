// headroom as a user, not root: the README's main job on the simulated card, and a run with
// --host-memory, which as a user gets headroom's watchdog where no memory cgroup can be made (cgroup
// v1, or v2 without a delegated subtree), and `doctor --env` saying so. The built CLI runs as `nobody`
// through setpriv; the test needs root to switch user, and a checkout that user can read.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { scratchDir } from '../../src/test-helpers/scratch.js';
import { cliPath, repoRoot } from './cli.js';

const user = ['--reuid', 'nobody', '--regid', 'nogroup', '--clear-groups'];

function whyNotAsUser(): string | false {
  if (process.getuid?.() !== 0) return 'needs root, to run headroom as the user nobody (setpriv)';
  if (spawnSync('setpriv', ['--version']).status !== 0) return 'setpriv (util-linux) is not installed';
  const probe = spawnSync('setpriv', [
    ...user,
    process.execPath,
    '-e',
    `require('fs').accessSync(${JSON.stringify(cliPath)})`,
  ]);
  if (probe.status !== 0)
    return `the user nobody cannot read the checkout at ${repoRoot} (its parents are not world-readable)`;
  return false;
}

/** Runs the built CLI as nobody in a directory it may write. */
function runAsUser(args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(
    'setpriv',
    [
      ...user,
      'env',
      `HOME=${cwd}`,
      'NO_COLOR=1',
      ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      cliPath,
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function userScratch(): string {
  const dir = scratchDir('non-root');
  chmodSync(dir, 0o777);
  return dir;
}

const skip = whyNotAsUser();

describe('as a user, not root', { skip }, () => {
  test('the main job runs on the simulated card: every process exits within its budget', () => {
    const cwd = userScratch();
    const config = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
    const { code, stdout, stderr } = runAsUser(
      ['run', '-c', config, '--run-dir', join(cwd, 'run'), '--json'],
      cwd,
      {
        HEADROOM_SIM_DIR: join(cwd, 'sim'),
      },
    );
    assert.equal(code, 0, stderr);
    const summary = JSON.parse(stdout);
    assert.deepEqual(
      summary.processes.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['sim', 'exited'],
        ['learner', 'exited'],
        ['actor', 'exited'],
      ],
    );
  });

  test('--host-memory: a run under the limit passes, one over it is stopped, and doctor --env says how the limit is held', () => {
    const cwd = userScratch();
    const allocate = (mib: number) =>
      `const a=[];for(let i=0;i<${mib / 8};i++)a.push(Buffer.alloc(8<<20,1));setTimeout(()=>{},1500)`;
    const passing = runAsUser(
      [
        'run',
        '--framework',
        'none',
        '--host-memory',
        '256MiB',
        '--run-dir',
        join(cwd, 'ok'),
        '--json',
        '--',
        process.execPath,
        '-e',
        allocate(16),
      ],
      cwd,
    );
    assert.equal(passing.code, 0, passing.stderr);
    const ok = JSON.parse(passing.stdout).processes[0];
    assert.equal(ok.reason, 'exited');
    const record = JSON.parse(readFileSync(join(cwd, 'ok', 'summary.json'), 'utf8')).processes[0];
    // doctor --env, run as the same user, says the same thing the run did: a watchdog where no cgroup could be made.
    const doctor = runAsUser(['doctor', '--env', '--json'], cwd);
    assert.equal(doctor.code, 0, doctor.stderr);
    const note = JSON.parse(doctor.stdout).findings.find(
      (f: { code: string }) => f.code === 'host-limit-watchdog',
    );
    if (record.hostEnforcement === 'watchdog') {
      assert.match(record.hostLimitProblem, /a watchdog stops the tree instead/);
      assert.match(note?.message ?? '', /as this user \(not root\).*its watchdog instead/);
    } else {
      assert.equal(record.hostEnforcement, 'cgroup');
      assert.equal(note, undefined);
    }

    const over = runAsUser(
      [
        'run',
        '--framework',
        'none',
        '--host-memory',
        '64MiB',
        '--run-dir',
        join(cwd, 'over'),
        '--json',
        '--',
        process.execPath,
        '-e',
        allocate(160),
      ],
      cwd,
    );
    assert.equal(over.code, 137, over.stderr);
    const killed = JSON.parse(over.stdout).processes[0];
    assert.match(killed.reason, /^(killed-by-headroom|oom-killed)$/);
    if (killed.reason === 'killed-by-headroom') assert.match(killed.because, /watchdog/);
  });
});
