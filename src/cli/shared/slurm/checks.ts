// What `run --on slurm`, `plan --on slurm` and `slurm script` are given (their options come from the
// shared table, src/cli/options.ts), and the check of Slurm's own time format.
import { UsageError } from '../../../errors.js';

/** The Slurm options and the config, as parsed. */
export interface SlurmInputs {
  config?: string;
  gpu: readonly string[];
  partition?: string;
  nodes?: number;
  account?: string;
  time?: string;
  shards?: number;
  cpusPerProcess?: number;
  force: boolean;
}

/** `--time` as sbatch reads it, checked before anything is submitted; passed on as written. */
export function checkSlurmTime(time: string | undefined): string | undefined {
  // sbatch(1) --time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS, or UNLIMITED/INFINITE.
  if (time !== undefined && !/^(?:\d+(?:-\d+)?(?::\d+){0,2}|UNLIMITED|INFINITE)$/i.test(time))
    throw new UsageError(`--time ${time}: expected minutes, HH:MM:SS or D-HH:MM:SS`);
  return time;
}
