// plan.json of the run record (src/run-record/schema.ts), as readers check it.
import { z } from 'zod';
import { bytes } from './fields.js';

/** plan.json as readers use it: the plan's own type, its numbers checked (a hand-edited plan is no plan). */
export const runPlanSchema = z.looseObject({
  devices: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      name: z.string().optional(),
      uuid: z.string().nullable().optional(),
      simulated: z.boolean().optional(),
      totalBytes: bytes,
      usableBytes: bytes.optional(),
      plannedBytes: bytes.optional(),
    }),
  ),
  processes: z.array(
    z.looseObject({
      name: z.string(),
      /** The config's process an instance belongs to (`actor` for `actor.1`). */
      process: z.string().optional(),
      replica: z.number().int().nullable().optional(),
      framework: z.string().optional(),
      device: z.number().int().nonnegative().nullable(),
      budgetBytes: bytes.optional(),
      overheadBytes: bytes.optional(),
      fraction: z.number().optional(),
      env: z.record(z.string(), z.string()).optional(),
      capNote: z.string().optional(),
      hostMemoryBytes: bytes.nullable().optional(),
    }),
  ),
  /** The plan's findings (`{code, severity, message, process?}`); [] in plans written without them. */
  findings: z
    .array(
      z.looseObject({
        code: z.string(),
        severity: z.string(),
        message: z.string(),
        process: z.string().optional(),
      }),
    )
    .default([]),
});

/** plan.json as readers check it (runPlanSchema). */
export type RunPlan = z.output<typeof runPlanSchema>;
