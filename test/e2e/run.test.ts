// End to end: the built CLI (`npm run build` first) running ad-hoc commands.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliPath as bin, repoRoot as repo } from './cli.js';

const programs = join(repo, 'test/programs');
const scratch = mkdtempSync(join(tmpdir(), 'headroom-e2e-'));
let runCount = 0;

before(() => {
  assert.ok(existsSync(join(repo, 'dist/cli.js')), 'dist/cli.js is missing: run `npm run build` first');
});
after(() => rmSync(scratch, { recursive: true, force: true }));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startCli(args: string[]): {
  child: ChildProcess;
  finished: Promise<Finished>;
  stdout: () => string;
} {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: scratch,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const finished = new Promise<Finished>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, finished, stdout: () => stdout };
}

/** Resolves once stdout matches `pattern`; rejects after timeoutMs. */
async function waitForStdout(
  cli: ReturnType<typeof startCli>,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(cli.stdout());
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in stdout:\n${cli.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const newRunDir = (): string => join(scratch, `run-${++runCount}`);
/** The PIDs among `pids` still alive (zombies count as gone). */
const alive = (pids: readonly number[]): number[] =>
  pids.filter(
    (pid) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
  );
const step = (...steps: string[]): string[] => [
  '--',
  process.execPath,
  join(programs, 'steps.mjs'),
  ...steps,
];

describe('headroom run -- CMD', () => {
  test('passes the exit code through, prints prefixed lines and the summary, writes summary.json', async () => {
    const runDir = newRunDir();
    const { code, stdout } = await startCli(['run', '--run-dir', runDir, ...step('print:hello', 'exit:7')])
      .finished;
    assert.equal(code, 7);
    assert.match(stdout, /^node\s+\| hello$/m);
    assert.match(stdout, /^node\s+failed\s+7\s+0\s/m);
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8'));
    assert.deepEqual(
      [summary.exitCode, summary.processes[0].reason, summary.processes[0].log],
      [7, 'failed', 'logs/node.log'],
    );
    assert.equal(readFileSync(join(runDir, 'logs/node.log'), 'utf8'), 'hello\n');
  });

  test('exits 0 when the command does; --json prints summary.json on stdout', async () => {
    const runDir = newRunDir();
    const { code, stdout, stderr } = await startCli([
      'run',
      '--json',
      '--run-dir',
      runDir,
      ...step('print:fine'),
    ]).finished;
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
    assert.match(stderr, /\| fine/);
  });

  test('SIGINT stops the command and its grandchildren (which ignore SIGTERM) and exits 130', async () => {
    const cli = startCli([
      'run',
      '--stop-grace',
      '500ms',
      '--run-dir',
      newRunDir(),
      '--',
      process.execPath,
      join(programs, 'ignore-term.mjs'),
    ]);
    const pids = (await waitForStdout(cli, /pids (\d+) (\d+) (\d+)/)).slice(1).map(Number);
    await waitForStdout(cli, /\| ready/);
    cli.child.kill('SIGINT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /^node\s+interrupted\s+SIGKILL\s/m);
    const alive = pids.filter(
      (pid) => existsSync(`/proc/${pid}`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
    );
    assert.deepEqual(alive, []);
  });

  test('a second SIGINT skips the grace period: every process is killed at once', async () => {
    const runDir = newRunDir();
    const cli = startCli([
      'run',
      '--stop-grace',
      '10m',
      '--run-dir',
      runDir,
      '--',
      process.execPath,
      join(programs, 'ignore-term.mjs'),
    ]);
    const pids = (await waitForStdout(cli, /pids (\d+) (\d+) (\d+)/)).slice(1).map(Number);
    await waitForStdout(cli, /\| ready/);
    cli.child.kill('SIGINT');
    await waitForStdout(cli, /sent SIGINT to node's process group/);
    cli.child.kill('SIGINT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /SIGINT again: killing every process now/);
    assert.match(stdout, /stopped at once \(a second stop request\): sent SIGKILL/);
    assert.deepEqual(alive(pids), []);
  });

  test('SIGQUIT (Ctrl-\\) stops the run like SIGTERM instead of leaving the children behind', async () => {
    const cli = startCli([
      'run',
      '--stop-grace',
      '300ms',
      '--run-dir',
      newRunDir(),
      '--',
      process.execPath,
      join(programs, 'ignore-term.mjs'),
    ]);
    const pids = (await waitForStdout(cli, /pids (\d+) (\d+) (\d+)/)).slice(1).map(Number);
    await waitForStdout(cli, /\| ready/);
    cli.child.kill('SIGQUIT');
    const { code, stdout } = await cli.finished;
    assert.equal(code, 130);
    assert.match(stdout, /sent SIGTERM to node's process group/);
    assert.deepEqual(alive(pids), []);
  });

  test('usage errors exit 2', async () => {
    const { code, stderr } = await startCli(['run', '--host-memory', 'lots', '--', 'true']).finished;
    assert.equal(code, 2);
    assert.match(stderr, /--host-memory: "lots" is not a size/);
  });
});

describe('host-only processes on a machine without a GPU', () => {
  const noGpuEnv = (): NodeJS.ProcessEnv => {
    const { HEADROOM_GPU: _unused, ...env } = process.env;
    return { ...env, NO_COLOR: '1' };
  };

  test('a config of two framework: none processes plans, runs under its host limits and exits 0', async () => {
    const config = join(scratch, 'host-only.yaml');
    writeFileSync(
      config,
      [
        'processes:',
        '  loader:',
        `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(programs, 'allocate.mjs'))}, "64", "200"]`,
        '    framework: none',
        '    host_memory: 512MiB',
        '  writer:',
        `    command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(programs, 'steps.mjs'))}, "print:written"]`,
        '    framework: none',
        '    host_memory: 256MiB',
        '',
      ].join('\n'),
    );
    const planned = spawnSync(process.execPath, [bin, 'plan', '-c', config], {
      encoding: 'utf8',
      env: noGpuEnv(),
    });
    assert.equal(planned.status, 0, planned.stderr);
    assert.match(planned.stdout, /no GPU: every process is framework: none/);
    const env = spawnSync(process.execPath, [bin, 'env', '-c', config, 'loader'], {
      encoding: 'utf8',
      env: noGpuEnv(),
    });
    assert.equal(env.status, 0, env.stderr);
    assert.match(env.stdout, /HEADROOM_HOST_MEMORY_BYTES='?536870912/);
    const runDir = newRunDir();
    const ran = spawnSync(process.execPath, [bin, 'run', '-c', config, '--run-dir', runDir, '--json'], {
      encoding: 'utf8',
      env: noGpuEnv(),
    });
    assert.equal(ran.status, 0, ran.stderr);
    const summary = JSON.parse(ran.stdout);
    for (const p of summary.processes) {
      assert.equal(p.reason, 'exited', p.because);
      assert.equal(p.peakGpuBytes, null);
    }
    assert.deepEqual(
      summary.processes.map((p: { hostLimitBytes: number }) => p.hostLimitBytes),
      [512 * 1024 ** 2, 256 * 1024 ** 2],
    );
  });

  test('run --framework none -- CMD needs no GPU either', async () => {
    const runDir = newRunDir();
    const ran = spawnSync(
      process.execPath,
      [
        bin,
        'run',
        '--framework',
        'none',
        '--host-memory',
        '256MiB',
        '--run-dir',
        runDir,
        ...step('print:ok'),
      ],
      { encoding: 'utf8', env: noGpuEnv() },
    );
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stdout, /^node\s+exited\s+0\s/m);
  });
});
