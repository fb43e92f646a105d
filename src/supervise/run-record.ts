// The run directory (DESIGN "Run records"): plan.json, events.jsonl, samples.jsonl, logs/,
// summary.json. Lines are written as things happen, so a crash loses at most the last sample.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { RunEvent, RunSummary } from './types.js';

export interface RunRecord {
  runDir: string;
  /** Absolute path of a process's log. */
  logPath(name: string): string;
  /** The log path as summary.json states it: relative to the run directory. */
  logEntry(name: string): string;
  writePlan(plan: unknown): void;
  appendEvent(event: RunEvent): void;
  appendSample(sample: unknown): void;
  writeSummary(summary: RunSummary): void;
  close(): void;
}

const toJsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** Creates the run directory and opens its append-only files. */
export function openRunRecord(runDir: string): RunRecord {
  mkdirSync(join(runDir, 'logs'), { recursive: true });
  const eventsFd = openSync(join(runDir, 'events.jsonl'), 'a');
  const samplesFd = openSync(join(runDir, 'samples.jsonl'), 'a');
  const logEntry = (name: string): string => `logs/${name}.log`;
  return {
    runDir,
    logPath: (name) => join(runDir, logEntry(name)),
    logEntry,
    writePlan: (plan) => writeFileSync(join(runDir, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`),
    appendEvent: (event) => writeSync(eventsFd, toJsonLine(event)),
    appendSample: (sample) => writeSync(samplesFd, toJsonLine(sample)),
    writeSummary: (summary) =>
      writeFileSync(join(runDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`),
    close: () => {
      closeSync(eventsFd);
      closeSync(samplesFd);
    },
  };
}
