// `headroom env NAME`: one process's variables for a shell, a .env file or JSON; or run a command with them.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import type { Command } from 'commander';
import { suggestNearest } from '../config/suggest.js';
import { ExitCode, UsageError } from '../errors.js';
import { isInfeasible } from '../plan/plan.js';
import type { Plan, PlannedProcess } from '../plan/types.js';
import { collect, loadPlan } from './common.js';
import { bootstrapNotes, formatDotenv, formatSh } from './env-format.js';
import { toJson } from './output.js';

interface EnvFlags {
  config?: string;
  gpu?: string[];
  format: string;
  force?: boolean;
}

const formats = ['sh', 'dotenv', 'json'];

export function define(program: Command): void {
  program
    .command('env')
    .description("print one process's environment (replica k of actor is actor.k), or run CMD with it")
    .argument('<name>', 'process name from the config, e.g. learner or actor.0')
    .argument('[command...]', 'after --: a command to run with that environment')
    .option('-c, --config <file>', 'config file (default: ./headroom.yaml)')
    .option('--gpu <spec>', 'declare a GPU: 24GiB, 2x80GiB, sim:24GiB (repeatable)', collect)
    .option('--format <format>', 'sh | dotenv | json', 'sh')
    .option('--force', 'run the command even when the plan has errors')
    .action(async (name: string, command: string[], flags: EnvFlags) => {
      if (!formats.includes(flags.format)) {
        throw new UsageError(`--format ${flags.format}: expected one of ${formats.join(', ')}`);
      }
      const { plan } = await loadPlan({ config: flags.config, gpu: flags.gpu });
      const target = findProcess(plan, name);
      const infeasible = isInfeasible(plan);
      if (infeasible) {
        process.stderr.write('headroom: warning: the plan has errors; run `headroom plan` to see them\n');
      }
      if (command.length > 0) {
        if (infeasible && !flags.force) {
          throw new UsageError('refusing to run with an infeasible plan', 'fix the plan, or pass --force');
        }
        process.exitCode = await runWith(target, command);
        return;
      }
      const output =
        flags.format === 'json'
          ? toJson(target.env)
          : flags.format === 'dotenv'
            ? formatDotenv(target.env, target.unsetEnv, bootstrapNotes(target))
            : formatSh(target.env, target.unsetEnv, bootstrapNotes(target));
      process.stdout.write(output);
      process.exitCode = infeasible ? ExitCode.problems : ExitCode.ok;
    });
}

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

// Runs CMD with the process's variables set at spawn; passes its exit code (128 + signal) through.
function runWith(target: PlannedProcess, command: string[]): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...target.env };
  for (const key of target.unsetEnv) delete env[key];
  const [file, ...args] = command as [string, ...string[]];
  // headroom stays in front of the child (as a container's PID 1, say), so signals sent to headroom
  // alone must reach it: `docker stop` sends SIGTERM to PID 1 only. A terminal sends Ctrl-C, Ctrl-\
  // and a hangup to the whole foreground group, child included, so at a terminal only SIGTERM is
  // passed on (forwarding the rest would deliver them twice).
  const forwarded: NodeJS.Signals[] = process.stdin.isTTY
    ? ['SIGTERM']
    : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
  const handlers = new Map<NodeJS.Signals, () => void>();
  const ignore = (): void => {};
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: 'inherit' });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as NodeJS.Signals[]) {
      const handler = forwarded.includes(signal) ? () => child.kill(signal) : ignore;
      handlers.set(signal, handler);
      process.on(signal, handler);
    }
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new UsageError(
          `cannot run ${file}: ${error.code === 'ENOENT' ? 'command not found' : error.message}`,
        ),
      );
    });
    child.on('exit', (code, signal) => {
      for (const [name, handler] of handlers) process.off(name, handler);
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}
