// Stopping: Ctrl-C with processes that ignore SIGTERM and have grandchildren, and leftovers.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { SuperviseUpdate } from '../launch/types.js';
import { cleanUpRuns, launch, program, runSupervised, survivors } from './test-helpers/supervised.js';

after(cleanUpRuns);

/** Aborts once every process has printed its PIDs, and collects them. */
function abortWhenAllReady(count: number, reason = 'SIGINT') {
  const controller = new AbortController();
  const pids: number[] = [];
  let ready = 0;
  const onUpdate = (update: SuperviseUpdate): void => {
    if (update.kind !== 'output') return;
    for (const match of update.text.matchAll(/^pids ([\d ]+)$/gm)) {
      pids.push(...match[1]!.split(' ').map(Number));
      ready += 1;
      if (ready === count) controller.abort(reason);
    }
  };
  return { signal: controller.signal, onUpdate, pids };
}

describe('interrupt', () => {
  for (const mode of ['with cgroups', 'without cgroups'] as const) {
    test(`stops processes that ignore SIGTERM, grandchildren included (${mode}); exit 130`, async () => {
      const emptyRoot = mkdtempSync(join(tmpdir(), 'headroom-nocgroup-'));
      const stop = abortWhenAllReady(2);
      try {
        const run = await runSupervised(
          [
            launch('a', program('ignore-term.mjs')),
            launch('b', program('ignore-term.mjs'), { hostMemoryBytes: 1024 ** 3 }),
          ],
          {
            signal: stop.signal,
            onUpdate: stop.onUpdate,
            ...(mode === 'without cgroups' ? { cgroupRoot: emptyRoot } : {}),
          },
        );
        assert.equal(stop.pids.length, 6, 'each process and its two grandchildren');
        assert.deepEqual(survivors(stop.pids), []);
        assert.equal(run.summary.exitCode, 130);
        for (const name of ['a', 'b']) {
          const ended = run.processNamed(name);
          assert.equal(ended.reason, 'interrupted');
          assert.match(ended.because, /after SIGINT and was killed with SIGKILL/);
        }
        assert.ok(run.events.some((e) => e.type === 'kill-after-grace'));
      } finally {
        rmSync(emptyRoot, { recursive: true, force: true });
        for (const pid of survivors(stop.pids)) process.kill(pid, 'SIGKILL');
      }
    });
  }

  test('a process still waiting for its dependency is not started', async () => {
    const controller = new AbortController();
    const run = await runSupervised(
      [
        launch('db', program('steps.mjs', 'print:booting', 'sleep:60000'), { readyWhen: 'listening' }),
        launch('app', program('steps.mjs', 'print:hi'), { dependsOn: ['db'] }),
      ],
      { signal: controller.signal, onUpdate: (u) => u.kind === 'output' && controller.abort() },
    );
    assert.equal(run.processNamed('app').reason, 'interrupted');
    assert.match(run.processNamed('app').because, /not started/);
    assert.equal(run.processNamed('app').startedAt, null);
    assert.equal(run.summary.exitCode, 130);
  });
});

describe('leftovers', () => {
  test('what a process leaves running when it exits is killed, even out of its session', async () => {
    const stop = abortWhenAllReady(1);
    // The parent prints the PIDs, then exits 0 on its own while its grandchildren keep running.
    const run = await runSupervised(
      [launch('p', ['/bin/sh', '-c', `${program('ignore-term.mjs').join(' ')} & sleep 1; exit 0`])],
      {
        onUpdate: stop.onUpdate,
      },
    );
    assert.equal(run.processNamed('p').reason, 'exited');
    assert.deepEqual(survivors(stop.pids), []);
    assert.ok(run.events.some((e) => e.type === 'leftover-killed'));
  });
});
