// Reads a run directory whole (for `report`) through the run-record module's reader, and finds the
// latest run under .headroom/runs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { readRecordFile } from '../files/read-file.js';
import { forEachRecordLine, readRunFiles } from '../run-record/index.js';
import { parseEvent, parseJson, parsePlan, parseSample, parseSummary } from './parse-record.js';
import type { RunRecordData } from './record-types.js';

/** The default place `run` writes records to, relative to the working directory. */
export const defaultRunsDir = join('.headroom', 'runs');

/** A whole JSON file, or undefined when missing, cut short, or not one headroom reads (a link, a FIFO, too large). */
export function readJsonFile(path: string): unknown {
  try {
    return parseJson(readRecordFile(path)?.toString('utf8') ?? '');
  } catch {
    return undefined;
  }
}

/** Reads run.json, plan.json, summary.json, samples.jsonl and events.jsonl through the run-record
 * module's tolerant reader; what is missing or damaged is in `problems`. */
export async function readRecord(runDir: string): Promise<RunRecordData> {
  const files = readRunFiles(runDir);
  const problems = [...files.problems];
  const samples = await readLines(join(runDir, 'samples.jsonl'), parseSample, problems);
  const events = await readLines(join(runDir, 'events.jsonl'), parseEvent, problems);
  return {
    runDir,
    meta: files.meta,
    plan: parsePlan(files.plan),
    samples: samples.sort((a, b) => a.timeMs - b.timeMs),
    events: events.sort((a, b) => a.timeMs - b.timeMs),
    summary: files.summary === null ? null : parseSummary(files.summary),
    problems,
  };
}

// Every JSON line goes to `parse` as read: parseSample/parseEvent check the schema (and a newer
// writer's key fields) themselves, so the reader's own schema check would only repeat theirs.
const anyJson = z.unknown();

async function readLines<T>(
  path: string,
  parse: (value: unknown) => T | null,
  problems: string[],
): Promise<T[]> {
  const parsed: T[] = [];
  await forEachRecordLine({
    path,
    schema: anyJson,
    onValue: (value) => {
      const item = parse(value);
      if (item !== null) parsed.push(item);
    },
    problems,
  });
  return parsed;
}

/** What marks a directory as a run record: any one of these (a record cut short may lack the rest). */
export const recordEntries = [
  'run.json',
  'plan.json',
  'samples.jsonl',
  'events.jsonl',
  'summary.json',
  'logs/',
] as const;

/**
 * True when `dir` is a directory holding a run record (one of recordEntries). The one judge: `report`,
 * `serve` and doctor (isRunDirectory) all ask it.
 */
export function isRecordDirectory(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
  } catch {
    return false;
  }
  return recordEntries.some((entry) => existsSync(join(dir, entry)));
}

/** The newest run under `runsDir` (run ids sort by start time), or undefined when there is none. */
export function findLatestRun(runsDir: string = defaultRunsDir): string | undefined {
  let entries: string[];
  try {
    entries = readdirSync(runsDir);
  } catch {
    return undefined;
  }
  const runs = entries
    .map((name) => join(runsDir, name))
    .filter(isRecordDirectory)
    .map((dir) => ({ dir, startedMs: startedMsOf(dir) }));
  runs.sort((a, b) => b.startedMs - a.startedMs || b.dir.localeCompare(a.dir));
  return runs[0]?.dir;
}

// run.json (then plan.json, in records before it) is written once, when the run starts; summary.json
// and logs change the directory's time later.
function startedMsOf(dir: string): number {
  for (const file of ['run.json', 'plan.json']) {
    try {
      return statSync(join(dir, file)).mtimeMs;
    } catch {
      // not in this record
    }
  }
  return statSync(dir).mtimeMs;
}
