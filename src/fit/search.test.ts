// The search loop and the result: how a search ends, and the exit code each ending gives.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { summarizeFit } from './result.js';
import { observe, runSearch } from './search.js';
import { strategies } from './strategies.js';
import type { TrialOutcome, TrialRecord } from './types.js';

const MiB = 2 ** 20;
const limits = [{ resource: 'host' as const, limitBytes: 1024 * MiB }];
const bounds = { minValue: 1, maxValue: 4096, limits };

/** A trial: fits up to `limit`, with memory 100 MiB + 2 MiB per value. */
function trialAt(value: number, limit: number, outcome?: TrialOutcome): TrialRecord {
  const kind = outcome ?? (value <= limit ? 'pass' : 'memory');
  const reason =
    kind === 'pass'
      ? 'exited'
      : kind === 'memory'
        ? 'oom-killed'
        : kind === 'other'
          ? 'failed'
          : 'interrupted';
  return {
    value,
    ok: kind === 'pass',
    reason,
    peakHostBytes: kind === 'pass' ? 100 * MiB + 2 * MiB * value : 1024 * MiB,
    peakGpuBytes: null,
    seconds: 0.5,
    outcome: kind,
    because: kind === 'other' ? 'exited with code 2' : reason,
  };
}

const summarize = (
  trials: TrialRecord[],
  end: Parameters<typeof summarizeFit>[0]['end'],
  effectiveTarget?: number,
) =>
  summarizeFit({
    variable: 'batch',
    strategy: 'guided',
    trials,
    end,
    limits,
    marginFraction: 0,
    effectiveTarget,
  });

describe('observe: what a trial tells the line', () => {
  test('a pass whose cgroup was held at its limit by reclaim is a pass, but its peak is not its need', () => {
    const atLimit = { ...trialAt(127, 200), peakHostBytes: 1024 * MiB, isHostPeakAtLimit: true };
    assert.deepEqual(observe(atLimit), {
      value: 127,
      isPass: true,
      isWithinMargin: true,
      peakBytes: { host: null, gpu: null },
    });
    assert.equal(observe(trialAt(120, 200)).peakBytes.host, 340 * MiB);
  });

  test('a search through such a pass settles the boundary without taking the limit for a peak', async () => {
    // Needs 100 MiB + 7 MiB per value; 131 and up are killed; 127 to 130 are held at the limit and run.
    const run = async (value: number): Promise<TrialRecord> => {
      const need = 100 * MiB + 7 * MiB * value;
      if (value > 130) return trialAt(value, 0);
      const isHeld = need >= 1024 * MiB;
      return {
        ...trialAt(value, value),
        peakHostBytes: Math.min(need, 1024 * MiB),
        peakCgroupBytes: Math.min(need, 1024 * MiB),
        ...(isHeld ? { isHostPeakAtLimit: true } : {}),
      };
    };
    const { trials, end } = await runSearch({ strategy: strategies.guided, bounds, runTrial: run });
    assert.equal(end, 'settled');
    const values = trials.map((t) => t.value);
    assert.ok(values.includes(130) && values.includes(131), `the boundary 130-131 was settled: ${values}`);
    assert.ok(trials.length <= 8, `no doubling past the boundary: ${values}`);
  });
});

