// Starting one child: argv, its own session and process group, stdout and stderr into one pipe
// that headroom copies to its log (output-copier.ts), and a promise for how it ended.
import { type ChildProcess, spawn } from 'node:child_process';
import type { LaunchSpec } from '../launch/types.js';
import type { ChildOutput } from './output-copier.js';

/** The command as an argv: a string is given to `/bin/sh -c`. */
export const commandArgv = (command: string | string[]): string[] =>
  typeof command === 'string' ? ['/bin/sh', '-c', command] : command;

/** The argv to run: a string goes to `/bin/sh -c`; with a cgroup, a shell joins it before exec. */
export function buildArgv(command: string | string[], cgroupProcsPath: string | null): string[] {
  const argv = commandArgv(command);
  if (cgroupProcsPath === null) return argv;
  // Joining before exec leaves no moment where the program runs, and allocates, outside its limit;
  // exec keeps the PID, so the process headroom watches is the program itself.
  // `headroom` is the shell's $0, the name its error messages carry ("headroom: exec: x: not found").
  return ['/bin/sh', '-c', CGROUP_JOIN_SCRIPT, 'headroom', cgroupProcsPath, ...argv];
}

const CGROUP_JOIN_SCRIPT = 'echo $$ > "$1"; shift; exec "$@"';

/** True while `argv` is still the joining shell's, before its exec. */
export const isCgroupJoinShell = (argv: readonly string[]): boolean =>
  argv[0] === '/bin/sh' && argv[1] === '-c' && argv[2] === CGROUP_JOIN_SCRIPT && argv[3] === 'headroom';

export interface ExitStatus {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  spawnError: string | null;
}

/** Spawns `argv` detached (setsid: own session and process group) with its stdout and stderr into `output`. */
export function spawnChild(options: { spec: LaunchSpec; argv: string[]; output: ChildOutput }): {
  child: ChildProcess | null;
  exited: Promise<ExitStatus>;
} {
  const { spec, argv, output } = options;
  const [file, ...args] = argv;
  const where = spec.cwd ? ` (cwd ${spec.cwd})` : '';
  let child: ChildProcess;
  try {
    child = spawn(file ?? '', args, {
      detached: true,
      stdio: output === 'pipe' ? ['ignore', 'pipe', 'pipe'] : ['ignore', output.fd, output.fd],
      env: spec.env,
      cwd: spec.cwd,
    });
  } catch (error) {
    // Some failures (a cwd that is a file: ENOTDIR) throw at once instead of emitting 'error'.
    const spawnError = `${(error as Error).message}${where}`;
    return { child: null, exited: Promise.resolve({ exitCode: 127, signal: null, spawnError }) };
  }
  const exited = new Promise<ExitStatus>((resolve) => {
    child.once('exit', (exitCode, signal) => resolve({ exitCode, signal, spawnError: null }));
    child.on('error', (error) => {
      // 'error' without a PID means it never started; with one it is a failed kill(), not an end.
      if (child.pid === undefined) {
        resolve({ exitCode: 127, signal: null, spawnError: `${error.message}${where}` });
      }
    });
  });
  return { child, exited };
}
