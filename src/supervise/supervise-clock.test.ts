// Waits follow the monotonic clock: a wall clock stepped back an hour mid-run (an NTP step, `date -s`)
// must not stretch a stop's grace period, so SIGKILL still comes after the grace.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { realClock } from '../launch/clock.js';
import type { Clock, SuperviseUpdate } from '../launch/types.js';
import { cleanUpRuns, launch, program, runSupervised, survivors } from './test-helpers/supervised.js';

after(cleanUpRuns);

const hourMs = 3600_000;

test('a wall clock stepped back 1 h during the stop grace does not delay SIGKILL', {
  timeout: 30_000,
}, async () => {
  let stepMs = 0;
  // The record's timestamps follow the stepped wall clock; waits read the monotonic one.
  const steppedClock: Clock = { ...realClock, now: () => Date.now() - stepMs };
  const controller = new AbortController();
  const pids: number[] = [];
  const onUpdate = (update: SuperviseUpdate): void => {
    if (update.kind !== 'output') return;
    const match = /^pids ([\d ]+)$/m.exec(update.text);
    if (!match || controller.signal.aborted) return;
    pids.push(...match[1]!.split(' ').map(Number));
    controller.abort('SIGTERM');
    stepMs = hourMs; // the clock steps back just as the grace period starts
  };
  try {
    const run = await runSupervised([launch('stubborn', program('ignore-term.mjs'))], {
      clock: steppedClock,
      stopGraceMs: 1000,
      signal: controller.signal,
      onUpdate,
    });
    assert.deepEqual(survivors(pids), []);
    const killed = run.events.find((e) => e.type === 'kill-after-grace');
    assert.ok(killed, 'SIGKILL came after the grace period');
    assert.match(killed.message, /still running 1 s after SIGTERM/);
    // The record's timestamps are the (stepped) wall clock's.
    assert.ok(Date.parse(killed.time) < Date.now() - hourMs / 2);
  } finally {
    for (const pid of survivors(pids)) process.kill(pid, 'SIGKILL');
  }
});
