// `gpus --json`: the source, the devices with used and free bytes, the processes with command and host
// memory (with -c, their planned name and budget), and what a reader should know.
import { z } from 'zod';

const bytes = z.number().int().min(0);

export const gpuDeviceSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  uuid: z.string().nullable(),
  totalBytes: bytes,
  usedBytes: bytes.nullable(),
  freeBytes: bytes.nullable(),
  simulated: z.boolean(),
  reservedBytes: bytes.nullable().optional().meta({ description: 'held by the driver or firmware' }),
});

export const gpuProcessSchema = z.object({
  pid: z.number().int().meta({ description: 'host PID (NVML reports host PIDs, also in containers)' }),
  device: z.number().int(),
  usedBytes: bytes.nullable(),
  name: z.string().optional(),
  type: z.string().optional().meta({ description: "nvidia-smi's type: C, G or C+G" }),
  localPid: z.number().int().nullable().optional().meta({ description: "the PID in headroom's namespace" }),
  command: z.string().nullable(),
  hostBytes: bytes.nullable().meta({ description: 'the host memory of its tree (Σ PSS + swap)' }),
  process: z.string().nullable().optional().meta({ description: 'with -c: the planned process' }),
  budgetBytes: bytes.nullable().optional().meta({ description: "with -c: its plan's GPU budget" }),
});

export const gpuSources = ['nvml', 'nvidia-smi', 'file', 'sim', 'none'] as const;

export const gpusOutputSchema = z
  .object({
    source: z.enum(gpuSources),
    simulated: z.boolean(),
    driverVersion: z.string().optional(),
    devices: z.array(gpuDeviceSchema),
    processes: z.array(gpuProcessSchema),
    warnings: z.array(z.string()),
  })
  .meta({ title: 'headroom gpus --json' });

/** What `gpus --json` prints. */
export type GpusOutput = z.output<typeof gpusOutputSchema>;
