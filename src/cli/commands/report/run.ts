// `headroom report [RUN_DIR] [-o FILE]`: one self-contained HTML file from a run record, with
// doctor's diagnosis of the run. Reads files, writes one; the page itself is built by src/report/.

import { basename, dirname, join, relative, resolve } from 'node:path';
import { EnvironmentError, ExitCode } from '../../../errors.js';
import { examineTarget } from '../../../examine/examine.js';
import { writeFileAtomic } from '../../../files/write-file.js';
import { hasFitRecord, readFitRecord } from '../../../fit-record/fit-record.js';
import { isRecordDirectory, readRecord } from '../../../observe/read-record.js';
import { buildReportModel } from '../../../report/build-model.js';
import { toReportDiagnoses } from '../../../report/diagnoses.js';
import { renderFitPageHtml } from '../../../report/fit-page.js';
import { renderReportHtml } from '../../../report/html.js';
import { readPageAssets } from '../../../report/page-assets.js';
import { type CommandIo, pathIn } from '../../io.js';
import { resolveRunDir } from '../../shared/run-dirs.js';

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
  samplesPerPoint: number;
  events: number;
  diagnoses: number;
  /** What the record's reader found missing or damaged. */
  problems: string[];
  /** For a fit directory (fit.json): the search the page shows. */
  fit?: { var: string; recommended: number; trials: number };
}

// A fit directory: its fit.json becomes the page, with a link to each trial's own record.
function reportFit(
  fitDir: string,
  options: ReportOptions,
  io: Pick<CommandIo, 'cwd'>,
): { data: ReportData; exitCode: number } {
  const fit = readFitRecord(fitDir);
  const output = resolve(
    io.cwd,
    options.output === undefined ? join(fitDir, 'report.html') : pathIn(io.cwd, options.output),
  );
  const html = renderFitPageHtml(fit, {
    trialHref: (runDir) => encodeURI(relative(dirname(output), resolve(fitDir, runDir))),
  });
  try {
    writeFileAtomic(output, html);
  } catch (error) {
    throw new EnvironmentError(`cannot write ${output}: ${(error as Error).message}`);
  }
  const data: ReportData = {
    runDir: fitDir,
    output,
    bytes: Buffer.byteLength(html),
    processes: 0,
    samples: 0,
    samplesPerPoint: 1,
    events: 0,
    diagnoses: 0,
    problems: [],
    fit: { var: fit.var, recommended: fit.recommended, trials: fit.trials.length },
  };
  return { data, exitCode: ExitCode.ok };
}

/** Builds and writes the report. */
export async function runReport(
  options: ReportOptions,
  io: Pick<CommandIo, 'cwd' | 'env'>,
): Promise<{ data: ReportData; exitCode: number }> {
  if (options.runDir !== undefined) {
    const dir = resolve(io.cwd, pathIn(io.cwd, options.runDir));
    if (!isRecordDirectory(dir) && hasFitRecord(dir)) return reportFit(dir, options, io);
  }
  const runDir = resolveRunDir({ ...options, cwd: io.cwd });
  const output = resolve(
    io.cwd,
    options.output === undefined ? join(runDir, 'report.html') : pathIn(io.cwd, options.output),
  );
  const record = await readRecord(runDir);
  const doctor = await examineTarget(runDir, { env: io.env });
  // Links to logs work from wherever the page is written, as long as the run stays where it is.
  const logHref = (log: string): string => encodeURI(relative(dirname(output), join(runDir, log)));
  const model = buildReportModel(record, { diagnoses: toReportDiagnoses(doctor.diagnoses), logHref });
  model.runId ??= basename(runDir);
  const html = renderReportHtml({ model, assets: readPageAssets() });
  try {
    // Never through a link planted as report.html: a fresh file is renamed over it.
    writeFileAtomic(output, html);
  } catch (error) {
    throw new EnvironmentError(`cannot write ${output}: ${(error as Error).message}`);
  }
  const data: ReportData = {
    runDir,
    output,
    bytes: Buffer.byteLength(html),
    processes: model.processes.length,
    samples: record.samples.length,
    samplesPerPoint: model.samplesPerPoint,
    events: record.events.length,
    diagnoses: model.diagnoses.length,
    problems: record.problems,
  };
  return { data, exitCode: ExitCode.ok };
}
