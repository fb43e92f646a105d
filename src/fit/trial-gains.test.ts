// What each trial bought, replayed from the trials in order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeFit } from './result.js';
import { withGains } from './trial-gains.js';
import type { TrialRecord } from './types.js';

const MiB = 2 ** 20;
const trial = (
  value: number,
  outcome: TrialRecord['outcome'],
  peakMiB: number | null,
  extra: Partial<TrialRecord> = {},
): TrialRecord => ({
  value,
  ok: outcome === 'pass',
  reason: outcome === 'memory' ? 'oom-killed' : outcome === 'over-margin' ? 'over-margin' : 'exited',
  peakHostBytes: peakMiB === null ? null : peakMiB * MiB,
  peakGpuBytes: null,
  seconds: 10,
  outcome,
  because: '',
  ...extra,
});

test('each trial says what it added: the first point, the answer, the margin crossing, the boundary, a repeat', () => {
  const trials = withGains([
    trial(1, 'pass', 110),
    trial(40, 'pass', 500),
    trial(70, 'over-margin', 960),
    trial(66, 'pass', 900),
    trial(75, 'memory', null),
    trial(66, 'pass', 905, { isRepeat: true }),
    trial(72, 'over-margin', 990),
  ]);
  assert.deepEqual(
    trials.map((t) => t.bought),
    [
      'the first point of the memory line; the answer 1 (was none); the boundary 1–? (was ?–?)',
      'the answer 40 (was 1); the boundary 40–? (was 1–?)',
      'over the margin from 70 (was not seen); the boundary 70–? (was 40–?), the answer unchanged',
      'the answer 66 (was 40)',
      'the boundary 70–75 (was 70–?), the answer unchanged',
      'a second run of 66: it kept the margin again (the noise at the answer)',
      'the boundary 72–75 (was 70–75), the answer unchanged',
    ],
  );
});

test('the result carries it, and a trial that proved nothing says so', () => {
  const result = summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials: [
      trial(1, 'pass', 100),
      trial(8, 'pass', 200, {
        isSettled: false,
        leak: { resource: 'host', bytesPerSecond: MiB, risingBytes: 4 * MiB, seconds: 4 },
      }),
    ],
    end: 'not-settled',
    limits: [{ resource: 'host', limitBytes: 1000 * MiB }],
    marginFraction: 0.05,
  });
  assert.equal(result.trials[1]?.bought, 'nothing proven: its memory leaks');
  assert.match(
    result.warnings[0] ?? '',
    /^batch 8: host memory climbed 1 MiB\/s .* a leak, not a trial too short/,
  );
  assert.equal(result.isAnswerSettled, false);
});

test('a run that ended on its own while climbing the whole time is warned about: a longer run needs more', () => {
  const leak = { resource: 'host' as const, bytesPerSecond: 2 * MiB, risingBytes: 8 * MiB, seconds: 4 };
  const result = summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials: [trial(1, 'pass', 100, { leak })],
    end: 'settled',
    limits: [{ resource: 'host', limitBytes: 1000 * MiB }],
    marginFraction: 0.05,
  });
  assert.match(
    result.warnings.join('\n'),
    /batch 1 ended on its own, but its host memory climbed 2 MiB\/s for the whole run: a leak/,
  );
});
