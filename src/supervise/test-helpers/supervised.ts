// Running the real supervisor on the tiny programs in test/programs, in a temp run directory.

import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchSpec, RunEvent, RunSummary, SuperviseUpdate } from '../../launch/types.js';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { createMemoryCgroup, removeCgroup } from '../../probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../../probe/host/cgroup-detect.js';
import { simpleLaunchSpec } from '../launch-spec.js';
import { supervise } from '../supervise.js';
import type { SuperviseOptions } from '../types.js';

export const MiB = 1024 ** 2;
const programsDir = fileURLToPath(new URL('../../../test/programs/', import.meta.url));

/** argv running one of test/programs with Node. */
export const program = (name: string, ...args: (string | number)[]): string[] => [
  process.execPath,
  join(programsDir, name),
  ...args.map(String),
];

/** A LaunchSpec with test defaults: no limits, no restarts. */
export const launch = simpleLaunchSpec;

export interface SupervisedRun {
  summary: RunSummary;
  runDir: string;
  updates: SuperviseUpdate[];
  events: RunEvent[];
  /** Everything the output callback got for `name`. */
  outputOf: (name: string) => string;
  processNamed: (name: string) => RunSummary['processes'][number];
}

const runDirs: string[] = [];
let runCount = 0;

/** Supervises `processes` with short intervals; `onUpdate` sees each update as it comes. */
export async function runSupervised(
  processes: LaunchSpec[],
  options: Partial<SuperviseOptions> & { onUpdate?: (update: SuperviseUpdate) => void } = {},
): Promise<SupervisedRun> {
  const runDir = mkdtempSync(join(tmpdir(), 'headroom-run-'));
  runDirs.push(runDir);
  const updates: SuperviseUpdate[] = [];
  const summary = await supervise({
    runDir,
    runId: `test${process.pid}-${++runCount}`,
    processes,
    gpuProbe: noGpuProbe,
    sampleIntervalMs: 100,
    stopGraceMs: 500,
    outputPollMs: 20,
    backoffMs: () => 20,
    ...options,
    output: (update) => {
      updates.push(update);
      options.onUpdate?.(update);
    },
  });
  const events = updates.flatMap((u) => (u.kind === 'event' ? [u.event] : []));
  const outputOf = (name: string): string =>
    updates.map((u) => (u.kind === 'output' && u.name === name ? u.text : '')).join('');
  const processNamed = (name: string) => summary.processes.find((p) => p.name === name)!;
  return { summary, runDir, updates, events, outputOf, processNamed };
}

/** Supervises one child per log (`log0`, `log1`, ... in order) that prints the log's text, then exits 1. */
export async function runPrintingLogs(
  logs: readonly { file: string; body: string }[],
): Promise<SupervisedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-logs-'));
  try {
    const processes = logs.map((log, i) => {
      const path = join(dir, log.file);
      writeFileSync(path, log.body);
      return launch(`log${i}`, ['/bin/sh', '-c', 'cat "$0"; exit 1', path]);
    });
    return await runSupervised(processes, { sampleIntervalMs: 1000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Removes the run directories and any cgroup a failed test left behind. */
export function cleanUpRuns(): void {
  for (const dir of runDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  const own = findOwnMemoryCgroup();
  if (!own.ok || !existsSync(own.location.dir)) return;
  for (const entry of readdirSync(own.location.dir)) {
    if (entry.startsWith(`headroom-${process.pid}-`)) rmdirSync(join(own.location.dir, entry));
  }
}

/** Why no cgroup can be made here, or undefined when one can. */
export function cgroupUnavailable(): string | undefined {
  const own = findOwnMemoryCgroup();
  if (!own.ok) return own.reason;
  const made = createMemoryCgroup({
    parent: own.location,
    name: `headroom-probe-${process.pid}`,
    limitBytes: 64 * MiB,
  });
  if (!made.ok) return made.reason;
  removeCgroup(made.group);
  return undefined;
}

/** The PIDs among `pids` that are still alive (zombies count as gone). */
export function survivors(pids: readonly number[]): number[] {
  return pids.filter((pid) => {
    try {
      return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  });
}
