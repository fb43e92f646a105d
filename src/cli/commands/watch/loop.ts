// The watch loop: sample, then draw a frame (or print a JSON line), every interval, until quit or
// `count` frames; resolves with the exit code (DESIGN.md: 130 interrupted).
import type { GpuProbe } from '../../../probe/gpu/types.js';
import type { WatchReading } from '../../../probe/readings/watch-sample.js';
import type { CommandIo } from '../../io.js';
import { colorsFor } from '../../output.js';
import type { WatchModel } from './frame.js';
import { renderWatchFrame } from './frame.js';
import { nextSortKey, nextWatchModel, type SortKey, sortProcesses } from './model.js';
import { exitCodeFor, openScreen, type QuitReason } from './terminal.js';

/** What the loop needs: the probe (closed at the end), how to read, how often, and where to draw. */
export interface WatchLoopOptions {
  probe: GpuProbe;
  read: () => Promise<WatchReading>;
  intervalMs: number;
  count: number;
  isJson: boolean;
  isHostOnly: boolean;
  sortKey: SortKey;
  onReading?: (reading: WatchReading) => void;
}

/** Samples and draws until quit or `count` frames; resolves with the exit code. */
export function watchLoop(options: WatchLoopOptions, io: CommandIo): Promise<number> {
  const { probe, intervalMs, count, isJson } = options;
  let sortKey = options.sortKey;
  return new Promise((resolve, reject) => {
    let model: WatchModel | undefined;
    let frames = 0;
    let timer: NodeJS.Timeout | undefined;
    let isDone = false;
    const onInterrupt = (): void => finish(130);
    const finish = (code: number, error?: unknown): void => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      screen?.close();
      process.off('SIGINT', onInterrupt);
      void probe.close().finally(() => (error ? reject(error) : resolve(code)));
    };
    const colors = colorsFor(io.stdout, io.env);
    const draw = (): void => {
      if (screen && model) screen.draw(renderWatchFrame(model, { ...screen.size(), colors }));
    };
    const screen = isJson
      ? undefined
      : openScreen({
          stdout: io.stdout,
          stdin: io.stdin,
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
        // The --json output streams: one line per sample, as it is read.
        if (isJson)
          io.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...reading.json })}\n`);
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
    if (isJson) process.once('SIGINT', onInterrupt);
    void tick();
  });
}
