// The --json shape of `plan --on ray`: the cluster read (or declared), each process's Ray request and
// node, the placement groups, each node's use, and the findings (src/ray/types.ts).
import { z } from 'zod';
import { findingSchema, planSchema } from './plan.js';

const bytes = z.number().int().min(0);
const nodeId = z.string().meta({ description: "Ray's node id (hex); a declared node's name" });

const rayGpuSchema = z.object({
  index: z.number().int().meta({ description: "the card's index on its node" }),
  totalBytes: bytes,
  name: z.string(),
  simulated: z.boolean(),
  source: z.enum(['flag', 'config', 'nvidia-smi', 'HEADROOM_GPU', 'declared']),
});

const rayNodeSchema = z.object({
  id: nodeId,
  address: z.string(),
  isHead: z.boolean(),
  cpus: z.number().meta({ description: "Ray's CPU resource" }),
  memoryBytes: bytes.meta({ description: "Ray's memory resource (what memory= reservations draw from)" }),
  gpus: z.array(rayGpuSchema),
  resources: z.record(z.string(), z.number()).meta({ description: 'custom resources' }),
});

const rayPlacedProcessSchema = z.object({
  name: z.string().meta({ description: 'the instance: learner, or actor.1 for a replica' }),
  process: z.string(),
  replica: z.number().int().nullable(),
  nodeId: nodeId.nullable(),
  nodeAddress: z.string().nullable(),
  gpu: z.number().int().nullable().meta({ description: 'the card on the node the plan counted' }),
  numGpus: z.number().min(0).max(1).meta({
    description: "Ray num_gpus: (budget + context) / card bytes rounded up to 0.0001 (past Ray's truncation)",
  }),
  gpuUnits: z.number().int().min(0).meta({ description: 'what Ray reserves, in 1/10000 of a card' }),
  needBytes: bytes.meta({ description: 'budget plus CUDA context(s)' }),
  numCpus: z.number().min(0),
  memoryBytes: bytes.nullable().meta({ description: 'Ray memory= from host_memory; null: none reserved' }),
  placementGroup: z.string().nullable(),
  bundleIndex: z.number().int().nullable(),
  reason: z.string(),
});

const rayPlacementGroupSchema = z.object({
  name: z.string(),
  strategy: z.literal('STRICT_PACK'),
  nodeId,
  gpu: z.number().int(),
  bundles: z.array(z.object({ GPU: z.number(), CPU: z.number(), memory: bytes.optional() })),
  bundleLabelSelector: z.array(z.record(z.string(), z.string())),
  processes: z.array(z.string()),
});

const rayNodeUseSchema = z.object({
  id: nodeId,
  address: z.string(),
  isHead: z.boolean(),
  cpus: z.number(),
  cpusAsked: z.number(),
  memoryBytes: bytes,
  memoryAskedBytes: bytes,
  gpus: z.array(
    z.object({
      index: z.number().int(),
      totalBytes: bytes,
      plannedBytes: bytes,
      units: z
        .number()
        .int()
        .meta({ description: 'Σ Ray units reserved on the card (≤ 10000 when it fits)' }),
      processes: z.array(z.string()),
    }),
  ),
  processes: z.array(z.string()),
});

/** `plan --on ray --json`: where each process goes on the cluster, and why the plan does not fit. */
export const rayPlanSchema = z
  .object({
    on: z.literal('ray'),
    cluster: z.object({
      address: z.string().nullable(),
      source: z.enum(['live', 'declared']),
      nodes: z.array(rayNodeSchema),
      takenResources: z
        .record(z.string(), z.number())
        .optional()
        .meta({ description: "a live cluster's GPU, CPU and memory held by other work now" }),
    }),
    plan: planSchema.meta({ description: "the planner's plan on the cluster's cards, counted node by node" }),
    processes: z.array(rayPlacedProcessSchema),
    placementGroups: z.array(rayPlacementGroupSchema),
    nodes: z.array(rayNodeUseSchema),
    findings: z.array(findingSchema),
    fits: z.boolean(),
  })
  .meta({ title: 'RayPlan' });
