// `headroom watch`: a live view of devices, per-process GPU and host memory, budgets and recent history.
import type { Command } from 'commander';
import { EnvironmentError, UsageError } from '../errors.js';
import { type NoGpuProbe, openGpuProbe } from '../probe/gpu/open-probe.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { addGpuOptions, type GpuFlags, probeOptionsFrom } from './gpu-options.js';
import { colorsFor } from './output.js';
import { attachBudgets, loadBudgetMatcher, type PlannedMatch } from './plan-budgets.js';
import { collectGpus } from './render-gpus.js';
import { renderWatchFrame, type WatchModel } from './watch-frame.js';
import { nextWatchModel } from './watch-model.js';
import { exitCodeFor, openScreen, type QuitReason } from './watch-terminal.js';

interface WatchFlags extends GpuFlags {
  config?: string;
  interval: string;
  count?: string;
  json?: boolean;
}

/** Registers `watch` on the program. */
export function define(program: Command): void {
  addGpuOptions(
    program
      .command('watch')
      .description('live view of devices, processes and their memory (q or Ctrl-C quits)')
      .option('--interval <ms>', 'time between samples in milliseconds', '1000')
      .option('--count <n>', 'stop after n frames')
      .option('--json', 'print one JSON line per sample instead of a screen')
      .option('-c, --config <file>', "show each process's budget from this config's plan"),
  ).action(async (flags: WatchFlags) => {
    const intervalMs = positiveInteger(flags.interval, '--interval');
    const count =
      flags.count === undefined ? Number.POSITIVE_INFINITY : positiveInteger(flags.count, '--count');
    const match =
      flags.config === undefined
        ? undefined
        : await loadBudgetMatcher({ config: flags.config, gpu: flags.gpu });
    const probe = await openGpuProbe(probeOptionsFrom(flags));
    if (probe.source === 'none') {
      await probe.close();
      throw new EnvironmentError(
        `no GPU backend: ${(probe as NoGpuProbe).reasons.join('; ')}`,
        'pass --gpu sim:24GiB to watch a simulated card',
      );
    }
    process.exitCode = await watchLoop({ probe, intervalMs, count, isJson: Boolean(flags.json), match });
  });
}

/** Samples and draws until quit or `count` frames; resolves with the exit code. */
export function watchLoop(options: {
  probe: GpuProbe;
  intervalMs: number;
  count: number;
  isJson: boolean;
  match?: (pid: number | null | undefined) => PlannedMatch | undefined;
}): Promise<number> {
  const { probe, intervalMs, count, isJson, match } = options;
  return new Promise((resolve, reject) => {
    let model: WatchModel | undefined;
    let frames = 0;
    let timer: NodeJS.Timeout | undefined;
    let isDone = false;
    const finish = (code: number, error?: unknown): void => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      screen?.close();
      void probe.close().finally(() => (error ? reject(error) : resolve(code)));
    };
    const screen = isJson
      ? undefined
      : openScreen({
          stdout: process.stdout,
          stdin: process.stdin,
          onQuit: (reason: QuitReason) => finish(exitCodeFor(reason)),
        });
    const colors = colorsFor();
    const tick = async (): Promise<void> => {
      try {
        const collected = await collectGpus(probe);
        if (isDone) return;
        const { processes, budgets } = match
          ? attachBudgets(collected.processes, match)
          : { processes: collected.processes, budgets: undefined };
        const result = { ...collected, processes };
        const clock = new Date().toTimeString().slice(0, 8);
        if (isJson)
          process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...result })}\n`);
        else if (screen) {
          model = nextWatchModel({
            previous: model,
            result,
            intervalMs,
            clock,
            ...(budgets ? { budgets } : {}),
          });
          screen.draw(renderWatchFrame(model, { ...screen.size(), colors }));
        }
        frames++;
        if (frames >= count) finish(0);
        else timer = setTimeout(tick, intervalMs);
      } catch (error) {
        finish(2, error);
      }
    };
    if (isJson) process.once('SIGINT', () => finish(130));
    void tick();
  });
}

function positiveInteger(text: string, flag: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0)
    throw new UsageError(`${flag} ${text}: expected a positive whole number`);
  return value;
}
