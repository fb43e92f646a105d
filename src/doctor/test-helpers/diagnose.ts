// Shorthands for rule tests: the primary diagnosis of a few lines of log.
import { diagnoseText } from '../diagnose-text.js';
import type { Diagnosis } from '../types.js';

/** The primary diagnosis of `lines`, or undefined when there is none. */
export function primary(...lines: string[]): Diagnosis | undefined {
  return diagnoseText(lines)[0];
}

/** The primary diagnosis, failing the test when there is none. */
export function mustDiagnose(...lines: string[]): Diagnosis {
  const found = primary(...lines);
  if (!found) throw new Error(`no diagnosis for: ${lines.join('\n')}`);
  return found;
}
