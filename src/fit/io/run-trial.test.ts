// The trial runner with real processes: the example workload under a real cgroup limit and on a
// simulated card, stopped by --until-line or --trial-seconds, crashing, and interrupted.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
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
    // Time enough for samples after node's own start-up, as the test above: at load 40 (a whole npm test,
    // 22:40) 1.5 s left too few samples of the leak to call it rising.
    const trial = await runner({ launch: leaking, trialMs: 4000 })(4, 1);
    assert.deepEqual([trial.ok, trial.reason, trial.isSettled], [true, 'time-limit', false], trial.because);
    assert.equal(trial.rising?.resource, 'host');
    assert.ok((trial.rising?.risingBytes ?? 0) >= 4 * MiB, JSON.stringify(trial.rising));
    assert.match(trial.because, /host memory was still rising .*: not settled/);
  });
});

describe("a trial's level is judged on its own memory (anonymous + shmem), not its file-backed pages", () => {
  // A Python program that spins (its CPU time is the level's clock) and, every 50 ms of it, either maps
  // 1 MiB more of a 96 MiB file it wrote (file-backed pages: its PSS rises, its own memory stays level)
  // or allocates and writes 4 MiB more (anonymous: both rise), up to 192 MiB.
  const child = join(scratch, 'own-memory.py');
  writeFileSync(
    child,
    [
      'import mmap, sys, time',
      'mode, path = sys.argv[1], sys.argv[2]',
      'MiB = 1 << 20',
      "step, size = (MiB, 96 * MiB) if mode == 'file' else (4 * MiB, 192 * MiB)",
      "if mode == 'file':",
      "    with open(path, 'wb') as f:",
      '        for _ in range(96):',
      "            f.write(b'\\1' * MiB)",
      "    opened = open(path, 'rb')",
      '    mapped = mmap.mmap(opened.fileno(), size, prot=mmap.PROT_READ)',
      'held = []',
      'done = 0',
      'while True:',
      '    until = time.process_time() + 0.05',
      '    if done < size:',
      "        if mode == 'file':",
      '            for at in range(done, done + step, 4096):',
      '                mapped[at]',
      '        else:',
      "            held.append(bytearray(b'\\1') * step)",
      '        done += step',
      '    while time.process_time() < until:',
      '        pass',
      '',
    ].join('\n'),
  );
  // On tmpfs a file's pages are shmem (the process's own); the file must be on a disk filesystem.
  const tmpfsMagic = 0x01021994;
  const onTmpfs = statfsSync(scratch).type === tmpfsMagic ? `${scratch} is on tmpfs` : undefined;
  const spec = (mode: 'file' | 'anon'): LaunchSpec & { command: string[] } => ({
    ...launch([], null),
    command: ['python3', child, mode, join(scratch, `own-memory-${mode}-{batch}.bin`)],
  });
  // A line's peak for the value well under what either reaches: the level alone decides.
  const hints = { expectedPeakBytes: { host: 4 * MiB, gpu: null }, noiseFraction: 0.01 };

  test('file-backed pages that grow while its own memory is level: levelled off, stopped early', async (t) => {
    if (noPython || onTmpfs) return t.skip(noPython ?? onTmpfs);
    const trial = await runner({ launch: spec('file'), trialMs: 30_000 })(1, 1, hints);
    assert.deepEqual([trial.ok, trial.reason, trial.isSettled], [true, 'levelled-off', true], trial.because);
    assert.equal(trial.stoppedEarly?.resource, 'host');
    // Its sampled host memory (PSS, what it reports) holds the pages it had mapped; its own memory
    // does not. And it was stopped while it still mapped more of the file (its PSS still rising):
    // judged on PSS, as before, it levelled off only after the whole file (96 MiB) and a second more.
    const stop = trial.stoppedEarly!;
    const mapped = stop.levelBytes - (stop.ownBytes ?? Number.NaN);
    assert.ok(mapped >= 8 * MiB && mapped < 80 * MiB, JSON.stringify(stop));
  });

  test('anonymous memory that grows: not levelled off, and not settled at --trial-seconds', async (t) => {
    if (noPython) return t.skip(noPython);
    const trial = await runner({ launch: spec('anon'), trialMs: 2000 })(1, 1, hints);
    assert.deepEqual([trial.ok, trial.reason, trial.isSettled], [true, 'time-limit', false], trial.because);
    assert.equal(trial.stoppedEarly ?? null, null);
    assert.equal(trial.rising?.resource ?? trial.leak?.resource, 'host', trial.because);
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
