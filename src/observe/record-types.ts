// A run record as the observers (report, dashboard, /metrics) read it: every field optional or
// loosely typed, unknown fields kept, because records are read live, after crashes and across
// versions. The writer is src/supervise/run-record.ts (plan.json, events.jsonl, samples.jsonl,
// summary.json); when the run record becomes a schema module (issue #10), this file goes.

/** One device of plan.json. */
export interface RecordDevice {
  index: number;
  name?: string;
  uuid?: string | null;
  simulated?: boolean;
  totalBytes: number;
  usableBytes?: number;
  plannedBytes?: number;
}

/** One planned process instance of plan.json (`actor.1` is replica 1 of `actor`). */
export interface RecordPlannedProcess {
  name: string;
  process?: string;
  replica?: number | null;
  framework?: string;
  device: number | null;
  budgetBytes?: number;
  overheadBytes?: number;
  fraction?: number;
  env?: Record<string, string>;
  capNote?: string;
  hostMemoryBytes?: number | null;
}

/** A finding of the plan (`{code, severity, message, process?}`). */
export interface RecordFinding {
  code: string;
  severity: string;
  message: string;
  process?: string;
}

/** plan.json: what the run was started with. */
export interface RecordPlan {
  devices: RecordDevice[];
  processes: RecordPlannedProcess[];
  findings: RecordFinding[];
}

/** What one process's tree held at one sample. */
export interface SampledMemory {
  pid?: number;
  pids?: number;
  rssBytes?: number | null;
  pssBytes?: number | null;
  swapBytes?: number | null;
  hostBytes?: number | null;
  cgroupBytes?: number | null;
  gpuBytes?: number | null;
  [field: string]: unknown;
}

/** One card's own reading at a sample (all processes on it, headroom's or not). */
export interface SampledCard {
  index: number;
  uuid?: string | null;
  usedBytes: number | null;
  totalBytes?: number;
}

/** One line of samples.jsonl. */
export interface RecordSample {
  time: string;
  /** Milliseconds since the epoch, parsed from `time`. */
  timeMs: number;
  processes: Record<string, SampledMemory>;
  gpus?: SampledCard[];
}

/** One line of events.jsonl. */
export interface RecordEvent {
  time: string;
  timeMs: number;
  type: string;
  process?: string;
  message: string;
  [field: string]: unknown;
}

/** One process of summary.json. */
export interface RecordProcessSummary {
  name: string;
  reason?: string;
  confidence?: string;
  because?: string;
  exitCode?: number | null;
  signal?: string | null;
  restarts?: number;
  peakHostBytes?: number | null;
  peakGpuBytes?: number | null;
  peakCgroupBytes?: number | null;
  hostLimitBytes?: number | null;
  hostEnforcement?: string;
  gpuBudgetBytes?: number | null;
  oomKills?: number;
  log?: string;
  startedAt?: string | null;
  endedAt?: string;
}

/** summary.json: written once, when the run has ended. */
export interface RecordSummary {
  runId?: string;
  startedAt?: string;
  endedAt?: string;
  exitCode?: number;
  processes: RecordProcessSummary[];
}

/** A run record read whole. */
export interface RunRecordData {
  runDir: string;
  plan: RecordPlan | null;
  samples: RecordSample[];
  events: RecordEvent[];
  summary: RecordSummary | null;
  /** Lines that could not be read (a line cut short by a crash, a foreign line). */
  skippedLines: number;
}

/** One change of a record being followed, in the order it was found. */
export type RecordUpdate =
  | { kind: 'plan'; plan: RecordPlan }
  | { kind: 'sample'; sample: RecordSample }
  | { kind: 'event'; event: RecordEvent }
  | { kind: 'summary'; summary: RecordSummary };
