// The fit directory's own record: fit.json, the answer and every trial (value, verdict, peaks,
// settled, what it bought, its run directory), written whole and atomically when the search ends,
// and read back by `doctor FIT_DIR` and `report FIT_DIR`.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { HeadroomError } from '../errors.js';
import { readRecordFile } from '../files/read-file.js';
import { writeFileAtomic } from '../files/write-file.js';
import type { FitResult } from '../fit/result.js';

/** The record's file name in a fit directory. */
export const fitRecordName = 'fit.json';

/** Writes fit.json into `fitDir`: a fresh file renamed over the old one, so no reader sees half of it. */
export function writeFitRecord(fitDir: string, result: FitResult): string {
  const path = join(fitDir, fitRecordName);
  writeFileAtomic(path, `${JSON.stringify(result, null, 2)}\n`, { isDurable: true });
  return path;
}

/** Whether a directory holds a fit record (anything by that name: reading it says what is wrong). */
export function hasFitRecord(dir: string): boolean {
  try {
    lstatSync(join(dir, fitRecordName));
    return true;
  } catch {
    return false;
  }
}

/** Reads fit.json of `fitDir`; a damaged one is one line naming the file and what is wrong. */
export function readFitRecord(fitDir: string): FitResult {
  const path = join(fitDir, fitRecordName);
  const bytes = readRecordFile(path);
  if (bytes === null) throw new HeadroomError({ code: 'fit-record', message: `${path}: no such file` });
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new HeadroomError({
      code: 'fit-record',
      message: `${path}: not JSON (${(error as Error).message})`,
      hint: 'fit.json is written whole by headroom fit; run the fit again',
    });
  }
  const record = data as Partial<FitResult>;
  if (
    typeof record.var !== 'string' ||
    !Array.isArray(record.trials) ||
    typeof record.recommended !== 'number'
  ) {
    throw new HeadroomError({
      code: 'fit-record',
      message: `${path}: not a fit record (needs var, recommended and trials[])`,
    });
  }
  return record as FitResult;
}
