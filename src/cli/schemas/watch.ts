// `watch --json`: one line per sample, as it is read: the time and the `gpus` reading (each process with
// its planned name and budget) and the host's RAM; without a GPU backend, the host's largest trees.
import { z } from 'zod';
import { gpuDeviceSchema, gpuProcessSchema, gpuSources } from './gpus.js';

const host = z
  .object({ totalBytes: z.number(), usedBytes: z.number() })
  .nullable()
  .meta({ description: "the host's RAM: used = total − MemAvailable" });

const gpuLine = z
  .object({
    time: z.string().meta({ description: 'ISO 8601' }),
    source: z.enum(gpuSources),
    simulated: z.boolean(),
    driverVersion: z.string().optional(),
    devices: z.array(gpuDeviceSchema),
    processes: z.array(
      gpuProcessSchema.extend({ process: z.string().nullable(), budgetBytes: z.number().nullable() }),
    ),
    warnings: z.array(z.string()),
    host,
  })
  .meta({ title: 'GPU sample' });

const hostLine = z
  .object({
    time: z.string(),
    source: z.literal('none'),
    simulated: z.literal(false),
    devices: z.array(z.never()),
    processes: z.array(
      z.object({
        pid: z.number().int(),
        process: z.string(),
        hostBytes: z.number().nullable(),
        command: z.string().nullable(),
      }),
    ),
    host,
    warnings: z.array(z.string()),
  })
  .meta({ title: 'host sample (no GPU backend)' });

/** One line of `watch --json` (JSON Lines: one object per sample). */
export const watchOutputSchema = z
  .union([gpuLine, hostLine])
  .meta({ title: 'headroom watch --json (one line)' });

/** One line `watch --json` prints. */
export type WatchOutputLine = z.output<typeof watchOutputSchema>;
