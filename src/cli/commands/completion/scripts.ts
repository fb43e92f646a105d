// Completion scripts for bash, zsh and fish, generated from the commands' own option tables: command
// names, flags, the values of `choice` options, files and directories, and the process names of the
// config in the current directory (asked of `headroom completion --processes` when Tab is pressed, so
// they follow the directory the user is in).
import type { CompletableCommand } from '../../completion-source.js';
import type { Completes, OptionSpec } from '../../option-types.js';

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** What a value of this option completes to: its choices, files, dirs, processes, or nothing. */
function valueCompletion(spec: OptionSpec): { words: readonly string[] } | { kind: Completes } | undefined {
  if (spec.kind === 'switch') return undefined;
  if (spec.choices) return { words: spec.choices };
  if (spec.completes) return { kind: spec.completes };
  if (spec.valueName === 'file') return { kind: 'files' };
  if (spec.valueName === 'dir') return { kind: 'dirs' };
  return undefined;
}

const flagsOf = (c: CompletableCommand): string[] =>
  Object.values(c.options).flatMap((o) => (o.short ? [o.flag, o.short] : [o.flag]));

const quoteWords = (words: readonly string[]): string => words.join(' ');

const processesCommand = 'headroom completion --processes 2>/dev/null';

function bashValueAction(completion: NonNullable<ReturnType<typeof valueCompletion>>): string {
  if ('words' in completion) return `COMPREPLY=($(compgen -W "${quoteWords(completion.words)}" -- "$cur"))`;
  if (completion.kind === 'dirs') return 'COMPREPLY=($(compgen -d -- "$cur"))';
  if (completion.kind === 'processes') return `COMPREPLY=($(compgen -W "$(${processesCommand})" -- "$cur"))`;
  return 'COMPREPLY=($(compgen -f -- "$cur"))';
}

/** bash: `source <(headroom completion bash)`. */
export function bashScript(commands: readonly CompletableCommand[]): string {
  const top = [...new Set(commands.map((c) => c.name.split(' ')[0]!))];
  const groups = [...new Set(commands.filter((c) => c.name.includes(' ')).map((c) => c.name.split(' ')[0]!))];
  const lines = [
    '# headroom completion for bash: source <(headroom completion bash), or save it to',
    '# ~/.local/share/bash-completion/completions/headroom',
    '_headroom() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd="${COMP_WORDS[1]}" first=2',
    `  if [[ $COMP_CWORD -eq 1 ]]; then COMPREPLY=($(compgen -W "${quoteWords(top)} --help --version" -- "$cur")); return; fi`,
    '  case "$cmd" in',
    ...groups.map((g) => {
      const subs = commands.filter((c) => c.name.startsWith(`${g} `)).map((c) => c.name.split(' ')[1]!);
      return `    ${g}) if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "${quoteWords(subs)}" -- "$cur")); return; fi; cmd="$cmd ${'${COMP_WORDS[2]}'}"; first=3 ;;`;
    }),
    '  esac',
    '  case "$cmd" in',
  ];
  for (const c of commands) {
    lines.push(`    "${c.name}")`);
    lines.push('      case "$prev" in');
    for (const spec of Object.values(c.options)) {
      const completion = valueCompletion(spec);
      if (completion === undefined) continue;
      const names = spec.short ? `${spec.flag}|${spec.short}` : spec.flag;
      lines.push(`        ${names}) ${bashValueAction(completion)}; return ;;`);
    }
    lines.push('      esac');
    lines.push(
      `      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "${quoteWords([...flagsOf(c), '--help'])}" -- "$cur")); return; fi`,
    );
    const positional = c.arguments.find((a) => !a.isVariadic);
    if (positional?.completes === 'processes')
      lines.push(
        `      if [[ $COMP_CWORD -eq $first ]]; then ${bashValueAction({ kind: 'processes' })}; return; fi`,
      );
    lines.push('      ;;');
  }
  lines.push(
    '  esac',
    '  COMPREPLY=($(compgen -f -- "$cur"))',
    '}',
    'complete -o default -F _headroom headroom',
    '',
  );
  return lines.join('\n');
}

