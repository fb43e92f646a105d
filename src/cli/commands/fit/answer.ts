// The answer of `headroom fit` in words: the recommended value, the boundary (the largest value
// that ran and the first that ran out of memory, settled or not), the memory line and its fit,
// the noise, the warnings, the effective-batch split, and why the search ended.
import { boundaryToleranceAt } from '../../../fit/history.js';
import type { FitResult, MemoryModelReport } from '../../../fit/result.js';
import { formatBytes } from '../../../units.js';
import type { Colors } from '../../output.js';

function describeModel(model: MemoryModelReport, variable: string): string {
  const line = `${model.interceptMiB.toFixed(1)} MiB + ${model.perValueMiB.toFixed(2)} MiB × ${variable}`;
  const fit = `${model.pointCount} points, R² ${model.rSquared.toFixed(4)}${model.isLinear ? '' : ', not a straight line: bisected'}`;
  const reach =
    model.predictedLimit === null
      ? 'memory does not grow with it'
      : `reaches ${formatBytes(model.usableBytes)} at ${variable} ${model.predictedLimit}`;
  return `memory (${model.resource}): ${line} (${fit}); ${reach}`;
}

function describeEnd(result: FitResult, colors: Colors): string[] {
  const { var: variable } = result;
  if (result.end === 'non-memory-failure' && result.failure) {
    const { failure } = result;
    const lines = [
      colors.red(
        `${variable}=${failure.value} failed for a reason other than memory: ${failure.reason} (${failure.because})`,
      ),
      'the search stopped here: fix the command, then run fit again',
    ];
    if (failure.outputTail && failure.outputTail.length > 0) {
      lines.push('last output:', ...failure.outputTail.map((line) => `  | ${line}`));
    }
    if (failure.runDir) lines.push(`run record: ${failure.runDir}`);
    return lines;
  }
  if (result.end === 'interrupted')
    return [colors.yellow('interrupted: the search stopped before it settled')];
  const leaking = result.trials.find((t) => t.value === result.firstUnsettled && t.leak);
  if (result.end === 'not-settled' && leaking?.leak) {
    const { leak } = leaking;
    return [
      colors.yellow(
        `${variable}=${leaking.value} leaks: its ${leak.resource} memory climbed ${formatBytes(leak.bytesPerSecond)}/s for the whole trial with no plateau; the search stopped there`,
      ),
    ];
  }
  if (result.end === 'not-settled' && result.firstUnsettled !== null)
    return [
      colors.yellow(
        `${variable}=${result.firstUnsettled} was stopped while its memory was still rising: the search stopped there`,
      ),
    ];
  if (result.end === 'max-trials')
    return [colors.yellow(`stopped after ${result.trials.length} trials (the cap)`)];
  return [];
}

/** `boundary: batch 126 ran (over the margin); 127 ran out of memory (oom-killed) — adjacent, settled` */
function describeBoundary(result: FitResult): string | undefined {
  const { var: variable, largestPassed: passed, firstFailing: failing, recommended } = result;
  if (passed === null) return undefined;
  const isHeld = result.trials.some((t) => t.value === passed && t.reason === 'held-at-limit');
  const over =
    passed > recommended && recommended > 0
      ? isHeld
        ? ' (held at the limit by reclaim)'
        : ' (over the margin)'
      : '';
  const ran = `${variable} ${passed} ran${over}`;
  if (result.firstUnsettled !== null && (failing === null || result.firstUnsettled < failing)) {
    return `boundary: ${ran}; ${result.firstUnsettled} not settled (memory still rising when stopped) — not settled above ${passed}`;
  }
  const notNeeded = 'not narrowed further: no value there can change the answer';
  if (failing === null) {
    const why = result.isBoundarySettled ? ' (--max)' : '';
    return `boundary: ${ran}${why}; none ran out of memory${!result.isBoundarySettled && result.isAnswerSettled ? ` — ${notNeeded}` : ''}`;
  }
  const failedTrial = result.trials.find((t) => t.value === failing && t.outcome === 'memory');
  const failed = `${failing} ran out of memory${failedTrial ? ` (${failedTrial.reason})` : ''}`;
  const gap = failing - passed;
  const settled = result.isBoundarySettled
    ? gap === 1
      ? 'adjacent, settled'
      : 'within 1%, settled'
    : result.isAnswerSettled
      ? `${gap} apart, ${notNeeded}`
      : `not settled: ${gap} apart, more than ${boundaryToleranceAt(passed) === 1 ? 'adjacent' : '1%'}`;
  return `boundary: ${ran}; ${failed} — ${settled}`;
}

