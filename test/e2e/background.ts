// The built CLI as a long-running process (serve, run --dashboard): wait for what it prints,
// then stop it with a signal and wait for it to end.
import { type ChildProcess, spawn } from 'node:child_process';
import { cliPath, repoRoot } from './cli.js';

/** A CLI process and what it has printed so far. */
export interface Background {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout + stderr; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or 128 + signal). */
  exited: Promise<number>;
  stop(): Promise<number>;
}

/** Starts `headroom ARGS...` in the background. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Background {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15))),
  );
  return {
    child,
    output: () => output,
    exited,
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`no ${pattern} in the output:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}
