// The answer of `headroom fit` in words: the largest value that fits, the smallest that does not,
// the memory line, the margin, the effective-batch split, and why the search ended.
import type { FitResult, MemoryModelReport } from '../fit/result.js';
import { formatBytes } from '../units.js';
import type { colorsFor } from './output.js';

type Colors = ReturnType<typeof colorsFor>;

function describeModel(model: MemoryModelReport, variable: string): string {
  const line = `${model.interceptMiB.toFixed(1)} MiB + ${model.perValueMiB.toFixed(2)} MiB × ${variable}`;
  const fit = `${model.pointCount} points, R² ${model.rSquared.toFixed(4)}${model.isLinear ? '' : ', not a straight line'}`;
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
  if (result.end === 'max-trials')
    return [colors.yellow(`stopped after ${result.trials.length} trials (the cap)`)];
  return [];
}

/** The answer block, printed on stdout after the trials. */
export function renderFitAnswer(result: FitResult, colors: Colors): string {
  const { var: variable } = result;
  const lines = describeEnd(result, colors);
  const first = result.trials[0];
  if (result.best === 0 && first && result.end !== 'non-memory-failure') {
    lines.push(
      colors.red(`even ${variable}=${first.value} does not fit: ${first.reason} (${first.because})`),
    );
  } else if (result.best > 0) {
    const failing = result.firstFailing === null ? 'none failed' : `${result.firstFailing} did not`;
    lines.push(`${colors.bold(`${variable} ${result.best}`)} fits (the largest that passed); ${failing}`);
  }
  for (const model of result.models) lines.push(describeModel(model, variable));
  if (result.marginPercent > 0 && result.models.length > 0) {
    lines.push(`margin kept: ${result.marginPercent}% of each limit is left free at the answer`);
  }
  if (result.effective) {
    const { targetBatch, microBatch, accumulationSteps, effectiveBatch } = result.effective;
    const exact = effectiveBatch === targetBatch ? '' : ` = ${effectiveBatch} (no exact split)`;
    lines.push(
      `effective ${variable} ${targetBatch}: micro-batch ${microBatch} × ${accumulationSteps} gradient accumulation steps${exact}`,
    );
  }
  const seconds = result.trials.reduce((sum, t) => sum + t.seconds, 0);
  lines.push(`${result.trials.length} trials, ${seconds.toFixed(1)} s, strategy ${result.strategy}`);
  for (const note of result.notes) lines.push(colors.dim(`note: ${note}`));
  return `${lines.join('\n')}\n`;
}
