// `headroom slurm script`: the sbatch script for the plan, for people who submit jobs themselves.
import { basename, dirname, relative, resolve } from 'node:path';
import { ExitCode, HeadroomError } from '../../../errors.js';
import type { Finding } from '../../../plan/types.js';
import { buildScript, type ScriptOptions } from '../../../slurm/script.js';
import type { SlurmCommands } from '../../../supervise/backends/slurm/commands.js';
import { headroomVersion } from '../../../version.js';
import { toJson } from '../../output.js';
import type { SlurmFlags } from './options.js';
import { type Candidate, prepareSlurmJob, type SlurmPreparation } from './prepare.js';

export interface ScriptData {
  partition: string | null;
  nodeType: string;
  findings: Finding[];
  script: string;
}

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

/** The script options every Slurm command shares. */
export function scriptOptions(
  flags: SlurmFlags,
  prepared: SlurmPreparation,
): Omit<ScriptOptions, 'logDir' | 'batchOutput'> {
  const file = prepared.spec.file ?? 'headroom.yaml';
  const folder = basename(dirname(resolve(file)));
  return {
    jobName: `headroom-${folder}`.replace(/[^\w.-]/g, '_'),
    source: relative(process.cwd(), resolve(file)) || file,
    headroomVersion,
    partition: flags.partition ?? prepared.partition ?? undefined,
    account: flags.account,
    time: flags.time,
  };
}

/** Builds the script for the config's plan on the partition's best-fitting node type. */
export async function run(
  flags: SlurmFlags,
  commands: SlurmCommands,
): Promise<{ data: ScriptData; exitCode: number }> {
  const prepared = await prepareSlurmJob(flags, commands);
  const chosen = requireFit(prepared);
  const script = buildScript({
    job: chosen.job,
    launches: prepared.launches,
    script: scriptOptions(flags, prepared),
  });
  const data = {
    partition: prepared.partition,
    nodeType: chosen.nodeType.label,
    findings: chosen.job.findings,
    script,
  };
  return { data, exitCode: ExitCode.ok };
}

export const reporters = {
  text: (data: ScriptData): string => data.script,
  json: (data: ScriptData): string => toJson(data),
};
