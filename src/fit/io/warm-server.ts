// fit's warm interpreter (python/headroom_fit/warm_trials.py): one Python, started with the trials'
// environment, directory and interpreter options, imports the script's leading imports once; each
// trial's process is then a small client (behind the command's own prlimit/env wrappers, supervised
// like any trial) whose fork of the server runs the script as __main__ with the trial's argv, stdio,
// directory, environment, RLIMIT_AS and cgroups. Faithful where a trial's limit is RLIMIT_AS (the
// fork's address space is a fresh process's after the same imports), never under a cgroup limit
// (pages shared with the server are not charged to the fork's cgroup): run-fit.ts decides.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packagedBootstrapDir } from '../../frameworks/bootstrap.js';
import { findPythonScript, type PythonCommand } from '../warm-start.js';
import { readAddressSpaceLimit, readAddressSpaceSize } from './address-space.js';

/** The server script, shipped beside the bootstrap (python/headroom_fit): found from the bootstrap's own
 * directory, which holds from src/ and from the bundles in dist/ alike. */
export const warmTrialsScript = join(dirname(packagedBootstrapDir), 'headroom_fit', 'warm_trials.py');
/** The client's exit code when no fork ran (the server was gone): the trial runs fresh instead. */
export const noForkExitCode = 3;
/** The client's variable naming the file where it writes the fork's pid (or why there was none). */
export const forkPidVariable = 'HEADROOM_FIT_FORK_PID';

/** A started warm interpreter: trials' commands for it, and its stop. */
export interface WarmServer {
  pid: number;
  /** The modules it imported (the script's leading imports). */
  imports: string[];
  /** Seconds its start and imports took. */
  startSeconds: number;
  /** The trial's command (its value already in) as a client of this server. */
  trialCommand(command: readonly string[]): string[];
  /**
   * Has it import the modules in `learnedFile` (what earlier trials imported) now; resolves with its
   * address space (VmSize) and RLIMIT_AS after them — what every later fork holds before its value —
   * or null when it could not.
   */
  preimport(learnedFile: string): Promise<{ sizeBytes: number; limitBytes: number | null } | null>;
  /** Whether it is still serving. */
  isAlive(): boolean;
  stop(): Promise<void>;
}

/** What a client wrote about its fork: the pid, or why no fork ran. */
export type ForkReport = { pid: number; problem?: string } | { error: string };

export function readForkReport(path: string): ForkReport | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ForkReport;
  } catch {
    return null;
  }
}

/**
 * Starts the warm interpreter for `command` (its placeholder still in); resolves once it serves, or
 * rejects with what it printed when its start or imports failed.
 */
export async function startWarmServer(options: {
  command: readonly string[];
  python: PythonCommand;
  env: Record<string, string>;
  cwd?: string;
}): Promise<WarmServer> {
  const { command, python, env } = options;
  const dir = mkdtempSync(join(tmpdir(), 'headroom-fit-warm-'));
  const socket = join(dir, 'server.sock');
  // The server runs as the trials' interpreter would, with its options, behind the same wrappers.
  const argv = [
    ...command.slice(0, python.scriptAt),
    warmTrialsScript,
    'serve',
    socket,
    ...command.slice(python.scriptAt),
  ];
  const started = performance.now();
  const server: ChildProcess = spawn(argv[0] as string, argv.slice(1), {
    cwd: options.cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let exited = false;
  const closed = new Promise<void>((resolve) =>
    server.on('close', () => {
      exited = true;
      resolve();
    }),
  );
  const ready = await new Promise<{ pid: number; imports: string[] }>((resolve, reject) => {
    let out = '';
    let err = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4000);
    });
    server.on('error', reject);
    server.on('close', (code, signal) =>
      reject(
        new Error(
          `the warm interpreter ended before it served (${signal ?? `exit ${code}`}): ${err.trim().split('\n').at(-1) ?? ''}`,
        ),
      ),
    );
  }).catch(async (error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  // Its output after the start is not the trials' (they write to their own client's stdio).
  server.stdout?.resume();
  server.stderr?.resume();
  return {
    pid: ready.pid,
    imports: ready.imports,
    startSeconds: Math.round((performance.now() - started) / 10) / 100,
    trialCommand: (trial) => {
      // The trial's own wrappers (prlimit, env) stay in front of the client; its interpreter runs it.
      const at = findPythonScript(trial);
      const { interpreterAt, scriptAt } = typeof at === 'string' ? python : at;
      return [
        ...trial.slice(0, interpreterAt + 1),
        // -I -S: the client needs only the standard library, and starts in milliseconds.
        '-I',
        '-S',
        warmTrialsScript,
        'run',
        socket,
        ...trial.slice(scriptAt),
      ];
    },
    preimport: async (learnedFile) => {
      if (exited) return null;
      const client = spawn(
        command[python.interpreterAt] as string,
        ['-I', '-S', warmTrialsScript, 'preimport', socket, learnedFile],
        { cwd: options.cwd, env, stdio: 'ignore' },
      );
      const code = await new Promise<number | null>((resolve) => {
        client.on('error', () => resolve(null));
        client.on('close', (c) => resolve(c));
      });
      const sizeBytes = code === 0 && !exited ? readAddressSpaceSize(ready.pid) : null;
      return sizeBytes === null ? null : { sizeBytes, limitBytes: readAddressSpaceLimit(ready.pid) };
    },
    isAlive: () => !exited,
    async stop() {
      server.stdin?.end(); // the server kills any fork left and returns when its stdin closes
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await closed;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
