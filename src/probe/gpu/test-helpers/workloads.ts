// Runs the example workloads (examples/workloads/*.mjs) for tests: wait for their output, collect how they ended.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { repoRoot } from './shared.js';

/** A fresh, empty simulated-GPU state directory, removed after the suite (or test) that made it. */
export function newSimDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'headroom-sim-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** How long a wait for a workload's output may last before it is taken for a hang: far past any load. */
const hangGuardMs = 10 * 60_000;

export interface RunningWorkload {
  child: ChildProcess;
  /**
   * Resolves when stdout has printed text matching the pattern; rejects if the workload exits first.
   * `timeoutMs` only guards against a hang (a workload that neither prints it nor ends): the wait is on
   * the output, never on a clock, since a loaded machine starts and steps a workload late (CI at load 34:
   * fake-jax's step 2 after 16.5 s, past the 15 s this guard once was).
   */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * Starts `node examples/workloads/<script> ...args` (`python3` for a .py stand-in, the engines') with extra
 * environment variables.
 */
export function startWorkload(script: string, args: string[], env: Record<string, string>): RunningWorkload {
  const program = script.endsWith('.py') ? 'python3' : process.execPath;
  const child = spawn(program, [path.join(repoRoot, 'examples', 'workloads', script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  const waitFor = (pattern: RegExp, timeoutMs = hangGuardMs): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${pattern} after ${timeoutMs / 1000} s (a hang?); stdout: ${stdout}; stderr: ${stderr}`,
            ),
          ),
        timeoutMs,
      );
      const check = (): void => {
        if (!pattern.test(stdout)) return;
        clearTimeout(timer);
        child.stdout?.off('data', check);
        resolve();
      };
      child.stdout?.on('data', check);
      void ended.then(() => {
        clearTimeout(timer);
        if (pattern.test(stdout)) resolve();
        else reject(new Error(`exited before ${pattern}; stdout: ${stdout}; stderr: ${stderr}`));
      });
      check();
    });
  return { child, waitFor, ended };
}
