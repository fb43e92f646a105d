// What the fit search works on: trials, what a strategy sees of them, and the strategy interface.
import type { ExitReason } from '../supervise/types.js';

/** Memory that bounds a trial: host RAM (a cgroup limit) or one GPU's budget. */
export type Resource = 'host' | 'gpu';

/** One limit the search must stay under, with the margin already taken off. */
export interface ResourceLimit {
  resource: Resource;
  limitBytes: number;
}

/** One finished trial as a strategy sees it: the value, whether it fit, and its measured peaks. */
export interface Observation {
  value: number;
  isPass: boolean;
  peakBytes: Record<Resource, number | null>;
}

/** The range a strategy may propose from, and the memory limits it may reason about. */
export interface SearchBounds {
  minValue: number;
  maxValue: number;
  /** Empty when nothing bounds the command (then no memory model can predict the limit). */
  limits: ResourceLimit[];
}

/** The strategies by name (`--strategy`). */
export type StrategyName = 'guided' | 'power' | 'binsearch' | 'halving';

/** A search strategy: a plain object that proposes the next value from the history, or undefined when done. */
export interface Strategy {
  name: StrategyName;
  /** One line for help and reports. */
  summary: string;
  next(history: readonly Observation[], bounds: SearchBounds): number | undefined;
}

/** How a trial ended, for the search: fit, ran out of memory (or over the margin), failed otherwise, or was interrupted. */
export type TrialOutcome = 'pass' | 'memory' | 'other' | 'interrupted';

/**
 * Why a trial ended: the supervisor's reason (`exited`, `oom-killed`, `gpu-oom`, ...), or
 * `until-line` / `time-limit` when headroom stopped a healthy trial on purpose, or
 * `over-margin` when it ran but its peak ate into the margin (`over-limit` with no margin:
 * nothing enforced the limit, and the peak went past it).
 */
export type TrialReason = ExitReason | 'until-line' | 'time-limit' | 'over-margin' | 'over-limit';

/** One trial as the report shows it (the JSON contract's `trials[]`, plus a few fields). */
export interface TrialRecord {
  value: number;
  ok: boolean;
  reason: TrialReason;
  peakHostBytes: number | null;
  peakGpuBytes: number | null;
  seconds: number;
  /** The trial cgroup's own peak (page cache included); null without a cgroup. */
  peakCgroupBytes?: number | null;
  outcome: TrialOutcome;
  /** The evidence in one sentence. */
  because: string;
  /** The trial's run record, when it ran through the supervisor. */
  runDir?: string;
  /** The last lines it printed, kept for failures. */
  outputTail?: string[];
}

/**
 * The host memory a trial was charged for, as well as it can be told: the smaller of Σ PSS + swap
 * (which also counts shared library pages charged to other cgroups) and the cgroup's own peak
 * (which also counts reclaimable page cache). The OOM killer acts on neither excess.
 */
export function hostNeedBytes(trial: Pick<TrialRecord, 'peakHostBytes' | 'peakCgroupBytes'>): number | null {
  const { peakHostBytes, peakCgroupBytes } = trial;
  if (peakHostBytes === null || peakCgroupBytes === undefined || peakCgroupBytes === null)
    return peakHostBytes;
  return Math.min(peakHostBytes, peakCgroupBytes);
}
