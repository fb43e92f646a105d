// The trial runner with real processes: the example workload under a real cgroup limit and on a
// simulated card, stopped by --until-line or --trial-seconds, crashing, and interrupted.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createSimProbe } from '../probe/gpu/sim-backend.js';
import { noGpuProbe } from '../probe/gpu/types.js';
import { cgroupUnavailable, survivors } from '../supervise/test-helpers/supervised.js';
import type { LaunchSpec } from '../supervise/types.js';
import { createTrialRunner, type TrialRunnerOptions } from './run-trial.js';

const MiB = 2 ** 20;
const grow = fileURLToPath(new URL('../../examples/fit/grow.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-trial-'));
const noCgroup = cgroupUnavailable();
let runCount = 0;
after(() => rmSync(scratch, { recursive: true, force: true }));

function launch(args: string[], hostMemoryBytes: number | null): LaunchSpec & { command: string[] } {
  return {
    name: 'grow',
    command: [process.execPath, grow, '--batch', '{batch}', ...args],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    hostMemoryBytes,
    gpuBudgetBytes: null,
    restart: 'no',
    maxRestarts: 0,
    dependsOn: [],
    enforce: 'warn',
  };
}

function runner(overrides: Partial<TrialRunnerOptions> & Pick<TrialRunnerOptions, 'launch'>) {
  const hostLimit = overrides.launch.hostMemoryBytes;
  return createTrialRunner({
    variable: 'batch',
    gpuProbe: noGpuProbe,
    runsDir: join(scratch, `fit-${++runCount}`),
    runIdPrefix: `fittest${process.pid}-${runCount}`,
    limits: hostLimit === null ? [] : [{ resource: 'host', limitBytes: hostLimit }],
    marginFraction: 0,
    stopGraceMs: 1000,
    sampleIntervalMs: 100,
    ...overrides,
  });
}

describe('under a host-memory cgroup limit', () => {
  test('a value that fits passes with its peak; one that does not is OOM-killed by the kernel', async (t) => {
    if (noCgroup) return t.skip(`no cgroup can be made here: ${noCgroup}`);
    const run = runner({
      launch: launch(
        ['--base', '16MiB', '--per-item', '4MiB', '--steps', '2', '--step-ms', '200'],
        256 * MiB,
      ),
    });
    const fits = await run(8, 1);
    assert.equal(fits.ok, true, fits.because);
    assert.equal(fits.reason, 'exited');
    assert.ok((fits.peakHostBytes ?? 0) >= 48 * MiB, `peak ${fits.peakHostBytes}`);
    const tooBig = await run(100, 2);
    assert.deepEqual(
      [tooBig.ok, tooBig.outcome, tooBig.reason],
      [false, 'memory', 'oom-killed'],
      tooBig.because,
    );
  });
});

describe('on a simulated card', () => {
  test('a claim that fits passes with its GPU peak; one that does not fails with the framework OOM text', async () => {
    const probe = createSimProbe({ spec: 'sim:4GiB', env: { HEADROOM_SIM_DIR: join(scratch, 'sim') } });
    const args = [
      '--on',
      'gpu',
      '--base',
      '512MiB',
      '--per-item',
      '64MiB',
      '--steps',
      '2',
      '--step-ms',
      '250',
    ];
    const spec = launch(args, null);
    const run = runner({ launch: { ...spec, env: { ...spec.env, ...probe.environment } }, gpuProbe: probe });
    const fits = await run(16, 1);
    assert.equal(fits.ok, true, fits.because);
    assert.equal(fits.peakGpuBytes, 1536 * MiB);
    const tooBig = await run(64, 2);
    assert.deepEqual([tooBig.ok, tooBig.reason], [false, 'gpu-oom'], tooBig.because);
    assert.ok(tooBig.outputTail?.some((line) => line.includes('CUDA out of memory')));
  });
});

describe('stopping a healthy trial', () => {
  const long = launch(['--base', '8MiB', '--per-item', '1MiB', '--steps', '600', '--step-ms', '100'], null);

  test('--until-line: stopped once a line matches, and counted as passed', async () => {
    const trial = await runner({ launch: long, untilLine: /^step 3\// })(4, 1);
    assert.deepEqual([trial.ok, trial.reason], [true, 'until-line'], trial.because);
  });

  test('--trial-seconds: stopped after the time, and counted as passed', async () => {
    const trial = await runner({ launch: long, trialMs: 700 })(4, 1);
    assert.deepEqual([trial.ok, trial.reason], [true, 'time-limit'], trial.because);
  });
});

test('a crash is a failure of another kind, with the output that explains it', async () => {
  const trial = await runner({ launch: launch(['--crash-at', '8'], null) })(8, 1);
  assert.deepEqual([trial.ok, trial.outcome, trial.reason], [false, 'other', 'failed']);
  assert.ok(
    trial.outputTail?.some((line) => line.includes('ValueError')),
    trial.outputTail?.join('\n'),
  );
});

test('Ctrl-C aborts the trial and leaves no process behind', async () => {
  const controller = new AbortController();
  const pids: number[] = [];
  const run = runner({
    launch: launch(['--steps', '600', '--step-ms', '100'], null),
    signal: controller.signal,
    onUpdate: (update) => {
      if (update.kind === 'event' && update.event.type === 'spawn') pids.push(Number(update.event.pid));
      if (update.kind === 'output' && update.text.includes('step 2/')) controller.abort('SIGINT');
    },
  });
  const trial = await run(4, 1);
  assert.deepEqual([trial.ok, trial.outcome, trial.reason], [false, 'interrupted', 'interrupted']);
  assert.equal(pids.length, 1);
  assert.deepEqual(survivors(pids), []);
});
