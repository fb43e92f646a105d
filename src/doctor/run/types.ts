// A run record (`.headroom/runs/<id>/`) as doctor reads it: tolerant of missing files and of
// fields it does not know, since runs are read after crashes and across versions.

/** One process line of summary.json (issue 4's contract; more fields may be present). */
export interface RunProcessSummary {
  name: string;
  reason?: string;
  because?: string;
  exitCode?: number | null;
  signal?: string | null;
  restarts?: number;
  peakHostBytes?: number | null;
  peakGpuBytes?: number | null;
  hostLimitBytes?: number | null;
  gpuBudgetBytes?: number | null;
  log?: string;
  endedAt?: string;
}

/** One line of events.jsonl: at least a type and a time. */
export interface RunEventLine {
  time: string;
  type: string;
  process?: string;
  message?: string;
  [field: string]: unknown;
}

/** What one process held at one sample, from samples.jsonl. */
export interface SampledProcess {
  hostBytes?: number | null;
  gpuBytes?: number | null;
}

/** One line of samples.jsonl: `{time, processes: {name: {hostBytes, gpuBytes, ...}}}`. */
export interface RunSample {
  time: string;
  processes: Record<string, SampledProcess>;
}

/** The plan the run was started with (plan.json), as far as doctor needs it. */
export interface RunPlan {
  devices: { index: number; totalBytes: number; usableBytes?: number; plannedBytes?: number }[];
  processes: {
    name: string;
    framework?: string;
    device: number | null;
    budgetBytes?: number;
    overheadBytes?: number;
  }[];
}

/** A process that failed in the run, with what was known around its end. */
export interface FailedProcess {
  summary: RunProcessSummary;
  endedAt: string | undefined;
  /** The last sample taken at or before it ended (what everyone held then). */
  sample: RunSample | undefined;
}

/** Everything read from a run directory. */
export interface RunRecordData {
  runDir: string;
  plan: RunPlan | null;
  failed: FailedProcess[];
  /** How many processes the run had. */
  processCount: number;
}

/** Reasons that are not a failure worth diagnosing. */
export const settledReasons = new Set(['exited', 'interrupted']);
