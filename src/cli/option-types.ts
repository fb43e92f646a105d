// What an option of the command line is, and the type of its value, derived from its declaration
// (the vitest way: packages/vitest/src/node/cli/cli-config.ts types each flag from one table).

/**
 * How an option's text becomes a value (src/cli/values.ts has one parser per kind): `switch` takes no
 * value; `text` is kept as written; `size` is bytes (units.ts readSize); `duration` is milliseconds
 * (units.ts parseDurationMs, a bare number in `bareUnit`); `count` a whole number; `counts` a comma
 * list of them; `number` a finite decimal; `percent` a fraction 0..1 from `5` or `5%`; `port` 0-65535;
 * `pattern` a RegExp; `list` comma-separated words; `choice` one of `choices`.
 */
export type ValueKind =
  | 'switch'
  | 'text'
  | 'size'
  | 'duration'
  | 'count'
  | 'counts'
  | 'number'
  | 'percent'
  | 'port'
  | 'pattern'
  | 'list'
  | 'choice';

/** One option: its flag, how its value is read, and its help. */
export interface OptionSpec {
  /** `--run-dir`. */
  flag: `--${string}`;
  /** `-c`. */
  short?: `-${string}`;
  /** The value's name in help: `file` shows `--config <file>` (or `[file]` when the value is optional). */
  valueName?: string;
  kind: ValueKind;
  description: string;
  /** Given more than once, the values are collected (in order; `list` values are flattened). */
  isRepeatable?: boolean;
  /** `--metrics` alone means `true`; `--metrics 9100` gives the value. */
  isValueOptional?: boolean;
  /** Text read like the user's when the option is absent (shown in help). */
  default?: string;
  choices?: readonly string[];
  /** `duration`: the unit of a bare number (`--interval 500` is ms, `--stop-grace 10` is s). */
  bareUnit?: 'ms' | 's';
  /** `count`, `size`, `duration`, `number`, `percent`: the smallest accepted (default 1 for counts, 0 otherwise). */
  min?: number;
  /** `count`, `number`, `percent`: the largest accepted (a duration's is always maxDurationMs, units.ts). */
  max?: number;
  /** What shell completion offers for the value (default: files for a `file` value, directories for a `dir`). */
  completes?: Completes;
}

/** What shell completion offers: files, directories, or the process names of the config in the current directory. */
export type Completes = 'files' | 'dirs' | 'processes';

/** Options by the name the command reads them under (`runDir` for `--run-dir`). */
export type OptionTable = Record<string, OptionSpec>;

interface KindValues {
  switch: boolean;
  text: string;
  size: number;
  duration: number;
  count: number;
  counts: number[];
  number: number;
  percent: number;
  port: number;
  pattern: RegExp;
  list: string[];
  choice: string;
}

type ValueOf<S extends OptionSpec> = S extends { kind: 'choice'; choices: readonly (infer C)[] }
  ? C
  : KindValues[S['kind']];

type ItemOf<S extends OptionSpec> = S extends { kind: 'list' } ? string : ValueOf<S>;

/** The value a command receives for one option. */
export type OptionValue<S extends OptionSpec> = S extends { isRepeatable: true }
  ? ItemOf<S>[]
  : S extends { isValueOptional: true }
    ? ValueOf<S> | true
    : ValueOf<S>;

type IsAlwaysSet<S extends OptionSpec> = S extends { kind: 'switch' }
  ? true
  : S extends { isRepeatable: true }
    ? true
    : S extends { default: string }
      ? true
      : false;

/** The parsed options of a table: switches, repeatables and defaulted options are always there. */
export type OptionValues<T extends OptionTable> = {
  [K in keyof T as IsAlwaysSet<T[K]> extends true ? K : never]: OptionValue<T[K]>;
} & {
  [K in keyof T as IsAlwaysSet<T[K]> extends true ? never : K]?: OptionValue<T[K]>;
};

/** A positional argument: `<name>` (required), `[name]`, or `[name...]` (the rest, `--` included). */
export interface ArgumentSpec {
  name: string;
  description: string;
  isRequired?: boolean;
  isVariadic?: boolean;
  /** What shell completion offers for it. */
  completes?: Completes;
}

/** Declares a table with its literal types kept (so values are typed from it). */
export function defineOptions<const T extends OptionTable>(table: T): T {
  return table;
}
