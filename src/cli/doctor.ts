// `headroom doctor [FILE|-|RUN_DIR|SCRIPT.py] [--env] [--json]`: what went wrong, with the
// numbers and the fix. Exit 1 when a memory failure or an error finding is reported.
import type { Command } from 'commander';
import { checkEnvironment } from '../doctor/env/env-rules.js';
import { examineTarget, type TargetReport } from '../doctor/examine.js';
import type { DoctorFinding } from '../doctor/types.js';
import { ExitCode } from '../errors.js';
import { colorsFor, toJson } from './output.js';
import { renderDoctor } from './render-doctor.js';

interface DoctorFlags {
  env?: boolean;
  json?: boolean;
  verbose?: boolean;
}

/** The result `doctor` prints: one report per target, plus the environment's findings. */
export interface DoctorResult {
  reports: TargetReport[];
  envFindings: DoctorFinding[] | null;
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
function toContract(result: DoctorResult) {
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

/** Registers `headroom doctor` on the program. */
export function define(program: Command): void {
  program
    .command('doctor')
    .description(
      'diagnose a log (file, gzip or - for stdin), a run directory, a Python script, or the environment',
    )
    .argument('[target]', 'a log file, - for stdin, a run directory (.headroom/runs/ID) or a .py script')
    .option('--env', 'check the environment variables of this shell (also the default without a target)')
    .option('--json', 'print diagnoses and findings as JSON')
    .option('--verbose', 'under each fix, print the fact it rests on')
    .action(async (target: string | undefined, flags: DoctorFlags) => {
      const reports = target === undefined ? [] : [await examineTarget(target)];
      const envFindings = flags.env || target === undefined ? checkEnvironment(process.env) : null;
      const result: DoctorResult = { reports, envFindings };
      process.stdout.write(
        flags.json
          ? toJson(toContract(result))
          : renderDoctor(result, colorsFor(), { verbose: flags.verbose }),
      );
      process.exitCode = exitCodeOf(result);
    });
}
