// summary.json of the run record (src/run-record/schema.ts): written once, when the run ends; a line per
// process with its verdict, peaks, OOM kills and the cause judge's decision.
import { z } from 'zod';
import { causeKinds } from '../../verdict/cause.js';
import type { TreeOomKill } from '../../verdict/types.js';
import { confidences, exitReasons } from '../../vocabulary.js';
import { bytes, time } from './fields.js';
import { exactPeakSchema, peakSources } from './peaks.js';

/** A process's best GPU peak and where it came from. */
export const gpuPeakSchema = z.looseObject({
  bytes,
  source: z.enum(peakSources),
  /** GPU clients (PIDs) whose exact peaks are summed: each peaked on its own, so the sum bounds the tree's peak from above. */
  clients: z.number().int().nonnegative(),
});

/** The tree's host memory as sampled, each measure labelled: highest over the samples. */
export const sampledHostPeaksSchema = z.looseObject({
  /** Σ RSS: resident pages, shared ones counted in every process that maps them. */
  rssBytes: bytes,
  /** Σ PSS: each shared page split between its processes. */
  pssBytes: bytes,
  /** Σ PSS + swap: what headroom's watchdog compares with a limit when there is no cgroup. */
  hostBytes: bytes,
  samples: z.number().int().nonnegative(),
  intervalMs: z.number().nonnegative(),
});

/** One OOM kill in a process's tree (issue #10's contract). */
export const oomKillSchema = z.looseObject({
  /** null when the cgroup counted a kill that neither the kernel log nor the tree could name. */
  pid: z.number().int().nullable(),
  /** Its command line as sampled (or the kernel's command name), null when unknown. */
  command: z.string().nullable(),
  /** Its RSS when killed: the kernel's anon + file + shmem RSS, else the last sample; 0 when unknown. */
  rssBytes: bytes,
  /** Milliseconds since the epoch when headroom saw the kill. */
  atMs: z.number(),
  /** Who it was in the supervised tree. */
  role: z.enum(['main', 'worker']),
  /** `DataLoader worker`, `multiprocessing worker`, `forked child of the main process`, ... */
  roleText: z.string(),
  /** kernel-log: the kernel named it; tree: a member vanished as the cgroup counted a kill. */
  source: z.enum(['kernel-log', 'tree']),
  /** Its RANK and LOCAL_RANK when it was a rank of a multi-rank job (torchrun, accelerate); absent otherwise. */
  rank: z.number().int().optional(),
  localRank: z.number().int().nullable().optional(),
});

/** A process of a tree that left the tree's cgroup (and so its host limit). */
export const cgroupEscapeSchema = z.looseObject({
  pid: z.number().int(),
  command: z.string().nullable(),
  atMs: z.number(),
});

/** When a process went over its GPU budget, and how far (null in the summary while it held). */
export const budgetExceededSchema = z.looseObject({
  peakGpuBytes: bytes,
  budgetBytes: bytes,
  /** The CUDA context allowance the plan keeps beside the budget (NVML counts the context). */
  contextBytes: bytes.default(0),
  atMs: z.number(),
  /** Always `sampled`: the overrun is what a sample saw (records before headroom 0.3 leave it out). */
  peakGpuSource: z.literal('sampled').optional(),
});

/** Someone who held more GPU memory than planned when a process failed (src/verdict/cause.ts). */
export const overBudgetSchema = z.looseObject({
  name: z.string(),
  gpuBytes: bytes,
  /** Its budget plus context allowance; 0 for a process planned on no card or another one. */
  allowedBytes: bytes,
  overBytes: bytes,
});

/** What a memory failure ran into, decided from numbers by the one cause judge (src/verdict/cause.ts). */
export const failureCauseSchema = z.looseObject({
  kind: z.enum(causeKinds),
  confidence: z.enum(confidences),
  /** `own cap: ...`, `card full: ...`: the decision and its numbers in one sentence. */
  text: z.string(),
  requestedBytes: bytes.nullable(),
  capBytes: bytes.nullable(),
  inUseBytes: bytes.nullable(),
  cardFreeBytes: bytes.nullable(),
  overBudget: z.array(overBudgetSchema).default([]),
  wouldDecide: z.string().nullable(),
  source: z.enum(['framework', 'sample', 'both', 'none']),
});

