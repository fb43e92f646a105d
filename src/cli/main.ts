// The dispatcher: finds the command in the registry, loads it, invokes it, and writes what it returns
// (its reporter's output, or the error) to the io's streams. Returns the exit code; src/cli.ts sets it.
import { suggestNearest } from '../config/suggest.js';
import { UsageError } from '../errors.js';
import { headroomVersion } from '../version.js';
import type { Invocation, RunnableCommand } from './command.js';
import { describeError, isJsonRequested } from './error-output.js';
import { renderProgramHelp } from './help.js';
import type { CommandIo } from './io.js';
import { helpFlags } from './parse-argv.js';
import { type CommandModule, commandEntries } from './registry.js';

const programDescription = 'Plan, launch, watch and fix memory for ML training on shared GPUs';

function unknownCommand(name: string, known: readonly string[], where: string): UsageError {
  const nearest = suggestNearest(name, known);
  return new UsageError(
    `unknown command '${name}'${nearest ? ` (Did you mean ${nearest}?)` : ''}`,
    `${where} --help lists the commands`,
  );
}

function pickSubcommand(
  group: string,
  module: CommandModule,
  argv: readonly string[],
): { command: RunnableCommand; argv: readonly string[] } | { help: string } {
  const subcommands = module.subcommands ?? {};
  const [name, ...rest] = argv;
  const entries = Object.values(subcommands).map((c) => ({ name: c.name, summary: c.description }));
  if (name === undefined || helpFlags.includes(name))
    return { help: renderProgramHelp(entries, `headroom ${group}: ${Object.keys(subcommands).join(', ')}`) };
  const command = subcommands[name];
  if (!command) throw unknownCommand(name, Object.keys(subcommands), `headroom ${group}`);
  return { command, argv: rest };
}

async function dispatch(argv: readonly string[], io: CommandIo): Promise<Invocation> {
  const [name, ...rest] = argv;
  if (name === '-V' || name === '--version') return { output: `${headroomVersion}\n`, exitCode: 0 };
  const listed = commandEntries.map((c) => ({ name: c.name, summary: c.summary }));
  if (name === undefined || helpFlags.includes(name))
    return { output: renderProgramHelp(listed, programDescription), exitCode: 0 };
  const entry = commandEntries.find((c) => c.name === name);
  if (!entry)
    throw unknownCommand(
      name,
      commandEntries.map((c) => c.name),
      'headroom',
    );
  const module = await entry.load();
  const picked = module.command
    ? { command: module.command, argv: rest }
    : pickSubcommand(name, module, rest);
  if ('help' in picked) return { output: picked.help, exitCode: 0 };
  return picked.command.invoke(picked.argv, io);
}

/** Runs one command line (argv without `node headroom`); writes its output and returns the exit code. */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  try {
    const { output, errorOutput, exitCode } = await dispatch(argv, io);
    if (output) io.stdout.write(output);
    if (errorOutput) io.stderr.write(errorOutput);
    return exitCode;
  } catch (error) {
    const { stdout, stderr, exitCode } = describeError(error, isJsonRequested(argv));
    if (stdout) io.stdout.write(stdout);
    if (stderr) io.stderr.write(stderr);
    return exitCode;
  }
}
