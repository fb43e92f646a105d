// The --json shape of `headroom init`: the file written, where its processes came from, and each guess.
import { z } from 'zod';
import { frameworks } from '../../plan/types.js';

const bytes = z.number().int().min(0);

export const initOutputSchema = z
  .object({
    file: z.string().meta({ description: 'the config written, as given (-o) or headroom.yaml' }),
    source: z
      .enum(['running', 'commands'])
      .meta({ description: 'the GPU processes running now, or commands after --' }),
    devices: z.array(
      z.object({ index: z.number().int(), name: z.string(), totalBytes: bytes, simulated: z.boolean() }),
    ),
    processes: z.array(
      z.object({
        name: z.string(),
        command: z.array(z.string()).meta({ description: 'argv, as written into the config' }),
        framework: z.enum(frameworks).meta({ description: 'a guess' }),
        frameworkBecause: z
          .string()
          .meta({ description: 'what the guess rests on (a loaded library, a word of the command)' }),
        pid: z.number().int().optional(),
        usedBytes: bytes.optional().meta({ description: 'GPU memory in use when init looked' }),
        budgetBytes: bytes
          .optional()
          .meta({ description: 'the starting budget written: usedBytes rounded up to 256 MiB' }),
      }),
    ),
    config: z.string().meta({ description: 'the text written' }),
  })
  .meta({ title: 'headroom init --json' });

export type InitOutput = z.infer<typeof initOutputSchema>;