function describeAnswer(result: FitResult, colors: Colors): string[] {
  const { var: variable, recommended } = result;
  const first = result.trials[0];
  if (recommended > 0) {
    const kept =
      result.marginPercent > 0 && result.limits.length > 0
        ? `fits with ${result.marginPercent}% of each limit kept free (recommended)`
        : 'fits (the largest that passed)';
    const ranks = result.launcher && result.launcher.nprocPerNode > 1 ? result.launcher.nprocPerNode : 0;
    const perRank = ranks > 0 ? ` per rank (${ranks} ranks: ${recommended * ranks} per step in all)` : '';
    return [`${colors.bold(`${variable} ${recommended}`)}${perRank} ${kept}`];
  }
  if (result.end === 'not-settled' && result.largestPassed === null) {
    return [colors.red(`no answer: no ${variable} that ran had its memory settled`)];
  }
  if (result.largestPassed !== null) {
    return [
      colors.red(
        `no ${variable} kept ${result.marginPercent}% of each limit free: every value that ran went over the margin`,
      ),
    ];
  }
  if (first && result.end !== 'non-memory-failure') {
    return [colors.red(`even ${variable}=${first.value} does not fit: ${first.reason} (${first.because})`)];
  }
  return [];
}

/** What each trial after the answer first ran bought: the time spent once the answer was known. */
function describeExtraTrials(result: FitResult): string[] {
  const { var: variable, recommended, trials } = result;
  const first = trials.findIndex((t) => t.value === recommended && t.outcome === 'pass');
  if (recommended === 0 || first < 0 || first === trials.length - 1) return [];
  const extra = trials.slice(first + 1);
  const seconds = extra.reduce((sum, t) => sum + t.seconds, 0);
  return [
    `after ${variable} ${recommended} first ran (#${first + 1}): ${extra.length} more trial${extra.length === 1 ? '' : 's'}, ${seconds.toFixed(1)} s`,
    ...extra.map(
      (t, i) =>
        `  #${first + 2 + i} ${variable}=${t.value} (${t.seconds.toFixed(1)} s${t.stoppedEarly ? ', stopped once levelled off' : t.crossedLimit ? ', stopped once past its limit' : ''}): ${t.bought ?? t.outcome}`,
    ),
  ];
}

/** The answer block, printed on stdout after the trials. */
export function renderFitAnswer(result: FitResult, colors: Colors): string {
  const { var: variable } = result;
  const lines = [...describeEnd(result, colors), ...describeAnswer(result, colors)];
  const boundary = describeBoundary(result);
  if (boundary) lines.push(boundary);
  for (const model of result.models) lines.push(describeModel(model, variable));
  if (result.models.length > 0) {
    const from = {
      assumed: 'assumed',
      residuals: 'scatter around the line',
      repeats: 'repeated runs',
      layout:
        "at least fresh processes' address-space layout spread: the trials were forks of one interpreter",
    }[result.noise.source];
    lines.push(`noise: peaks vary about ${(result.noise.fraction * 100).toFixed(1)}% (${from})`);
  }
  if (result.marginPercent > 0 && result.models.length > 0) {
    lines.push(`margin kept: ${result.marginPercent}% of each limit is left free at the answer`);
  }
  lines.push(...describeExtraTrials(result));
  for (const warning of result.warnings) lines.push(colors.yellow(`warning: ${warning}`));
  if (result.effective) {
    const { targetBatch, microBatch, accumulationSteps, effectiveBatch, ranks } = result.effective;
    const exact = effectiveBatch === targetBatch ? '' : ` = ${effectiveBatch} (no exact split)`;
    const perRank = ranks === undefined ? '' : ` × ${ranks} ranks`;
    lines.push(
      `effective ${variable} ${targetBatch}: micro-batch ${microBatch}${perRank} × ${accumulationSteps} gradient accumulation steps${exact}`,
    );
  }
  const seconds = result.trials.reduce((sum, t) => sum + t.seconds, 0);
  const stoppedEarly = result.trials.filter((t) => t.stoppedEarly || t.crossedLimit).length;
  const early = stoppedEarly > 0 ? ` (${stoppedEarly} stopped as soon as their answer was known)` : '';
  lines.push(`${result.trials.length} trials${early}, ${seconds.toFixed(1)} s, strategy ${result.strategy}`);
  for (const note of result.notes) lines.push(colors.dim(`note: ${note}`));
  return `${lines.join('\n')}\n`;
}
