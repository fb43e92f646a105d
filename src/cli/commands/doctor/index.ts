// `headroom doctor [FILE|-|RUN_DIR|SCRIPT.py] [--env] [--json]`: what went wrong, with the
// numbers and the fix. Exit 1 when a memory failure or an error finding is reported.
import { checkEnvironment } from '../../../doctor/env/env-rules.js';
import { jaxFractionGrammar } from '../../../doctor/env/jax-rules.js';
import type { DoctorFinding } from '../../../doctor/types.js';
import { ExitCode } from '../../../errors.js';
import { examineTarget, type TargetReport } from '../../../examine/examine.js';
import { jaxFractionNames } from '../../../frameworks/jax-fraction.js';
import { readInstalledVersion } from '../../../probe/python/installed-version.js';
import { defineCommand } from '../../command.js';
import { pathIn } from '../../io.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { DoctorOutput } from '../../schemas/doctor.js';
import { renderDoctor } from './text.js';

/** The result `doctor` prints: one report per target, plus the environment's findings. */
export interface DoctorResult {
  reports: TargetReport[];
  envFindings: DoctorFinding[] | null;
}

/** The result and how much of it to say. */
export interface DoctorData {
  result: DoctorResult;
  isVerbose: boolean;
}

/** 1 when anything reported is a memory failure or an error-level finding. */
export function exitCodeOf(result: DoctorResult): number {
  const findings = [...result.reports.flatMap((r) => r.findings), ...(result.envFindings ?? [])];
  const hasFailure = result.reports.some((r) =>
    r.diagnoses.some((d) => d.kind !== 'none' || d.severity === 'error'),
  );
  return hasFailure || findings.some((f) => f.severity === 'error') ? ExitCode.problems : ExitCode.ok;
}

// The JSON contract (issue 6): `diagnoses` (primary first) and `findings`; per-target detail added.
function toContract(result: DoctorResult): DoctorOutput {
  return {
    diagnoses: result.reports.flatMap((r) => r.diagnoses),
    findings: [...result.reports.flatMap((r) => r.findings), ...(result.envFindings ?? [])],
    targets: result.reports.map(({ target, targetKind, lineCount }) => ({
      target,
      kind: targetKind,
      lineCount,
    })),
  };
}

// What host_memory becomes for the user running this (a cgroup, or headroom's watchdog): read here, judged in doctor/env.
// JAX's fraction as this machine's jaxlib reads it; Python runs only when a fraction is set.
function jaxFractionHere(env: Record<string, string | undefined>): DoctorFinding[] {
  const isSet = jaxFractionNames.some((name) => env[name] !== undefined);
  return isSet ? jaxFractionGrammar(env, readInstalledVersion('jaxlib', { env })) : [];
}

async function hostLimitFindingsHere(env: Record<string, string | undefined>): Promise<DoctorFinding[]> {
  const { readHostLimitAccess } = await import('../../../probe/host/host-limit-access.js');
  const { hostLimitFindings } = await import('../../../doctor/env/host-limit-rule.js');
  return hostLimitFindings(readHostLimitAccess({ uid: process.getuid?.() ?? -1, env }));
}

const doctorOptions = defineOptions({
  env: {
    flag: '--env',
    kind: 'switch',
    description: 'check the environment variables of this shell (also the default without a target)',
  },
  verbose: { flag: '--verbose', kind: 'switch', description: 'under each fix, print the fact it rests on' },
});

export const command = defineCommand({
  name: 'doctor',
  description:
    'diagnose a log (file, gzip or - for stdin), a run directory, a Python script, or the environment',
  arguments: [
    {
      name: 'target',
      description: 'a log file, - for stdin, a run directory (.headroom/runs/ID) or a .py script',
    },
  ],
  options: { ...doctorOptions, json: sharedOptions.json },
  async run({ options, args }, io) {
    const { target } = args;
    const reports =
      target === undefined
        ? []
        : [
            await examineTarget(target === '-' ? target : pathIn(io.cwd, target), {
              stdin: io.stdin,
              env: io.env,
            }),
          ];
    const envFindings =
      options.env || target === undefined
        ? [...checkEnvironment(io.env), ...jaxFractionHere(io.env), ...(await hostLimitFindingsHere(io.env))]
        : null;
    const result: DoctorResult = { reports, envFindings };
    return { data: { result, isVerbose: options.verbose }, exitCode: exitCodeOf(result) };
  },
  reporters: {
    text: ({ result, isVerbose }: DoctorData, { colors }) =>
      renderDoctor(result, colors, { verbose: isVerbose }),
    json: ({ result }: DoctorData) => toContract(result),
  },
});
