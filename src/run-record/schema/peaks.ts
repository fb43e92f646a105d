// peaks.jsonl of the run record (src/run-record/schema.ts): the exact peaks each GPU client wrote at its
// exit, and where any peak figure comes from.
import { z } from 'zod';
import { bytes, time } from './fields.js';

/** Where a peak figure comes from, best first (issue #21): a framework's own counter, the simulated card's
 * exact record, the cgroup's own maximum (what a cgroup limit measures), or headroom's samples. */
export const peakSources = ['framework', 'simulated-card', 'cgroup', 'sampled'] as const;

/** One device's exact peak in one process, as its framework (or the simulated card) counted it. */
export const exactDevicePeakSchema = z.looseObject({
  /** The device index the process saw (0 is the first of its CUDA_VISIBLE_DEVICES). */
  device: z.number().int().nonnegative(),
  /** Peak bytes the card gave it: torch max_memory_reserved, JAX peak_bytes_in_use, TF get_memory_info peak, the sim's highest claim. */
  peakBytes: bytes,
  /** torch max_memory_allocated: what tensors held at most (≤ peakBytes). */
  peakAllocatedBytes: bytes.optional(),
  /** JAX bytes_limit: the XLA pool's cap. */
  limitBytes: bytes.optional(),
  /** The counter read, in the framework's words. */
  counter: z.string().optional(),
});

/** One line of peaks.jsonl: appended at exit by each GPU client of a tree (the bootstrap, the simulated card). */
export const exactPeakSchema = z.looseObject({
  /** When the client wrote the line: at its exit. */
  time,
  /** When the client started (interpreter start, or its first claim on the simulated card); absent in older
   * records. Two clients whose lives never overlapped are never summed. */
  started: z.optional(time),
  /** HEADROOM_PROCESS of the writer: the planned process whose tree it is in. */
  process: z.string(),
  pid: z.number().int(),
  source: z.enum(['framework', 'simulated-card']),
  /** torch, jax, tensorflow, or sim. */
  framework: z.string(),
  /** CUDA_VISIBLE_DEVICES as the writer saw it; null when unset. */
  visibleDevices: z.string().nullable().optional(),
  devices: z.array(exactDevicePeakSchema),
});

export type PeakSource = (typeof peakSources)[number];
export type ExactPeak = z.output<typeof exactPeakSchema>;
