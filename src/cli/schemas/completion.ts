// The --json shape of `headroom completion`: the script and what it completes, or the config's process names.
import { z } from 'zod';

export const completionOutputSchema = z
  .object({
    shell: z.enum(['bash', 'zsh', 'fish']).optional(),
    script: z.string().optional().meta({ description: 'the completion script, as printed without --json' }),
    commands: z
      .array(z.object({ name: z.string(), flags: z.array(z.string()) }))
      .optional()
      .meta({ description: 'every command (slurm script as "slurm script") and the flags completed for it' }),
    processes: z
      .array(z.string())
      .optional()
      .meta({ description: 'with --processes: process and replica names of the config (learner, actor.0)' }),
  })
  .meta({ title: 'headroom completion --json' });

export type CompletionOutput = z.infer<typeof completionOutputSchema>;
