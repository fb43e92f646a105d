// The run record's contract (DESIGN "Run records"): one zod schema per file, shared by the writer
// (the supervisor) and every reader (doctor, report, serve, metrics). Objects are loose: a reader
// keeps fields it does not know, so records written by a newer headroom still read.
// run.json and events.jsonl here; each other file of the record in schema/<file>.ts, all exported here.
import { z } from 'zod';
import { time } from './schema/fields.js';

export {
  type AttemptDiagnoses,
  attemptDiagnosesSchema,
  recordedDiagnosisSchema,
} from './schema/diagnoses.js';
export {
  type ExactPeak,
  exactDevicePeakSchema,
  exactPeakSchema,
  type PeakSource,
  peakSources,
} from './schema/peaks.js';
export { type RunPlan, runPlanSchema } from './schema/plan.js';
export {
  type RunSample,
  runSampleSchema,
  type SampledGpu,
  type SampledMember,
  type SampledProcess,
  sampledGpuSchema,
  sampledMemberSchema,
  sampledProcessSchema,
} from './schema/samples.js';
export {
  type BudgetExceededRecord,
  budgetExceededSchema,
  cgroupEscapeSchema,
  type FailureCauseRecord,
  failureCauseSchema,
  gpuPeakSchema,
  type LostWrite,
  lostWriteSchema,
  type OomKillRecord,
  oomKillSchema,
  overBudgetSchema,
  type ProcessSummary,
  processSummarySchema,
  type RunSummary,
  runSummarySchema,
  type SampledHostPeaks,
  sampledHostPeaksSchema,
} from './schema/summary.js';

/** 1: headroom 0.1 (no run.json, no oomKills); 2: run.json, oomKills, budgetExceeded, members. */
export const recordVersion = 2;

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

export type RunMeta = z.output<typeof runMetaSchema>;
export type RunOrigin = z.output<typeof runOriginSchema>;
export type EventType = (typeof eventTypes)[number];
/** One line of events.jsonl, with its type's own fields. */
export type RunEvent = z.output<typeof runEventSchema> & Record<string, unknown>;
