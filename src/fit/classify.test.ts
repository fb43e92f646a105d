// From how a trial ended to fit / too big / other failure / interrupted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyTrial, type TrialEnd } from './classify.js';

const MiB = 2 ** 20;
const end = (overrides: Partial<TrialEnd>): TrialEnd => ({
  reason: 'exited',
  because: 'exited with code 0',
  stoppedBy: null,
  peakBytes: { host: 100 * MiB, gpu: null },
  limits: [{ resource: 'host', limitBytes: 1024 * MiB }],
  marginFraction: 0,
  ...overrides,
});

test('memory failures: cgroup OOM kill, GPU OOM text, headroom killing it for memory', () => {
  for (const reason of ['oom-killed', 'gpu-oom', 'killed-by-headroom'] as const) {
    assert.deepEqual(classifyTrial(end({ reason, because: 'x' })), {
      ok: false,
      outcome: 'memory',
      reason,
      because: 'x',
    });
  }
});

test('a crash or a foreign signal is not about memory', () => {
  assert.equal(classifyTrial(end({ reason: 'failed', because: 'exited with code 2' })).outcome, 'other');
  assert.equal(classifyTrial(end({ reason: 'signal', because: 'was killed by SIGSEGV' })).outcome, 'other');
});

test('a trial headroom stopped on purpose passed; one the user interrupted did not', () => {
  assert.deepEqual(
    classifyTrial(end({ reason: 'interrupted', stoppedBy: 'until-line' })).reason,
    'until-line',
  );
  assert.equal(classifyTrial(end({ reason: 'interrupted', stoppedBy: 'time-limit' })).ok, true);
  assert.equal(classifyTrial(end({ reason: 'interrupted' })).outcome, 'interrupted');
});

test('a run whose peak eats into the margin is too big', () => {
  const over = classifyTrial(end({ peakBytes: { host: 1000 * MiB, gpu: null }, marginFraction: 0.05 }));
  assert.equal(over.ok, false);
  assert.equal(over.reason, 'over-margin');
  assert.match(over.because, /5% margin of 1\.00 GiB/);
  assert.equal(
    classifyTrial(end({ peakBytes: { host: 900 * MiB, gpu: null }, marginFraction: 0.05 })).ok,
    true,
  );
  assert.equal(classifyTrial(end({ peakBytes: { host: 1000 * MiB, gpu: null } })).ok, true);
});

test('with no margin, a peak past a limit nothing enforced is too big', () => {
  const limits = [{ resource: 'gpu' as const, limitBytes: 24 * 1024 * MiB }];
  const over = classifyTrial(end({ peakBytes: { host: 100 * MiB, gpu: 30 * 1024 * MiB }, limits }));
  assert.deepEqual([over.ok, over.reason], [false, 'over-limit']);
});
