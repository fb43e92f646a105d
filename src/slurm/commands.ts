// Running Slurm's client commands (sbatch, squeue, sacct, scancel, scontrol, sinfo): argv only, no
// shell, the environment passed through (SLURM_CONF, the user's own settings), a one-line error.
import { execFile } from 'node:child_process';
import { EnvironmentError, HeadroomError } from '../errors.js';

/** Runs one Slurm command and returns its stdout; tests and benches pass their own. */
export interface SlurmCommands {
  /** Aborting `signal` kills the command; the promise then rejects. */
  run(command: string, args: readonly string[], signal?: AbortSignal): Promise<string>;
}

/** A Slurm command that ran and failed, with what it said. */
export class SlurmCommandError extends HeadroomError {
  readonly stderr: string;

  constructor(command: string, args: readonly string[], stderr: string) {
    const said = stderr.trim().split('\n').filter(Boolean).at(-1) ?? 'no message';
    super({
      code: 'slurm',
      message: `${[command, ...args].join(' ')} failed: ${said}`,
      hint: 'check that Slurm answers here (SLURM_CONF, `sinfo`); `headroom slurm script --gpu SIZE --shards COUNT` needs no cluster',
    });
    this.name = 'SlurmCommandError';
    this.stderr = stderr;
  }
}

/** The real commands, from PATH, with a time limit so a hung controller cannot hang headroom. */
export function realSlurmCommands(
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): SlurmCommands {
  const { env = process.env, timeoutMs = 60_000 } = options;
  return {
    run: (command, args, signal) =>
      new Promise((resolve, reject) => {
        execFile(
          command,
          [...args],
          { env, timeout: timeoutMs, maxBuffer: 64 * 1024 ** 2, ...(signal ? { signal } : {}) },
          (error, stdout, stderr) => {
            if (!error) return resolve(stdout);
            if ((error as NodeJS.ErrnoException).code === 'ENOENT')
              return reject(
                new EnvironmentError(
                  `${command} not found: Slurm's client commands are not on this machine's PATH`,
                  'run this on a Slurm login node, or print the job with `headroom slurm script` and submit it there',
                ),
              );
            reject(new SlurmCommandError(command, args, stderr || error.message));
          },
        );
      }),
  };
}
