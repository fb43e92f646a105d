// What a command talks to: its output streams, stdin, environment and working directory. cli.ts
// passes the process's own; tests pass captured streams and a chosen environment, so a command
// runs in-process exactly as it does from a shell.
import { isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';

/** A stream a command writes to: process.stdout, or any Writable in tests. */
export type OutputStream = NodeJS.WritableStream & {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  writableLength?: number;
};

/** A stream a command reads from (doctor's `-`, watch's keys). */
export type InputStream = Readable & {
  isTTY?: boolean;
  setRawMode?: (isRaw: boolean) => unknown;
};

/** The outside world of one command run. */
export interface CommandIo {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  /** The environment the command reads (HEADROOM_GPU, NO_COLOR, ...) and children inherit. */
  env: Record<string, string | undefined>;
  /** Where relative paths and default directories (.headroom/runs) are resolved. */
  cwd: string;
}

/** The process's own streams, environment and directory. */
export function processIo(): CommandIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}

/**
 * A path the user gave (or a default such as `.headroom/runs`) as seen from `cwd`: unchanged when it is
 * absolute or `cwd` is the process's own directory (so messages echo what was typed), else joined to it.
 */
export function pathIn(cwd: string, path: string): string {
  return isAbsolute(path) || cwd === process.cwd() ? path : join(cwd, path);
}
