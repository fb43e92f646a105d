// `ray script --json`: where each process goes on Ray, the findings, and the script.
import { z } from 'zod';
import { findingSchema } from './plan.js';

/** One process as its actor asks Ray: num_gpus from its bytes, num_cpus, memory, its node. */
export const rayScriptProcessSchema = z
  .object({
    name: z.string(),
    numGpus: z.number(),
    numCpus: z.number(),
    memoryBytes: z.number().nullable(),
    nodeId: z.string().nullable(),
  })
  .meta({ title: 'RayScriptProcess' });

export const rayScriptOutputSchema = z
  .object({
    /** The cluster read for node placement; null: none (Ray places by resources alone). */
    address: z.string().nullable(),
    processes: z.array(rayScriptProcessSchema),
    findings: z.array(findingSchema),
    script: z.string(),
  })
  .meta({ title: 'headroom ray script --json' });

/** What `ray script --json` prints. */
export type RayScriptOutput = z.output<typeof rayScriptOutputSchema>;
