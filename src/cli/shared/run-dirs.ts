// Which run directory a command works on: a new one for `run` and `fit` (the one given, or a fresh one
// under .headroom/), or for `report` and `serve` an existing record (the one given, or the latest).
import { join, resolve } from 'node:path';
import { EnvironmentError, UsageError } from '../../errors.js';
import {
  defaultRunsDir,
  findLatestRun,
  isRecordDirectory,
  recordEntries,
} from '../../observe/read-record.js';
import { checkRunDirPath } from '../../run-record/run-dir.js';
import { newRunId } from '../../run-record/run-id.js';
import { pathIn } from '../io.js';

/** Where `fit` puts each search's trial records when --run-dir is not given. */
export const defaultFitsDir = join('.headroom', 'fits');

/**
 * A run directory about to be written, and its id: `runDir` as given (relative to `cwd`), else a new
 * id under `parentDir` (default .headroom/runs); refused up front (checkRunDirPath) when it is a file,
 * not empty, under /proc and so on, with the absolute path in the message.
 */
export function newRunDir(options: { runDir?: string; parentDir?: string; cwd: string }): {
  id: string;
  dir: string;
} {
  const id = newRunId();
  const dir = resolve(options.cwd, options.runDir ?? join(options.parentDir ?? defaultRunsDir, id));
  checkRunDirPath(dir);
  return { id, dir };
}

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
      `${runDir} is not a run record (no ${recordEntries.slice(0, -1).join(', ')} or ${recordEntries.at(-1)})`,
      'pass a directory under .headroom/runs/',
    );
  return resolve(cwd, runDir);
}
