// Writes the run directory (DESIGN "Run records"): run.json first, then plan.json, events.jsonl,
// samples.jsonl and logs/ as things happen, summary.json at the end. Lines are appended as they
// happen, so a crash of headroom loses at most the line being written; readers tolerate that.
import { closeSync, mkdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openAppendNoFollow, writeFileAtomic } from '../files/write-file.js';
import { readProcStat } from '../probe/host/proc-table.js';
import { headroomVersion } from '../version.js';
import { claimRunDir } from './run-dir.js';
import {
  type EventType,
  type RunEvent,
  type RunMeta,
  type RunSample,
  type RunSummary,
  recordVersion,
} from './schema.js';

/** The writer the supervisor holds for one run. */
export interface RunRecord {
  runDir: string;
  /** Absolute path of a process's log. */
  logPath(name: string): string;
  /** The log path as summary.json states it: relative to the run directory. */
  logEntry(name: string): string;
  /** peaks.jsonl: the tree's GPU clients append their exact peaks to it at exit (HEADROOM_PEAKS_FILE). */
  peaksPath: string;
  writePlan(plan: unknown): void;
  appendEvent(event: RunEvent): void;
  appendSample(sample: RunSample): void;
  /** Writes summary.json, stamped with the record's version; returns what it wrote. */
  writeSummary<Summary extends Omit<RunSummary, 'recordVersion'>>(
    summary: Summary,
  ): { recordVersion: number } & Summary;
  close(): void;
}

const toJsonLine = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** The file children append their exact peaks to (python/headroom_boot peaks.py, the simulated card). */
export const peaksFileName = 'peaks.jsonl';

/** Claims the run directory (run.json, written first and exclusively) and opens its append-only files. */
export function openRunRecord(path: string, meta: Omit<RunMeta, 'recordVersion'>): RunRecord {
  const runDir = claimRunDir(path, `${JSON.stringify({ recordVersion, ...meta }, null, 2)}\n`);
  mkdirSync(join(runDir, 'logs'));
  // A fresh run directory: these files are new, never a link someone planted (DESIGN "Run records").
  const eventsFd = openAppendNoFollow(join(runDir, 'events.jsonl'), { isExclusive: true });
  const samplesFd = openAppendNoFollow(join(runDir, 'samples.jsonl'), { isExclusive: true });
  const logEntry = (name: string): string => `logs/${name}.log`;
  // Whole files go through a temporary file and a rename: never through a link, never seen half-written.
  const writeJson = (file: string, value: unknown): void =>
    writeFileAtomic(join(runDir, file), `${JSON.stringify(value, null, 2)}\n`);
  return {
    runDir,
    logPath: (name) => join(runDir, logEntry(name)),
    logEntry,
    peaksPath: join(runDir, peaksFileName),
    writePlan: (plan) => writeJson('plan.json', plan),
    appendEvent: (event) => writeSync(eventsFd, toJsonLine(event)),
    appendSample: (sample) => writeSync(samplesFd, toJsonLine(sample)),
    writeSummary: (summary) => {
      const stamped = { recordVersion, ...summary };
      writeJson('summary.json', stamped);
      return stamped;
    },
    close: () => {
      closeSync(eventsFd);
      closeSync(samplesFd);
    },
  };
}

/** run.json's word on the headroom writing the record: its PID and start time (a live run or a dead one) and version. */
export function supervisorMeta(
  procRoot = '/proc',
): Pick<RunMeta, 'headroomPid' | 'headroomStartTicks' | 'headroomVersion'> {
  return {
    headroomPid: process.pid,
    headroomStartTicks: readProcStat(process.pid, procRoot)?.startTicks ?? null,
    headroomVersion,
  };
}

/** Appends an event, stamped with the clock's time, to events.jsonl, and hands it to the renderer. */
export type EventSink = (
  type: EventType,
  process: string | undefined,
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** The one way a run (local or on Slurm) records an event. */
export function eventSink(options: {
  record: RunRecord;
  clock: { now(): number };
  emit: (update: { kind: 'event'; event: RunEvent }) => void;
}): EventSink {
  const { record, clock, emit } = options;
  return (type, process, message, fields) => {
    const event = {
      time: new Date(clock.now()).toISOString(),
      type,
      ...(process ? { process } : {}),
      message,
      ...fields,
    };
    record.appendEvent(event);
    emit({ kind: 'event', event });
  };
}
