// Writes the run directory (DESIGN "Run records"): run.json first, then plan.json, events.jsonl,
// samples.jsonl and logs/ as things happen, summary.json at the end. Lines are appended as they
// happen, so a crash of headroom loses at most the line being written; readers tolerate that.
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { claimRunDir } from './run-dir.js';
import { type RunEvent, type RunMeta, type RunSample, type RunSummary, recordVersion } from './schema.js';

/** The writer the supervisor holds for one run. */
export interface RunRecord {
  runDir: string;
  /** Absolute path of a process's log. */
  logPath(name: string): string;
  /** The log path as summary.json states it: relative to the run directory. */
  logEntry(name: string): string;
  writePlan(plan: unknown): void;
  appendEvent(event: RunEvent): void;
  appendSample(sample: RunSample): void;
  writeSummary(summary: Omit<RunSummary, 'recordVersion'>): void;
  close(): void;
}

const toJsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** Claims the run directory (run.json, written first and exclusively) and opens its append-only files. */
export function openRunRecord(path: string, meta: Omit<RunMeta, 'recordVersion'>): RunRecord {
  const runDir = claimRunDir(path, `${JSON.stringify({ recordVersion, ...meta }, null, 2)}\n`);
  mkdirSync(join(runDir, 'logs'));
  const eventsFd = openSync(join(runDir, 'events.jsonl'), 'a');
  const samplesFd = openSync(join(runDir, 'samples.jsonl'), 'a');
  const logEntry = (name: string): string => `logs/${name}.log`;
  const writeJson = (file: string, value: unknown): void =>
    writeFileSync(join(runDir, file), `${JSON.stringify(value, null, 2)}\n`);
  return {
    runDir,
    logPath: (name) => join(runDir, logEntry(name)),
    logEntry,
    writePlan: (plan) => writeJson('plan.json', plan),
    appendEvent: (event) => writeSync(eventsFd, toJsonLine(event)),
    appendSample: (sample) => writeSync(samplesFd, toJsonLine(sample)),
    writeSummary: (summary) => writeJson('summary.json', { recordVersion, ...summary }),
    close: () => {
      closeSync(eventsFd);
      closeSync(samplesFd);
    },
  };
}