describe('runSearch', () => {
  test('settles with the answer, the line and the effective split; exit 0', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds,
      runTrial: async (value) => trialAt(value, 462),
    });
    assert.equal(end, 'settled');
    const result = summarize(trials, end, 1024);
    assert.ok(result.best >= 453 && result.best <= 462, `best ${result.best}`);
    assert.equal(result.exitCode, 0);
    assert.equal(result.models[0]?.perValueMiB, 2);
    assert.equal(result.models[0]?.predictedLimit, 462);
    assert.equal(result.effective?.effectiveBatch, 1024);
  });

  test('a failure that is not about memory ends the search: exit 2, with that trial', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.power,
      bounds,
      runTrial: async (value) => trialAt(value, 1000, value >= 8 ? 'other' : undefined),
    });
    assert.deepEqual(
      trials.map((t) => t.value),
      [1, 2, 4, 8],
    );
    assert.equal(end, 'non-memory-failure');
    const result = summarize(trials, end);
    assert.equal(result.exitCode, 2);
    assert.equal(result.failure?.value, 8);
    assert.equal(result.firstFailing, null, 'a crash says nothing about memory');
    assert.equal(result.best, 4);
  });

  test('best 0 and exit 1 when even --min fails', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds: { ...bounds, minValue: 16 },
      runTrial: async (value) => trialAt(value, 8),
    });
    assert.deepEqual(
      trials.map((t) => t.value),
      [16],
    );
    const result = summarize(trials, end);
    assert.deepEqual([result.best, result.firstFailing, result.exitCode], [0, 16, 1]);
  });

  test('an interrupted trial ends the search: exit 130', async () => {
    const controller = new AbortController();
    const { trials, end } = await runSearch({
      strategy: strategies.power,
      bounds,
      runTrial: async (value) => {
        if (value === 4) controller.abort('SIGINT');
        return trialAt(value, 1000, value === 4 ? 'interrupted' : undefined);
      },
      signal: controller.signal,
    });
    assert.equal(trials.length, 3);
    assert.equal(end, 'interrupted');
    assert.equal(summarize(trials, end).exitCode, 130);
  });

  test('a trial stopped while its memory still rises ends the search', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.power,
      bounds,
      runTrial: async (value) => ({ ...trialAt(value, 1000), isSettled: value < 8 }),
    });
    assert.deepEqual([trials.map((t) => t.value), end], [[1, 2, 4, 8], 'not-settled']);
  });

  test('stops at the trial cap', async () => {
    const { trials, end } = await runSearch({
      strategy: strategies.halving,
      bounds,
      runTrial: async (value) => trialAt(value, 0),
      maxTrials: 5,
    });
    assert.deepEqual([trials.length, end], [5, 'max-trials']);
  });
});

