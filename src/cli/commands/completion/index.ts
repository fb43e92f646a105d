// `headroom completion bash|zsh|fish`: a shell completion script generated from the commands' option
// tables. `--processes` prints the process names of the config in the current directory (or -c FILE),
// one a line: what the scripts ask for when Tab completes `env NAME` or `run --only`.
import { UsageError } from '../../../errors.js';
import { defineCommand } from '../../command.js';
import { allCommands } from '../../completion-source.js';
import { defineOptions } from '../../option-types.js';
import { sharedOptions } from '../../options.js';
import type { CompletionOutput } from '../../schemas/completion.js';
import { describeChoices } from '../../values.js';
import { completionScript, type Shell, shells } from './scripts.js';

const completionOptions = defineOptions({
  config: { ...sharedOptions.config, description: 'with --processes: the config (default: ./headroom.yaml)' },
  processes: {
    flag: '--processes',
    kind: 'switch',
    description: 'print the process names of the config, one a line (what the scripts complete with)',
  },
  json: sharedOptions.json,
});

const isShell = (text: string): text is Shell => (shells as readonly string[]).includes(text);

async function processNames(config: string | undefined, cwd: string): Promise<string[]> {
  const { loadConfigSpec } = await import('../../shared/load-plan.js');
  const spec = await loadConfigSpec(config, cwd);
  return spec.processes.flatMap((p) => [
    p.name,
    ...Array.from({ length: (p.replicas ?? 1) > 1 ? p.replicas! : 0 }, (_, k) => `${p.name}.${k}`),
  ]);
}

export const command = defineCommand({
  name: 'completion',
  description:
    "print a shell completion script (bash, zsh or fish) for commands, flags, their values and the config's process names",
  arguments: [{ name: 'shell', description: `the shell: ${describeChoices(shells)}` }],
  options: completionOptions,
  async run({ options, args }, io): Promise<{ data: CompletionOutput; exitCode: number }> {
    if (options.processes) {
      return { data: { processes: await processNames(options.config, io.cwd) }, exitCode: 0 };
    }
    const shell = args.shell;
    if (shell === undefined || !isShell(shell))
      throw new UsageError(
        `${shell === undefined ? 'which shell?' : `unknown shell ${JSON.stringify(shell)}`}: expected ${describeChoices(shells)}`,
        'source <(headroom completion bash) in ~/.bashrc',
      );
    const commands = await allCommands();
    return {
      data: {
        shell,
        script: completionScript(shell, commands),
        commands: commands.map((c) => ({ name: c.name, flags: Object.values(c.options).map((o) => o.flag) })),
      },
      exitCode: 0,
    };
  },
  reporters: {
    text: (data) =>
      data.processes ? data.processes.map((name) => `${name}\n`).join('') : (data.script ?? ''),
    json: (data) => data,
  },
});
