// Reads a run directory for doctor: summary.json and plan.json whole (small), events.jsonl and
// samples.jsonl streamed line by line, keeping only what the failed processes need.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LineSplitter } from '../line-splitter.js';
import {
  type FailedProcess,
  type RunEventLine,
  type RunPlan,
  type RunProcessSummary,
  type RunRecordData,
  type RunSample,
  settledReasons,
} from './types.js';

/** True when `dir` looks like a run record (has summary.json, events.jsonl or logs/). */
export function isRunDirectory(dir: string): boolean {
  return (
    statSync(dir).isDirectory() &&
    ['summary.json', 'events.jsonl', 'logs'].some((name) => existsSync(join(dir, name)))
  );
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null; // missing or cut short by a crash: doctor works with what remains
  }
}

async function forEachJsonLine(
  path: string,
  onValue: (value: Record<string, unknown>) => void,
): Promise<void> {
  if (!existsSync(path)) return;
  const splitter = new LineSplitter((line) => {
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line);
      if (value && typeof value === 'object') onValue(value);
    } catch {
      // a line cut short by a crash
    }
  });
  for await (const chunk of createReadStream(path)) splitter.write(chunk as Buffer);
  splitter.end();
}

const later = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a >= b ? a : b;

/** Reads a run directory: which processes failed, when, and the sample before each failure. */
export async function readRunRecord(runDir: string): Promise<RunRecordData> {
  const summary = readJson(join(runDir, 'summary.json')) as { processes?: RunProcessSummary[] } | null;
  const plan = readJson(join(runDir, 'plan.json')) as RunPlan | null;
  const processes = new Map<string, RunProcessSummary>();
  for (const p of summary?.processes ?? []) if (typeof p?.name === 'string') processes.set(p.name, p);
  // The last failing exit of each process, from events (a process may have failed and restarted).
  const failedExit = new Map<string, RunEventLine>();
  await forEachJsonLine(join(runDir, 'events.jsonl'), (value) => {
    const event = value as RunEventLine;
    if (event.type !== 'exit' || typeof event.process !== 'string') return;
    if (!processes.has(event.process))
      processes.set(event.process, { name: event.process, log: `logs/${event.process}.log` });
    if (!settledReasons.has(String(event.reason))) failedExit.set(event.process, event);
  });
  const failed: FailedProcess[] = [];
  for (const process of processes.values()) {
    const exit = failedExit.get(process.name);
    const reason = process.reason ?? (exit?.reason as string | undefined);
    if (!exit && (reason === undefined || settledReasons.has(reason))) continue;
    const merged: RunProcessSummary = { ...process, reason: reason ?? String(exit?.reason) };
    if (!merged.because && typeof exit?.because === 'string') merged.because = exit.because;
    failed.push({ summary: merged, endedAt: exit?.time ?? process.endedAt, sample: undefined });
  }
  await forEachJsonLine(join(runDir, 'samples.jsonl'), (value) => {
    const sample = value as unknown as RunSample;
    if (typeof sample.time !== 'string' || typeof sample.processes !== 'object') return;
    for (const f of failed) {
      if (f.endedAt !== undefined && sample.time > f.endedAt) continue;
      if (later(f.sample?.time, sample.time) === sample.time) f.sample = sample;
    }
  });
  return { runDir, plan, failed, processCount: processes.size };
}