/** One line of summary.json's `processes` (issue #4's contract, extended). */
export const processSummarySchema = z.looseObject({
  name: z.string(),
  reason: z.enum(exitReasons),
  confidence: z.enum(confidences),
  because: z.string(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  restarts: z.number().int(),
  /**
   * Peak host memory of the tree, from the best source (peakHostSource): the cgroup's own maximum when a
   * cgroup limit held it (what the limit measures), else Σ PSS + swap sampled (the cgroup's peak after an
   * OOM kill or when no sample was taken).
   */
  peakHostBytes: bytes,
  /** Where peakHostBytes comes from; absent in records before headroom 0.3 (sampled then). */
  peakHostSource: z.enum(['cgroup', 'sampled']).optional(),
  /** The tree's sampled RSS, PSS and PSS + swap peaks, labelled; absent when no sample was taken. */
  sampledHost: sampledHostPeaksSchema.nullable().optional(),
  /** Peak GPU memory of the tree from the best source (peakGpuSource); null when nothing measured it. */
  peakGpuBytes: bytes.nullable(),
  /** Where peakGpuBytes comes from: the framework's counters or the simulated card (exact), or samples. */
  peakGpuSource: z.enum(peakSources).nullable().optional(),
  /** The highest GPU memory a sample saw (NVML or the simulated card, CUDA context included); null when none. */
  peakSampledGpuBytes: bytes.nullable().optional(),
  /** The exact per-client peaks the tree recorded at exit (peaks.jsonl), over every attempt. */
  exactPeaks: z.array(exactPeakSchema).optional(),
  /** The cgroup's own peak, page cache included; null without a cgroup. */
  peakCgroupBytes: bytes.nullable(),
  hostLimitBytes: bytes.nullable(),
  hostEnforcement: z.enum(['cgroup', 'watchdog', 'none']),
  gpuBudgetBytes: bytes.nullable(),
  /** Every OOM kill in its tree, over all attempts; [] when there were none. */
  oomKills: z.array(oomKillSchema).default([]),
  /** The ranks of a multi-rank job in its tree (RANK in their environment: torchrun, accelerate); absent for none. */
  ranks: z
    .array(
      z.looseObject({
        rank: z.number().int(),
        localRank: z.number().int().nullable(),
        pid: z.number().int(),
        /** Σ PSS of the rank's processes, highest sampled. */
        peakHostBytes: bytes,
        isOomKilled: z.boolean(),
      }),
    )
    .optional(),
  /** null when the budget held. */
  budgetExceeded: budgetExceededSchema.nullable().default(null),
  /** Processes of its tree found outside its cgroup: their memory was not under its host limit. */
  cgroupEscapes: z.array(cgroupEscapeSchema).default([]),
  /** Why host_memory could not be enforced as asked (no cgroup, a limit the kernel refused); null when it was. */
  hostLimitProblem: z.string().nullable().default(null),
  /** What a memory failure ran into (own cap, card full, host limit, can't tell); null otherwise. */
  cause: failureCauseSchema.nullable().default(null),
  /** Relative to the run directory. */
  log: z.string(),
  startedAt: time.nullable(),
  endedAt: time,
});

/** A file of the record (relative to the run directory) that lost `bytes` to failed writes (`error`) from `since` on. */
export const lostWriteSchema = z.looseObject({ file: z.string(), bytes, since: time, error: z.string() });

/** summary.json: written once, when the run ends. */
export const runSummarySchema = z.looseObject({
  recordVersion: z.number().int().default(1),
  runId: z.string(),
  runDir: z.string(),
  startedAt: time,
  endedAt: time,
  exitCode: z.number().int(),
  processes: z.array(processSummarySchema),
  /** Files of the record that lost writes (a full disk): which, how many bytes, since when; [] when none. */
  lostWrites: z.array(lostWriteSchema).default([]),
});

export type OomKillRecord = z.output<typeof oomKillSchema>;
// The record's OOM kills are the judge's own type: a change to either side fails to compile here.
type IsSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies IsSame<OomKillRecord, TreeOomKill>;
export type SampledHostPeaks = z.output<typeof sampledHostPeaksSchema>;
export type BudgetExceededRecord = z.output<typeof budgetExceededSchema>;
export type FailureCauseRecord = z.output<typeof failureCauseSchema>;
export type ProcessSummary = z.output<typeof processSummarySchema>;
export type RunSummary = z.output<typeof runSummarySchema>;
export type LostWrite = z.output<typeof lostWriteSchema>;
