// The trial runner with real processes: the example workload under a real cgroup limit and on a
// simulated card, stopped by --until-line or --trial-seconds, crashing, and interrupted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { LaunchSpec } from '../../launch/types.js';
import { createSimProbe } from '../../probe/gpu/sim-backend.js';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { cgroupUnavailable, survivors } from '../../supervise/test-helpers/supervised.js';
import { summarizeFit } from '../result.js';
import { runSearch } from '../search.js';
import { strategies } from '../strategies.js';
import { createTrialRunner, type TrialRunnerOptions } from './run-trial.js';

const MiB = 2 ** 20;
const grow = fileURLToPath(new URL('../../../examples/fit/grow.mjs', import.meta.url));
const memoryError = fileURLToPath(new URL('../../../examples/fit/memory_error.py', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-trial-'));
const noCgroup = cgroupUnavailable();
const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'no python3 on PATH';
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
    const run = runner({ launch: { ...spec, env: { ...spec.env, ...probe.childEnv } }, gpuProbe: probe });
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
    // Time enough for node's own start-up to be over (settled is judged on the last samples): at load 28
    // here (npm test, 16:47) its memory still rose by 12.7 MiB in the last 0.4 s of 1.5 s.
    const trial = await runner({ launch: long, trialMs: 4000 })(4, 1);
    assert.deepEqual([trial.ok, trial.reason, trial.isSettled], [true, 'time-limit', true], trial.because);
  });

  test('stopped while its memory still rises (a cache growing each step): a pass, not settled', async () => {
    const leaking = launch(['--base', '8MiB', '--steps', '600', '--step-ms', '100', '--leak', '4MiB'], null);
    const trial = await runner({ launch: leaking, trialMs: 1500 })(4, 1);
    assert.deepEqual([trial.ok, trial.reason, trial.isSettled], [true, 'time-limit', false], trial.because);
    assert.equal(trial.rising?.resource, 'host');
    assert.ok((trial.rising?.risingBytes ?? 0) >= 4 * MiB, JSON.stringify(trial.rising));
    assert.match(trial.because, /host memory was still rising .*: not settled/);
  });
});

describe('over its GPU budget under enforce: kill', () => {
  test("headroom's own kill for memory is too big, not a failure of another kind", async () => {
    const probe = createSimProbe({ spec: 'sim:4GiB', env: { HEADROOM_SIM_DIR: join(scratch, 'sim-kill') } });
    const spec = launch(
      ['--on', 'gpu', '--base', '2GiB', '--per-item', '1MiB', '--steps', '100', '--step-ms', '100'],
      null,
    );
    const run = runner({
      launch: {
        ...spec,
        env: { ...spec.env, ...probe.childEnv },
        gpuBudgetBytes: 1024 * MiB,
        enforce: 'kill',
      },
      gpuProbe: probe,
      limits: [{ resource: 'gpu', limitBytes: 1024 * MiB }],
    });
    const trial = await run(8, 1);
    assert.deepEqual(
      [trial.ok, trial.outcome, trial.reason],
      [false, 'memory', 'killed-by-headroom'],
      trial.because,
    );
  });
});

