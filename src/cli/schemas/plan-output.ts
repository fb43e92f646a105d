// `plan --json`: the plan, or with `--on slurm` the partition's node types and the chosen one.
import { z } from 'zod';
import { planSchema } from './plan.js';
import { slurmPlanSchema } from './slurm.js';

export const planOutputSchema = z
  .union([planSchema, slurmPlanSchema])
  .meta({ title: 'headroom plan --json' });

/** What `plan --json` prints. */
export type PlanOutput = z.output<typeof planOutputSchema>;
