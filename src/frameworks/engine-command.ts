// The plan's placeholders in a process's command (`{gpu_memory_utilization}`, `{budget_bytes}`), and the
// engine flags a command writes: inference engines take their memory share as a flag, not a variable.

/** Every placeholder the plan fills; a knob's placeholder is filled only for its own engine's processes. */
export const placeholderNames = [
  'gpu_memory_utilization',
  'mem_fraction_static',
  'free_gpu_memory_fraction',
  'budget_bytes',
] as const;

// `{name}`, or `{name:SIZE}` for an engine whose flag leaves part of its memory out (the SIZE it holds there).
const placeholderPattern = new RegExp(`\\{((?:${placeholderNames.join('|')})(?::[^{}\\s]+)?)\\}`, 'g');

/** The command with each placeholder that has a value replaced by it; the others stay as written. */
export function fillPlaceholders(
  command: string | string[],
  values: Readonly<Record<string, string>>,
): string | string[] {
  const fill = (text: string) =>
    text.replace(placeholderPattern, (whole, inner: string) => values[inner] ?? whole);
  return typeof command === 'string' ? fill(command) : command.map(fill);
}

/** The placeholders a command uses, as written between the braces (`free_gpu_memory_fraction:4GiB`), each once. */
export function placeholdersIn(command: string | readonly string[] | undefined): string[] {
  const text = command === undefined ? '' : typeof command === 'string' ? command : command.join('\n');
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1] as string))];
}

/** A placeholder's name and its argument (`4GiB` in `{free_gpu_memory_fraction:4GiB}`), if any. */
export function splitPlaceholder(inner: string): { name: string; argument: string | undefined } {
  const colon = inner.indexOf(':');
  return colon < 0
    ? { name: inner, argument: undefined }
    : { name: inner.slice(0, colon), argument: inner.slice(colon + 1) };
}

/**
 * A command's words: an argv as it is; a shell string split on blanks outside quotes (quotes removed,
 * expansions such as $VAR left as written): enough to find `--flag value` and `--flag=value`.
 */
export function commandWords(command: string | readonly string[]): string[] {
  if (typeof command !== 'string') return [...command];
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const char = command[i] as string;
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && i + 1 < command.length) word = (word ?? '') + command[++i];
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word = word ?? '';
    } else if (char === '\\' && i + 1 < command.length) {
      word = (word ?? '') + command[++i];
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** How a parser recognises one flag: its spellings, and the shortest abbreviation argparse accepts. */
export interface FlagSpelling {
  /** Every spelling the parser accepts, the documented one first. */
  flags: readonly string[];
  /** The shortest prefix of the first flag argparse takes (allow_abbrev); null where the parser takes none. */
  abbreviatedFrom: string | null;
  /** vLLM's FlexibleArgumentParser reads `_` in an option's name as `-`. */
  readsUnderscoresAsDashes: boolean;
}

function namesFlag(written: string, spelling: FlagSpelling): boolean {
  const word = spelling.readsUnderscoresAsDashes ? written.replaceAll('_', '-') : written;
  if (spelling.flags.includes(word)) return true;
  const full = spelling.flags[0] ?? '';
  // argparse's allow_abbrev: any unambiguous prefix of a long option names it.
  return (
    spelling.abbreviatedFrom !== null &&
    word.length >= spelling.abbreviatedFrom.length &&
    word.startsWith('--') &&
    full.startsWith(word)
  );
}

/** The values a command gives a flag, in order (the parser keeps the last): `--f v` and `--f=v`. */
export function flagValues(words: readonly string[], spelling: FlagSpelling): string[] {
  const values: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const equals = word.indexOf('=');
    if (word.startsWith('--') && equals > 0 && namesFlag(word.slice(0, equals), spelling)) {
      values.push(word.slice(equals + 1));
    } else if (namesFlag(word, spelling) && i + 1 < words.length) {
      values.push(words[++i] as string);
    }
  }
  return values;
}
