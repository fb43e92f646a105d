// When a running trial may stop: levelled off at the line's peak, flat as long as its climb with no
// line; and never while still climbing or short of the line's peak.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemorySample } from './memory-trend.js';
import { judgeRunningTrial, type TrialHints, trialHintsFor } from './trial-stop.js';
import type { Observation } from './types.js';

const MiB = 2 ** 20;
const limits = [{ resource: 'host' as const, limitBytes: 1000 * MiB }];
const noLine: TrialHints = { expectedPeakBytes: { host: null, gpu: null }, noiseFraction: 0.01 };
const line = (hostMiB: number): TrialHints => ({
  expectedPeakBytes: { host: hostMiB * MiB, gpu: null },
  noiseFraction: 0.01,
});

/** Host samples every 200 ms from MiB values. */
const samples = (...hostMiB: number[]): MemorySample[] =>
  hostMiB.map((mib, i) => ({ atMs: i * 200, hostBytes: mib * MiB, gpuBytes: null }));
const judge = (s: MemorySample[], hints: TrialHints) => judgeRunningTrial({ samples: s, hints, limits });

test('levelled off at the peak the line predicts, for a second: the trial can stop', () => {
  const stop = judge(samples(100, 300, 500, 600, 600, 601, 600, 600, 600), line(605));
  assert.equal(stop?.kind, 'levelled-off');
  assert.equal(stop.kind === 'levelled-off' && stop.levelBytes, 601 * MiB);
});

test('level, but short of the line’s peak by more than the noise: it runs on', () => {
  assert.equal(judge(samples(100, 300, 500, 500, 500, 500, 500, 500, 500), line(600)), null);
});

test('still climbing: it runs on, line or not', () => {
  const climbing = samples(100, 200, 300, 400, 500, 600, 700, 800, 900);
  assert.equal(judge(climbing, line(600)), null);
  assert.equal(judge(climbing, noLine), null);
});

test('with no line, level for as long as the climb took (and 3 s at least)', () => {
  // Climbs for 1 s, flat for 2 s: not yet (3 s at least).
  const short = samples(100, 200, 300, 400, 500, 600, ...Array(10).fill(600));
  assert.equal(judge(short, noLine), null);
  const long = samples(100, 200, 300, 400, 500, 600, ...Array(16).fill(600));
  assert.equal(judge(long, noLine)?.kind, 'levelled-off');
  // A 4 s climb needs 4 s of level.
  const slow = samples(...Array.from({ length: 21 }, (_, i) => 100 + i * 25), ...Array(17).fill(600));
  assert.equal(judge(slow, noLine), null);
  assert.equal(
    judge([...slow, ...samples(600, 600, 600, 600).map((s) => ({ ...s, atMs: s.atMs + 7600 }))], noLine)
      ?.kind,
    'levelled-off',
  );
});

test('the hints: the line through the measured peaks at the value, and the noise', () => {
  const run = (value: number, peakMiB: number): Observation => ({
    value,
    isPass: true,
    isWithinMargin: true,
    peakBytes: { host: peakMiB * MiB, gpu: null },
  });
  assert.deepEqual(trialHintsFor([run(1, 102)], limits, 50).expectedPeakBytes, { host: null, gpu: null });
  const hints = trialHintsFor([run(1, 102), run(41, 302)], limits, 81);
  assert.equal(hints.expectedPeakBytes.host, 502 * MiB);
  assert.equal(hints.expectedPeakBytes.gpu, null);
  assert.equal(hints.noiseFraction, 0.01);
});

test('a warm start: the wait at the gate is no level, and the climb counts from the process start', () => {
  // Imports climb for 2 s, the process waits at the gate for 4 s (level), then runs from 6 s.
  const warm = samples(50, 100, 150, 200, 250, 300, 300, 300, 300, 300, ...Array(20).fill(300));
  const fromGate = (atMs: number) =>
    judgeRunningTrial({ samples: warm, hints: noLine, limits, countFromMs: atMs });
  // Flat for 4 s at the gate: a cold process would have stopped; this one has not run yet.
  assert.equal(judge(warm.slice(0, 30), noLine)?.kind, 'levelled-off');
  assert.equal(fromGate(5800), null);
  // Once it has run with its value as long as the imports climbed (and 3 s), it may stop.
  const ran = [...warm, ...Array(16).fill(300)].map((s, i) => ({
    atMs: i * 200,
    hostBytes: typeof s === 'number' ? s * MiB : s.hostBytes,
    gpuBytes: null,
  }));
  assert.equal(
    judgeRunningTrial({ samples: ran, hints: noLine, limits, countFromMs: 5800 })?.kind,
    'levelled-off',
  );
});

