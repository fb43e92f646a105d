// What a command is: its arguments and options (from the one option table), a run() that returns
// data and an exit code without printing its result, and reporters that turn the data into text or
// the --json contract. cli.ts alone prints the result and sets the exit code (knip's main() returning
// data to its reporters; changesets' folder per command).
import { describeError, isJsonRequested } from './error-output.js';
import { renderCommandHelp } from './help.js';
import type { CommandIo } from './io.js';
import type { ArgumentSpec, OptionTable, OptionValues } from './option-types.js';
import { type Colors, colorsFor, toJson } from './output.js';
import { parseArgv } from './parse-argv.js';

/** What run() receives: the options, typed from the table, and the positional arguments. */
export interface CommandInput<O extends OptionTable> {
  options: OptionValues<O>;
  /** Single arguments by name (`<name>`, `[target]`). */
  args: Record<string, string | undefined>;
  /** The variadic argument (`[command...]`): everything left, including what follows `--`. */
  rest: string[];
}

/** A command's answer: its data (printed by a reporter) and the exit code (DESIGN.md "Commands"). */
export interface CommandResult<D> {
  data: D;
  exitCode: number;
}

/** How the text reporter may dress its output. */
export interface TextContext {
  colors: Colors;
}

/**
 * Data to output: `text` (nothing more to say: '') and `json`, the --json contract, typed by the
 * command's output type (its zod schema in src/cli/schemas/<name>.ts is what `headroom schema
 * --json-output` prints); undefined prints nothing.
 */
export interface Reporters<D, J = unknown> {
  /** May load its renderer lazily (a Slurm plan's tables are not loaded for a local plan). */
  text(data: D, context: TextContext): string | Promise<string>;
  json(data: D): J | undefined;
}

/** One subcommand. */
export interface CommandDefinition<O extends OptionTable = OptionTable, D = unknown, J = unknown> {
  /** `plan`, or `slurm script` for a subcommand. */
  name: string;
  description: string;
  arguments?: readonly ArgumentSpec[];
  options: O;
  /** Whether `--json` was asked for (the error format follows it); default: the `json` switch. */
  isJson?: (options: OptionValues<O>) => boolean;
  run(input: CommandInput<O>, io: CommandIo): Promise<CommandResult<D>>;
  reporters: Reporters<D, J>;
}

/** What one invocation produced: the text for stdout and stderr (nothing when undefined), and the exit code. */
export interface Invocation {
  output?: string;
  errorOutput?: string;
  exitCode: number;
}

/** A command as the dispatcher holds it: its help, and an invoke() that keeps its own types inside. */
export interface RunnableCommand {
  name: string;
  description: string;
  arguments?: readonly ArgumentSpec[];
  options: OptionTable;
  invoke(argv: readonly string[], io: CommandIo): Promise<Invocation>;
}

const isJsonMode = (options: object): boolean => Reflect.get(options, 'json') === true;

/**
 * Declares a command; invoke() parses argv with its table, runs it, and renders its data, or the
 * error it threw (text, or JSON under --json). Errors are told here, in the command's own module
 * graph: the CLI's bundles give each command its own copy of errors.ts (scripts/bundle-cli.mjs).
 */
export function defineCommand<const O extends OptionTable, D, J>(
  definition: CommandDefinition<O, D, J>,
): CommandDefinition<O, D, J> & RunnableCommand {
  const invoke = async (argv: readonly string[], io: CommandIo): Promise<Invocation> => {
    const parsed = parseArgv(argv, definition);
    if (parsed.isHelp) return { output: renderCommandHelp(definition), exitCode: 0 };
    const isJson = definition.isJson ? definition.isJson(parsed.options) : isJsonMode(parsed.options);
    // Said before the command runs (a run may last hours), and never under --json (stderr stays clean).
    if (!isJson) for (const note of parsed.sizeNotes) io.stderr.write(`headroom: warning: ${note}\n`);
    const { data, exitCode } = await definition.run(
      { options: parsed.options, args: parsed.args, rest: parsed.rest },
      io,
    );
    if (isJson) {
      const json = definition.reporters.json(data);
      return { ...(json === undefined ? {} : { output: toJson(json) }), exitCode };
    }
    const context = { colors: colorsFor(io.stdout, io.env) };
    return { output: await definition.reporters.text(data, context), exitCode };
  };
  return {
    ...definition,
    async invoke(argv, io) {
      try {
        return await invoke(argv, io);
      } catch (error) {
        const { stdout, stderr, exitCode } = describeError(error, isJsonRequested(argv));
        return { output: stdout, errorOutput: stderr, exitCode };
      }
    },
  };
}
