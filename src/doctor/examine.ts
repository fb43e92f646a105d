// What `doctor` does with a target: a log file or stdin, a run directory, or a Python script.
// This is the adapter layer (files, streams); the judgements are the pure modules it calls.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { EnvironmentError, UsageError } from '../errors.js';
import { diagnoseLogFile } from './read-log.js';
import { diagnoseRun } from './run/diagnose-run.js';
import { isRunDirectory, readRunRecord } from './run/read-run.js';
import { checkPythonSource } from './script/check-script.js';
import type { Diagnosis, DoctorReport } from './types.js';

/** What a target turned out to be. */
export type TargetKind = 'log' | 'run' | 'script';

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

async function examineRun(runDir: string): Promise<TargetReport> {
  const record = await readRunRecord(runDir);
  const logDiagnoses = new Map<string, Diagnosis[]>();
  for (const failed of record.failed) {
    const log = join(runDir, failed.summary.log ?? `logs/${failed.summary.name}.log`);
    if (existsSync(log)) logDiagnoses.set(failed.summary.name, (await diagnoseLogFile(log)).diagnoses);
  }
  const diagnoses = diagnoseRun({ failed: record.failed, plan: record.plan, logDiagnoses });
  return { target: runDir, targetKind: 'run', diagnoses, findings: [] };
}

/** Examines one target: `-` (stdin), a run directory, a `.py` script, or a log (plain or gzip). */
export async function examineTarget(target: string, stdin?: Readable): Promise<TargetReport> {
  try {
    if (target === '-') {
      const { diagnoses, lineCount } = await diagnoseLogFile('-', stdin);
      return { target: 'stdin', targetKind: 'log', diagnoses, findings: [], lineCount };
    }
    const stats = statSync(target);
    if (stats.isDirectory()) {
      if (!isRunDirectory(target)) {
        throw new UsageError(
          `${target} is a directory but not a run record (no summary.json, events.jsonl or logs/)`,
          'pass a log file, -, a run directory under .headroom/runs/, or a .py script',
        );
      }
      return await examineRun(target);
    }
    if (target.endsWith('.py')) {
      const findings = checkPythonSource(readFileSync(target, 'utf8'), target, process.env);
      return { target, targetKind: 'script', diagnoses: [], findings };
    }
    const { diagnoses, lineCount } = await diagnoseLogFile(target);
    return { target, targetKind: 'log', diagnoses, findings: [], lineCount };
  } catch (error) {
    if (error instanceof UsageError || error instanceof EnvironmentError) throw error;
    if ((error as NodeJS.ErrnoException).code !== undefined) throw unreadable(target, error);
    throw error;
  }
}
