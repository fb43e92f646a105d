// Environment variables a script sets too late to matter, and values frameworks misread.
// XLA_PYTHON_CLIENT_* are read when JAX's backend starts (not at import: setting them after
// `import jax` but before the first JAX call works), JAX_* at `import jax` (FACTS Q6).
import { checkEnvironment, type Env } from '../env/env-rules.js';
import type { DoctorFinding } from '../types.js';
import { type EnvAssignment, envAssignmentsOf, momentsOf, type ReadMoment, readMomentOf } from './facts.js';
import type { Statement } from './python-source.js';

const momentWords: Record<ReadMoment, string> = {
  'jax-import': 'JAX reads JAX_* variables when jax is imported',
  'jax-backend': 'XLA reads it once, when the JAX GPU backend starts',
  'torch-cuda': 'PyTorch reads it once, when CUDA is first initialised',
  'cuda-init': 'the CUDA driver reads it once, when it is initialised',
  'tf-gpu': 'TensorFlow reads it when it creates its GPU devices',
};

function tooLate(
  assignment: EnvAssignment,
  moment: ReadMoment,
  earlier: Statement,
  file: string,
): DoctorFinding {
  const { variable, statement } = assignment;
  const fixes = [
    `set ${variable} above line ${earlier.line}${moment === 'jax-backend' ? ' (after "import jax" is fine, as long as it is before the first JAX call)' : ''}, or export it in the shell before starting Python`,
  ];
  if (moment === 'jax-import') {
    const value = assignment.value;
    const literal =
      value === undefined
        ? '<value>'
        : /^(1|true|True)$/.test(value)
          ? 'True'
          : /^(0|false|False)$/.test(value)
            ? 'False'
            : JSON.stringify(value);
    fixes.push(`or use jax.config.update("${variable.toLowerCase()}", ${literal}) after the import`);
  }
  return {
    code: 'script-env-too-late',
    severity: 'error',
    file,
    line: statement.line,
    message: `line ${statement.line}: ${variable} is set after line ${earlier.line} (${earlier.text.slice(0, 60)}); ${momentWords[moment]}, so this has no effect`,
    facts: { variable, setLine: statement.line, readLine: earlier.line },
    fixes,
  };
}

/** Every environment assignment in file order, and the too-late ones as findings. */
export function checkEnvTiming(
  statements: readonly Statement[],
  file: string,
): { assignments: EnvAssignment[]; findings: DoctorFinding[] } {
  const findings: DoctorFinding[] = [];
  const assignments: EnvAssignment[] = [];
  const moduleReached = new Map<ReadMoment, Statement>();
  const functionReached = new Map<number, Map<ReadMoment, Statement>>();
  for (const statement of statements) {
    let reached = moduleReached;
    if (statement.functionLine !== undefined) {
      // A function body runs when called; start it from what the module had reached at its def.
      reached = functionReached.get(statement.functionLine) ?? new Map(moduleReached);
      functionReached.set(statement.functionLine, reached);
    }
    for (const assignment of envAssignmentsOf(statement)) {
      assignments.push(assignment);
      const moment = readMomentOf(assignment.variable);
      const earlier = moment === undefined ? undefined : reached.get(moment);
      if (moment !== undefined && earlier !== undefined)
        findings.push(tooLate(assignment, moment, earlier, file));
    }
    for (const moment of momentsOf(statement.code)) if (!reached.has(moment)) reached.set(moment, statement);
  }
  return { assignments, findings };
}

/** The literal values the script sets, checked like `doctor --env` and located to their lines. */
export function checkScriptValues(assignments: readonly EnvAssignment[], file: string): DoctorFinding[] {
  const env: Record<string, string> = {};
  const lineOf = new Map<string, number>();
  for (const { variable, value, statement } of assignments) {
    if (value === undefined) continue;
    env[variable] = value;
    lineOf.set(variable, statement.line);
  }
  return checkEnvironment(env as Env).map((finding) => {
    const line = lineOf.get(String(finding.facts?.variable)) ?? 0;
    return { ...finding, file, line, message: `line ${line}: ${finding.message}` };
  });
}
