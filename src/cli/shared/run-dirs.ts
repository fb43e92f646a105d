// Which run directory a command works on: the one given, or the latest under .headroom/runs.
import { resolve } from 'node:path';
import { EnvironmentError, UsageError } from '../../errors.js';
import { defaultRunsDir, findLatestRun, isRecordDirectory } from '../../observe/read-record.js';
import { pathIn } from '../io.js';

/** The run directory to work on: `runDir`, or the latest run under `runsDir` (default .headroom/runs in `cwd`). */
export function resolveRunDir(options: { runDir?: string; runsDir?: string; cwd: string }): string {
  const { runDir, cwd } = options;
  if (runDir === undefined) {
    const runsDir = options.runsDir ?? pathIn(cwd, defaultRunsDir);
    const latest = findLatestRun(runsDir);
    if (!latest)
      throw new EnvironmentError(
        `no run under ${options.runsDir ?? defaultRunsDir}`,
        'pass a run directory, or start one with headroom run',
      );
    return resolve(cwd, latest);
  }
  if (!isRecordDirectory(pathIn(cwd, runDir)))
    throw new UsageError(
      `${runDir} is not a run record (no run.json, plan.json, samples.jsonl, events.jsonl or summary.json)`,
      'pass a directory under .headroom/runs/',
    );
  return resolve(cwd, runDir);
}
