// `headroom env NAME`: one process's variables for a shell, a .env file or JSON; or run a command with them.
import { suggestNearest } from '../../../config/suggest.js';
import { ExitCode, UsageError } from '../../../errors.js';
import { isInfeasible } from '../../../plan/plan.js';
import type { Plan, PlannedProcess } from '../../../plan/types.js';
import { defineCommand } from '../../command.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { EnvOutput } from '../../schemas/env.js';
import { loadPlan } from '../../shared/load-plan.js';
import { bootstrapNotes, formatDotenv, formatSh } from './format.js';
import { runWith } from './run-with.js';

const { config, gpu, force } = sharedOptions;

const envOptions = defineOptions({
  format: {
    flag: '--format',
    valueName: 'format',
    kind: 'choice',
    choices: ['sh', 'dotenv', 'json'],
    default: 'sh',
    description: 'sh | dotenv | json',
  },
  json: { flag: '--json', kind: 'switch', description: 'the same as --format json' },
  force: { ...force, description: 'run the command even when the plan has errors' },
});

/** The process's variables and how to print them, or the exit code of the command run with them. */
export type EnvData =
  | { kind: 'print'; format: 'sh' | 'dotenv' | 'json'; process: PlannedProcess }
  | { kind: 'ran'; exitCode: number };

function findProcess(plan: Plan, name: string): PlannedProcess {
  const found = plan.processes.find((p) => p.name === name);
  if (found) return found;
  const replicas = plan.processes.filter((p) => p.process === name);
  if (replicas.length > 0) {
    throw new UsageError(
      `${name} has ${replicas.length} replicas; name one: ${replicas.map((p) => p.name).join(', ')}`,
    );
  }
  const names = plan.processes.map((p) => p.name);
  const suggestion = suggestNearest(name, names);
  throw new UsageError(
    `no process named "${name}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
    `processes: ${names.join(', ')}`,
  );
}

export const command = defineCommand({
  name: 'env',
  description: "print one process's environment (replica k of actor is actor.k), or run CMD with it",
  arguments: [
    {
      name: 'name',
      description: 'process name from the config, e.g. learner or actor.0',
      isRequired: true,
      completes: 'processes',
    },
    { name: 'command', description: 'after --: a command to run with that environment', isVariadic: true },
  ],
  options: { config, gpu, ...envOptions },
  isJson: (options) => options.json || options.format === 'json',
  async run({ options, args, rest }, io) {
    const { plan } = await loadPlan(options, { env: io.env, cwd: io.cwd });
    const target = findProcess(plan, args.name ?? '');
    const infeasible = isInfeasible(plan);
    if (infeasible)
      io.stderr.write('headroom: warning: the plan has errors; run `headroom plan` to see them\n');
    if (rest.length > 0) {
      if (infeasible && !options.force)
        throw new UsageError('refusing to run with an infeasible plan', 'fix the plan, or pass --force');
      const exitCode = await runWith(plan, target, rest, io);
      return { data: { kind: 'ran' as const, exitCode }, exitCode };
    }
    const format = options.json ? 'json' : options.format;
    return {
      data: { kind: 'print' as const, format, process: target },
      exitCode: infeasible ? ExitCode.problems : ExitCode.ok,
    };
  },
  reporters: {
    text: (data: EnvData) => {
      if (data.kind === 'ran') return '';
      const { process: target } = data;
      const notes = bootstrapNotes(target);
      return data.format === 'dotenv'
        ? formatDotenv(target.env, target.unsetEnv, notes)
        : formatSh(target.env, target.unsetEnv, notes);
    },
    json: (data: EnvData): EnvOutput | undefined => (data.kind === 'print' ? data.process.env : undefined),
  },
});