const zshEscape = (text: string): string =>
  text.replace(/[[\]:'\\]/g, (ch) => (ch === "'" ? "'\\''" : `\\${ch}`));

function zshAction(completion: ReturnType<typeof valueCompletion>): string {
  if (completion === undefined) return '';
  if ('words' in completion) return `:value:(${completion.words.join(' ')})`;
  if (completion.kind === 'dirs') return ':dir:_files -/';
  if (completion.kind === 'processes') return `:process:(\${(f)"$(${processesCommand})"})`;
  return ':file:_files';
}

/** zsh: `source <(headroom completion zsh)` (after compinit), or save it as `_headroom` on $fpath. */
export function zshScript(commands: readonly CompletableCommand[]): string {
  const lines = [
    '#compdef headroom',
    '# headroom completion for zsh: source <(headroom completion zsh) after compinit',
    '_headroom() {',
    '  local -a commands',
    '  commands=(',
    ...commands.map((c) => `    '${zshEscape(c.name.replace(' ', '\\:'))}:${zshEscape(c.description)}'`),
    '  )',
    '  local cmd="${words[2]}"',
    '  if (( CURRENT == 2 )); then _describe command commands; return; fi',
    '  [[ $cmd == slurm ]] && cmd="slurm ${words[3]}"',
    '  case "$cmd" in',
  ];
  for (const c of commands) {
    lines.push(`    '${c.name}')`);
    const specs = Object.values(c.options).map((spec) => {
      const action = zshAction(valueCompletion(spec));
      const help = `[${zshEscape(spec.description)}]`;
      return spec.short
        ? `'(${spec.flag} ${spec.short})'{${spec.flag},${spec.short}}'${help}${action}'`
        : `'${spec.flag}${help}${action}'`;
    });
    const positional = c.arguments.find((a) => !a.isVariadic);
    if (positional?.completes === 'processes') specs.push(`'1${zshAction({ kind: 'processes' })}'`);
    lines.push(`      _arguments -s ${specs.join(' ')} '*:file:_files' ;;`);
  }
  lines.push('  esac', '}', 'compdef _headroom headroom', '');
  return lines.join('\n');
}

const fishEscape = (text: string): string => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

/** fish: `headroom completion fish > ~/.config/fish/completions/headroom.fish`. */
export function fishScript(commands: readonly CompletableCommand[]): string {
  const top = [...new Set(commands.map((c) => c.name.split(' ')[0]!))];
  const lines = [
    '# headroom completion for fish: headroom completion fish > ~/.config/fish/completions/headroom.fish',
    'complete -c headroom -f',
    `complete -c headroom -n '__fish_use_subcommand' -a '${top.join(' ')}'`,
  ];
  for (const c of commands) {
    const [first, second] = c.name.split(' ');
    const condition = second
      ? `__fish_seen_subcommand_from ${first}; and __fish_seen_subcommand_from ${second}`
      : `__fish_seen_subcommand_from ${first}`;
    if (second) lines.push(`complete -c headroom -n '__fish_seen_subcommand_from ${first}' -a '${second}'`);
    else
      lines.push(
        `complete -c headroom -n '__fish_use_subcommand' -a '${first}' -d '${fishEscape(c.description)}'`,
      );
    for (const spec of Object.values(c.options)) {
      const completion = valueCompletion(spec);
      const parts = [`complete -c headroom -n '${condition}' -l ${spec.flag.slice(2)}`];
      if (spec.short) parts.push(`-s ${spec.short.slice(1)}`);
      if (completion !== undefined) {
        if ('words' in completion) parts.push(`-x -a '${completion.words.join(' ')}'`);
        else if (completion.kind === 'processes') parts.push(`-x -a '(${processesCommand})'`);
        else parts.push('-r -F');
      }
      parts.push(`-d '${fishEscape(spec.description)}'`);
      lines.push(parts.join(' '));
    }
    if (c.arguments.some((a) => a.completes === 'processes'))
      lines.push(`complete -c headroom -n '${condition}' -a '(${processesCommand})'`);
  }
  lines.push('');
  return lines.join('\n');
}

/** The script for one shell. */
export function completionScript(shell: Shell, commands: readonly CompletableCommand[]): string {
  if (shell === 'bash') return bashScript(commands);
  if (shell === 'zsh') return zshScript(commands);
  return fishScript(commands);
}
