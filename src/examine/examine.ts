// What `doctor` does with a target: a log file or stdin, a run directory, or a Python script.
// This is the adapter layer (files, streams); the judgements are the pure modules it calls.
import { closeSync, createReadStream, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { diagnoseLogFile, diagnoseStream } from '../doctor/io/read-log.js';
import { checkPythonSource } from '../doctor/script/check-script.js';
import type { Diagnosis, DoctorFinding, DoctorReport } from '../doctor/types.js';
import { EnvironmentError, HeadroomError, UsageError } from '../errors.js';
import { openRecordFile } from '../files/read-file.js';
import { hasFitRecord, readFitRecord } from '../fit-record/fit-record.js';
import { forEachAttemptDiagnoses } from '../run-record/reader.js';
import type { AttemptDiagnoses } from '../run-record/schema.js';
import { formatBytes } from '../units.js';
import { findMemoryClimbs } from './fit/memory-climb.js';
import { summariseFit } from './fit/summarise-fit.js';
import { diagnoseRun } from './run/diagnose-run.js';
import { isRunDirectory, readRunView } from './run/read-run.js';
import type { RunView } from './run/types.js';

/** The largest Python source `doctor` reads (a real script is kilobytes). */
export const maxScriptBytes = 4 * 1024 * 1024;

/** What a target turned out to be. */
export type TargetKind = 'log' | 'run' | 'script' | 'fit';

/** A report about one target, and what it was. */
export interface TargetReport extends DoctorReport {
  target: string;
  targetKind: TargetKind;
  /** Lines read, for logs. */
  lineCount?: number;
}

function unreadable(target: string, error: unknown): EnvironmentError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file or directory'
      : code === 'EACCES'
        ? 'permission denied'
        : code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR'
          ? 'it starts like gzip but is not valid gzip data'
          : (error as Error).message;
  return new EnvironmentError(`cannot read ${target}: ${why}`);
}

// Only the run's own logs: a record is data, not a list of paths to follow.
function logPathIn(runDir: string, entry: string): string | undefined {
  const root = resolve(runDir);
  const path = resolve(root, entry);
  return path.startsWith(`${root}/`) ? path : undefined;
}

// A run's log, opened as every record file is (no link, regular, non-blocking) and read as long as it
// was when opened; undefined when it does not exist.
async function diagnoseRunLog(path: string): Promise<Diagnosis[] | undefined> {
  const opened = openRecordFile(path);
  if (opened === null) return undefined;
  const { fd, sizeBytes } = opened;
  if (sizeBytes === 0) {
    closeSync(fd);
    return (await diagnoseStream(Readable.from([]))).diagnoses;
  }
  const stream = createReadStream('', { fd, start: 0, end: sizeBytes - 1, highWaterMark: 4 * 1024 * 1024 });
  return (await diagnoseStream(stream)).diagnoses;
}

function recordFindings(data: RunView): DoctorFinding[] {
  const findings: DoctorFinding[] = data.problems.map((message) => ({
    code: data.isComplete ? 'record-damaged' : 'record-incomplete',
    severity: 'warning',
    message,
    file: data.runDir,
  }));
  for (const p of data.processes.filter((x) => x.end === null && !data.isComplete)) {
    const last = p.series.at(-1);
    const held = last ? `; at the last sample it held ${formatBytes(last.hostBytes)} of host memory` : '';
    findings.push({
      code: 'record-process-running',
      severity: 'warning',
      process: p.name,
      message: `${p.name} had not ended when the record stops${held}`,
    });
  }
  return findings;
}

