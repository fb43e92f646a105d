// `doctor SCRIPT.py`: static checks of a Python source for the seed mistakes, each with its line.
import type { DoctorFinding } from '../types.js';
import { checkDataLoaders } from './dataloader.js';
import { checkEnvTiming, checkScriptValues } from './env-timing.js';
import { checkPools } from './pools.js';
import { readStatements } from './python-source.js';

/** Checks one Python source; findings come sorted by line. */
export function checkPythonSource(source: string, file = '<script>'): DoctorFinding[] {
  const statements = readStatements(source);
  const { assignments, findings } = checkEnvTiming(statements, file);
  return [
    ...findings,
    ...checkScriptValues(assignments, file),
    ...checkPools(statements, assignments, file),
    ...checkDataLoaders(statements, file),
  ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
