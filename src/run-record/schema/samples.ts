// samples.jsonl of the run record (src/run-record/schema.ts): what each sample saw of every tree and card.
import { z } from 'zod';
import { bytes, time } from './fields.js';

/** A process of a tree at one sample: its role and memory (the largest members only). */
export const sampledMemberSchema = z.looseObject({
  pid: z.number().int(),
  role: z.enum(['main', 'worker']),
  rssBytes: bytes,
  pssBytes: bytes,
});

/** What one supervised process (its whole tree) held at one sample. */
export const sampledProcessSchema = z.looseObject({
  pid: z.number().int().optional(),
  pids: z.number().int().optional(),
  rssBytes: bytes.optional(),
  pssBytes: bytes.optional(),
  swapBytes: bytes.optional(),
  hostBytes: bytes.nullable().optional(),
  /**
   * The tree's own memory: anonymous + shmem + swap, no share of file-backed pages (tree-memory.ts
   * ownBytes); what fit and doctor judge a climb or a level on. Absent in records before it.
   */
  ownBytes: bytes.optional(),
  cgroupBytes: bytes.nullable().optional(),
  gpuBytes: bytes.nullable().optional(),
  /** Processes of the tree holding GPU memory (each a GPU client); absent without a GPU probe. */
  gpuClients: z.number().int().nonnegative().optional(),
  members: z.array(sampledMemberSchema).optional(),
  /** The ranks of a multi-rank job in its tree at this sample, each with Σ PSS of its processes. */
  ranks: z
    .array(
      z.looseObject({
        rank: z.number().int(),
        localRank: z.number().int().nullable(),
        pid: z.number().int(),
        hostBytes: bytes,
      }),
    )
    .optional(),
});

/** One card at one sample: what is used on it (every process, ours or not) and its size. */
export const sampledGpuSchema = z.looseObject({
  index: z.number().int(),
  uuid: z.string().nullable().optional(),
  usedBytes: bytes.nullable(),
  totalBytes: bytes,
});

/** One line of samples.jsonl. */
export const runSampleSchema = z.looseObject({
  time,
  processes: z.record(z.string(), sampledProcessSchema),
  gpus: z.array(sampledGpuSchema).optional(),
});

export type SampledMember = z.output<typeof sampledMemberSchema>;
export type SampledProcess = z.output<typeof sampledProcessSchema>;
export type RunSample = z.output<typeof runSampleSchema>;
export type SampledGpu = z.output<typeof sampledGpuSchema>;
