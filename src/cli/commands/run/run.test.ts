// `headroom run`, run in-process through the CLI's dispatcher: ad-hoc commands and host-only configs
// under the real supervisor, and the environment --on slurm runs Slurm with (test/e2e: signals, the
// live view of the built CLI).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot as repo } from '../../../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const programs = join(repo, 'test/programs');
const scratch = scratchDir('run');
let runCount = 0;
const newRunDir = (): string => join(scratch, `run-${++runCount}`);
const step = (...steps: string[]): string[] => [
  '--',
  process.execPath,
  join(programs, 'steps.mjs'),
  ...steps,
];

describe('headroom run -- CMD', () => {
  test('passes the exit code through, prints prefixed lines and the summary, writes summary.json', async () => {
    const runDir = newRunDir();
    const { code, stdout } = await runHeadroom(
      ['run', '--run-dir', runDir, ...step('print:hello', 'exit:7')],
      { cwd: scratch },
    );
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
    const { code, stdout, stderr } = await runHeadroom(
      ['run', '--json', '--run-dir', runDir, ...step('print:fine')],
      { cwd: scratch },
    );
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
    assert.match(stderr, /\| fine/);
  });

  test('usage errors exit 2', async () => {
    const { code, stderr } = await runHeadroom(['run', '--host-memory', 'lots', '--', 'true'], {
      cwd: scratch,
    });
    assert.equal(code, 2);
    assert.match(stderr, /--host-memory: "lots" is not a size/);
    const config = join(scratch, 'misplaced.yaml');
    writeFileSync(config, 'processes:\n  a:\n    command: "true"\n    framework: none\n');
    for (const [flag, value] of [
      ['--gpu-memory', '8GiB'],
      ['--host-memory', '1GiB'],
    ] as const) {
      const misplaced = await runHeadroom(['run', '-c', config, flag, value], { cwd: scratch });
      assert.equal(misplaced.code, 2);
      assert.equal(misplaced.stderr, `headroom: ${flag} applies to -- CMD only\n`);
    }
  });
});

describe('host-only processes on a machine without a GPU', () => {
  const noGpuEnv = (): Record<string, string> => {
    const { HEADROOM_GPU: _unused, ...env } = process.env;
    return {
      ...Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
      NO_COLOR: '1',
    };
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
    const planned = await runHeadroom(['plan', '-c', config], { exactEnv: noGpuEnv() });
    assert.equal(planned.code, 0, planned.stderr);
    assert.match(planned.stdout, /no GPU: every process is framework: none/);
    const env = await runHeadroom(['env', '-c', config, 'loader'], { exactEnv: noGpuEnv() });
    assert.equal(env.code, 0, env.stderr);
    assert.match(env.stdout, /HEADROOM_HOST_MEMORY_BYTES='?536870912/);
    const runDir = newRunDir();
    const ran = await runHeadroom(['run', '-c', config, '--run-dir', runDir, '--json'], {
      exactEnv: noGpuEnv(),
    });
    assert.equal(ran.code, 0, ran.stderr);
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
    const ran = await runHeadroom(
      ['run', '--framework', 'none', '--host-memory', '256MiB', '--run-dir', runDir, ...step('print:ok')],
      { exactEnv: noGpuEnv() },
    );
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /^node\s+exited\s+0\s/m);
  });
});

describe('headroom run --on slurm', () => {
  test("Slurm's commands run with the command's environment (its PATH, SLURM_CONF), as plan --on slurm's do", async () => {
    const bin = join(scratch, 'fake-slurm-bin');
    mkdirSync(bin);
    for (const name of ['sinfo', 'scontrol', 'sbatch', 'squeue', 'sacct', 'scancel']) {
      writeFileSync(join(bin, name), '#!/bin/sh\necho "fake $0 reached through $SLURM_CONF" >&2\nexit 1\n');
      chmodSync(join(bin, name), 0o755);
    }
    const env = { PATH: `${bin}:/usr/bin:/bin`, SLURM_CONF: 'the command environment' };
    const seed = join(repo, 'examples', 'rl-isaac', 'headroom.yaml');
    for (const command of ['plan', 'run']) {
      const { code, stderr } = await runHeadroom([command, '--on', 'slurm', '-c', seed], {
        cwd: scratch,
        env,
      });
      assert.equal(code, 2, stderr);
      assert.match(stderr, /fake .*bin\/s\w+ reached through the command environment/);
    }
    // A bad flag is refused before Slurm is asked anything.
    const seedConfig = join(repo, 'examples', 'rl-isaac', 'headroom.yaml');
    const bad = await runHeadroom(['run', '--on', 'slurm', '-c', seedConfig, '--metrics', 'nope'], {
      cwd: scratch,
      env,
    });
    assert.equal(bad.code, 2);
    assert.equal(
      bad.stderr,
      'headroom: --metrics nope: expected PORT or HOST:PORT, such as 9477 or 127.0.0.1:9477\n',
    );
  });
});
