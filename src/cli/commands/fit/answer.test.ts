// The answer's words for what the time after the answer bought, and for a boundary left open.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeFit } from '../../../fit/result.js';
import type { TrialRecord } from '../../../fit/types.js';
import { colorsFor } from '../../output.js';
import { renderFitAnswer } from './answer.js';

const MiB = 2 ** 20;
const trial = (
  value: number,
  outcome: TrialRecord['outcome'],
  peakMiB: number | null,
  isRepeat = false,
): TrialRecord => ({
  value,
  ok: outcome === 'pass',
  reason: outcome === 'memory' ? 'oom-killed' : outcome === 'over-margin' ? 'over-margin' : 'exited',
  peakHostBytes: peakMiB === null ? null : peakMiB * MiB,
  peakGpuBytes: null,
  seconds: 12.5,
  outcome,
  because: '',
  isRepeat,
});
const plain = colorsFor({ isTTY: false }, {});

test('the trials after the answer first ran, each with what it bought', () => {
  const result = summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials: [
      trial(1, 'pass', 110),
      trial(40, 'pass', 500),
      trial(66, 'pass', 900),
      trial(70, 'over-margin', 960),
      trial(75, 'memory', null),
      trial(66, 'pass', 905, true),
    ],
    end: 'settled',
    limits: [{ resource: 'host', limitBytes: 1000 * MiB }],
    marginFraction: 0.05,
  });
  const text = renderFitAnswer(result, plain);
  assert.match(text, /^after batch 66 first ran \(#3\): 3 more trials, 37\.5 s$/m);
  assert.match(
    text,
    /^ {2}#4 batch=70 \(12\.5 s\): over the margin from 70 \(was not seen\); the boundary 70–\? \(was 66–\?\), the answer unchanged$/m,
  );
  assert.match(text, /^ {2}#6 batch=66 \(12\.5 s\): a second run of 66: it kept the margin again/m);
  // 70 | 75 is more than 1% apart: the boundary is open, and the answer did not need it closed.
  assert.equal(result.isAnswerSettled, true);
  assert.match(
    text,
    /^boundary: batch 70 ran \(over the margin\); 75 ran out of memory \(oom-killed\) — 5 apart, not narrowed further: no value there can change the answer$/m,
  );
});

test("power's stop at its first failure is not an answer that no value above could change", () => {
  const result = summarizeFit({
    variable: 'batch',
    strategy: 'power',
    trials: [trial(1, 'pass', 110), trial(32, 'pass', 400), trial(64, 'memory', null)],
    end: 'settled',
    limits: [{ resource: 'host', limitBytes: 1000 * MiB }],
    marginFraction: 0.05,
  });
  assert.equal(result.isAnswerSettled, false);
  assert.match(renderFitAnswer(result, plain), /— not settled: 32 apart/);
});

test('a run held at the cgroup limit at --margin 0 ends the search: the answer below it, the boundary left open', () => {
  const held = trial(127, 'over-margin', null);
  const result = summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials: [
      trial(1, 'pass', 328),
      trial(113, 'pass', 837),
      trial(126, 'pass', 896),
      { ...held, reason: 'held-at-limit', isHostPeakAtLimit: true, peakHostBytes: 900 * MiB },
    ],
    end: 'settled',
    limits: [{ resource: 'host', limitBytes: 900 * MiB }],
    marginFraction: 0,
  });
  assert.equal(result.recommended, 126);
  assert.equal(result.isAnswerSettled, true);
  const text = renderFitAnswer(result, plain);
  assert.match(
    text,
    /^boundary: batch 127 ran \(held at the limit by reclaim\); none ran out of memory — not narrowed further: no value there can change the answer$/m,
  );
  assert.match(
    text,
    /#4 batch=127 .*127 ran only held at the limit by reclaim: no value from 127 up can be the answer/,
  );
});
