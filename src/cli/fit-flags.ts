// `headroom fit` flags, checked and converted: numbers, the margin, the pattern, the strategy.
import { UsageError } from '../errors.js';
import { isStrategyName, strategyNames } from '../fit/strategies.js';
import { hasPlaceholder, placeholderFor, variablePattern } from '../fit/template.js';
import type { StrategyName } from '../fit/types.js';

/** The flags as commander hands them over. */
export interface FitFlags {
  var: string;
  min?: string;
  max?: string;
  strategy: string;
  trialSeconds?: string;
  untilLine?: string;
  margin: string;
  gpu?: string[];
  hostMemory?: string;
  framework?: string;
  effective?: string;
  json?: boolean;
  runDir?: string;
}

/** The flags after checking. */
export interface FitOptions {
  variable: string;
  minValue: number;
  maxValue: number;
  strategy: StrategyName;
  trialMs?: number;
  untilLine?: RegExp;
  marginFraction: number;
  effectiveTarget?: number;
  argv: string[];
}

/** The longest delay a Node timer keeps (setTimeout's TIMEOUT_MAX, lib/internal/timers.js). */
const maxTimerMs = 2 ** 31 - 1;

/** The default upper end of the search: far above any batch that fits one card. */
export const defaultMaxValue = 65_536;

function parseCount(flag: string, text: string | undefined, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new UsageError(`${flag} ${text}: expected a whole number ≥ 1`);
  return value;
}

function parseMargin(text: string): number {
  const percent = Number(text.trim().replace(/%$/, ''));
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100) {
    throw new UsageError(`--margin ${text}: expected a percent from 0 to 99 (5 keeps 5% of the limit free)`);
  }
  return percent / 100;
}

function parsePattern(text: string): RegExp {
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`--until-line ${text}: not a regular expression (${(error as Error).message})`);
  }
}

/** Checks every flag and the command; throws UsageError (exit 2) with what to do instead. */
export function parseFitOptions(flags: FitFlags, argv: string[]): FitOptions {
  if (!variablePattern.test(flags.var))
    throw new UsageError(`--var ${flags.var}: expected a name such as batch`);
  if (argv.length === 0) {
    throw new UsageError(
      'no command to fit',
      `give it after --: headroom fit -- python train.py --batch-size ${placeholderFor(flags.var)}`,
    );
  }
  if (!hasPlaceholder(argv, flags.var)) {
    throw new UsageError(
      `the command has no ${placeholderFor(flags.var)} to replace`,
      `put ${placeholderFor(flags.var)} where the value goes: -- python train.py --batch-size ${placeholderFor(flags.var)}`,
    );
  }
  if (!isStrategyName(flags.strategy)) {
    throw new UsageError(`--strategy ${flags.strategy}: expected one of ${strategyNames.join(', ')}`);
  }
  if (flags.strategy === 'halving' && flags.max === undefined) {
    throw new UsageError(
      '--strategy halving starts at --max',
      "pass --max (accelerate's starting_batch_size is 128)",
    );
  }
  const minValue = parseCount('--min', flags.min, 1);
  const maxValue = parseCount('--max', flags.max, Math.max(defaultMaxValue, minValue));
  if (maxValue < minValue) throw new UsageError(`--max ${maxValue} is below --min ${minValue}`);
  let trialMs: number | undefined;
  if (flags.trialSeconds !== undefined) {
    const seconds = Number(flags.trialSeconds);
    // Node's timers hold at most 2^31 − 1 ms (about 24.8 days); a longer delay fires after 1 ms.
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds * 1000 > maxTimerMs) {
      throw new UsageError(
        `--trial-seconds ${flags.trialSeconds}: expected a number of seconds > 0 and at most ${Math.floor(maxTimerMs / 1000)}`,
      );
    }
    trialMs = Math.round(seconds * 1000);
  }
  return {
    variable: flags.var,
    minValue,
    maxValue,
    strategy: flags.strategy,
    trialMs,
    untilLine: flags.untilLine === undefined ? undefined : parsePattern(flags.untilLine),
    marginFraction: parseMargin(flags.margin),
    effectiveTarget: flags.effective === undefined ? undefined : parseCount('--effective', flags.effective),
    argv,
  };
}