describe('a Python program that raises MemoryError (a real allocation failing under RLIMIT_AS)', () => {
  const python = (room: number): LaunchSpec & { command: string[] } => ({
    ...launch([], null),
    name: 'memory-error',
    command: [
      'python3',
      memoryError,
      '--batch',
      '{batch}',
      '--room-mib',
      String(room),
      '--steps',
      '1',
      '--step-ms',
      '100',
    ],
  });

  test('too big, from the one verdict (host-oom), never "a reason other than memory"', async (t) => {
    if (noPython) return t.skip(noPython);
    const run = runner({ launch: python(100) });
    const fits = await run(60, 1);
    assert.equal(fits.ok, true, fits.because);
    const tooBig = await run(150, 2);
    assert.deepEqual(
      [tooBig.ok, tooBig.outcome, tooBig.reason],
      [false, 'memory', 'host-oom'],
      tooBig.because,
    );
    assert.ok(tooBig.outputTail?.includes('MemoryError'), tooBig.outputTail?.join('\n'));
  });

  test('a guided search finds the boundary: the largest that ran and the first MemoryError adjacent', async (t) => {
    if (noPython) return t.skip(noPython);
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds: { minValue: 1, maxValue: 4096, limits: [] },
      runTrial: runner({ launch: python(100) }),
    });
    const result = summarizeFit({
      variable: 'batch',
      strategy: 'guided',
      trials,
      end,
      limits: [],
      marginFraction: 0,
    });
    assert.equal(end, 'settled');
    assert.equal(result.exitCode, 0);
    assert.ok(
      result.largestPassed !== null && result.firstFailing === result.largestPassed + 1,
      JSON.stringify(result),
    );
    // 100 MiB of room beyond the interpreter: the buffer of the first failing batch no longer fits.
    assert.ok(
      result.firstFailing >= 90 && result.firstFailing <= 101,
      `first failing ${result.firstFailing}`,
    );
    const failing = trials.find((t) => t.value === result.firstFailing);
    // Its MemoryError, or a run within 1% of the limit (address-space.ts addressSpaceRoomFraction).
    assert.ok(['host-oom', 'over-limit'].includes(failing?.reason ?? ''), JSON.stringify(failing));
    const refused = trials.filter((t) => t.outcome === 'memory' && t.reason !== 'over-limit');
    for (const trial of refused) assert.equal(trial.reason, 'host-oom', JSON.stringify(trial));
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

describe('under a binding RLIMIT_AS', () => {
  test('a value the line puts within the noise of the address-space limit is not stopped at a level: it runs to its end', async (t) => {
    if (noPython) return t.skip(noPython);
    // batch MiB held, then ~2.5 CPU-s level (a level long enough to stop at, were it allowed), then "done".
    // The first run (1 MiB) only measures the interpreter's address space: its level is 0.5 CPU-s.
    const script = join(scratch, 'level.py');
    writeFileSync(
      script,
      'import sys, time\nheld = bytearray(int(sys.argv[1]) * 2**20)\nend = time.process_time() + (2.5 if int(sys.argv[1]) > 1 else 0.5)\nwhile time.process_time() < end:\n    pass\nprint("done", flush=True)\n',
    );
    const limitBytes = 400 * MiB;
    const command = ['prlimit', `--as=${limitBytes}`, '--', 'python3', script, '{batch}'];
    // The host limit headroom would default to (GiBs): the address-space limit binds before it.
    const limits = [{ resource: 'host' as const, limitBytes: 8192 * MiB }];
    const run = runner({ launch: { ...launch([], null), command }, limits, isFullTrials: false });
    const base = await run(1, 1);
    const baseBytes = (base.addressSpace?.peakBytes ?? 0) - MiB;
    assert.ok(baseBytes > 0 && baseBytes < limitBytes - 100 * MiB, JSON.stringify(base.addressSpace));
    // 6 MiB under the limit by the line; the noise (3% of the limit, 12 MiB) puts the limit within reach.
    const value = Math.floor((limitBytes - baseBytes) / MiB) - 6;
    const hints = { expectedPeakBytes: { host: baseBytes + value * MiB, gpu: null }, noiseFraction: 0.03 };
    const near = await run(value, 2, hints);
    await run.close();
    assert.equal(near.addressSpace?.isHostLimit, true, JSON.stringify(near.addressSpace));
    assert.equal(near.stoppedEarly, null, JSON.stringify(near.stoppedEarly));
    assert.deepEqual([near.outcome, near.reason], ['pass', 'exited'], near.because);
    assert.match(readFileSync(join(near.runDir ?? '', 'logs', 'grow.log'), 'utf8'), /done/);
  });
});
