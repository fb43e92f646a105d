// A run record as the observers (report, dashboard, /metrics) read it: the run-record module's
// types (src/run-record/schema.ts, the contract, plan.json's included) with each line's time
// parsed, and the cards' own readings that samples carry (`gpus`, written by the sampler for the
// "others on the card" view).
import type {
  ProcessSummary,
  RunEvent,
  RunMeta,
  RunPlan,
  RunSample,
  RunSummary,
  SampledGpu,
  SampledProcess,
} from '../run-record/index.js';

/** plan.json: what the run was started with (the run record's one plan type). */
export type RecordPlan = RunPlan;

/** One device of plan.json. */
export type RecordDevice = RunPlan['devices'][number];

/** One planned process instance of plan.json (`actor.1` is replica 1 of `actor`). */
export type RecordPlannedProcess = RunPlan['processes'][number];

/** A finding of the plan (`{code, severity, message, process?}`). */
export type RecordFinding = RunPlan['findings'][number];

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
