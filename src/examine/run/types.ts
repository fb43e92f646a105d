// A run record as doctor reads it: the record's own schema (src/run-record) for the files, and the
// view doctor builds of each process (how it ended, its kills, its memory over the run).
import type {
  OomKillRecord,
  ProcessSummary,
  RunMeta,
  RunOrigin,
  RunPlan,
  SampledGpu,
  SampledMember,
  SampledProcess,
} from '../../run-record/schema.js';
import type { HeadroomMemoryKill } from '../../verdict/memory-kill.js';

/** The plan the run was started with (plan.json): the run record's own type. */
export type { RunPlan };

/** One point of a process's memory over the run. */
export interface MemoryPoint {
  timeMs: number;
  hostBytes: number;
  /** The tree's own memory (anonymous + shmem + swap) at that sample; absent in older records. */
  ownBytes?: number;
  gpuBytes: number | null;
  /** The tree's largest members at that sample (records from version 2 on). */
  members: SampledMember[];
}

// Partial, not Omit: Omit over the schema's loose (index-signed) type keeps none of its named fields.
/** How a process ended, from summary.json, or from its last exit event when the summary is missing. */
export type ProcessEnd = Pick<ProcessSummary, 'reason' | 'confidence' | 'because'> & Partial<ProcessSummary>;

/** A sample of the run: each process and each card. */
export interface SeenRunSample {
  time: string;
  processes: Record<string, SampledProcess>;
  gpus?: SampledGpu[] | undefined;
}

/** Several processes of one tree seen on the cards at once (the run's `gpu-clients` event). */
export interface GpuClientsSeen {
  count: number;
  plannedClients: number;
  clients: { pid: number; role: string; bytes: number }[];
  /** `3 JAX clients share one 90% fraction → 270% of the card`. */
  sentence: string;
  fix: string;
}

/** One process of the run, as doctor sees it. */
export interface RunProcess {
  name: string;
  /** null: the record stops while it was still running (headroom killed, or still going). */
  end: ProcessEnd | null;
  endedAt: string | undefined;
  /** Relative to the run directory. */
  log: string;
  /** Attempts started (spawn events): a log of several holds every attempt's output. */
  attempts: number;
  oomKills: OomKillRecord[];
  /** The most GPU clients its tree was seen with, beyond what was planned; null when none. */
  gpuClients: GpuClientsSeen | null;
  /** The memory headroom last killed it over (its events: watchdog, enforce: kill); null when it did not. */
  memoryKill: HeadroomMemoryKill | null;
  /** The last sample at or before its end (what every process held then). */
  lastSample: { time: string; processes: Record<string, SampledProcess> } | undefined;
  /** The last sample that still saw it running, with the cards: what the cause judge weighs its failure by. */
  lastSeenSample: SeenRunSample | undefined;
  /** Its memory over the run, thinned to at most a few hundred points. */
  series: MemoryPoint[];
}

/** A run record as doctor sees it: each process's end, kills and memory over the run (read-run.ts). */
export interface RunView {
  runDir: string;
  meta: RunMeta | null;
  origin: RunOrigin | null;
  plan: RunPlan | null;
  processes: RunProcess[];
  /** True when summary.json is there and whole. */
  isComplete: boolean;
  /** What is missing or damaged, in sentences. */
  problems: string[];
}

/** Reasons that are not a failure worth diagnosing. */
export const settledReasons = new Set(['exited', 'interrupted']);