test('a warm start’s wait at the gate is not part of its climb: its imports and its climb after the gate are', () => {
  // Imports 1 s, a 20 s wait at the gate, then from 21 s a 1 s climb and 3.2 s level.
  const series = [
    ...samples(100, 200, 300, 300, 300, 300),
    ...Array.from({ length: 100 }, (_, i) => ({
      atMs: 1200 + i * 200,
      hostBytes: 300 * MiB,
      gpuBytes: null,
    })),
  ];
  const after = [400, 500, 600, 600, ...Array(16).fill(600)].map((mib, i) => ({
    atMs: 21_200 + i * 200,
    hostBytes: mib * MiB,
    gpuBytes: null,
  }));
  const run = [...series, ...after];
  const judgeWarm = (startupMs?: number) =>
    judgeRunningTrial({ samples: run, hints: noLine, limits, countFromMs: 21_000, startupMs });
  // Its climb is 1 s of imports and 1 s after the gate: level 3 s is enough.
  assert.equal(judgeWarm(1000)?.kind, 'levelled-off');
  // Counted from the process's start the climb would be 22 s.
  assert.equal(judgeWarm(undefined), null);
});

/** Samples every 200 ms of wall time, with the process's CPU time advancing `cpuPerSample` ms each. */
const timed = (cpuPerSample: number, ...hostMiB: number[]): MemorySample[] =>
  samples(...hostMiB).map((s, i) => ({ ...s, cpuMs: i * cpuPerSample }));

test('under load the level counts in the process’s CPU time: wall time with no progress proves nothing', () => {
  const level = [100, 300, 500, 600, 600, 601, 600, 600, 600, 600, 600, 600];
  // 2 s of wall time level, but starved: 20 ms of CPU per 200 ms sample (0.2 s of progress).
  assert.equal(judge(timed(20, ...level), line(605)), null);
  // The same samples with the CPU it had on a quiet machine: it can stop.
  assert.equal(judge(timed(200, ...level), line(605))?.kind, 'levelled-off');
  // With no line: level for as much CPU as the climb took (here 0.6 CPU-s), 3 CPU-s at least.
  assert.equal(judge(timed(20, 100, 300, 500, 600, ...Array(40).fill(600)), noLine), null);
  assert.equal(judge(timed(200, 100, 300, 500, 600, ...Array(16).fill(600)), noLine)?.kind, 'levelled-off');
});

test('under an address-space limit: never before there is a line, and at its peak only as long as the climb', () => {
  const judgeAs = (s: MemorySample[], hints: TrialHints) =>
    judgeRunningTrial({ samples: s, hints, limits, isAddressSpace: true });
  // Level for 3 CPU-s after a 0.6 CPU-s climb: enough with a line, never without one.
  const level = timed(200, 100, 300, 500, 600, ...Array(16).fill(600));
  assert.equal(judgeAs(level, noLine), null);
  assert.equal(judgeAs(level, line(605))?.kind, 'levelled-off');
  // A 3 CPU-s climb (its imports) and 1.4 CPU-s level at the line's peak: not yet.
  const longClimb = timed(200, ...Array.from({ length: 16 }, (_, i) => 100 + i * 33), ...Array(8).fill(600));
  assert.equal(judge(longClimb, line(605))?.kind, 'levelled-off', 'without the limit, a second of level');
  assert.equal(judgeAs(longClimb, line(605)), null);
  // A value the line puts within the noise of the limit (1000 MiB, noise 1%: from 990 MiB) runs to its
  // end or its failure: a level just under the limit is not yet its last allocation.
  const nearLimit = timed(200, 100, 500, 985, ...Array(16).fill(985));
  assert.equal(judgeAs(nearLimit, line(992)), null);
  assert.equal(judge(nearLimit, line(992))?.kind, 'levelled-off', 'without an address-space limit it stops');
  assert.equal(judgeAs(timed(200, 100, 500, 960, ...Array(16).fill(960)), line(965))?.kind, 'levelled-off');
});

/** Host samples every 200 ms: the sampled figure (PSS + swap) and the tree's own memory, in MiB. */
const withOwn = (pairs: [number, number][]): MemorySample[] =>
  pairs.map(([host, own], i) => ({
    atMs: i * 200,
    hostBytes: host * MiB,
    ownHostBytes: own * MiB,
    gpuBytes: null,
  }));

test("the level is judged on the tree's own memory: a PSS that rises while its own memory is level (a neighbour mapping the same libraries exited) does not hold it", () => {
  const pss = [100, 300, 500, 600, 604, 608, 612, 616, 620];
  const own = [80, 280, 480, 580, 580, 581, 580, 580, 580];
  const stop = judge(withOwn(pss.map((p, i) => [p, own[i]!])), line(605));
  assert.equal(stop?.kind, 'levelled-off');
  // The peak it reports and was compared with the line's stays the sampled one.
  assert.equal(stop.levelBytes, 620 * MiB);
  assert.equal(stop.ownBytes, 581 * MiB);
  // Judged on PSS alone (no own figure), the same trial runs on.
  assert.equal(judge(samples(...pss), line(605)), null);
});

test('own memory that still climbs holds it, however level its PSS', () => {
  const pss = [100, 300, 500, 600, 600, 600, 600, 600, 600];
  const own = [80, 280, 480, 500, 520, 540, 560, 580, 600];
  assert.equal(judge(withOwn(pss.map((p, i) => [p, own[i]!])), line(605)), null);
});
