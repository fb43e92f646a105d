// One parser per value kind of the option table: each turns the text of a flag into its value or a
// usage error that names the flag and the value (exit 2). Sizes and durations go through units.ts,
// the one reader of each.
import { UsageError } from '../errors.js';
import { compileLinearPattern } from '../linear-pattern.js';
import { parsePercent, quoteInput, readDuration, readSize } from '../units.js';
import type { OptionSpec } from './option-types.js';

/** The value as shown in a message: bare when it is a plain word, quoted otherwise. */
export function shownValue(text: string): string {
  return /^[\w.:%+,@/-]{1,40}$/.test(text) ? text : quoteInput(text);
}

const fail = (spec: OptionSpec, text: string, expected: string): never => {
  throw new UsageError(`${spec.flag} ${shownValue(text)}: ${expected}`);
};

function parseCount(spec: OptionSpec, text: string): number {
  const min = spec.min ?? 1;
  const max = spec.max ?? Number.MAX_SAFE_INTEGER;
  const value = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = spec.max === undefined ? `≥ ${min}` : `from ${min} to ${max}`;
    return fail(spec, text, `expected a whole number ${range}`);
  }
  return value;
}

function parseNumber(spec: OptionSpec, text: string): number {
  const value = /^\s*(\d+(\.\d+)?|\.\d+)\s*$/.test(text) ? Number(text) : Number.NaN;
  const min = spec.min ?? 0;
  const max = spec.max ?? Number.MAX_SAFE_INTEGER;
  if (!Number.isFinite(value) || value < min || value > max)
    return fail(spec, text, `expected a number from ${min} to ${max}`);
  return value;
}

// A bare number is a percent too (`--margin 5`), read by units.ts as `5%`.
function parsePercentFlag(spec: OptionSpec, text: string): number {
  const fraction = parsePercent(/%\s*$/.test(text) ? text : `${text}%`);
  const min = spec.min ?? 0;
  const max = spec.max ?? 100;
  if (fraction === undefined || fraction < min / 100 || fraction > max / 100)
    return fail(spec, text, `expected a percent from ${min} to ${max} (5 or 5%)`);
  return fraction;
}

// Matched against output lines as they come: linear time only (src/linear-pattern.ts).
function parsePattern(spec: OptionSpec, text: string): RegExp {
  try {
    return compileLinearPattern(text);
  } catch (error) {
    return fail(spec, text, (error as Error).message);
  }
}

/** Comma-separated words, blanks dropped: `q,v` → ['q', 'v']. */
const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `local or slurm`; `one of sh, dotenv, json`. */
export function describeChoices(choices: readonly string[]): string {
  return choices.length === 2 ? `${choices[0]} or ${choices[1]}` : `one of ${choices.join(', ')}`;
}

/** The value of one occurrence of an option, by its kind. */
export function parseOptionText(spec: OptionSpec, text: string): unknown {
  switch (spec.kind) {
    case 'switch':
      return true;
    case 'text':
      return text;
    case 'size': {
      const reading = readSize(text, { minBytes: spec.min ?? 1 });
      if (!reading.ok) throw new UsageError(`${spec.flag}: ${reading.message}`);
      return reading.bytes;
    }
    case 'duration': {
      const reading = readDuration(text, {
        bareUnit: spec.bareUnit ?? 's',
        minMs: spec.min ?? 0,
        isMinExclusive: spec.min === undefined,
      });
      if (!reading.ok) return fail(spec, text, reading.message);
      return reading.ms;
    }
    case 'count':
      return parseCount(spec, text);
    case 'counts': {
      const items = text.split(',').map((item) => item.trim());
      if (items.some((item) => !/^\d+$/.test(item) || Number(item) < 1))
        return fail(spec, text, 'expected whole numbers ≥ 1 separated by commas');
      return items.map(Number);
    }
    case 'number':
      return parseNumber(spec, text);
    case 'percent':
      return parsePercentFlag(spec, text);
    case 'port':
      return parseCount({ ...spec, min: 0, max: 65535 }, text);
    case 'pattern':
      return parsePattern(spec, text);
    case 'list':
      return splitList(text);
    case 'choice':
      if (!spec.choices?.includes(text))
        return fail(spec, text, `expected ${describeChoices(spec.choices ?? [])}`);
      return text;
  }
}
