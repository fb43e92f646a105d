// `headroom env NAME -- CMD` stands in front of the child (a container's PID 1, say): signals sent to
// headroom alone reach the child, and the child's exit status is headroom's.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { cliPath, repoRoot, writeConfig } from './cli.js';

const config = writeConfig(
  [
    'gpus:',
    '  - memory: 24GiB',
    'processes:',
    '  learner:',
    '    framework: jax',
    '    gpu_memory: 30%',
    '',
  ].join('\n'),
);
after(() => rmSync(dirname(config), { recursive: true, force: true }));

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'] as const) {
  test(`${signal} sent to headroom alone reaches the child, whose exit code headroom passes on`, async () => {
    const child = spawn(
      process.execPath,
      [
        cliPath,
        'env',
        '-c',
        config,
        'learner',
        '--',
        process.execPath,
        join(repoRoot, 'test/programs/trap.mjs'),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${stdout}`)), 20_000);
      child.stdout.on('data', () => {
        if (stdout.includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.match(stdout, new RegExp(`got ${signal}`));
    assert.equal(code, 3);
  });
}

// A stop signal at any moment of headroom's start-up (a scheduler that cancels a job as it starts) leaves
// no child running on its own: before the child exists headroom dies of it, after, the child gets it.
test('SIGTERM at any moment of start-up leaves no child running', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-env-early-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const child = join(dir, 'child.sh');
  writeFileSync(child, '#!/bin/sh\necho $$ >> "$1"\nexec sleep 60\n');
  chmodSync(child, 0o755);
  // Delays around the moment headroom spawns its child on this machine, and one run that waits for the
  // child to have started, whatever the machine's load.
  const delays = [0, 40, 80, 120, 160, 200, 250, 300, 400, 500, 700, 'started'] as const;
  const runs = delays.map(async (delay, i) => {
    const pids = join(dir, `pids-${i}`);
    const headroom = spawn(process.execPath, [cliPath, 'env', '-c', config, 'learner', '--', child, pids], {
      stdio: 'ignore',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const ended = new Promise<void>((resolve) => headroom.on('close', () => resolve()));
    if (delay === 'started') for (let t = 0; t < 400 && !/^\d+\n/.test(readOr(pids)); t++) await sleep(50);
    else await sleep(delay);
    headroom.kill('SIGTERM');
    await ended;
    return readOr(pids).split('\n').filter(Boolean).map(Number);
  });
  const perRun = await Promise.all(runs);
  assert.equal(perRun.at(-1)?.length, 1, 'the last run saw its child start');
  const started = perRun.flat();
  for (let i = 0; i < 100 && started.some(isRunning); i++) await sleep(50);
  assert.deepEqual(started.filter(isRunning), [], 'children left running after headroom ended');
});

const readOr = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

// Running, not a zombie (an orphan is reaped by init, perhaps late).
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}