describe('summarizeFit: the boundary, the margin-kept answer, and what to be careful about', () => {
  const trial = (
    value: number,
    outcome: TrialOutcome,
    peakMiB: number | null,
    extra: Partial<TrialRecord> = {},
  ) => ({
    ...trialAt(value, 0, outcome),
    ok: outcome === 'pass',
    reason:
      outcome === 'pass'
        ? ('exited' as const)
        : outcome === 'over-margin'
          ? ('over-margin' as const)
          : ('oom-killed' as const),
    peakHostBytes: peakMiB === null ? null : peakMiB * MiB,
    ...extra,
  });
  const summarizeWith = (trials: TrialRecord[], marginFraction: number) =>
    summarizeFit({
      variable: 'batch',
      strategy: 'guided',
      trials,
      end: 'settled',
      limits,
      marginFraction,
      maxValue: 4096,
    });

  test('over the margin is not a failure: largestPassed above the answer, firstFailing the OOM', () => {
    const result = summarizeWith(
      [
        trial(1, 'pass', 102),
        trial(100, 'pass', 300),
        trial(420, 'pass', 940),
        trial(461, 'over-margin', 1022),
        trial(462, 'memory', 1024),
      ],
      0.05,
    );
    assert.deepEqual(
      [result.best, result.recommended, result.largestPassed, result.firstFailing, result.isBoundarySettled],
      [420, 420, 461, 462, true],
    );
    assert.equal(result.models[0]?.pointCount, 4, 'the over-margin peak is on the line too');
    assert.deepEqual(result.warnings, []);
  });

  test('a boundary further apart than 1% is not settled', () => {
    const result = summarizeWith(
      [trial(1, 'pass', 102), trial(64, 'pass', 228), trial(128, 'memory', 1024)],
      0,
    );
    assert.deepEqual([result.largestPassed, result.firstFailing, result.isBoundarySettled], [64, 128, false]);
  });

  test('a trial stopped while its memory still rose proves nothing: the answer is the settled value below it', () => {
    const rising = { resource: 'host' as const, risingBytes: 64 * MiB, windowSeconds: 1 };
    const result = summarizeFit({
      variable: 'batch',
      strategy: 'guided',
      trials: [
        trial(1, 'pass', 102),
        trial(16, 'pass', 300),
        trial(24, 'pass', 400, { reason: 'time-limit', isSettled: false, rising }),
      ],
      end: 'not-settled',
      limits,
      marginFraction: 0,
    });
    assert.deepEqual(
      [
        result.recommended,
        result.largestPassed,
        result.firstUnsettled,
        result.isBoundarySettled,
        result.exitCode,
      ],
      [16, 16, 24, false, 0],
    );
    assert.equal(result.models[0]?.pointCount, 2, 'its peak is a lower bound, not on the line');
    assert.match(
      result.warnings[0] ?? '',
      /^batch 24 was stopped by --trial-seconds while its host memory was still rising: not settled, so the search stopped there/,
    );
  });

  test('peaks scattered more than the margin: a warning with a margin that would cover them', () => {
    const result = summarizeWith(
      [
        trial(1, 'pass', 102),
        trial(100, 'pass', 330),
        trial(200, 'pass', 470),
        trial(300, 'pass', 760),
        trial(400, 'memory', 1024),
      ],
      0.05,
    );
    assert.equal(result.noise.source, 'residuals');
    assert.ok(result.noise.fraction >= 0.05, JSON.stringify(result.noise));
    assert.ok(
      result.warnings.some((w) =>
        /peaks vary by about .* as much as the 5% margin.*consider --margin \d+/.test(w),
      ),
      result.warnings.join('\n'),
    );
  });

  test('a first failure well under every known limit: a warning that something else limits it', () => {
    const under = summarizeWith(
      [trial(1, 'pass', 102), trial(100, 'pass', 300), trial(120, 'pass', 340), trial(121, 'memory', 342)],
      0,
    );
    assert.match(
      under.warnings[0] ?? '',
      /^batch 121 ran out of memory well under the limits headroom knows \(host about 342 MiB of 1\.00 GiB\)/,
    );
    const atLimit = summarizeWith(
      [trial(1, 'pass', 102), trial(400, 'pass', 900), trial(461, 'pass', 1022), trial(462, 'memory', 1024)],
      0,
    );
    assert.deepEqual(atLimit.warnings, []);
  });
});

describe('forked trials: the answer once more as a fresh process', () => {
  // Forks fit up to 300; a fresh process (its own address-space layout) only up to 296.
  const run = (value: number, fresh: boolean): TrialRecord => ({
    ...trialAt(value, fresh ? 296 : 300),
    ...(fresh ? {} : { forked: { pid: 1000 + value } }),
  });

  test('settled on forks alone, the answer runs fresh; where it fails there, the search goes on below it, fresh', async () => {
    const fresh: number[] = [];
    const { trials, end } = await runSearch({
      strategy: strategies.guided,
      bounds,
      runTrial: async (value, _index, _hints, mode) => {
        if (mode?.fresh) fresh.push(value);
        return run(value, mode?.fresh === true);
      },
    });
    assert.equal(end, 'settled');
    const result = summarize(trials, end);
    // Every answer the forks settled on was checked fresh, and the last one held.
    assert.ok(fresh.length >= 1, JSON.stringify(trials.map((t) => t.value)));
    assert.equal(fresh.at(-1), result.recommended);
    assert.ok(result.recommended <= 296 && result.recommended >= 290, String(result.recommended));
    const checks = trials.filter((t) => t.isFreshCheck);
    assert.ok(checks.every((t) => t.forked === undefined && fresh.includes(t.value)));
    // After a check that failed, every later value ran fresh (a check only where the answer had run as forks alone).
    const trace = JSON.stringify(trials.map((t) => [t.value, t.outcome, t.isFreshCheck, t.forked]));
    const refuted = trials.findIndex((t) => t.isFreshCheck && t.outcome === 'memory');
    assert.ok(refuted >= 0 && trials.length > refuted + 1, trace);
    for (const trial of trials.slice(refuted + 1)) {
      assert.equal(trial.forked, undefined, trace);
      if (trial.isFreshCheck)
        assert.ok(
          trials.some((t) => t.value === trial.value && t.forked),
          trace,
        );
    }
    assert.match(
      result.trials.find((t) => t.isFreshCheck)?.bought ?? '',
      /as a fresh process, after forks only/,
    );
  });

  test('fresh trials are never checked again', async () => {
    const modes: (boolean | undefined)[] = [];
    await runSearch({
      strategy: strategies.guided,
      bounds,
      runTrial: async (value, _index, _hints, mode) => {
        modes.push(mode?.fresh);
        return trialAt(value, 300);
      },
    });
    assert.ok(modes.every((m) => m === undefined));
  });
});

