// The schema of headroom.yaml: one zod definition drives validation and the editor JSON Schema.
import { z } from 'zod';
import { frameworks } from '../plan/types.js';
import {
  budgetField,
  durationField,
  envValueField,
  minHostMemoryBytes,
  sizeField,
  sizeFieldAtLeast,
} from './fields.js';

const processNamePattern = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A name becomes a log file and part of a cgroup's name, both limited to 255 bytes. */
export const maxProcessNameChars = 64;

export const gpuSchema = z.strictObject({
  index: z.number().int().min(0).meta({ description: 'CUDA/NVML device index' }).optional(),
  uuid: z.string().meta({ description: 'device UUID (GPU-...)' }).optional(),
  name: z.string().meta({ description: 'a label for tables' }).optional(),
  memory: sizeFieldAtLeast(256 * 1024 ** 2).meta({
    description: 'total memory of the device as CUDA reports it',
  }),
  simulated: z.boolean().meta({ description: 'a simulated card (no real GPU)' }).optional(),
});

export const processSchema = z.strictObject({
  command: z
    .union([z.string().min(1), z.array(z.string()).min(1)], {
      error: 'expected a string (run by /bin/sh -c) or a list of arguments',
    })
    .optional(),
  framework: z.enum(frameworks as [string, ...string[]], {
    error: `expected one of ${frameworks.join(', ')}`,
  }),
  gpu_memory: budgetField.optional(),
  host_memory: sizeFieldAtLeast(minHostMemoryBytes)
    .meta({
      description: 'host memory limit of the whole process tree, enforced with a cgroup (at least 4MiB)',
    })
    .optional(),
  replicas: z.number().int().min(1).max(1024).optional(),
  gpu: z.number().int().min(0).meta({ description: 'pin to this device index' }).optional(),
  env: z.record(z.string(), envValueField).optional(),
  preallocate: z
    .boolean()
    .meta({ description: 'JAX only: keep XLA preallocation of the whole budget' })
    .optional(),
  restart: z.enum(['no', 'on-failure', 'always'], { error: 'expected no, on-failure or always' }).optional(),
  max_restarts: z.number().int().min(0).optional(),
  depends_on: z.array(z.string()).optional(),
  ready_when: z.string().meta({ description: 'regular expression matched against output lines' }).optional(),
  enforce: z
    .enum(['cap', 'warn', 'kill'], { error: 'expected cap, warn or kill' })
    .meta({
      description:
        'cap: the framework holds the budget in-process (default for jax, torch, tensorflow); warn or kill: headroom watches it',
    })
    .optional(),
  torch_version: z
    .union([z.string(), z.number()], { error: 'expected a PyTorch release such as "2.1.0"' })
    .meta({ description: 'torch only: the PyTorch release the process runs, e.g. "2.4.1" (quote it)' })
    .optional(),
  shares_cuda_tensors: z
    .boolean()
    .meta({
      description:
        'torch only: the process shares CUDA tensors with other processes (CUDA IPC, e.g. RL or GRPO weight sharing); no expandable segments',
    })
    .optional(),
  on_oom_kill: z
    .enum(['stop', 'warn'], { error: 'expected stop or warn' })
    .meta({
      description:
        'when the OOM killer kills a process of its tree (a DataLoader or pool worker): stop the whole process (default) or warn and let it go on',
    })
    .optional(),
  cwd: z.string().optional(),
});

export const configSchema = z.strictObject({
  gpus: z.array(gpuSchema).optional(),
  reserve: sizeField.meta({ description: 'kept free on every GPU (default 512MiB)' }).optional(),
  context_overhead: sizeField
    .meta({ description: 'per process per GPU, outside any framework pool (default 1GiB)' })
    .optional(),
  stop_grace: durationField.optional(),
  processes: z.record(
    z
      .string()
      .max(maxProcessNameChars, {
        error: `process names are at most ${maxProcessNameChars} characters (they name log files and cgroups)`,
      })
      .regex(processNamePattern, {
        error: 'process names use letters, digits, _ and - (a dot separates replicas)',
      }),
    processSchema,
  ),
});

export type RawConfig = z.output<typeof configSchema>;
export type RawProcess = z.output<typeof processSchema>;

/** The JSON Schema of headroom.yaml, for editors (yaml-language-server) and `headroom schema`. */
export function configJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(configSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'headroom.yaml',
  };
}
