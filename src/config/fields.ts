// Field types of headroom.yaml that zod has no word for: sizes, budgets, durations.
import { z } from 'zod';
import type { BudgetSpec } from '../plan/types.js';
import { parseBytes, parseDurationMs, parsePercent } from '../units.js';

const sizeHelp = 'a size such as 24GiB, 24GB or 512MiB (IEC and SI units), or a byte count';

/** A memory size: `24GiB`, `24GB`, `512MiB` or a plain byte count. */
export const sizeField = z
  .union([z.number(), z.string()], { error: `expected ${sizeHelp}` })
  .transform((value, ctx) => {
    const bytes = typeof value === 'number' ? value : parseBytes(value);
    if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not ${sizeHelp}` });
      return z.NEVER;
    }
    return Math.floor(bytes);
  })
  .meta({ description: sizeHelp });

const budgetHelp = 'bytes (24GiB, 512MiB), a percent of the device total (30%), or rest';

/** A GPU budget: a size, a percent of the device's total memory, or `rest`. */
export const budgetField = z
  .union([z.number(), z.string()], { error: `expected ${budgetHelp}` })
  .transform((value, ctx): BudgetSpec => {
    if (value === 'rest') return { kind: 'rest' };
    if (typeof value === 'string' && value.trim().endsWith('%')) {
      const fraction = parsePercent(value);
      if (fraction === undefined || fraction <= 0 || fraction > 1) {
        ctx.addIssue({ code: 'custom', message: `"${value}" must be a percent above 0% and at most 100%` });
        return z.NEVER;
      }
      return { kind: 'fraction', fraction };
    }
    const bytes = typeof value === 'number' ? value : parseBytes(value);
    if (bytes === undefined || bytes <= 0) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not ${budgetHelp}` });
      return z.NEVER;
    }
    return { kind: 'bytes', bytes: Math.floor(bytes) };
  })
  .meta({ description: budgetHelp });

/** A duration: `10s`, `500ms`, `2m`, or a number of seconds; yields milliseconds. */
export const durationField = z
  .union([z.number(), z.string()], { error: 'expected a duration such as 10s, 500ms or 2m' })
  .transform((value, ctx) => {
    const ms =
      typeof value === 'number'
        ? value >= 0
          ? Math.round(value * 1000)
          : undefined
        : parseDurationMs(value);
    if (ms === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a duration such as 10s, 500ms or 2m` });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ description: 'a duration: 10s, 500ms, 2m, or seconds as a number' });

/** An environment value: YAML scalars are accepted and kept as the text that was written. */
export const envValueField = z.union([z.string(), z.number(), z.boolean()], {
  error: 'expected a string (environment values are text)',
});
