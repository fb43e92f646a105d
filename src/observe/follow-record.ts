// Follows a run record while it is written: polls plan.json, samples.jsonl, events.jsonl and
// summary.json and reports what is new: the plan, then events and samples in the order each file
// was written, then the summary. Observers
// (dashboard, /metrics) read the files; they never reach into the supervisor's state.
import { join } from 'node:path';
import { JsonlTail } from './jsonl-tail.js';
import { parseEvent, parseJson, parsePlan, parseSample, parseSummary } from './parse-record.js';
import { readJsonFile } from './read-record.js';
import type { RecordUpdate } from './record-types.js';

/** A running follower: `poll` reads now (tests, a last read before closing); `stop` ends polling. */
export interface RecordFollower {
  poll(): void;
  stop(): void;
}

/** Starts following `runDir` (which may not exist yet); `onUpdate` gets every new part. */
export function followRecord(options: {
  runDir: string;
  onUpdate: (update: RecordUpdate) => void;
  /** Time between reads (default 250 ms: the supervisor samples every 500 ms). */
  pollMs?: number;
  /** Hears a read that failed (the poll goes on next time); default: ignored. */
  onProblem?: (message: string) => void;
}): RecordFollower {
  const { runDir, onUpdate } = options;
  const samples = new JsonlTail(join(runDir, 'samples.jsonl'));
  const events = new JsonlTail(join(runDir, 'events.jsonl'));
  let hasPlan = false;
  let hasSummary = false;
  const readNew = (): void => {
    if (!hasPlan) {
      const plan = parsePlan(readJsonFile(join(runDir, 'plan.json')));
      if (plan) {
        hasPlan = true;
        onUpdate({ kind: 'plan', plan });
      }
    }
    // Events first: a run's first event (a spawn) comes before its first sample.
    for (const line of events.readLines()) {
      const event = parseEvent(parseJson(line));
      if (event) onUpdate({ kind: 'event', event });
    }
    for (const line of samples.readLines()) {
      const sample = parseSample(parseJson(line));
      if (sample) onUpdate({ kind: 'sample', sample });
    }
    // summary.json comes last, once; a half-written one does not parse and is read next time.
    if (!hasSummary) {
      const summary = parseSummary(readJsonFile(join(runDir, 'summary.json')));
      if (summary) {
        hasSummary = true;
        onUpdate({ kind: 'summary', summary });
      }
    }
  };
  // A read that throws (EIO, a handler's bug) is said and tried again at the next poll, never thrown.
  const poll = (): void => {
    try {
      readNew();
    } catch (error) {
      options.onProblem?.(`reading the run record failed: ${String(error)}`);
    }
  };
  const timer = setInterval(poll, options.pollMs ?? 250);
  timer.unref();
  poll();
  return {
    poll,
    stop: () => clearInterval(timer),
  };
}
