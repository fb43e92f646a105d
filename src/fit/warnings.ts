// What the answer of a fit should not be trusted for without a look: a pass that was stopped while
// its memory was still rising, peaks that vary as much as the margin, a line that did not fit.
import { formatBytes } from '../units.js';
import type { FitResult } from './result.js';
import type { MemoryLeak, TrialRecord } from './types.js';

const percent = (fraction: number): string => `${Number((fraction * 100).toFixed(1))}%`;

function describeStop(trial: TrialRecord): string {
  return trial.reason === 'until-line' ? '--until-line' : '--trial-seconds';
}

// A trial stopped while its memory still rose proves nothing about its value or those above it.
function unsettledWarning(result: FitResult): string[] {
  const first = result.trials.find((t) => t.isSettled === false);
  if (!first) return [];
  if (first.leak) return [leakWarning(result, first, first.leak)];
  const what = first.rising ? `its ${first.rising.resource} memory` : 'its memory';
  const answer =
    result.recommended > 0
      ? `the answer is the largest value whose memory had settled`
      : 'no value that ran had settled';
  return [
    `${result.var} ${first.value} was stopped by ${describeStop(first)} while ${what} was still rising: not settled, so the search stopped there and ${answer}; let each trial run past the growth (a longer --trial-seconds, or an --until-line after memory levels off, e.g. after the first epoch)`,
  ];
}

// Memory that climbs for the whole trial is a leak: a longer trial only climbs higher.
function leakWarning(result: FitResult, trial: TrialRecord, leak: MemoryLeak): string {
  const answer =
    result.recommended > 0
      ? `the answer is the largest value whose memory had settled, if the leak does not reach the limit later`
      : 'no value that ran had settled';
  const where = trial.runDir ? ` (headroom doctor ${trial.runDir})` : '';
  return `${result.var} ${trial.value}: ${leak.resource} memory climbed ${formatBytes(leak.bytesPerSecond)}/s for the whole trial (+${formatBytes(leak.risingBytes)} in ${leak.seconds.toFixed(1)} s) with no plateau: a leak, not a trial too short; a longer --trial-seconds only climbs higher. Find what grows every step${where} (a cache filled per sample, tensors kept in a list), then fit again; ${answer}`;
}

// A memory failure after climbing all the way: what ran out may be the leak, not the value.
// A run that ended on its own while still climbing: its peak is only what the leak reached by then.
function leakFailureWarnings(result: FitResult): string[] {
  const failed = result.trials.find((t) => t.outcome === 'memory' && t.leak);
  const passed = result.trials.find((t) => t.isSettled !== false && t.outcome !== 'memory' && t.leak);
  return [
    ...(failed
      ? [
          `${result.var} ${failed.value} ran out of memory after its ${failed.leak!.resource} memory climbed ${formatBytes(failed.leak!.bytesPerSecond)}/s for the whole trial: a leak may be what ran out, so values below it may fail too given time`,
        ]
      : []),
    ...(passed
      ? [
          `${result.var} ${passed.value} ended on its own, but its ${passed.leak!.resource} memory climbed ${formatBytes(passed.leak!.bytesPerSecond)}/s for the whole run: a leak, so a longer run than the trial needs more than its peak`,
        ]
      : []),
  ];
}

// The margin must cover how much a peak varies from run to run, or the answer may fail next time.
function noiseWarning(result: FitResult): string[] {
  const { noise, marginPercent } = result;
  if (noise.source === 'assumed' || result.recommended === 0) return [];
  const margin = marginPercent / 100;
  const from = {
    repeats: 'runs of the same value',
    residuals: 'the memory line',
    layout: "fresh processes' address-space layouts, which forked trials share",
  }[noise.source];
  if (margin === 0) {
    return [
      `peaks vary by about ${percent(noise.fraction)} (from ${from}) and --margin 0 keeps nothing free: ${result.var} ${result.recommended} may fail on another run`,
    ];
  }
  if (noise.fraction < margin) return [];
  const repeated = result.trials.some((t) => t.isRepeat && t.value === result.recommended);
  const checked = repeated ? `; ${result.var} ${result.recommended} passed twice, but` : ';';
  const suggested = Math.ceil(noise.fraction * 200);
  return [
    `peaks vary by about ${percent(noise.fraction)} (from ${from}), as much as the ${marginPercent}% margin${checked} it may fail on another run: consider --margin ${suggested}`,
  ];
}

// A poor line: the search bisected; say why, with the fit quality.
function lineWarning(result: FitResult): string[] {
  return result.models
    .filter((model) => !model.isLinear)
    .map(
      (model) =>
        `the ${model.resource} peaks are not on a straight line (R² ${model.rSquared.toFixed(2)}, ${model.pointCount} points): the search bisected instead of predicting from it`,
    );
}

// The first failure came well under every known limit, by the line: something headroom does not
// see limits the command (a ulimit, another process on the card, fragmentation), and the margin,
// taken off the known limits, does not cover it.
function unknownLimitWarning(result: FitResult): string[] {
  const failing = result.firstFailing;
  const models = result.models.filter((m) => m.isLinear);
  if (failing === null || models.length === 0 || models.length < result.limits.length) return [];
  const MiB = 2 ** 20;
  const needs = models.map((m) => ({
    model: m,
    needBytes: (m.interceptMiB + m.perValueMiB * failing) * MiB,
  }));
  const isUnder = needs.every(
    ({ model, needBytes }) => needBytes < model.limitBytes * (1 - result.noise.fraction * 3),
  );
  if (!isUnder) return [];
  const described = needs
    .map(
      ({ model, needBytes }) =>
        `${model.resource} about ${formatBytes(needBytes)} of ${formatBytes(model.limitBytes)}`,
    )
    .join(', ');
  return [
    `${result.var} ${failing} ran out of memory well under the limits headroom knows (${described}): something else limits it (a ulimit, another process on the card); the margin is kept from the known limits only`,
  ];
}

/** The warnings for a result, in the order they matter. */
export function fitWarnings(result: FitResult): string[] {
  return [
    ...unsettledWarning(result),
    ...leakFailureWarnings(result),
    ...unknownLimitWarning(result),
    ...noiseWarning(result),
    ...lineWarning(result),
  ];
}
