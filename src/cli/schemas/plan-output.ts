// `plan --json`: the plan, or with `--on slurm` the partition's node types and the chosen one, or with
// `--from-run` the budgets sized from a run's peaks, or with `--on ray` the placement on a Ray cluster.
import { z } from 'zod';
import { planSchema } from './plan.js';
import { planFromRunSchema } from './plan-from-run.js';
import { rayPlanSchema } from './ray.js';
import { slurmPlanSchema } from './slurm.js';

export const planOutputSchema = z
  .union([planSchema, slurmPlanSchema, planFromRunSchema, rayPlanSchema])
  .meta({ title: 'headroom plan --json' });

/** What `plan --json` prints. */
export type PlanOutput = z.output<typeof planOutputSchema>;