describe('under RLIMIT_AS at margin 0, the search aims at the limit the trials are judged against', () => {
  // A CNN-like line under 1400 MiB: need = 880 MiB + 4.6 MiB per value (the bench's CNN: 105 at ~1363,
  // 111 at ~1391); the judge keeps 1% room (14 MiB), so 110 is the largest value it lets pass.
  const rlimit = 1400 * MiB;
  const room = Math.round(rlimit * 0.01);
  const needOf = (value: number): number => 880 * MiB + Math.round(4.6 * MiB * value);
  const run = (withRoom: boolean) =>
    runSearch({
      strategy: strategies.guided,
      bounds: { minValue: 1, maxValue: 8192, limits: [{ resource: 'host', limitBytes: 16 * 1024 * MiB }] },
      runTrial: async (value) => {
        const need = needOf(value);
        const ran = need <= rlimit - room;
        return {
          value,
          ok: ran,
          reason: ran ? 'exited' : 'over-limit',
          peakHostBytes: need,
          peakGpuBytes: null,
          seconds: 1,
          outcome: ran ? 'pass' : 'memory',
          because: ran ? 'exited with code 0' : 'within the room',
          // The room the judge kept, on the trial's address space (the runner puts it there), or not.
          addressSpace: {
            limitBytes: rlimit,
            peakBytes: need,
            isHostLimit: true,
            ...(withRoom ? { roomBytes: room, roomSource: 'assumed' as const } : {}),
          },
        };
      },
    });

  test('no trial is spent on a value the judge refuses by the room alone, but the boundary’s one', async () => {
    const aimed = await run(true);
    const trace = aimed.trials.map((t) => `${t.value} ${t.reason}`).join(', ');
    const answer = summarizeFit({
      variable: 'batch',
      strategy: 'guided',
      trials: aimed.trials,
      end: aimed.end,
      limits: aimed.limits,
      marginFraction: 0,
    });
    assert.equal(answer.recommended, 110, trace);
    assert.equal(answer.isBoundarySettled, true, trace);
    assert.equal(aimed.trials.filter((t) => !t.ok).length, 1, trace);
    // Reported as RLIMIT_AS, its usable part the judged limit, and the room with its source.
    assert.deepEqual(answer.limits, [
      {
        resource: 'host',
        limitBytes: rlimit,
        usableBytes: rlimit - room,
        source: 'rlimit-as',
        roomBytes: room,
        roomSource: 'assumed',
      },
    ]);
    // Aimed at RLIMIT_AS itself (the judge's room kept apart from the search's limit), it spends more.
    const unaimed = await run(false);
    const before = unaimed.trials.map((t) => `${t.value} ${t.reason}`).join(', ');
    assert.ok(unaimed.trials.filter((t) => !t.ok).length > 1, before);
    assert.ok(unaimed.trials.length > aimed.trials.length, `${trace} / ${before}`);
  });
});
