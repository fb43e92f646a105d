// GPU budgets against a fake probe that reports memory for the supervised PIDs.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { SuperviseUpdate } from '../launch/types.js';
import { markOf } from '../observe/event-marks.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { cleanUpRuns, launch, MiB, program, runSupervised } from './test-helpers/supervised.js';

after(cleanUpRuns);

/** A probe that says every spawned PID holds `usedBytes` on device 0. */
function fakeProbe(usedBytes: number) {
  const pids: number[] = [];
  const probe: GpuProbe = {
    source: 'sim',
    snapshot: async () => ({
      source: 'sim',
      simulated: true,
      devices: [
        {
          index: 0,
          name: 'sim',
          uuid: null,
          totalBytes: 24 * 1024 * MiB,
          usedBytes: null,
          freeBytes: null,
          simulated: true,
        },
      ],
      processes: pids.map((pid) => ({ pid, device: 0, usedBytes })),
    }),
    close: async () => {},
  };
  const onUpdate = (u: SuperviseUpdate): void => {
    if (u.kind === 'event' && u.event.type === 'spawn') pids.push(u.event.pid as number);
  };
  return { probe, onUpdate };
}

describe('GPU budget', () => {
  test('going over is an event and a warning; enforce: warn lets the process run on', async () => {
    const fake = fakeProbe(2048 * MiB);
    // Alive 2 s: on a loaded machine a sample (every 100 ms) must still find it running.
    const run = await runSupervised(
      [launch('jax', program('steps.mjs', 'sleep:2000'), { gpuBudgetBytes: 1024 * MiB })],
      {
        gpuProbe: fake.probe,
        onUpdate: fake.onUpdate,
      },
    );
    const jax = run.processNamed('jax');
    assert.equal(jax.reason, 'exited');
    assert.equal(jax.peakGpuBytes, 2048 * MiB);
    assert.equal(run.events.filter((e) => e.type === 'gpu-over-budget').length, 1, 'one event per crossing');
    // The overrun is named in the summary with the peak and when it started, and the event names the process.
    assert.deepEqual(
      { ...jax.budgetExceeded, atMs: typeof jax.budgetExceeded?.atMs },
      {
        peakGpuBytes: 2048 * MiB,
        budgetBytes: 1024 * MiB,
        contextBytes: 0,
        atMs: 'number',
        peakGpuSource: 'sampled',
      },
    );
    assert.match(
      run.events.find((e) => e.type === 'gpu-over-budget')!.message,
      /^jax's GPU memory 2\.00 GiB is over/,
    );
  });

  test('a budget that held leaves budgetExceeded null', async () => {
    const fake = fakeProbe(512 * MiB);
    const run = await runSupervised(
      [launch('jax', program('steps.mjs', 'sleep:300'), { gpuBudgetBytes: 1024 * MiB })],
      { gpuProbe: fake.probe, onUpdate: fake.onUpdate },
    );
    assert.equal(run.processNamed('jax').budgetExceeded, null);
  });

  test('enforce: kill stops the process, reported killed-by-headroom', async () => {
    const fake = fakeProbe(2048 * MiB);
    const run = await runSupervised(
      [launch('jax', program('steps.mjs', 'sleep:30000'), { gpuBudgetBytes: 1024 * MiB, enforce: 'kill' })],
      { gpuProbe: fake.probe, onUpdate: fake.onUpdate },
    );
    const jax = run.processNamed('jax');
    assert.equal(jax.reason, 'killed-by-headroom');
    assert.match(jax.because, /over its budget.*enforce: kill/);
    assert.equal(jax.signal, 'SIGTERM');
    assert.equal(run.summary.exitCode, 128 + 15);
    const kill = run.events.find((e) => e.type === 'enforce-kill');
    assert.match(kill?.message ?? '', /^stopping jax: .*over its budget.*enforce: kill stopped it/);
    assert.equal(markOf(kill!), 'headroom-kill', "the report marks it as headroom's kill");
  });

  test('without a GPU probe, GPU peaks are null', async () => {
    const run = await runSupervised([launch('cpu', program('steps.mjs', 'sleep:300'))]);
    assert.equal(run.processNamed('cpu').peakGpuBytes, null);
  });
});
