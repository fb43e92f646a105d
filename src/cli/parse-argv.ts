// Reads a command's argv against its option table and arguments: `--flag value`, `--flag=value`,
// `-c value`, switches, optional values (`--metrics` or `--metrics 9100`), repeatable options, and
// positionals, the last of which may collect the rest (everything after `--` included). Unknown
// options and missing values are usage errors that suggest the nearest flag.
import { suggestNearest } from '../config/suggest.js';
import { UsageError } from '../errors.js';
import { describeDecimalSize, readSize } from '../units.js';
import type { ArgumentSpec, OptionTable, OptionValues } from './option-types.js';
import { parseOptionText } from './values.js';

/** What argv said: the options (typed from the table), single arguments, the rest, and whether help was asked. */
export interface ParsedArgv<O extends OptionTable> {
  options: OptionValues<O>;
  args: Record<string, string | undefined>;
  rest: string[];
  isHelp: boolean;
  /** One line per size written in decimal units (`--host-memory 8GB`), said as a config key's is. */
  sizeNotes: string[];
}

/** The flags every command takes besides its table. */
export const helpFlags = ['-h', '--help'];

function lookup(table: OptionTable): Map<string, string> {
  const byFlag = new Map<string, string>();
  for (const [key, spec] of Object.entries(table)) {
    byFlag.set(spec.flag, key);
    if (spec.short) byFlag.set(spec.short, key);
  }
  return byFlag;
}

function unknownOption(flag: string, table: OptionTable, commandName: string): UsageError {
  const flags = Object.values(table).map((spec) => spec.flag);
  const nearest = suggestNearest(
    flag.replace(/^-+/, ''),
    flags.map((f) => f.slice(2)),
  );
  return new UsageError(
    `unknown option '${flag}'${nearest ? ` (Did you mean --${nearest}?)` : ''}`,
    `headroom ${commandName} --help lists its options`,
  );
}

const isFlag = (token: string): boolean => token.startsWith('-') && token.length > 1 && !/^-\d/.test(token);

/** Parses argv (after the command's name) for a command; throws UsageError (exit 2). */
export function parseArgv<const O extends OptionTable>(
  argv: readonly string[],
  command: { name: string; options: O; arguments?: readonly ArgumentSpec[] },
): ParsedArgv<O> {
  const { options: table } = command;
  const byFlag = lookup(table);
  const texts = new Map<string, (string | true)[]>();
  const positionals: string[] = [];
  let isHelp = false;
  let index = 0;
  const give = (key: string, value: string | true): void => {
    texts.set(key, [...(texts.get(key) ?? []), value]);
  };
  while (index < argv.length) {
    const token = argv[index++]!;
    if (token === '--') {
      positionals.push(...argv.slice(index));
      break;
    }
    if (!isFlag(token)) {
      positionals.push(token);
      continue;
    }
    if (helpFlags.includes(token)) {
      isHelp = true;
      continue;
    }
    const equals = token.startsWith('--') ? token.indexOf('=') : -1;
    const flag = equals > 0 ? token.slice(0, equals) : token;
    const inline = equals > 0 ? token.slice(equals + 1) : undefined;
    const key = byFlag.get(flag);
    if (key === undefined) throw unknownOption(flag, table, command.name);
    const spec = table[key]!;
    if (spec.kind === 'switch') {
      if (inline !== undefined) throw new UsageError(`option '${flag}' takes no value`);
      give(key, true);
    } else if (inline !== undefined) {
      give(key, inline);
    } else if (spec.isValueOptional) {
      const next = argv[index];
      if (next !== undefined && !isFlag(next) && next !== '--') {
        give(key, next);
        index++;
      } else give(key, true);
    } else {
      const next = argv[index++];
      if (next === undefined)
        throw new UsageError(`option '${flag} <${spec.valueName ?? 'value'}>' needs a value`);
      give(key, next);
    }
  }
  const hasTwoDashes = argv.includes('--');
  return {
    options: readValues(table, texts),
    ...assignArguments(command, positionals, isHelp, hasTwoDashes),
    isHelp,
    sizeNotes: decimalSizeNotes(table, texts),
  };
}

// After readValues, so every size here has been read successfully once.
function decimalSizeNotes(table: OptionTable, texts: Map<string, (string | true)[]>): string[] {
  return [...texts].flatMap(([key, given]) => {
    const spec = table[key]!;
    if (spec.kind !== 'size') return [];
    return given.flatMap((text) => {
      if (text === true) return [];
      const reading = readSize(text);
      return reading.ok && reading.isDecimal ? [describeDecimalSize(spec.flag, text, reading.bytes)] : [];
    });
  });
}

function readValues<O extends OptionTable>(table: O, texts: Map<string, (string | true)[]>): OptionValues<O> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(table)) {
    const given = texts.get(key) ?? [];
    if (spec.kind === 'switch') {
      values[key] = given.length > 0;
      continue;
    }
    const read = (text: string | true): unknown => (text === true ? true : parseOptionText(spec, text));
    if (spec.isRepeatable) {
      const all = (given.length > 0 ? given : spec.default === undefined ? [] : [spec.default]).map(read);
      values[key] = spec.kind === 'list' ? all.flat() : all;
    } else if (given.length > 0) values[key] = read(given.at(-1)!);
    else if (spec.default !== undefined) values[key] = read(spec.default);
  }
  // Every value was read by the parser of its declared kind (values.ts), which is what OptionValues types.
  return values as OptionValues<O>;
}

function assignArguments(
  command: { name: string; arguments?: readonly ArgumentSpec[] },
  positionals: string[],
  isHelp: boolean,
  hasTwoDashes: boolean,
): { args: Record<string, string | undefined>; rest: string[] } {
  const specs = command.arguments ?? [];
  const args: Record<string, string | undefined> = {};
  let rest: string[] = [];
  let next = 0;
  for (const spec of specs) {
    if (spec.isVariadic) {
      rest = positionals.slice(next);
      next = positionals.length;
      break;
    }
    args[spec.name] = positionals[next];
    if (positionals[next] !== undefined) next++;
    else if (spec.isRequired && !isHelp)
      throw new UsageError(`missing required argument '${spec.name}'`, `headroom ${command.name} --help`);
  }
  if (next < positionals.length && !isHelp) {
    const extra = positionals.slice(next);
    throw new UsageError(
      `too many arguments for '${command.name}': ${extra.map((a) => JSON.stringify(a)).join(' ')}`,
      hasTwoDashes
        ? `headroom ${command.name} runs no command after --`
        : `headroom ${command.name} --help lists what it takes`,
    );
  }
  return { args, rest };
}
