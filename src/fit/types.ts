// What the fit search works on: trials, what a strategy sees of them, and the strategy interface.
import type { ExitReason } from '../vocabulary.js';
import type { AddressSpace } from './address-space.js';
import type { FailedRank } from './launcher.js';
import type { EarlyStop } from './trial-stop.js';

/** Memory that bounds a trial: host RAM (a cgroup limit) or one GPU's budget. */
export type Resource = 'host' | 'gpu';

/** What a limit leaves for a value once the margin (a share, 0..1) is kept free: whole bytes, rounded down. */
export function usableBytesOf(limitBytes: number, marginFraction: number): number {
  return Math.floor(limitBytes * (1 - marginFraction));
}

/**
 * Where a limit came from: a flag (--host-memory, --gpu), the card's size, fit's default host limit, or
 * the trial's own RLIMIT_AS (/proc/PID/limits) where it is tighter than the host limit.
 */
export type LimitSource = 'flag' | 'card' | 'default' | 'rlimit-as';

/** Where the room kept under a binding RLIMIT_AS at margin 0 came from (address-space.ts addressSpaceRoomFor). */
export type RoomSource = 'assumed' | 'measured';

/** One limit a trial runs under (the full limit: the margin is taken off where it applies). */
export interface ResourceLimit {
  resource: Resource;
  /** What a trial is judged against: under a binding RLIMIT_AS, the limit less the room kept (roomBytes). */
  limitBytes: number;
  source?: LimitSource;
  /** Taken off the source's limit before limitBytes (RLIMIT_AS at margin 0: runs of one value spread). */
  roomBytes?: number;
  roomSource?: RoomSource;
}

/**
 * One finished run of a value as a strategy sees it. `isPass`: it ran without a memory failure
 * (over the margin included); `isWithinMargin`: it passed and its peaks kept the margin free.
 * Peaks are null where they say nothing about the need: a memory failure (the peak is the limit)
 * or a trial stopped while its memory was still rising (a lower bound).
 */
export interface Observation {
  value: number;
  isPass: boolean;
  isWithinMargin: boolean;
  peakBytes: Record<Resource, number | null>;
  /** A fork of fit's warm interpreter: its address-space layout is its interpreter's (noise.ts). */
  isForked?: boolean;
}

/** The range a strategy may propose from, the limits it may reason about, and the margin. */
export interface SearchBounds {
  minValue: number;
  maxValue: number;
  /** Full limits; empty when nothing bounds the command (then no memory model can predict the limit). */
  limits: ResourceLimit[];
  /** Share of each limit to keep free at the recommended value, 0..1 (0 when omitted). */
  marginFraction?: number;
  /**
   * What a trial holds before its value takes effect (a warm start waiting at its gate, its imports
   * done): part of every value's need, so the memory line's intercept is at least this.
   */
  baseBytes?: Partial<Record<Resource, number>>;
}

/** The strategies by name (`--strategy`). */
export type StrategyName = 'guided' | 'power' | 'binsearch' | 'halving';

/** A search strategy: a plain object that proposes the next value from the history, or undefined when done. */
export interface Strategy {
  name: StrategyName;
  /** One line for help and reports. */
  summary: string;
  /** The next value to run; a value already tried is a repeat (only guided asks for one). */
  next(history: readonly Observation[], bounds: SearchBounds): number | undefined;
}

/**
 * How a trial ended, for the search: fit within the margin, ran fine but over the margin, ran out
 * of memory (too big), failed otherwise, or was interrupted.
 */
export type TrialOutcome = 'pass' | 'over-margin' | 'memory' | 'other' | 'interrupted';

/**
 * Why a trial ended: the one verdict's reason (`exited`, `oom-killed`, `gpu-oom`, `host-oom`, ...),
 * or `until-line` / `time-limit` when headroom stopped a healthy trial on purpose, `levelled-off`
 * when it stopped one whose memory had levelled off (its answer known), or
 * `over-margin` when it ran but its peak ate into the margin (`over-limit` with no margin:
 * nothing enforced the limit, and the peak went past it), `held-at-limit` when it ran only because the
 * kernel held its cgroup at the limit by reclaim while its need, by the memory line, was at the limit.
 */
export type TrialReason =
  | ExitReason
  | 'until-line'
  | 'time-limit'
  | 'levelled-off'
  | 'over-margin'
  | 'over-limit'
  | 'held-at-limit';

