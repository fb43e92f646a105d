// `headroom watch`: a live view of devices, per-process GPU and host memory, budgets and recent
// history; on a machine without a GPU backend, the host's RAM and its largest process trees.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { type NoGpuProbe, openGpuProbe } from '../probe/gpu/open-probe.js';
import type { GpuProbe } from '../probe/gpu/types.js';
import { addGpuOptions, type GpuFlags, probeOptionsFrom } from './gpu-options.js';
import { metricsAddress } from './observers.js';
import { colorsFor } from './output.js';
import { loadBudgetMatcher } from './plan-budgets.js';
import type { WatchModel } from './watch-frame.js';
import { renderWatchFrame } from './watch-frame.js';
import { nextSortKey, nextWatchModel, type SortKey, sortKeys, sortProcesses } from './watch-model.js';
import { sampleGpus, sampleHost, type WatchReading } from './watch-sample.js';
import { exitCodeFor, openScreen, type QuitReason } from './watch-terminal.js';

interface WatchFlags extends GpuFlags {
  config?: string;
  interval: string;
  count?: string;
  json?: boolean;
  sort?: string;
  metrics?: string | boolean;
}

/** Registers `watch` on the program. */
export function define(program: Command): void {
  addGpuOptions(
    program
      .command('watch')
      .description('live view of devices, processes and their memory (s sorts, q or Ctrl-C quits)')
      .option('--interval <ms>', 'time between samples in milliseconds', '1000')
      .option('--count <n>', 'stop after n frames')
      .option('--json', 'print one JSON line per sample instead of a screen')
      .option('--sort <key>', `sort processes by ${sortKeys.join(', ')} (default gpu; host without a GPU)`)
      .option('--metrics [addr]', 'serve Prometheus /metrics on [HOST:]PORT (default 127.0.0.1:9477)')
      .option('-c, --config <file>', "show each process's budget from this config's plan"),
  ).action(async (flags: WatchFlags) => {
    const intervalMs = positiveInteger(flags.interval, '--interval');
    const count =
      flags.count === undefined ? Number.POSITIVE_INFINITY : positiveInteger(flags.count, '--count');
    if (flags.sort !== undefined && !sortKeys.includes(flags.sort as SortKey))
      throw new UsageError(`--sort ${flags.sort}: expected one of ${sortKeys.join(', ')}`);
    const metrics = metricsAddress(flags.metrics);
    const match =
      flags.config === undefined
        ? undefined
        : await loadBudgetMatcher({ config: flags.config, gpu: flags.gpu });
    const probe = await openGpuProbe(probeOptionsFrom(flags));
    // No GPU backend (the seed 004 user's machine): watch the host instead of refusing.
    const isHostOnly = probe.source === 'none';
    const noGpu = isHostOnly
      ? [`no GPU backend: ${(probe as NoGpuProbe).reasons.join('; ') || 'none asked for'}`]
      : [];
    const read = isHostOnly ? async () => sampleHost(noGpu) : () => sampleGpus(probe, match);
    const exporter = metrics
      ? await (await import('./watch-metrics.js')).startWatchMetrics(metrics)
      : undefined;
    if (exporter) process.stderr.write(`metrics: ${exporter.url}\n`);
    try {
      process.exitCode = await watchLoop({
        probe,
        read,
        intervalMs,
        count,
        isJson: Boolean(flags.json),
        isHostOnly,
        sortKey: (flags.sort as SortKey | undefined) ?? (isHostOnly ? 'host' : 'gpu'),
        onReading: exporter?.observe,
      });
    } finally {
      await exporter?.close();
    }
  });
}

/** Samples and draws until quit or `count` frames; resolves with the exit code. */
export function watchLoop(options: {
  probe: GpuProbe;
  read: () => Promise<WatchReading>;
  intervalMs: number;
  count: number;
  isJson: boolean;
  isHostOnly: boolean;
  sortKey: SortKey;
  onReading?: (reading: WatchReading) => void;
}): Promise<number> {
  const { probe, intervalMs, count, isJson } = options;
  let sortKey = options.sortKey;
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
    const colors = colorsFor();
    const draw = (): void => {
      if (screen && model) screen.draw(renderWatchFrame(model, { ...screen.size(), colors }));
    };
    const screen = isJson
      ? undefined
      : openScreen({
          stdout: process.stdout,
          stdin: process.stdin,
          onQuit: (reason: QuitReason) => finish(exitCodeFor(reason)),
          onKey: (key) => {
            if (key !== 's' || !model) return;
            sortKey = nextSortKey(sortKey);
            model = { ...model, sortKey, processes: sortProcesses(model.processes, sortKey) };
            draw();
          },
        });
    const tick = async (): Promise<void> => {
      try {
        const reading = await options.read();
        if (isDone) return;
        options.onReading?.(reading);
        const clock = new Date().toTimeString().slice(0, 8);
        if (isJson)
          process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...reading.json })}\n`);
        else {
          model = nextWatchModel({
            previous: model,
            sample: reading.sample,
            intervalMs,
            clock,
            sortKey,
            isHostOnly: options.isHostOnly,
          });
          draw();
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
