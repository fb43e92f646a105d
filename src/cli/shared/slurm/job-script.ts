// What `run --on slurm` and `slurm script` share: the node type the plan fits (or why none does),
// and the script's options.
import { basename, dirname, relative, resolve } from 'node:path';
import { ExitCode, HeadroomError } from '../../../errors.js';
import type { ScriptOptions } from '../../../slurm/script.js';
import { headroomVersion } from '../../../version.js';
import type { SlurmInputs } from './checks.js';
import type { Candidate, SlurmPreparation } from './prepare.js';

/** The chosen candidate, or an error (exit 1) that lists why each node type does not fit. */
export function requireFit(prepared: SlurmPreparation): Candidate {
  if (prepared.chosen) return prepared.chosen;
  const why = prepared.candidates.flatMap((c) =>
    c.job.findings.filter((f) => f.severity === 'error').map((f) => `${c.nodeType.label}: ${f.message}`),
  );
  throw new HeadroomError({
    code: 'infeasible',
    message: `the plan fits no node type of partition ${prepared.partition ?? '(declared)'}:\n${why.join('\n')}`,
    exitCode: ExitCode.problems,
    hint: 'run `headroom plan --on slurm` for details, or pass --force to go on anyway',
  });
}

/** The script options every Slurm command shares; paths are shown relative to `cwd`. */
export function scriptOptions(
  inputs: SlurmInputs,
  prepared: SlurmPreparation,
  cwd: string,
): Omit<ScriptOptions, 'logDir' | 'batchOutput'> {
  const file = prepared.spec.file ?? 'headroom.yaml';
  const folder = basename(dirname(resolve(cwd, file)));
  return {
    jobName: `headroom-${folder}`.replace(/[^\w.-]/g, '_'),
    source: relative(cwd, resolve(cwd, file)) || file,
    headroomVersion,
    partition: inputs.partition ?? prepared.partition ?? undefined,
    account: inputs.account,
    time: inputs.time,
  };
}