// What the supervisor's classifier made of each process's output (diagnoses.jsonl), where that is
// what reading the log would give: one attempt (a restarted process's log holds every attempt) whose
// output the classifier saw whole. Older records have no such file: their logs are read again.
async function recordedDiagnoses(data: RunView): Promise<Map<string, Diagnosis[]>> {
  const entries = new Map<string, AttemptDiagnoses[]>();
  // A line cut short is left out (that process's log is read instead), so nothing is lost to say.
  await forEachAttemptDiagnoses(data.runDir, (entry) => {
    entries.set(entry.process, [...(entries.get(entry.process) ?? []), entry]);
  });
  const recorded = new Map<string, Diagnosis[]>();
  for (const p of data.processes) {
    const [only, ...more] = entries.get(p.name) ?? [];
    if (!only || more.length > 0 || p.attempts !== 1 || only.skippedBytes > 0) continue;
    // The record's schema checked every field doctor's Diagnosis requires; its type is looser.
    recorded.set(p.name, only.diagnoses as unknown as Diagnosis[]);
  }
  return recorded;
}

async function examineRun(runDir: string): Promise<TargetReport> {
  const data = await readRunView(runDir);
  const recorded = await recordedDiagnoses(data);
  const logDiagnoses = new Map<string, Diagnosis[]>();
  for (const p of data.processes) {
    const isClean = p.end?.reason === 'exited' && p.oomKills.length === 0;
    if (isClean) continue;
    const live = recorded.get(p.name);
    if (live) {
      logDiagnoses.set(p.name, live);
      continue;
    }
    for (const entry of [p.log, `logs/${p.name}.log`]) {
      const path = logPathIn(runDir, entry);
      const diagnoses = path === undefined ? undefined : await diagnoseRunLog(path);
      if (diagnoses === undefined) continue;
      logDiagnoses.set(p.name, diagnoses);
      break;
    }
  }
  const diagnoses = diagnoseRun({ data, logDiagnoses });
  return {
    target: runDir,
    targetKind: 'run',
    diagnoses,
    findings: [...recordFindings(data), ...findMemoryClimbs(data)],
  };
}

// A fit directory: its fit.json says the search; each trial's own run directory is a run record.
function examineFit(fitDir: string): TargetReport {
  return {
    target: fitDir,
    targetKind: 'fit',
    diagnoses: [],
    findings: summariseFit(readFitRecord(fitDir), fitDir),
  };
}

/** Examines one target: `-` (stdin), a run directory, a `.py` script, or a log (plain or gzip). */
export async function examineTarget(
  target: string,
  options: { stdin?: Readable; env?: Record<string, string | undefined> } = {},
): Promise<TargetReport> {
  const { stdin, env = process.env } = options;
  try {
    if (target === '-') {
      const { diagnoses, lineCount } = await diagnoseLogFile('-', stdin);
      return { target: 'stdin', targetKind: 'log', diagnoses, findings: [], lineCount };
    }
    const stats = statSync(target);
    if (stats.isDirectory()) {
      if (!isRunDirectory(target) && hasFitRecord(target)) return examineFit(target);
      if (!isRunDirectory(target)) {
        throw new UsageError(
          `${target} is a directory but not a run record (no run.json, summary.json, events.jsonl or logs/) nor a fit directory (no fit.json)`,
          'pass a log file, -, a run directory under .headroom/runs/, a fit directory under .headroom/fits/, or a .py script',
        );
      }
      return await examineRun(target);
    }
    if (target.endsWith('.py')) {
      if (stats.size > maxScriptBytes) {
        throw new UsageError(
          `${target} is ${formatBytes(stats.size)}; headroom reads scripts of up to ${formatBytes(maxScriptBytes)}`,
          'a training script is kilobytes: pass the script itself, not generated or bundled code',
        );
      }
      const findings = checkPythonSource(readFileSync(target, 'utf8'), target, env, {
        cpuCount: availableParallelism(),
      });
      return { target, targetKind: 'script', diagnoses: [], findings };
    }
    const { diagnoses, lineCount } = await diagnoseLogFile(target);
    return { target, targetKind: 'log', diagnoses, findings: [], lineCount };
  } catch (error) {
    if (error instanceof HeadroomError) throw error;
    if ((error as NodeJS.ErrnoException).code !== undefined) throw unreadable(target, error);
    throw error;
  }
}
