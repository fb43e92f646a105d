// `plan --from-run RUN_DIR --json`: budgets sized from a run's measured peaks (src/run-record/propose-budgets.ts).
import { z } from 'zod';
import { peakSources } from '../../run-record/schema.js';

const bytes = z.number().int().nonnegative();

const proposedBudgetSchema = z.object({
  key: z.enum(['gpu_memory', 'host_memory']),
  peakBytes: bytes,
  source: z.enum(peakSources),
  currentBytes: bytes.nullable(),
  needBytes: bytes,
  proposedBytes: bytes,
  proposedText: z.string(),
  isFloor: z.boolean(),
  note: z.string().nullable(),
});

export const planFromRunSchema = z.object({
  runDir: z.string(),
  margin: z.object({ fraction: z.number().nonnegative(), reason: z.string() }),
  /** The config the diff is against; null for a run started as `run -- CMD` (the diff makes a new file). */
  config: z.string().nullable(),
  processes: z.array(
    z.object({
      process: z.string(),
      instances: z.array(z.string()),
      gpu: proposedBudgetSchema.nullable(),
      host: proposedBudgetSchema.nullable(),
    }),
  ),
  /** A unified diff for `patch -p0`; empty when nothing changes. */
  diff: z.string(),
  /** Processes the diff could not place in the config (set their budgets by hand). */
  unplaced: z.array(z.string()),
});

export type PlanFromRunOutput = z.output<typeof planFromRunSchema>;
