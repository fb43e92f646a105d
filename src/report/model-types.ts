// The report model: everything the report page draws, computed in Node from a run record and
// embedded in the page as JSON. Bytes stay bytes; the page converts them to GiB for its axes.
import type { EventMark } from '../observe/event-marks.js';

/** Every series of one process: its host memory (tree sums, as the sampler reads them), then its GPU memory. */
export const processMetrics = ['rssBytes', 'pssBytes', 'swapBytes', 'hostBytes', 'gpuBytes'] as const;
export type ProcessMetric = (typeof processMetrics)[number];
/** One process's series, one value (or null: not running) per entry of `timesSec`. */
export type ProcessSeries = Record<ProcessMetric, (number | null)[]>;

/** A process as the charts need it. */
export interface ReportProcess {
  name: string;
  framework: string | null;
  device: number | null;
  gpuBudgetBytes: number | null;
  hostLimitBytes: number | null;
}

/** A card and its capacity (the processes on it are those whose `device` is its index). */
export interface ReportCard {
  index: number;
  name: string;
  uuid: string | null;
  simulated: boolean;
  totalBytes: number;
  usableBytes: number | null;
}

/** A moment on the time axis. */
export interface ReportMark {
  timeSec: number;
  mark: EventMark;
  /** Short words for the mark (`OOM kill`). */
  label: string;
  process: string | null;
  message: string;
  /** For exits: the reason the supervisor gave (`exited`, `oom-killed`, ...). */
  reason: string | null;
}

/** One row of the summary table. */
export interface ReportSummaryRow {
  name: string;
  reason: string;
  confidence: string | null;
  because: string | null;
  exitCode: number | null;
  signal: string | null;
  restarts: number;
  /** OOM kills in its tree over all attempts (summary.json's `oomKills`, record version 2). */
  oomKills: number;
  peakHostBytes: number | null;
  /** Where each peak comes from (framework, simulated-card, cgroup, sampled): shown beside it. */
  peakHostSource: string | null;
  hostLimitBytes: number | null;
  peakGpuBytes: number | null;
  peakGpuSource: string | null;
  /** The tree's sampled Σ RSS and Σ PSS peaks, named apart from the host peak; null without samples. */
  sampledRssBytes: number | null;
  sampledPssBytes: number | null;
  gpuBudgetBytes: number | null;
  log: string | null;
}

/** One planned process, as the plan section lists it. */
export interface ReportPlanRow {
  name: string;
  framework: string | null;
  device: number | null;
  budgetBytes: number | null;
  fraction: number | null;
  overheadBytes: number | null;
  hostLimitBytes: number | null;
  capNote: string | null;
  env: Record<string, string>;
}

/** doctor's diagnosis of one failed process, as the page shows it. */
export interface ReportDiagnosis {
  process: string | null;
  code: string;
  kind: string;
  confidence: string;
  summary: string;
  cause: string;
  fixes: string[];
  evidence: string | null;
}

/** Everything one report page shows. */
export interface ReportModel {
  runId: string | null;
  runDir: string;
  simulated: boolean;
  /** Epoch milliseconds of time 0 on every chart. */
  originMs: number;
  startedAt: string | null;
  endedAt: string | null;
  exitCode: number | null;
  processes: ReportProcess[];
  cards: ReportCard[];
  timesSec: number[];
  /** How many samples each chart point stands for: 1, or more where a long run was thinned (each point the highest). */
  samplesPerPoint: number;
  series: Record<string, ProcessSeries>;
  /** Per card: what its own reading says is used beyond headroom's processes (null: not read). */
  cardOthers: Record<string, (number | null)[]>;
  marks: ReportMark[];
  summary: ReportSummaryRow[] | null;
  plan: { rows: ReportPlanRow[]; findings: { severity: string; code: string; message: string }[] } | null;
  diagnoses: ReportDiagnosis[];
  /** Where each process's log opens from the page (relative to the report, or a dashboard URL). */
  logHrefs: Record<string, string>;
  /** What the record's reader found missing or damaged, in sentences. */
  problems: string[];
}

/** The values one sample adds, for a live page to append (the same layout as the model's series). */
export interface ReportRow {
  timeSec: number;
  values: Record<string, Record<ProcessMetric, number | null>>;
  cardOthers: Record<string, number | null>;
}
