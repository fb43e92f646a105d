// The shape every environment rule shares: variables in, findings out.
import type { DoctorFinding } from '../types.js';

/** The environment as a plain record (process.env in the CLI, literal assignments for scripts). */
export type Env = Readonly<Record<string, string | undefined>>;
/** One environment rule: a small pure function of the variables. */
export type EnvRule = (env: Env) => DoctorFinding[];

/** A finding about one variable, with the fix to apply. */
export const finding = (
  code: string,
  severity: DoctorFinding['severity'],
  variable: string,
  value: string | undefined,
  message: string,
  fix: string,
): DoctorFinding => ({
  code,
  severity,
  message: `${variable}${value === undefined ? '' : `=${value}`}: ${message}`,
  facts: { variable, value: value ?? null },
  fixes: [fix],
});
