// `run --json`: summary.json, the run record's own schema (src/run-record/schema.ts).
import { runSummarySchema } from '../../run-record/schema.js';

export const runOutputSchema = runSummarySchema.meta({
  title: 'headroom run --json',
  description: 'summary.json: how each process ended (reason, confidence, because), peaks and limits',
});

/** What `run --json` prints. */
export type { RunSummary as RunOutput } from '../../run-record/schema.js';