/** Memory still rising when headroom stopped a trial: by how much over the last part of the trial. */
export interface RisingMemory {
  resource: Resource;
  /** The peak of the last window less the peak before it. */
  risingBytes: number;
  windowSeconds: number;
}

/** Memory that climbed for a whole trial without levelling off, at `bytesPerSecond` after start-up. */
export interface MemoryLeak {
  resource: Resource;
  bytesPerSecond: number;
  /** The last quarter's peak less the first quarter's. */
  risingBytes: number;
  /** How long the samples span. */
  seconds: number;
}

/** A running trial's need past the limit it is judged against (margin 0): over-limit whatever followed, so headroom stopped it. */
export interface CrossedLimit {
  resource: Resource;
  needBytes: number;
  limitBytes: number;
}

/** One trial as the report shows it (the JSON contract's `trials[]`, plus a few fields). */
export interface TrialRecord {
  value: number;
  /** Fits: ran without a memory failure and kept the margin free. */
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
  /**
   * False when headroom stopped it (--trial-seconds, --until-line) while its memory was still
   * rising: its peak is not its need, and its pass is not proven. True otherwise.
   */
  isSettled?: boolean;
  /** What was still rising, when not settled. */
  rising?: RisingMemory | null;
  /** Memory climbed for the whole trial with no plateau (a leak), when it did; null when not. */
  leak?: MemoryLeak | null;
  /**
   * Set when headroom stopped the trial as soon as its answer was known: its memory levelled off
   * (a pass, or over the margin), or it went clearly over a limit nothing enforced (too big). Null otherwise.
   */
  stoppedEarly?: EarlyStop | null;
  /** Set when headroom stopped it as soon as its need passed the limit it is judged against (too big, known). */
  crossedLimit?: CrossedLimit;
  /** The rank a multi-rank trial failed on (--launcher): its RANK, LOCAL_RANK, PID and cause. */
  failedRank?: FailedRank | null;
  /** The trial's RLIMIT_AS and address-space peak (/proc/PID/limits, VmPeak), when it ran under one. */
  addressSpace?: AddressSpace | null;
  /** Set when the trial's process started before its value was known and waited at the gate this long (warm-start.ts). */
  warmStart?: { warmedSeconds: number };
  /** Set when the trial was a fork of fit's warm interpreter (imports paid once; warm-server.ts): the fork's PID, and why it could not join the trial's cgroup, if it could not. */
  forked?: { pid: number; problem?: string };
  /**
   * True when the trial's cgroup peak reached its host limit and it was not killed: the kernel reclaimed
   * (page cache) to keep it under, so its peak is the limit, not its need; it is no point on the memory line.
   */
  isHostPeakAtLimit?: boolean;
  /** True when this value had been run before (a repeat to measure the noise at the answer). */
  isRepeat?: boolean;
  /** True when it was the answer run once more as a fresh process, every run of it before being a fork (search.ts). */
  isFreshCheck?: boolean;
  /** What this trial added to what the search knows (the answer, the boundary, the line, the noise). */
  bought?: string;
  /** The trial's run record, when it ran through the supervisor. */
  runDir?: string;
  /** The last lines it printed, kept for failures. */
  outputTail?: string[];
}

/**
 * The host memory a trial was charged for, as well as it can be told (or, under an RLIMIT_AS that binds
 * first, its address-space peak): the smaller of Σ PSS + swap
 * (which also counts shared library pages charged to other cgroups) and the cgroup's own peak
 * (which also counts reclaimable page cache). The OOM killer acts on neither excess.
 */
export function hostNeedBytes(
  trial: Pick<TrialRecord, 'peakHostBytes' | 'peakCgroupBytes' | 'addressSpace'>,
): number | null {
  // Under an address-space limit that binds first, the need is the address space it reached, and the
  // heap it gave back while it ran (address-space.ts heapGivenBackBytes).
  const space = trial.addressSpace;
  if (space?.isHostLimit)
    return space.peakBytes === null ? null : space.peakBytes + (space.heapGivenBackBytes ?? 0);
  const { peakHostBytes, peakCgroupBytes } = trial;
  if (peakHostBytes === null || peakCgroupBytes === undefined || peakCgroupBytes === null)
    return peakHostBytes;
  return Math.min(peakHostBytes, peakCgroupBytes);
}
