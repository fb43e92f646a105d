// Field types of headroom.yaml that zod has no word for: sizes, budgets, durations.
import { z } from 'zod';
import type { BudgetSpec } from '../plan/types.js';
import { maxDurationMs, parseDurationMs, parsePercent, quoteInput, readSize } from '../units.js';

const sizeHelp = 'a size with its unit: 24GiB, 512MiB (IEC) or 24GB (decimal); 24B for bytes';

/** A memory size with a unit (`24GiB`, `24GB`, `512MiB`, `1024B`), at least `minBytes`; a bare 0 is 0. */
export function sizeFieldAtLeast(minBytes: number) {
  return z
    .union([z.number(), z.string()], { error: `expected ${sizeHelp}` })
    .transform((value, ctx) => {
      if (value === 0 && minBytes === 0) return 0;
      const reading = readSize(value, { minBytes });
      if (!reading.ok) {
        ctx.addIssue({ code: 'custom', message: reading.message });
        return z.NEVER;
      }
      return reading.bytes;
    })
    .meta({ description: sizeHelp });
}

/** No process starts in less: a shell alone needs a megabyte or two (a smaller limit kills it at once). */
export const minHostMemoryBytes = 4 * 1024 ** 2;

/** A memory size (`24GiB`, `24GB`, `512MiB`); 0 allowed. */
export const sizeField = sizeFieldAtLeast(0);

/** A field whose name says bytes (`sample_bytes`): a bare number is bytes; a size with a unit is read as one. */
export const byteCountField = z
  .union([z.number().int().nonnegative(), z.string()], { error: `expected a byte count or ${sizeHelp}` })
  .transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const reading = readSize(/^\s*\d+\s*$/.test(value) ? `${value}B` : value, { minBytes: 0 });
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: reading.message });
      return z.NEVER;
    }
    return reading.bytes;
  })
  .meta({ description: `a byte count, or ${sizeHelp}` });

const budgetHelp = 'bytes (24GiB, 512MiB), a percent of the device total (30%), or rest';

/** A GPU budget: a size, a percent of the device's total memory, or `rest`. */
export const budgetField = z
  .union([z.number(), z.string()], { error: `expected ${budgetHelp}` })
  .transform((value, ctx): BudgetSpec => {
    if (value === 'rest') return { kind: 'rest' };
    if (typeof value === 'string' && value.trim().endsWith('%')) {
      const fraction = parsePercent(value);
      if (fraction === undefined || fraction <= 0 || fraction > 1) {
        ctx.addIssue({
          code: 'custom',
          message: `${quoteInput(value)} must be a percent above 0% and at most 100%`,
        });
        return z.NEVER;
      }
      return { kind: 'fraction', fraction };
    }
    // 0.3 is how XLA users write a fraction: say it as a percent.
    const number = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(number) && number > 0 && number < 1) {
      ctx.addIssue({
        code: 'custom',
        message: `${quoteInput(value)} looks like a fraction of the card: write ${Number((number * 100).toFixed(2))}% (or a size such as 8GiB)`,
      });
      return z.NEVER;
    }
    const reading = readSize(value, { minBytes: 1024 ** 2 });
    if (!reading.ok) {
      ctx.addIssue({ code: 'custom', message: `${reading.message}; a budget is ${budgetHelp}` });
      return z.NEVER;
    }
    return { kind: 'bytes', bytes: reading.bytes };
  })
  .meta({ description: budgetHelp });

/** A duration: `10s`, `500ms`, `2m`, or a number of seconds; yields milliseconds. */
export const durationField = z
  .union([z.number(), z.string()], { error: 'expected a duration such as 10s, 500ms or 2m' })
  .transform((value, ctx) => {
    const ms =
      typeof value === 'number'
        ? value >= 0 && value * 1000 <= maxDurationMs
          ? Math.round(value * 1000)
          : undefined
        : parseDurationMs(value);
    if (ms === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${quoteInput(value)} is not a duration such as 10s, 500ms or 2m (at most 24 days)`,
      });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ description: 'a duration: 10s, 500ms, 2m, or seconds as a number' });

/** An environment value: YAML scalars are accepted and kept as the text that was written. */
export const envValueField = z.union([z.string(), z.number(), z.boolean()], {
  error: 'expected a string (environment values are text)',
});
