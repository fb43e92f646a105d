// Samples of a Slurm run: every few seconds, sstat's reading of each running step's memory becomes a
// line of samples.jsonl (as a local run's sampler writes), so report, serve and --metrics draw a Slurm
// run too, and a step's peak is known even when sacct's MaxRSS is 0.

import type { Clock } from '../launch/types.js';
import type { RunRecord } from '../run-record/writer.js';
import { SlurmCommandError, type SlurmCommands } from './commands.js';
import type { JobEvents } from './job-events.js';
import { parseStepUsage, sstatArgs } from './sstat.js';

/** Two seconds: sstat asks each step's node, so not faster than a local run's 500 ms. */
export const defaultStepSampleMs = 2000;

/** Reads the running steps once and appends a sample; false when there was nothing to read. */
export async function sampleSteps(options: {
  commands: SlurmCommands;
  events: JobEvents;
  record: RunRecord;
  clock: Clock;
  /** Aborting kills a running sstat; nothing is written after it. */
  signal?: AbortSignal;
}): Promise<boolean> {
  const { commands, events, record, clock, signal } = options;
  const running = new Map(events.running);
  if (running.size === 0) return false;
  let text: string;
  try {
    text = await commands.run('sstat', sstatArgs([...running.keys()]), signal);
  } catch (error) {
    // A step that ended since squeue listed it: "not found running". The next sample has it right.
    if (error instanceof SlurmCommandError) return false;
    throw error;
  }
  if (signal?.aborted) return false;
  const processes: Record<string, { rssBytes: number; hostBytes: number; gpuBytes: number | null }> = {};
  for (const usage of parseStepUsage(text)) {
    const name = running.get(usage.stepId);
    const held = usage.memBytes ?? usage.maxRssBytes;
    // 0 bytes is a step that jobacct_gather has not polled yet (its first poll comes after
    // JobAcctGatherFrequency), not a reading: a running process always holds some memory.
    if (name === undefined || held === null || held === 0) continue;
    processes[name] = { rssBytes: held, hostBytes: held, gpuBytes: usage.gpuMemBytes };
    const peak = Math.max(held, usage.maxRssBytes ?? 0, events.sampledPeaks.get(name) ?? 0);
    events.sampledPeaks.set(name, peak);
    if (usage.gpuMemBytes !== null)
      events.sampledGpuPeaks.set(name, Math.max(usage.gpuMemBytes, events.sampledGpuPeaks.get(name) ?? 0));
  }
  if (Object.keys(processes).length === 0) return false;
  record.appendSample({ time: new Date(clock.now()).toISOString(), processes });
  return true;
}

/** Samples every `everyMs` until `stop`, which kills an sstat still running and resolves once the loop has ended. */
export function startStepSampling(options: {
  commands: SlurmCommands;
  events: JobEvents;
  record: RunRecord;
  clock: Clock;
  everyMs?: number;
}): { stop(): Promise<void> } {
  const everyMs = options.everyMs ?? defaultStepSampleMs;
  const stopper = new AbortController();
  const loop = (async () => {
    while (!stopper.signal.aborted) {
      await options.clock.sleep(everyMs, stopper.signal);
      if (stopper.signal.aborted) return;
      try {
        await sampleSteps({ ...options, signal: stopper.signal });
      } catch (error) {
        // sstat printing what headroom cannot read costs the samples, not the run.
        if (!stopper.signal.aborted)
          options.events.event('warning', undefined, `memory samples stopped: ${(error as Error).message}`);
        return;
      }
    }
  })();
  return {
    stop: async () => {
      stopper.abort();
      await loop;
    },
  };
}
