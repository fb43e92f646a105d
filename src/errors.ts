// Errors that carry an exit code and a hint; the CLI prints known ones without a stack.

/** Exit codes shared by every command (DESIGN.md "Commands"). */
export const ExitCode = {
  ok: 0,
  problems: 1,
  usage: 2,
  interrupted: 130,
} as const;

/** Where in a file a problem is: 1-based line and column. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
}

/** A known failure: printed as its message (plus hint), never with a stack trace. */
export class HeadroomError extends Error {
  readonly code: string;
  readonly exitCode: number;
  readonly hint?: string;
  /** What a child process said when it failed (a Python stack's tail): in --json's error only. */
  readonly detail?: string;

  constructor(options: { code: string; message: string; exitCode?: number; hint?: string; detail?: string }) {
    super(options.message);
    this.name = 'HeadroomError';
    this.code = options.code;
    this.exitCode = options.exitCode ?? ExitCode.usage;
    this.hint = options.hint;
    if (options.detail) this.detail = options.detail;
  }
}

/** Bad command-line usage (unknown flag, missing argument, malformed value). */
export class UsageError extends HeadroomError {
  constructor(message: string, hint?: string) {
    super({ code: 'usage', message, hint });
    this.name = 'UsageError';
  }
}

/** One problem in a config file, located to file:line:col and a field path. */
export interface ConfigIssue {
  location: SourceLocation;
  field: string;
  message: string;
}

/** A config file that cannot be used; lists every problem found, not only the first. */
export class ConfigError extends HeadroomError {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[], hint?: string) {
    super({ code: 'config', message: issues.map(formatConfigIssue).join('\n'), hint });
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Renders `file:line:col: field: message` (the shape editors and terminals link). */
export function formatConfigIssue(issue: ConfigIssue): string {
  const { file, line, column } = issue.location;
  const where = line === undefined ? file : `${file}:${line}:${column ?? 1}`;
  const field = issue.field ? `${issue.field}: ` : '';
  return `${where}: ${field}${issue.message}`;
}

/** The machine is not in a state to do the job (no GPU, no cgroup, unreadable file). */
export class EnvironmentError extends HeadroomError {
  constructor(message: string, hint?: string) {
    super({ code: 'environment', message, hint });
    this.name = 'EnvironmentError';
  }
}
