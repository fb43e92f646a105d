// Field types of headroom.yaml that zod has no word for: sizes, budgets, durations. Written with
// zod/mini, whose functions a bundle keeps only when used: `headroom plan` starts without the rest of
// zod (bench/startup.ts).
import * as z from 'zod/mini';
import type { BudgetSpec } from '../plan/types.js';
import { maxDurationMs, parseDurationMs, parsePercent, quoteInput, readSize } from '../units.js';

const sizeHelp = 'a size with its unit: 24GiB, 512MiB (IEC) or 24GB (decimal); 24B for bytes';

/** A failed transform's issue, as zod reports a check's (core ParsePayload.issues). */
function fail(ctx: { issues: unknown[] }, input: unknown, message: string): never {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/** A memory size with a unit (`24GiB`, `24GB`, `512MiB`, `1024B`), at least `minBytes`; a bare 0 is 0. */
export function sizeFieldAtLeast(minBytes: number) {
  return z
    .pipe(
      z.union([z.number(), z.string()], { error: `expected ${sizeHelp}` }),
      z.transform((value: number | string, ctx) => {
        if (value === 0 && minBytes === 0) return 0;
        const reading = readSize(value, { minBytes });
        return reading.ok ? reading.bytes : fail(ctx, value, reading.message);
      }),
    )
    .check(z.meta({ description: sizeHelp }));
}

/** No process starts in less: a shell alone needs a megabyte or two (a smaller limit kills it at once). */
export const minHostMemoryBytes = 4 * 1024 ** 2;

/** A memory size (`24GiB`, `24GB`, `512MiB`); 0 allowed. */
export const sizeField = sizeFieldAtLeast(0);

/** A field whose name says bytes (`sample_bytes`): a bare number is bytes; a size with a unit is read as one. */
export const byteCountField = z
  .pipe(
    z.union([z.number().check(z.int(), z.nonnegative()), z.string()], {
      error: `expected a byte count or ${sizeHelp}`,
    }),
    z.transform((value: number | string, ctx) => {
      if (typeof value === 'number') return value;
      const reading = readSize(/^\s*\d+\s*$/.test(value) ? `${value}B` : value, { minBytes: 0 });
      return reading.ok ? reading.bytes : fail(ctx, value, reading.message);
    }),
  )
  .check(z.meta({ description: `a byte count, or ${sizeHelp}` }));

const budgetHelp = 'bytes (24GiB, 512MiB), a percent of the device total (30%), or rest';

/** A GPU budget: a size, a percent of the device's total memory, or `rest`. */
export const budgetField = z
  .pipe(
    z.union([z.number(), z.string()], { error: `expected ${budgetHelp}` }),
    z.transform((value: number | string, ctx): BudgetSpec => {
      if (value === 'rest') return { kind: 'rest' };
      if (typeof value === 'string' && value.trim().endsWith('%')) {
        const fraction = parsePercent(value);
        if (fraction === undefined || fraction <= 0 || fraction > 1)
          return fail(ctx, value, `${quoteInput(value)} must be a percent above 0% and at most 100%`);
        return { kind: 'fraction', fraction };
      }
      // 0.3 is how XLA users write a fraction: say it as a percent.
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(number) && number > 0 && number < 1) {
        return fail(
          ctx,
          value,
          `${quoteInput(value)} looks like a fraction of the card: write ${Number((number * 100).toFixed(2))}% (or a size such as 8GiB)`,
        );
      }
      const reading = readSize(value, { minBytes: 1024 ** 2 });
      if (!reading.ok) return fail(ctx, value, `${reading.message}; a budget is ${budgetHelp}`);
      return { kind: 'bytes', bytes: reading.bytes };
    }),
  )
  .check(z.meta({ description: budgetHelp }));

/** A duration: `10s`, `500ms`, `2m`, or a number of seconds; yields milliseconds. */
export const durationField = z
  .pipe(
    z.union([z.number(), z.string()], { error: 'expected a duration such as 10s, 500ms or 2m' }),
    z.transform((value: number | string, ctx) => {
      const ms =
        typeof value === 'number'
          ? value >= 0 && value * 1000 <= maxDurationMs
            ? Math.round(value * 1000)
            : undefined
          : parseDurationMs(value);
      if (ms === undefined)
        return fail(
          ctx,
          value,
          `${quoteInput(value)} is not a duration such as 10s, 500ms or 2m (at most 24 days)`,
        );
      return ms;
    }),
  )
  .check(z.meta({ description: 'a duration: 10s, 500ms, 2m, or seconds as a number' }));

/** An environment value: YAML scalars are accepted and kept as the text that was written. */
export const envValueField = z.union([z.string(), z.number(), z.boolean()], {
  error: 'expected a string (environment values are text)',
});

/** zod's expected type as a user reads it, with its article: "an integer", "an array", "a number". */
export function describeExpectedType(expected: string): string {
  if (expected === 'int') return 'an integer';
  return `${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
}
