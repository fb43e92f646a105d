// The --json shape of a plan and of a finding, as `plan`, `slurm script` and `plan --on slurm` print
// them: zod schemas whose types the reporters are checked against, and whose JSON Schema
// `headroom schema --json-output` prints. Loaded only by that command and by tests.
import { z } from 'zod';
import { frameworks } from '../../plan/types.js';

const bytes = z.number().int().min(0);

/** A finding or diagnosis: `{ code, severity, message, process?, facts?, fixes? }` (DESIGN.md). */
export const findingSchema = z
  .object({
    code: z.string().meta({ description: 'stable code, e.g. overcommit' }),
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    process: z.string().optional(),
    device: z.number().int().optional(),
    facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    fixes: z.array(z.string()).optional(),
  })
  .meta({ title: 'Finding' });

export const plannedDeviceSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  uuid: z.string().optional(),
  simulated: z.boolean(),
  totalBytes: bytes,
  model: z
    .string()
    .optional()
    .meta({ description: 'the card model named (a100-40gb); totalBytes is its recorded total' }),
  usableBytes: z.number().int().meta({ description: 'totalBytes less the reserve' }),
  plannedBytes: bytes.meta({ description: 'budgets and contexts of the processes placed here' }),
});

export const plannedProcessSchema = z.object({
  name: z.string().meta({ description: 'the instance: learner, or actor.1 for a replica' }),
  process: z.string(),
  replica: z.number().int().nullable(),
  framework: z.enum(frameworks),
  device: z.number().int().nullable(),
  budgetBytes: bytes,
  overheadBytes: bytes,
  fraction: z.number().meta({ description: 'budgetBytes / the device total' }),
  gpuClients: z.number().int().positive().meta({
    description:
      'gpu_clients: GPU clients inside the process; each is told budgetBytes / gpuClients, and overheadBytes counts one context each',
  }),
  env: z.record(z.string(), z.string()),
  unsetEnv: z.array(z.string()),
  capNote: z.string(),
  capBy: z.enum(['env', 'alloc-conf', 'bootstrap', 'flag', 'watch', 'none']),
  hostMemoryBytes: bytes.nullable(),
  placeholders: z.record(z.string(), z.string()).optional().meta({
    description:
      "what the plan fills into the command: {budget_bytes}, and an engine's {gpu_memory_utilization}, {mem_fraction_static} or {free_gpu_memory_fraction}; only for an engine or a command that writes one",
  }),
  engineFlag: z
    .object({
      flag: z.string().meta({ description: "the engine's memory flag: --gpu-memory-utilization" }),
      placeholder: z.string(),
      value: z.string().meta({ description: 'the fraction filled in, 4 decimals, floored' }),
      base: z.enum(['total', 'free-at-start', 'free-after-load']),
      baseBytes: bytes.meta({ description: 'what the fraction is of, as planned when the engine starts' }),
      grantedBytes: bytes.meta({
        description: 'what the value grants on that base: never more than budgetBytes',
      }),
      startsAfter: z.array(z.string()).meta({
        description: 'instances on its card counted as holding their budgets when it starts (depends_on)',
      }),
    })
    .optional()
    .meta({ description: "an inference engine's (vllm, sglang, tensorrt-llm) memory flag as planned" }),
});

/** `plan --json`: devices, processes (budget, environment), findings. */
export const planSchema = z
  .object({
    devices: z.array(plannedDeviceSchema),
    processes: z.array(plannedProcessSchema),
    findings: z.array(findingSchema),
  })
  .meta({ title: 'Plan' });
