// A job's accounting, one row per job and step, from `sacct --parsable2`: the record Slurm keeps of
// how each step ended (State, ExitCode) once it has.
import { numberedLines, SlurmOutputError, splitFields } from './output-error.js';

export const sacctFields = [
  'JobID',
  'JobName',
  'State',
  'ExitCode',
  'DerivedExitCode',
  'Start',
  'End',
  'MaxRSS',
  'NodeList',
] as const;

/** sacct's arguments for one job: every step, no header, `|` between fields. */
export const sacctArgs = (jobId: string): string[] => [
  '-j',
  jobId,
  '--parsable2',
  '--noheader',
  '-o',
  sacctFields.join(','),
];

/** One row: the job itself (`step` null), its batch step, or a step started by srun. */
export interface AccountingRow {
  jobId: string;
  /** null for the job's own row; `batch`, `extern`, or the step number (`0`, `1`, ...). */
  step: string | null;
  name: string;
  /** The first word of State: COMPLETED, FAILED, OUT_OF_MEMORY, CANCELLED, TIMEOUT, ... */
  state: string;
  /** What follows it (`by 0` for CANCELLED by uid 0), or ''. */
  stateDetail: string;
  exitCode: number | null;
  /** The signal number that ended it; 0 for none. */
  exitSignal: number | null;
  /** The highest exit code of the job's steps (only on the job's row), as `code:signal`. */
  derivedExitCode: string;
  /** ISO 8601 times as sacct prints them (the cluster's local time); null for Unknown/None. */
  startedAt: string | null;
  endedAt: string | null;
  /** Largest resident set of any task of the step, sampled by jobacct_gather; null when not given. */
  maxRssBytes: number | null;
  nodes: string;
}

// sacct prints sizes with a K/M/G/T suffix in powers of 1024 (slurm src/common/slurm_protocol_defs.c).
const sizeSuffix: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** A size as sacct and sstat print it (`17120K`); null for empty, undefined when it does not read. */
export function parseSlurmSize(text: string): number | null | undefined {
  if (text === '') return null;
  const match = /^(\d+(?:\.\d+)?)([KMGT]?)$/.exec(text);
  return match ? Math.round(Number(match[1]) * (sizeSuffix[match[2] ?? ''] ?? 1)) : undefined;
}

function parseTime(text: string): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(text)) return null; // Unknown, None
  return new Date(text).toISOString(); // no offset: the local time, as sacct meant it
}

/** Parses sacct's rows; a field that does not read is an error naming the line and field. */
export function parseAccounting(text: string): AccountingRow[] {
  return numberedLines(text).map(({ line, text: record }) => {
    const fields = splitFields({ command: 'sacct', line, text: record, names: sacctFields });
    const fail = (field: string, message: string): never => {
      throw new SlurmOutputError({ command: 'sacct', line, field, message });
    };
    const id = /^(\d+(?:\+\d+)?)(?:\.(\w+))?$/.exec(fields.JobID ?? '') ?? fail('JobID', `"${fields.JobID}"`);
    const exit = /^(\d+):(\d+)$/.exec(fields.ExitCode ?? '');
    const [state = '', ...detail] = (fields.State ?? '').split(' ');
    const maxRssBytes = parseSlurmSize(fields.MaxRSS ?? '');
    if (maxRssBytes === undefined) fail('MaxRSS', `"${fields.MaxRSS}" is not a size`);
    return {
      jobId: id[1] ?? '',
      step: id[2] ?? null,
      name: fields.JobName ?? '',
      state,
      stateDetail: detail.join(' '),
      exitCode: exit ? Number(exit[1]) : null,
      exitSignal: exit ? Number(exit[2]) : null,
      derivedExitCode: fields.DerivedExitCode ?? '',
      startedAt: parseTime(fields.Start ?? ''),
      endedAt: parseTime(fields.End ?? ''),
      maxRssBytes: maxRssBytes ?? null,
      nodes: fields.NodeList ?? '',
    };
  });
}

/** The rows of steps srun started (not the job's own row, nor `batch` or `extern`), by step number. */
export function srunSteps(rows: readonly AccountingRow[]): AccountingRow[] {
  return rows
    .filter((row) => row.step !== null && /^\d+$/.test(row.step))
    .sort((a, b) => Number(a.step) - Number(b.step));
}
