// Runs a command line in this process, as `headroom ARGS...` would from a shell: the same dispatcher,
// parser, command and reporters, with captured stdout and stderr, a chosen environment and directory,
// and stdin from a buffer. What the built CLI adds (the bin shim, process.exitCode) is left to the
// end-to-end tests in test/e2e.
import { Readable, Writable } from 'node:stream';
import type { CommandIo } from '../io.js';
import { main } from '../main.js';

/** What a command line did: its exit code and everything it wrote. */
export interface CommandOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/**
 * Runs `headroom ARGS...` in-process. The environment is this process's with NO_COLOR=1 and `env` on
 * top (as test/e2e/cli.ts gives the built CLI), or exactly `exactEnv`; `input` is stdin.
 */
export async function runHeadroom(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    exactEnv?: Record<string, string>;
    input?: string | Buffer;
  } = {},
): Promise<CommandOutcome> {
  const stdout = capture();
  const stderr = capture();
  const io: CommandIo = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]),
    env: options.exactEnv ?? { ...process.env, NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await main(args, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
