// From the one verdict's reason to fits / over the margin / too big / other failure / interrupted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exitReasons, isMemoryReason } from '../vocabulary.js';
import { classifyTrial, type TrialEnd } from './classify.js';

const MiB = 2 ** 20;
const end = (overrides: Partial<TrialEnd>): TrialEnd => ({
  reason: 'exited',
  because: 'exited with code 0',
  stoppedBy: null,
  memoryKill: null,
  rising: null,
  peakBytes: { host: 100 * MiB, gpu: null },
  limits: [{ resource: 'host', limitBytes: 1024 * MiB }],
  marginFraction: 0,
  ...overrides,
});

test('every memory reason of the vocabulary is too big, a MemoryError (host-oom) included', () => {
  const memory = exitReasons.filter(isMemoryReason);
  assert.deepEqual(memory, ['oom-killed', 'gpu-oom', 'host-oom', 'shm-full', 'sim-capacity']);
  for (const reason of memory) {
    const verdict = classifyTrial(end({ reason, because: 'x' }));
    assert.deepEqual([verdict.ok, verdict.outcome, verdict.reason], [false, 'memory', reason]);
  }
});

test('killed-by-headroom is too big only when headroom killed it for memory', () => {
  for (const memoryKill of ['host', 'gpu'] as const) {
    assert.equal(classifyTrial(end({ reason: 'killed-by-headroom', memoryKill })).outcome, 'memory');
  }
  assert.equal(classifyTrial(end({ reason: 'killed-by-headroom' })).outcome, 'other');
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

test('stopped while its memory was still rising: a pass that is not settled, and says why', () => {
  const rising = { resource: 'host' as const, risingBytes: 64 * MiB, windowSeconds: 1.2 };
  const verdict = classifyTrial(end({ reason: 'interrupted', stoppedBy: 'time-limit', rising }));
  assert.deepEqual([verdict.ok, verdict.isSettled], [true, false]);
  assert.match(
    verdict.because,
    /host memory was still rising \(\+64 MiB over the last 1\.2 s\): not settled/,
  );
  // A process that ended by itself ran to its end: whatever its memory did, it is settled.
  assert.equal(classifyTrial(end({ rising })).isSettled, true);
});

test('a run whose peak eats into the margin ran: over the margin, not a failure', () => {
  const over = classifyTrial(end({ peakBytes: { host: 1000 * MiB, gpu: null }, marginFraction: 0.05 }));
  assert.deepEqual([over.ok, over.outcome, over.reason], [false, 'over-margin', 'over-margin']);
  assert.match(over.because, /^it ran, but its host peak .* \(the 5% margin of 1\.00 GiB kept free\)/);
  assert.equal(
    classifyTrial(end({ peakBytes: { host: 900 * MiB, gpu: null }, marginFraction: 0.05 })).ok,
    true,
  );
  assert.equal(classifyTrial(end({ peakBytes: { host: 1000 * MiB, gpu: null } })).ok, true);
});

test('with no margin, a peak past a limit nothing enforced is too big', () => {
  const limits = [{ resource: 'gpu' as const, limitBytes: 24 * 1024 * MiB }];
  const over = classifyTrial(end({ peakBytes: { host: 100 * MiB, gpu: 30 * 1024 * MiB }, limits }));
  assert.deepEqual([over.ok, over.outcome, over.reason], [false, 'memory', 'over-limit']);
});

test('a run held at its cgroup limit is no room kept only when the memory line puts its need at the limit', () => {
  const limitBytes = 900 * MiB;
  const held = (expectedMiB: number | null) =>
    classifyTrial(
      end({
        peakBytes: { host: limitBytes, gpu: null },
        limits: [{ resource: 'host', limitBytes }],
        heldAtLimit: {
          limitBytes,
          expectedBytes: expectedMiB === null ? null : expectedMiB * MiB,
          noiseFraction: 0.02,
        },
      }),
    );
  // The bench's CNN at 900 MiB: 127 ran held at the limit, its line need 897 MiB (2% noise: 882 MiB up).
  const atLimit = held(897);
  assert.deepEqual([atLimit.ok, atLimit.outcome, atLimit.reason], [false, 'over-margin', 'held-at-limit']);
  assert.match(atLimit.because, /held at its limit of 900 MiB by reclaim/);
  // Page cache (a data set read) filled the group while the need was far under it; or no line yet.
  for (const expected of [400, null]) {
    const pass = held(expected);
    assert.deepEqual([pass.ok, pass.outcome, pass.reason], [true, 'pass', 'exited']);
  }
});

test('under RLIMIT_AS a run whose peak and the heap it had given back before it are over the limit is too big, saying so', () => {
  // A 1400 MiB RLIMIT_AS as the host limit: the peak 1397.2 MiB ran, the heap it had trimmed (10 MiB) is counted.
  const limits = [{ resource: 'host' as const, limitBytes: 1400 * MiB }];
  const given = end({ limits, peakBytes: { host: 1407.2 * MiB, gpu: null }, heapGivenBackBytes: 10 * MiB });
  const verdict = classifyTrial(given);
  assert.deepEqual([verdict.ok, verdict.outcome, verdict.reason], [false, 'memory', 'over-limit']);
  assert.match(
    verdict.because,
    /^it ran, but its address-space peak 1\.36 GiB and the 10 MiB its heap had given back before it \(a run that gives it back after its largest allocation holds it there\), 1\.37 GiB, is over the limit of 1\.37 GiB$/,
  );
  // With a margin it ran over the margin; under the limit with the heap it fits.
  assert.equal(classifyTrial({ ...given, marginFraction: 0.05 }).outcome, 'over-margin');
  const under = classifyTrial({ ...given, peakBytes: { host: 1399 * MiB, gpu: null } });
  assert.deepEqual([under.ok, under.outcome], [true, 'pass']);
});
