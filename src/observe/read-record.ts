// Reads a run directory whole (for `report`), and finds the latest run under .headroom/runs.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { JsonlTail } from './jsonl-tail.js';
import { parseEvent, parseJson, parsePlan, parseSample, parseSummary } from './parse-record.js';
import type { RunRecordData } from './record-types.js';

/** The default place `run` writes records to, relative to the working directory. */
export const defaultRunsDir = join('.headroom', 'runs');

/** A whole JSON file, or undefined when missing or cut short. */
export function readJsonFile(path: string): unknown {
  try {
    return parseJson(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every line of a JSON-lines file through `parse`, counting the lines it rejects. */
function readLines<T>(path: string, parse: (value: unknown) => T | null): { values: T[]; skipped: number } {
  const tail = new JsonlTail(path);
  const lines = tail.readLines();
  // A last line without its newline is read too, if it is whole: the run may still be writing.
  if (tail.rest().trim() !== '') lines.push(tail.rest());
  const values: T[] = [];
  let skipped = 0;
  for (const line of lines) {
    const value = parse(parseJson(line));
    if (value === null) skipped += 1;
    else values.push(value);
  }
  return { values, skipped };
}

/** Reads plan.json, samples.jsonl, events.jsonl and summary.json; missing parts are empty or null. */
export function readRecord(runDir: string): RunRecordData {
  const samples = readLines(join(runDir, 'samples.jsonl'), parseSample);
  const events = readLines(join(runDir, 'events.jsonl'), parseEvent);
  return {
    runDir,
    plan: parsePlan(readJsonFile(join(runDir, 'plan.json'))),
    samples: samples.values.sort((a, b) => a.timeMs - b.timeMs),
    events: events.values.sort((a, b) => a.timeMs - b.timeMs),
    summary: parseSummary(readJsonFile(join(runDir, 'summary.json'))),
    skippedLines: samples.skipped + events.skipped,
  };
}

/** True when `dir` holds a run record (plan.json, samples.jsonl, events.jsonl or summary.json). */
export function isRecordDirectory(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
  } catch {
    return false;
  }
  return ['plan.json', 'samples.jsonl', 'events.jsonl', 'summary.json'].some((f) => existsSync(join(dir, f)));
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

// plan.json is written once, when the run starts; summary.json and logs change the directory's time later.
function startedMsOf(dir: string): number {
  try {
    return statSync(join(dir, 'plan.json')).mtimeMs;
  } catch {
    return statSync(dir).mtimeMs;
  }
}
