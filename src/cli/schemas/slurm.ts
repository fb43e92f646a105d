// The --json shapes of `plan --on slurm` and `slurm script` (see schemas/plan.ts).
import { z } from 'zod';
import { findingSchema, planSchema } from './plan.js';

const bytes = z.number().int().min(0);

const stepSchema = z.object({
  name: z.string(),
  process: z.string(),
  node: z.number().int().meta({ description: 'the node of the allocation, 0-based (srun --relative)' }),
  card: z.number().int().nullable(),
  gpu: z
    .union([
      z.object({ kind: z.literal('whole') }),
      z.object({ kind: z.literal('shards'), shards: z.number().int() }),
    ])
    .nullable(),
  needBytes: bytes,
  memoryBytes: bytes.nullable().meta({ description: "--mem; null shares the job's memory (--mem=0)" }),
  cpus: z.number().int(),
});

const nodeTypeFitSchema = z.object({
  label: z.string(),
  nodes: z.array(z.string()),
  gpuType: z.string().nullable(),
  gpuCount: z.number().int(),
  shardsPerCard: z.number().int().nullable(),
  isShardTyped: z.boolean(),
  cardBytes: bytes.nullable(),
  cardBytesSource: z.enum(['feature', 'declared']).nullable(),
  cardFeature: z.string().nullable(),
  cpuCount: z.number().int(),
  memoryBytes: bytes,
  fits: z.boolean(),
  problems: z.array(z.string()),
});

/** `plan --on slurm --json`: each node type of the partition, whether the plan fits it, and the chosen one. */
export const slurmPlanSchema = z
  .object({
    partition: z.string().nullable(),
    nodeCount: z.number().int(),
    nodeTypes: z.array(nodeTypeFitSchema),
    chosen: z
      .object({
        nodeType: z.string(),
        plan: planSchema,
        steps: z.array(stepSchema),
        findings: z.array(findingSchema),
      })
      .nullable(),
  })
  .meta({ title: 'SlurmPlan' });

/** `slurm script --json`: the partition, the node type, the findings and the script. */
export const slurmScriptSchema = z
  .object({
    partition: z.string().nullable(),
    nodeType: z.string(),
    findings: z.array(findingSchema),
    script: z.string(),
  })
  .meta({ title: 'SlurmScript' });
