// The schema of headroom.yaml: one zod definition drives validation and the editor JSON Schema. Written
// with zod/mini (see fields.ts): `plan` and `env` load this and not the whole of zod.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { describeFrameworkNames, frameworkNamesAccepted } from '../frameworks/index.js';
import { enforcements } from '../plan/types.js';
import {
  budgetField,
  durationField,
  envValueField,
  minHostMemoryBytes,
  sizeField,
  sizeFieldAtLeast,
} from './fields.js';

// zod/mini carries no messages of its own; the English ones are what load.ts turns into located errors.
z.config(en());

const processNamePattern = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A name becomes a log file and part of a cgroup's name, both limited to 255 bytes. */
export const maxProcessNameChars = 64;

const described = <T extends z.ZodMiniType>(schema: T, description: string): T =>
  schema.check(z.meta({ description }));

// Counts read as the command line reads them (cli/values.ts): one wording for "a whole number ≥ 1".
const int = (min: number, max?: number) => {
  const expected = `expected a whole number ${max === undefined ? `≥ ${min}` : `from ${min} to ${max}`}`;
  return z
    .number({ error: expected })
    .check(
      z.int({ error: expected }),
      z.minimum(min, { error: expected }),
      ...(max === undefined ? [] : [z.maximum(max, { error: expected })]),
    );
};

export const gpuSchema = z.strictObject({
  index: z.optional(described(int(0), 'CUDA/NVML device index')),
  uuid: z.optional(described(z.string(), 'device UUID (GPU-...)')),
  name: z.optional(described(z.string(), 'a label for tables')),
  memory: z.optional(
    described(sizeFieldAtLeast(256 * 1024 ** 2), 'total memory of the device as CUDA reports it'),
  ),
  model: z.optional(
    described(
      z.string(),
      'a card model (a100-40gb, h100-80gb, rtx-4090, ...): its recorded total, when memory is not given',
    ),
  ),
  simulated: z.optional(described(z.boolean(), 'a simulated card (no real GPU)')),
});

export const processSchema = z.strictObject({
  command: z.optional(
    z.union([z.string().check(z.minLength(1)), z.array(z.string()).check(z.minLength(1))], {
      error: 'expected a string (run by /bin/sh -c) or a list of arguments',
    }),
  ),
  framework: z.enum(frameworkNamesAccepted, { error: `expected one of ${describeFrameworkNames()}` }),
  gpu_memory: z.optional(budgetField),
  host_memory: z.optional(
    described(
      sizeFieldAtLeast(minHostMemoryBytes),
      'host memory limit of the whole process tree, enforced with a cgroup (at least 4MiB)',
    ),
  ),
  replicas: z.optional(int(1, 1024)),
  gpu_clients: z.optional(
    described(
      int(1, 1024),
      'GPU clients inside this one process (joblib or multiprocessing workers, a Ray local cluster, DataLoader workers that touch CUDA): each gets gpu_memory / N, its fraction and bootstrap cap, and its own context allowance',
    ),
  ),
  gpu: z.optional(described(int(0), 'pin to this device index')),
  env: z.optional(z.record(z.string(), envValueField)),
  preallocate: z.optional(described(z.boolean(), 'JAX only: keep XLA preallocation of the whole budget')),
  restart: z.optional(z.enum(['no', 'on-failure', 'always'], { error: 'expected no, on-failure or always' })),
  max_restarts: z.optional(int(0)),
  depends_on: z.optional(z.array(z.string())),
  ready_when: z.optional(described(z.string(), 'regular expression matched against output lines')),
  enforce: z.optional(
    described(
      z.enum(enforcements, {
        error: `expected ${enforcements.slice(0, -1).join(', ')} or ${enforcements.at(-1)}`,
      }),
      'cap: the framework holds the budget in-process (default for jax, torch, tensorflow); warn or kill: headroom watches it',
    ),
  ),
  torch_version: z.optional(
    described(
      z.union([z.string(), z.number()], { error: 'expected a PyTorch release such as "2.1.0"' }),
      'torch only: the PyTorch release the process runs, e.g. "2.4.1" (quote it)',
    ),
  ),
  shares_cuda_tensors: z.optional(
    described(
      z.boolean(),
      'torch only: the process shares CUDA tensors with other processes (CUDA IPC, e.g. RL or GRPO weight sharing); no expandable segments',
    ),
  ),
  on_oom_kill: z.optional(
    described(
      z.enum(['stop', 'warn'], { error: 'expected stop or warn' }),
      'when the OOM killer kills a process of its tree (a DataLoader or pool worker): stop the whole process (default) or warn and let it go on',
    ),
  ),
  cwd: z.optional(z.string()),
});

// A Ray cluster to plan on without one running (`plan --on ray`); a live one is read with --address.
export const rayNodeSchema = z.strictObject({
  name: described(z.string().check(z.minLength(1)), "the node's name in tables (a live node's is its id)"),
  address: z.optional(described(z.string(), 'its IP address (default: its name)')),
  cpus: described(int(0), "Ray's CPU resource on the node (ray start --num-cpus)"),
  memory: described(sizeField, "Ray's memory resource on the node: what actors' memory= reserves draw from"),
  gpus: z.optional(described(int(0, 64), "Ray's GPU resource on the node: its number of cards (default 0)")),
  gpu_memory: z.optional(
    described(
      sizeFieldAtLeast(256 * 1024 ** 2),
      'memory of each of its cards as CUDA reports it (default: the top-level gpus:)',
    ),
  ),
  resources: z.optional(
    described(z.record(z.string(), z.number()), 'custom resources (ray start --resources)'),
  ),
});

export const raySchema = z.strictObject({
  address: z.optional(
    described(
      z.string().check(z.minLength(1)),
      'the cluster to read with plan --on ray (auto, HOST:PORT, ray://HOST:PORT); --address wins',
    ),
  ),
  nodes: z.optional(
    described(z.array(rayNodeSchema), 'a cluster declared, for plan --on ray without an address'),
  ),
});

export const configSchema = z.strictObject({
  gpus: z.optional(z.array(gpuSchema)),
  reserve: z.optional(described(sizeField, 'kept free on every GPU (default 512MiB)')),
  context_overhead: z.optional(
    described(sizeField, 'per process per GPU, outside any framework pool (default 1GiB)'),
  ),
  stop_grace: z.optional(durationField),
  processes: z.record(
    z.string().check(
      z.maxLength(maxProcessNameChars, {
        error: `process names are at most ${maxProcessNameChars} characters (they name log files and cgroups)`,
      }),
      z.regex(processNamePattern, {
        error: 'process names use letters, digits, _ and - (a dot separates replicas)',
      }),
    ),
    processSchema,
  ),
  ray: z.optional(raySchema),
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
