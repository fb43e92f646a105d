// What doctor's advice becomes when the log it read was captured by `headroom run` (issue 23 item 5:
// a fix never tells the user to do what is already done). Read alone, a log that ends before its
// failure line asks for the rest of the output "or rerun under headroom run", and a host failure asks
// to "record its memory over time: headroom run -- <command>". Under a run both are done: the record
// kept everything the process printed, how it ended, the OOM kills in its tree and its memory over
// the run. So the advice names what the supervisor's own record holds instead. Pure: no I/O.
import { fixFields, size } from '../../doctor/families/explain-types.js';
import type { Diagnosis, FixDetail, MissingFailureLine } from '../../doctor/types.js';
import { describeEnd } from '../../verdict/judge.js';
import type { RunProcess } from './types.js';

/** What a supervised run's record holds of one process: how it ended, its OOM kills, its peaks against its limits. */
export function recordedEndOf(p: RunProcess): string {
  const end = p.end;
  const ended =
    end === null
      ? 'the record stops while it was still running'
      : `it ${describeEnd({ exitCode: end.exitCode ?? null, signal: end.signal ?? null })} (summary.json: ${end.reason}, ${end.because})`;
  const kills =
    p.oomKills.length === 0
      ? 'no OOM kill in its tree (summary.json oomKills)'
      : `${p.oomKills.length} OOM kill(s) in its tree (summary.json oomKills)`;
  const peaks: string[] = [];
  if (typeof end?.peakHostBytes === 'number')
    peaks.push(
      `host ${size(end.peakHostBytes)}${typeof end.hostLimitBytes === 'number' ? ` of its ${size(end.hostLimitBytes)} limit` : ''}`,
    );
  if (typeof end?.peakGpuBytes === 'number')
    peaks.push(
      `GPU ${size(end.peakGpuBytes)}${typeof end.gpuBudgetBytes === 'number' ? ` of its ${size(end.gpuBudgetBytes)} budget` : ''}`,
    );
  return `${ended}; ${kills}${peaks.length > 0 ? `; its peaks: ${peaks.join(', ')}` : ''}`;
}

/** What a supervised process is, for the advice: its record's log and the run directory. */
export interface SupervisedProcess {
  process: RunProcess;
  runDir: string;
}

/** The "to decide" of a log that misses its failure line, for a log `headroom run` kept whole. */
export function supervisedMissing(run: SupervisedProcess, missing: MissingFailureLine): MissingFailureLine {
  return {
    saw: missing.saw,
    toDecide: `headroom run kept all the process printed (${run.process.log}) and it ends there, so there is no more output to paste or to rerun for; the supervisor's own record decides instead: ${recordedEndOf(run.process)}; its memory over the run is in samples.jsonl (headroom report ${run.runDir} draws it)`,
  };
}

// "record its memory over time: headroom run -- <command>" and the like (doctor/families/host/explain*.ts,
// near-miss/explain.ts, diagnose.ts): the recording a supervised run has already made.
const recordUnderRun = /\b(?:record|watch)\b([^:;]*?): headroom run -- <command>/g;
const runUnderHeadroom = /headroom run -- <command>/g;

/** A fix that asks to record under `headroom run`, rewritten to read the record the run already made. */
function supervisedFix(run: SupervisedProcess, f: FixDetail): FixDetail {
  if (!f.fix.includes('headroom run -- <command>')) return f;
  const record = `this run's record (samples.jsonl; headroom report ${run.runDir} draws it)`;
  return {
    fix: f.fix
      .replace(recordUnderRun, (_, what: string) => `read${what} in ${record}`)
      .replace(runUnderHeadroom, record),
    because: `${f.because}; the log was captured by headroom run (${run.process.log}), which recorded it already`,
  };
}

/**
 * A diagnosis of a supervised process's log, with advice that fits a run already supervised: no
 * "rerun under headroom run", no "paste the rest of the output" (the record's log is the whole output).
 */
export function fitAdviceToRun(run: SupervisedProcess, d: Diagnosis): Diagnosis {
  const missing = d.failureLineMissing;
  return {
    ...d,
    ...fixFields(d.fixDetails.map((f) => supervisedFix(run, f))),
    ...(missing === undefined ? {} : { failureLineMissing: supervisedMissing(run, missing) }),
  };
}
