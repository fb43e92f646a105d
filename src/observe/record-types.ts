// A run record as the observers (report, dashboard, /metrics) read it: the run-record module's
// types (src/run-record/schema.ts, the contract) with each line's time parsed, plus plan.json as far
// as the observers need it (the schema leaves the plan its own type) and the cards' own readings
// that samples carry (`gpus`, written by the sampler for the "others on the card" view).
import type {
  ProcessSummary,
  RunEvent,
  RunMeta,
  RunSample,
  RunSummary,
  SampledGpu,
  SampledProcess,
} from '../run-record/index.js';

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
export type SampledMemory = SampledProcess;

/** One card's own reading at a sample (all processes on it, headroom's or not). */
export type SampledCard = SampledGpu;

/** One line of samples.jsonl, its time parsed. */
export type RecordSample = RunSample & {
  /** Milliseconds since the epoch, parsed from `time`. */
  timeMs: number;
};

/** One line of events.jsonl, its time parsed. */
export type RecordEvent = RunEvent & { timeMs: number };

/** One process of summary.json. */
export type RecordProcessSummary = ProcessSummary;

/** summary.json: written once, when the run has ended. */
export type RecordSummary = RunSummary;

/** A run record read whole. */
export interface RunRecordData {
  runDir: string;
  /** run.json (record version 2 on): the run's id and start, even when it was cut short. */
  meta: RunMeta | null;
  plan: RecordPlan | null;
  samples: RecordSample[];
  events: RecordEvent[];
  summary: RecordSummary | null;
  /** What the reader could not read or found damaged, in sentences (run-record's reader). */
  problems: string[];
}

/** One change of a record being followed, in the order it was found. */
export type RecordUpdate =
  | { kind: 'plan'; plan: RecordPlan }
  | { kind: 'sample'; sample: RecordSample }
  | { kind: 'event'; event: RecordEvent }
  | { kind: 'summary'; summary: RecordSummary };
