// Every command as shell completion and the conventions tests see it: its full name (`slurm script`),
// options and arguments, read from the same tables that parse and document them (options.ts and each
// command's own), by loading every command module of the registry.
import type { ArgumentSpec, OptionTable } from './option-types.js';
import { commandEntries } from './registry.js';

/** One command as completion sees it. */
export interface CompletableCommand {
  /** `plan`, or `slurm script`. */
  name: string;
  description: string;
  options: OptionTable;
  arguments: readonly ArgumentSpec[];
}

/** Every command and subcommand, in the registry's order. */
export async function allCommands(): Promise<CompletableCommand[]> {
  const modules = await Promise.all(
    commandEntries.map(async (entry) => ({ entry, module: await entry.load() })),
  );
  return modules.flatMap(({ entry, module }) => {
    const runnables = module.command ? [module.command] : Object.values(module.subcommands ?? {});
    return runnables.map((c) => ({
      name: module.command ? entry.name : `${entry.name} ${c.name.replace(/^.* /, '')}`,
      description: c.description,
      options: c.options,
      arguments: c.arguments ?? [],
    }));
  });
}
