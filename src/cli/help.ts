// `--help` text, from the same table that parses the options: usage, arguments, options (with their
// defaults), and for the program the list of commands.
import type { ArgumentSpec, OptionSpec, OptionTable } from './option-types.js';

function optionTerm(spec: OptionSpec): string {
  const names = spec.short ? `${spec.short}, ${spec.flag}` : `    ${spec.flag}`;
  if (spec.kind === 'switch') return names;
  const value = spec.valueName ?? 'value';
  return `${names} ${spec.isValueOptional ? `[${value}]` : `<${value}>`}`;
}

function optionDescription(spec: OptionSpec): string {
  const extras = [
    spec.isRepeatable ? 'repeatable' : undefined,
    spec.default !== undefined ? `default: ${spec.default}` : undefined,
  ].filter(Boolean);
  return extras.length > 0 ? `${spec.description} (${extras.join('; ')})` : spec.description;
}

const argumentTerm = (spec: ArgumentSpec): string => {
  const name = `${spec.name}${spec.isVariadic ? '...' : ''}`;
  return spec.isRequired ? `<${name}>` : `[${name}]`;
};

function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([term]) => term.length));
  return rows.map(([term, text]) => `  ${term.padEnd(width)}  ${text}`);
}

/** Help of one command. */
export function renderCommandHelp(command: {
  name: string;
  description: string;
  arguments?: readonly ArgumentSpec[];
  options: OptionTable;
}): string {
  const args = command.arguments ?? [];
  const usage = `Usage: headroom ${command.name} [options]${args.map((a) => ` ${argumentTerm(a)}`).join('')}`;
  const options = Object.values(command.options);
  const lines = [usage, '', command.description, ''];
  if (args.length > 0) lines.push('Arguments:', ...columns(args.map((a) => [a.name, a.description])), '');
  lines.push(
    'Options:',
    ...columns([
      ...options.map((spec): [string, string] => [optionTerm(spec), optionDescription(spec)]),
      ['-h, --help', 'print this help'],
    ]),
    '',
  );
  return lines.join('\n');
}

/** Help of the program: what each command is for. */
export function renderProgramHelp(
  commands: readonly { name: string; summary: string }[],
  description: string,
): string {
  return [
    'Usage: headroom [options] <command> [command options]',
    '',
    description,
    '',
    'Options:',
    ...columns([
      ['-V, --version', 'print the version'],
      ['-h, --help', 'print this help'],
    ]),
    '',
    'Commands:',
    ...columns(commands.map((c) => [c.name, c.summary])),
    '',
    'headroom <command> --help says what a command takes.',
    '',
  ].join('\n');
}
