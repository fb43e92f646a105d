// The run record's contract (DESIGN "Run records"): one zod schema per file, shared by the writer
// (the supervisor) and every reader (doctor, report, serve, metrics). Objects are loose: a reader
// keeps fields it does not know, so records written by a newer headroom still read.
import { z } from 'zod';
import { causeKinds } from '../verdict/cause.js';
import type { TreeOomKill } from '../verdict/types.js';
import { confidences, exitReasons, memoryKinds } from '../vocabulary.js';

/** 1: headroom 0.1 (no run.json, no oomKills); 2: run.json, oomKills, budgetExceeded, members. */
export const recordVersion = 2;

const bytes = z.number().int().nonnegative();
const time = z.string(); // ISO 8601, as Date#toISOString writes it

/** What started the run, so advice names the right knob: the config file, the `run -- CMD` flags, or `fit`'s value. */
export const runOriginSchema = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('config'), file: z.string() }),
  z.looseObject({ kind: z.literal('ad-hoc'), argv: z.array(z.string()) }),
  z.looseObject({ kind: z.literal('fit-trial'), variable: z.string(), value: z.number() }),
]);

/** run.json: written first, so a record cut short by a killed headroom still says what it was. */
export const runMetaSchema = z.looseObject({
  recordVersion: z.number().int(),
  runId: z.string(),
  startedAt: time,
  /** The supervising headroom's PID and its start time (/proc/PID/stat field 22), to tell a live run from a dead one. */
  headroomPid: z.number().int(),
  headroomStartTicks: z.number().nullable(),
  headroomVersion: z.string(),
  processes: z.array(z.string()),
  origin: runOriginSchema.nullable().default(null),
});

export const eventTypes = [
  'spawn',
  'cgroup-escape',
  'adopted',
  'exit',
  'restart',
  'limit',
  'oom',
  'oom-kill',
  'gpu-over-budget',
  'ready',
  'not-started',
  'signal-forwarded',
  'kill-after-grace',
  'watchdog-kill',
  'enforce-kill',
  'leftover-killed',
  'warning',
  'gpu-clients',
  'write-lost',
  'reaped',
  'orphans-stopped',
] as const;

/** One line of events.jsonl: a time, a type, usually a process, a message and the type's fields. */
export const runEventSchema = z.looseObject({
  time,
  type: z.enum(eventTypes),
  process: z.string().optional(),
  message: z.string(),
});

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

/** plan.json as readers use it: the plan's own type, its numbers checked (a hand-edited plan is no plan). */
export const runPlanSchema = z.looseObject({
  devices: z.array(
    z.looseObject({
      index: z.number().int().nonnegative(),
      name: z.string().optional(),
      uuid: z.string().nullable().optional(),
      simulated: z.boolean().optional(),
      totalBytes: bytes,
      usableBytes: bytes.optional(),
      plannedBytes: bytes.optional(),
    }),
  ),
  processes: z.array(
    z.looseObject({
      name: z.string(),
      /** The config's process an instance belongs to (`actor` for `actor.1`). */
      process: z.string().optional(),
      replica: z.number().int().nullable().optional(),
      framework: z.string().optional(),
      device: z.number().int().nonnegative().nullable(),
      budgetBytes: bytes.optional(),
      overheadBytes: bytes.optional(),
      fraction: z.number().optional(),
      env: z.record(z.string(), z.string()).optional(),
      capNote: z.string().optional(),
      hostMemoryBytes: bytes.nullable().optional(),
    }),
  ),
  /** The plan's findings (`{code, severity, message, process?}`); [] in plans written without them. */
  findings: z
    .array(
      z.looseObject({
        code: z.string(),
        severity: z.string(),
        message: z.string(),
        process: z.string().optional(),
      }),
    )
    .default([]),
});

/**
 * One diagnosis of doctor's classifier as the record keeps it: the shape `doctor --json` prints
 * (src/doctor/types.ts Diagnosis); loose, so a newer headroom's fields still read.
 */
export const recordedDiagnosisSchema = z.looseObject({
  code: z.string(),
  kind: z.enum(memoryKinds),
  framework: z.string(),
  severity: z.string(),
  summary: z.string(),
  message: z.string(),
  cause: z.string(),
  causeText: z.string(),
  facts: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  fixes: z.array(z.string()),
  fixDetails: z.array(z.object({ fix: z.string(), because: z.string() })),
  evidence: z.object({ line: z.number().int().nonnegative(), text: z.string() }),
  confidence: z.enum(confidences),
  occurrences: z.number().int().nonnegative(),
});

/**
 * One line of diagnoses.jsonl, appended when an attempt of a process ends: what doctor's classifier
 * made of that attempt's output as the supervisor read it live (the log verdict the judge weighed).
 * `doctor RUN_DIR` and `report` read it instead of classifying the log again.
 */
export const attemptDiagnosesSchema = z.looseObject({
  time,
  process: z.string(),
  /** 1 for the first start, 2 after one restart, ... */
  attempt: z.number().int().positive(),
  /** Lines of output the classifier read (its evidence lines count from this attempt's first). */
  lineCount: z.number().int().nonnegative(),
  /** Output the classifier did not see (the live view skipped it under a flood; the log has it). */
  skippedBytes: bytes,
  /** Primary first; [] when the output said nothing doctor knows. */
  diagnoses: z.array(recordedDiagnosisSchema),
});

export type RunMeta = z.output<typeof runMetaSchema>;
export type RunOrigin = z.output<typeof runOriginSchema>;
export type EventType = (typeof eventTypes)[number];
/** One line of events.jsonl, with its type's own fields. */
export type RunEvent = z.output<typeof runEventSchema> & Record<string, unknown>;
export type SampledMember = z.output<typeof sampledMemberSchema>;
export type SampledProcess = z.output<typeof sampledProcessSchema>;
export type RunSample = z.output<typeof runSampleSchema>;
export type SampledGpu = z.output<typeof sampledGpuSchema>;
export type OomKillRecord = z.output<typeof oomKillSchema>;
// The record's OOM kills are the judge's own type: a change to either side fails to compile here.
type IsSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
true satisfies IsSame<OomKillRecord, TreeOomKill>;
export type PeakSource = (typeof peakSources)[number];
export type ExactPeak = z.output<typeof exactPeakSchema>;
export type SampledHostPeaks = z.output<typeof sampledHostPeaksSchema>;
export type BudgetExceededRecord = z.output<typeof budgetExceededSchema>;
export type FailureCauseRecord = z.output<typeof failureCauseSchema>;
export type ProcessSummary = z.output<typeof processSummarySchema>;
export type RunSummary = z.output<typeof runSummarySchema>;
export type LostWrite = z.output<typeof lostWriteSchema>;
export type AttemptDiagnoses = z.output<typeof attemptDiagnosesSchema>;
/** plan.json as readers check it (runPlanSchema). */
export type RunPlan = z.output<typeof runPlanSchema>;
