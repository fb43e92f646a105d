import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { backoffMs, healthyRunMs, nextBackoffStep, shouldRestart } from './restart-policy.js';
import { runExitCode } from './run-exit-code.js';

describe('backoffMs', () => {
  test('doubles from 1 s and stops at 30 s', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs),
      [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000],
    );
  });
});

describe('shouldRestart', () => {
  const base = { restarts: 0, maxRestarts: 3 };
  test('no never restarts; on-failure restarts anything but a clean exit; always restarts even that', () => {
    assert.equal(shouldRestart({ ...base, policy: 'no', reason: 'failed' }), false);
    assert.equal(shouldRestart({ ...base, policy: 'on-failure', reason: 'oom-killed' }), true);
    assert.equal(shouldRestart({ ...base, policy: 'on-failure', reason: 'exited' }), false);
    assert.equal(shouldRestart({ ...base, policy: 'always', reason: 'exited' }), true);
  });

  test('stops at maxRestarts, and never restarts what an interrupt stopped', () => {
    assert.equal(shouldRestart({ policy: 'always', reason: 'failed', restarts: 3, maxRestarts: 3 }), false);
    assert.equal(shouldRestart({ ...base, policy: 'always', reason: 'interrupted' }), false);
  });
});

describe('runExitCode', () => {
  const ended = (
    reason: 'exited' | 'failed' | 'signal' | 'oom-killed',
    exitCode: number | null,
    signal: string | null = null,
  ) => ({ reason, exitCode, signal });

  test('0 when all exited; 130 when interrupted', () => {
    assert.equal(runExitCode([ended('exited', 0), ended('exited', 0)], false), 0);
    assert.equal(runExitCode([ended('exited', 0)], true), 130);
  });

  test('the first failure in end order passes its code through, or 128 + its signal', () => {
    assert.equal(runExitCode([ended('exited', 0), ended('failed', 3), ended('failed', 4)], false), 3);
    assert.equal(runExitCode([ended('oom-killed', null, 'SIGKILL'), ended('failed', 4)], false), 137);
  });

  test('a failure without code or signal (never started) is 1', () => {
    assert.equal(runExitCode([ended('failed', null)], false), 1);
  });
});

describe('nextBackoffStep', () => {
  test('climbs after short attempts; back to the first step after a healthy one', () => {
    assert.equal(nextBackoffStep(0, 1000), 1);
    assert.equal(nextBackoffStep(3, 1000), 4);
    assert.equal(nextBackoffStep(5, healthyRunMs), 1);
  });
});
