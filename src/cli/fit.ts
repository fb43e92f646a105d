// `headroom fit -- CMD ...{batch}...`: the largest value of a knob that fits, found by running the
// command as fresh supervised trials; progress on stderr, the answer (or JSON) on stdout.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { type FitResult, summarizeFit } from '../fit/result.js';
import { createTrialRunner } from '../fit/run-trial.js';
import { runSearch } from '../fit/search.js';
import { strategies, strategyNames } from '../fit/strategies.js';
import { collect } from './common.js';
import { type FitFlags, parseFitOptions } from './fit-flags.js';
import { prepareFit } from './fit-setup.js';
import { colorsFor, toJson } from './output.js';
import { createFitProgress } from './render-fit.js';
import { renderFitAnswer } from './render-fit-answer.js';
import { newRunId } from './run.js';

/** The result as JSON: the contract's fields first, then the rest. */
export function fitJson(result: FitResult): string {
  const { var: variable, best, firstFailing, strategy, trials, ...rest } = result;
  const trialRows = trials.map(({ value, ok, reason, peakHostBytes, peakGpuBytes, seconds, ...more }) => ({
    value,
    ok,
    reason,
    peakHostBytes,
    peakGpuBytes,
    seconds,
    ...more,
  }));
  return toJson({ var: variable, best, firstFailing, strategy, trials: trialRows, ...rest });
}

function runsDirFor(flags: FitFlags, fitId: string): string {
  const dir = resolve(flags.runDir ?? join('.headroom', 'fits', fitId));
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new UsageError(
      `run directory ${dir} is not empty`,
      'pass another --run-dir, or leave it out for a new one',
    );
  }
  return dir;
}

async function fitCommand(argv: string[], flags: FitFlags): Promise<void> {
  const options = parseFitOptions(flags, argv);
  const fitId = newRunId();
  const runsDir = runsDirFor(flags, fitId);
  const setup = await prepareFit(argv, flags);
  const progress = createFitProgress({
    stream: process.stderr,
    variable: options.variable,
    limits: setup.limits,
  });
  // A stop signal aborts the trial in progress through the supervisor, which stops its whole tree.
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => controller.abort(signal);
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of stopSignals) process.on(signal, onSignal);
  try {
    const runTrial = createTrialRunner({
      launch: setup.launch,
      variable: options.variable,
      gpuProbe: setup.probe,
      runsDir,
      runIdPrefix: fitId,
      untilLine: options.untilLine,
      trialMs: options.trialMs,
      limits: setup.limits,
      marginFraction: options.marginFraction,
      signal: controller.signal,
      onUpdate: (update) => progress.update(update),
    });
    const { trials, end } = await runSearch({
      strategy: strategies[options.strategy],
      bounds: {
        minValue: options.minValue,
        maxValue: options.maxValue,
        limits: setup.limits,
        marginFraction: options.marginFraction,
      },
      runTrial,
      onTrialStart: (value, index) => progress.start(value, index),
      onTrialEnd: (trial, index) => progress.end(trial, index),
      signal: controller.signal,
    });
    const result = summarizeFit({
      variable: options.variable,
      strategy: options.strategy,
      trials,
      end,
      limits: setup.limits,
      marginFraction: options.marginFraction,
      minValue: options.minValue,
      maxValue: options.maxValue,
      effectiveTarget: options.effectiveTarget,
      notes: [...setup.notes, `trial records: ${runsDir}`],
    });
    process.stdout.write(flags.json ? fitJson(result) : renderFitAnswer(result, colorsFor(process.stdout)));
    process.exitCode = result.exitCode;
  } finally {
    for (const signal of stopSignals) process.off(signal, onSignal);
    await setup.probe.close();
  }
}

/** Registers `headroom fit`. */
export function define(program: Command): void {
  program
    .command('fit')
    .description('find the largest value of a knob (batch size) that fits, by running trials of the command')
    .argument('[command...]', 'the command after --, with {batch} (or {VAR}) where the value goes')
    .option('--var <name>', 'the placeholder to replace: {name}', 'batch')
    .option('--min <n>', 'smallest value to try (default 1)')
    .option('--max <n>', 'largest value to try (default 65536; halving starts here)')
    .option('--strategy <name>', `search strategy: ${strategyNames.join(', ')}`, 'guided')
    .option(
      '--trial-seconds <s>',
      'stop a trial that has run this long without a memory failure: it passed (not settled if its memory was still rising)',
    )
    .option(
      '--until-line <regex>',
      'stop a trial once a line of its output matches: it passed (not settled if its memory was still rising)',
    )
    .option('--margin <percent>', 'percent of each memory limit to keep free at the answer', '5')
    .option('--gpu <spec>', 'the GPU: 24GiB, sim:24GiB for a simulated card (repeatable)', collect)
    .option(
      '--host-memory <size>',
      'host memory limit per trial (16GiB), enforced with a cgroup (default: available memory less a reserve)',
    )
    .option('--framework <name>', 'jax, torch, tensorflow, other or none: plans the GPU environment')
    .option('--effective <n>', 'also split this effective batch into micro-batch × accumulation steps')
    .option('--run-dir <dir>', 'where the trial records go (default: .headroom/fits/<id>)')
    .option('--json', 'print the result as JSON on stdout (progress stays on stderr)')
    .action(async (command: string[], flags: FitFlags) => fitCommand(command, flags));
}
