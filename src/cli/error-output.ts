// How a failed command says so: one line on stderr (and a hint) as text, or under --json an
// `{ "error": { code, message, file?, line?, column?, hint? } }` object on stdout; the exit code is
// the error's own (DESIGN.md "Errors and exit codes"). Unknown errors are bugs: their stack is printed.
import { ConfigError, HeadroomError } from '../errors.js';

/** Whether the error, too, must be JSON: `--json` given before any `--`. */
export function isJsonRequested(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}

/** The exit code of an error that is not headroom's own (a bug): EX_SOFTWARE from sysexits.h. */
export const internalErrorExitCode = 70;

/** The `error` object of the --json error contract. */
export interface ErrorJson {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** The config field of the first problem (`processes.learner.gpu_memory`). */
  field?: string;
  hint?: string;
  /** What a child process printed when it failed (`estimate --trace`: the Python stack's tail). */
  detail?: string;
  /** Every problem of a config file, when there are several. */
  issues?: { file: string; line?: number; column?: number; field: string; message: string }[];
}

/** The JSON form of a known error. */
export function errorJson(error: HeadroomError): ErrorJson {
  const json: ErrorJson = { code: error.code, message: error.message };
  if (error instanceof ConfigError) {
    const [first] = error.issues;
    if (first) {
      json.file = first.location.file;
      if (first.location.line !== undefined) json.line = first.location.line;
      if (first.location.column !== undefined) json.column = first.location.column;
      if (first.field) json.field = first.field;
    }
    if (error.issues.length > 1)
      json.issues = error.issues.map((issue) => ({
        ...issue.location,
        field: issue.field,
        message: issue.message,
      }));
  }
  if (error.hint) json.hint = error.hint;
  if (error.detail) json.detail = error.detail;
  return json;
}

/** What to print, where, and the exit code, for an error a command threw. */
export function describeError(
  error: unknown,
  isJson: boolean,
): { stdout: string; stderr: string; exitCode: number } {
  if (error instanceof HeadroomError) {
    if (isJson)
      return {
        stdout: `${JSON.stringify({ error: errorJson(error) }, null, 2)}\n`,
        stderr: '',
        exitCode: error.exitCode,
      };
    const hint = error.hint ? `hint: ${error.hint}\n` : '';
    return { stdout: '', stderr: `headroom: ${error.message}\n${hint}`, exitCode: error.exitCode };
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const stderr = `headroom: internal error (a bug; please report it with this output)\n${stack}\n`;
  const message = error instanceof Error ? error.message : String(error);
  const stdout = isJson ? `${JSON.stringify({ error: { code: 'internal', message } }, null, 2)}\n` : '';
  return { stdout, stderr, exitCode: internalErrorExitCode };
}
