// `slurm script --json`: the partition, the node type, the findings and the script.
import type { z } from 'zod';
import { slurmScriptSchema } from './slurm.js';

export const slurmScriptOutputSchema = slurmScriptSchema.meta({ title: 'headroom slurm script --json' });

/** What `slurm script --json` prints. */
export type SlurmScriptOutput = z.output<typeof slurmScriptSchema>;
