// `headroom report [RUN_DIR] [-o FILE]`: one self-contained HTML file from a run record, with
// doctor's diagnosis of the run. Reads files, writes one; the page itself is built by src/report/.
import { writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { examineTarget } from '../../../doctor/examine.js';
import { EnvironmentError, ExitCode, UsageError } from '../../../errors.js';
import {
  defaultRunsDir,
  findLatestRun,
  isRecordDirectory,
  readRecord,
} from '../../../observe/read-record.js';
import { buildReportModel } from '../../../report/build-model.js';
import { toReportDiagnoses } from '../../../report/diagnoses.js';
import { renderReportHtml } from '../../../report/html.js';
import { readPageAssets } from '../../../report/page-assets.js';

export interface ReportOptions {
  /** The run directory; the latest under .headroom/runs when absent. */
  runDir?: string;
  /** Where the page goes; default RUN_DIR/report.html. */
  output?: string;
  /** Where runs are looked for without runDir (tests point it elsewhere). */
  runsDir?: string;
}

/** What `report` did, for the text and JSON reporters. */
export interface ReportData {
  runDir: string;
  output: string;
  bytes: number;
  processes: number;
  samples: number;
  events: number;
  diagnoses: number;
  /** What the record's reader found missing or damaged. */
  problems: string[];
}

/** The run directory to report on: the one given, or the latest run. */
export function resolveRunDir(runDir: string | undefined, runsDir = defaultRunsDir): string {
  if (runDir === undefined) {
    const latest = findLatestRun(runsDir);
    if (!latest)
      throw new EnvironmentError(
        `no run under ${runsDir}`,
        'pass a run directory, or start one with headroom run',
      );
    return resolve(latest);
  }
  if (!isRecordDirectory(runDir))
    throw new UsageError(
      `${runDir} is not a run record (no run.json, plan.json, samples.jsonl, events.jsonl or summary.json)`,
      'pass a directory under .headroom/runs/',
    );
  return resolve(runDir);
}

/** Builds and writes the report. */
export async function runReport(options: ReportOptions): Promise<{ data: ReportData; exitCode: number }> {
  const runDir = resolveRunDir(options.runDir, options.runsDir);
  const output = resolve(options.output ?? join(runDir, 'report.html'));
  const record = await readRecord(runDir);
  const doctor = await examineTarget(runDir);
  // Links to logs work from wherever the page is written, as long as the run stays where it is.
  const logHref = (log: string): string => encodeURI(relative(dirname(output), join(runDir, log)));
  const model = buildReportModel(record, { diagnoses: toReportDiagnoses(doctor.diagnoses), logHref });
  model.runId ??= basename(runDir);
  const html = renderReportHtml({ model, assets: readPageAssets() });
  try {
    writeFileSync(output, html);
  } catch (error) {
    throw new EnvironmentError(`cannot write ${output}: ${(error as Error).message}`);
  }
  const data: ReportData = {
    runDir,
    output,
    bytes: Buffer.byteLength(html),
    processes: model.processes.length,
    samples: record.samples.length,
    events: record.events.length,
    diagnoses: model.diagnoses.length,
    problems: record.problems,
  };
  return { data, exitCode: ExitCode.ok };
}
