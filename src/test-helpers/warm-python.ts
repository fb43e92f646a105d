// A warm Python for test files that start the same heavy interpreter many times (torch and transformers
// cost seconds of CPU to import each time): one server imports them once, and `python` is an executable
// that runs `python SCRIPT ARG...` as a fork of it, with the caller's stdin, stdout, stderr, directory,
// environment and exit code: fit's own warm interpreter (python/headroom_fit/warm_trials.py, its
// `serve-modules` mode), so the tests run the plumbing that ships. Only for scripts that read and print:
// a fork is the server's child, so never for what runs under a cgroup or is watched as a process tree.
// Two things of the tests' own keep a fork cheap (a trace's fork cost 2.5 CPU-s, 0.7 with both): the
// server imports warm_python/gc_freeze.py last (gc.freeze: no collection in a fork walks, and so copies,
// the pages of what the server imported), and each script runs through warm_python/run_then_exit.py
// (os._exit after the script: no teardown of torch in each fork).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { warmTrialsScript as serverScript } from '../fit/io/warm-server.js';

const helpersDir = fileURLToPath(new URL('./warm_python', import.meta.url));
const runThenExit = join(helpersDir, 'run_then_exit.py');

export interface WarmPython {
  /** An executable to use where the tests would use the real interpreter. */
  python: string;
  stop(): Promise<void>;
}

const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/** Starts `python` with `modules` imported; resolves once it serves runs. */
export async function startWarmPython(python: string, modules: string[]): Promise<WarmPython> {
  const dir = mkdtempSync(join(tmpdir(), 'headroom-warm-python-'));
  const socket = join(dir, 'server.sock');
  const wrapper = join(dir, 'python');
  // -I -S: the client itself needs only the standard library, and starts in milliseconds.
  writeFileSync(
    wrapper,
    `#!/bin/sh\nexec ${quote(python)} -I -S ${quote(serverScript)} run ${quote(socket)} ${quote(runThenExit)} "$@"\n`,
  );
  chmodSync(wrapper, 0o755);
  const server: ChildProcess = spawn(
    python,
    [serverScript, 'serve-modules', socket, ...modules, 'gc_freeze'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      // gc_freeze is found there; a fork's environment is its caller's (warm_trials.py), not this.
      // One compute thread: OpenMP reads OMP_NUM_THREADS when torch loads it, in the server, so every
      // fork keeps it. No test of these scripts is about threads; beside another torch test file (as in
      // npm test) a second thread of the real steps only waited: the trace helper's file 21.2 / 21.3
      // CPU-s with torch's default of 2, 20.7 / 19.9 with one.
      env: {
        ...process.env,
        OMP_NUM_THREADS: '1',
        PYTHONPATH: [helpersDir, process.env.PYTHONPATH].filter(Boolean).join(':'),
      },
    },
  );
  const exited = new Promise<void>((resolve) => server.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.split('\n').some((line) => line.startsWith('{"ready"'))) resolve();
    });
    server.on('error', reject);
    server.on('close', (code) => reject(new Error(`${python} ${serverScript} exited with ${code}: ${out}`)));
  });
  return {
    python: wrapper,
    async stop() {
      server.stdin?.end(); // the server returns when its stdin closes
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
