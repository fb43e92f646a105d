// Reads a run directory back, tolerantly: records are read after crashes (a headroom killed with
// SIGKILL leaves no summary.json and maybe a half-written last line) and across versions. What
// cannot be read is said in `problems`, never thrown, except a file that is not what headroom writes
// (a link, a FIFO, a device, a JSON file over its cap): RecordFileError, one line, exit 2.
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LineSplitter } from '../doctor/stream/line-splitter.js';
import { maxRecordLinesBytes, openRecordFile, readRecordFile } from '../files/read-file.js';
import { formatBytes } from '../units.js';
import {
  type AttemptDiagnoses,
  attemptDiagnosesSchema,
  type ExactPeak,
  exactPeakSchema,
  type RunEvent,
  type RunMeta,
  type RunSample,
  type RunSummary,
  runEventSchema,
  runMetaSchema,
  runSummarySchema,
} from './schema.js';

/** The small files of a run record, and what was wrong with them. */
export interface RunRecordFiles {
  runDir: string;
  meta: RunMeta | null;
  /** plan.json as written (the plan's own type); null when absent or unreadable. */
  plan: unknown;
  summary: RunSummary | null;
  /** Sentences about what is missing or damaged, for the reader's user. */
  problems: string[];
}

function describeIssues(file: string, error: z.ZodError): string {
  const first = error.issues[0];
  const where = first?.path.length ? first.path.join('.') : 'the top level';
  return `${file}: ${where}: ${first?.message ?? 'does not match the run-record schema'}`;
}

function readJsonFile(path: string): { value: unknown; problem: string | null } {
  // No link, no FIFO, no device, at most maxRecordJsonBytes: else RecordFileError (thrown).
  const bytes = readRecordFile(path);
  if (bytes === null) return { value: null, problem: null };
  try {
    return { value: JSON.parse(bytes.toString('utf8')), problem: null };
  } catch (error) {
    return { value: null, problem: `${path}: cannot be read as JSON (${(error as Error).message})` };
  }
}

/** A loose record that failed the schema still says what it can: keep it, and say what is off. */
function parseLoose<T>(schema: z.ZodType<T>, file: string, value: unknown, problems: string[]): T | null {
  if (value === null || typeof value !== 'object') return null;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  problems.push(describeIssues(file, parsed.error));
  return value as T;
}

/** Reads run.json, plan.json and summary.json; says which are missing or damaged. */
export function readRunFiles(runDir: string): RunRecordFiles {
  const problems: string[] = [];
  const read = (file: string) => {
    const { value, problem } = readJsonFile(join(runDir, file));
    if (problem) problems.push(problem);
    return value;
  };
  const meta = parseLoose(runMetaSchema, 'run.json', read('run.json'), problems);
  const plan = read('plan.json');
  const summary = parseLoose(runSummarySchema, 'summary.json', read('summary.json'), problems);
  if (!summary) {
    problems.push(
      existsSync(join(runDir, 'summary.json'))
        ? 'summary.json is damaged: the record is incomplete'
        : 'no summary.json: the run had not ended when the record stops (headroom was killed, or is still running)',
    );
  }
  return { runDir, meta, plan, summary, problems };
}

/** Streams one JSON-lines file of the record through `schema`; a cut-short or invalid line is skipped and said. */
export async function forEachRecordLine<T>(options: {
  path: string;
  schema: z.ZodType<T>;
  onValue: (value: T) => void;
  problems?: string[];
  /** The most read (default maxRecordLinesBytes); what lies beyond is left out and said. */
  maxBytes?: number;
}): Promise<void> {
  const { path, schema, onValue } = options;
  const opened = openRecordFile(path);
  if (opened === null) return;
  const file = path.split('/').at(-1);
  // Read as long as the file was when opened (a live run appends), and never past the cap.
  const readBytes = Math.min(opened.sizeBytes, options.maxBytes ?? maxRecordLinesBytes);
  let lineNumber = 0;
  let badLines = 0;
  let lastBad = 0;
  const splitter = new LineSplitter((line) => {
    lineNumber += 1;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      badLines += 1;
      lastBad = lineNumber;
      return;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) onValue(parsed.data);
    else if (value && typeof value === 'object') onValue(value as T); // a newer writer's line: keep what is there
  });
  const stream = createReadStream('', { fd: opened.fd, start: 0, end: Math.max(0, readBytes - 1) });
  if (readBytes > 0) for await (const chunk of stream) splitter.write(chunk as Buffer);
  else stream.destroy();
  splitter.end();
  if (readBytes < opened.sizeBytes)
    options.problems?.push(
      `${file}: it is ${formatBytes(opened.sizeBytes)}; headroom read its first ${formatBytes(readBytes)} only`,
    );
  if (badLines > 0) {
    options.problems?.push(
      badLines === 1 && lastBad === lineNumber
        ? `${file}: the last line was cut short (headroom stopped while writing it)`
        : `${file}: ${badLines} line(s) could not be read, the last at line ${lastBad}`,
    );
  }
}

/** Streams events.jsonl. */
export function forEachEvent(
  runDir: string,
  onEvent: (event: RunEvent) => void,
  problems?: string[],
): Promise<void> {
  return forEachRecordLine({
    path: join(runDir, 'events.jsonl'),
    schema: runEventSchema as unknown as z.ZodType<RunEvent>,
    onValue: onEvent,
    problems,
  });
}

const anyJson = z.unknown();

/**
 * Streams samples.jsonl. Each line as written, not runSampleSchema's copy: a line the schema rejects is
 * passed on anyway (forEachRecordLine keeps a newer writer's object), and one it accepts comes back as
 * the same values (loose objects, no defaults or transforms; observe.test.ts checks it), so its parse of
 * every sample (172,800 in a day at 2 Hz) decided nothing and cost CPU and garbage.
 */
export function forEachSample(
  runDir: string,
  onSample: (sample: RunSample) => void,
  problems?: string[],
): Promise<void> {
  return forEachRecordLine({
    path: join(runDir, 'samples.jsonl'),
    schema: anyJson,
    onValue: (value) => {
      if (value && typeof value === 'object') onSample(value as RunSample);
    },
    problems,
  });
}

/** Streams diagnoses.jsonl (absent from older records, and until a first attempt ended). */
export function forEachAttemptDiagnoses(
  runDir: string,
  onEntry: (entry: AttemptDiagnoses) => void,
  problems?: string[],
): Promise<void> {
  return forEachRecordLine({
    path: join(runDir, 'diagnoses.jsonl'),
    schema: anyJson,
    onValue: (value) => {
      // Checked, then passed on as written (its keys in the writer's order, as `doctor --json` prints
      // them); a line the schema refuses is left out, and doctor reads that process's log itself.
      if (attemptDiagnosesSchema.safeParse(value).success) onEntry(value as AttemptDiagnoses);
    },
    problems,
  });
}

/** Reads peaks.jsonl: the exact peaks the tree's GPU clients appended at exit; [] when there is none. */
export async function readExactPeaks(runDir: string, problems?: string[]): Promise<ExactPeak[]> {
  const peaks: ExactPeak[] = [];
  await forEachRecordLine({
    path: join(runDir, 'peaks.jsonl'),
    schema: exactPeakSchema,
    onValue: (line) => {
      // Children write this file: a line that is not a peak is theirs to get wrong, not ours to trust.
      if (exactPeakSchema.safeParse(line).success) peaks.push(line);
    },
    problems,
  });
  return peaks;
}
