// Turning how a trial process ended into what the search needs: did the value fit? The reason
// comes from the one verdict (src/verdict/judge.ts, through the supervisor); this only maps it.
import { formatBytes } from '../units.js';
import { type ExitReason, isMemoryReason } from '../vocabulary.js';
import type { EarlyStop } from './trial-stop.js';
import {
  type CrossedLimit,
  type MemoryLeak,
  type Resource,
  type RisingMemory,
  type TrialOutcome,
  type TrialReason,
  usableBytesOf,
} from './types.js';

/** What is known about one ended trial. */
export interface TrialEnd {
  reason: ExitReason;
  because: string;
  /** Set when headroom stopped a healthy trial on purpose. */
  stoppedBy: 'until-line' | 'time-limit' | null;
  /**
   * Set when headroom killed it for memory (its watchdog over the host limit, or `enforce: kill`
   * over the GPU budget): a `killed-by-headroom` that is about memory. Null otherwise.
   */
  memoryKill: Resource | null;
  /** Set when headroom stopped it as soon as its answer was known (trial-stop.ts). */
  earlyStop?: EarlyStop | null;
  /** Set when headroom stopped it once its need passed the limit it is judged against (margin 0): too big. */
  crossedLimit?: CrossedLimit | null;
  /** Memory still rising when headroom stopped it (null: it was not, or nobody can tell). */
  rising: RisingMemory | null;
  /** Memory that climbed for the whole trial without levelling off (memory-trend.ts findLeak). */
  leak?: MemoryLeak | null;
  peakBytes: Record<Resource, number | null>;
  /** Full limits (before the margin). */
  limits: readonly { resource: Resource; limitBytes: number }[];
  /** Share of each limit to keep free, 0..1. */
  marginFraction: number;
  /** Set when the trial's cgroup peak reached its host limit and the kernel held it there (it was not killed). */
  heldAtLimit?: HeldAtLimit | null;
  /**
   * Under a binding RLIMIT_AS: the heap the run had given back before its peak, counted in its host
   * peak (address-space.ts heapGivenBackBytes), so a peak over the limit says it.
   */
  heapGivenBackBytes?: number | null;
}

/** A trial whose cgroup the kernel held at its limit by reclaiming page cache, with what the line expected of it. */
export interface HeldAtLimit {
  limitBytes: number;
  /** The memory line's need for the value (null: no line yet). */
  expectedBytes: number | null;
  /** The search's noise, a share of the limit (noise.ts). */
  noiseFraction: number;
}

/**
 * Whether a run held at its cgroup limit was held there by its own need: the memory line puts the
 * value's need within the noise of the limit. It ran only on page cache the kernel could still drop,
 * so it kept no room, and every larger value needs more (CNN at 900 MiB: 127 ran held at the limit,
 * 128 to 130 ran or were killed from one run to the next, bench/fit-vs-lightning.limits.json's spread).
 * Without a line, or with a need well under the limit (a data set's page cache filling the group), it
 * is an ordinary pass.
 */
export function isNeedAtLimit(held: HeldAtLimit): boolean {
  return held.expectedBytes !== null && held.expectedBytes >= held.limitBytes * (1 - held.noiseFraction);
}

function describeHeldAtLimit(held: HeldAtLimit): string {
  return `it ran, but its cgroup was held at its limit of ${formatBytes(held.limitBytes)} by reclaim (the memory line puts its need at ${formatBytes(held.expectedBytes ?? 0)}, within the noise of the limit): no room kept, and every larger value needs more`;
}

/** The trial's verdict for the search. */
export interface TrialVerdict {
  ok: boolean;
  outcome: TrialOutcome;
  reason: TrialReason;
  because: string;
  /** False when a pass was stopped while its memory was still rising. */
  isSettled: boolean;
  /** What was still rising when it was stopped (a leak counts), when not settled. */
  rising?: RisingMemory | null;
}

const stoppedBecause = {
  'until-line': 'its output matched --until-line; headroom stopped it',
  'time-limit': 'it ran for --trial-seconds without a memory failure; headroom stopped it',
} as const;

function describeRising(rising: RisingMemory): string {
  return `its ${rising.resource} memory was still rising (+${formatBytes(rising.risingBytes)} over the last ${rising.windowSeconds.toFixed(1)} s): not settled, its peak is not its need`;
}

/** "host memory climbed 24.0 MiB/s for the whole trial (+96.0 MiB in 4.0 s), with no plateau: a leak" */
export function describeLeak(leak: MemoryLeak): string {
  return `its ${leak.resource} memory climbed ${formatBytes(leak.bytesPerSecond)}/s for the whole trial (+${formatBytes(leak.risingBytes)} in ${leak.seconds.toFixed(1)} s) with no plateau: a leak, which a longer --trial-seconds will not settle`;
}

/** "its host memory levelled off at 1.2 GiB (the memory line's 1.19 GiB) for 1.4 s; headroom stopped it: …" */
export function describeEarlyStop(stop: EarlyStop): string {
  const line = stop.expectedBytes === null ? '' : ` (the memory line's ${formatBytes(stop.expectedBytes)})`;
  return `its ${stop.resource} memory levelled off at ${formatBytes(stop.levelBytes)}${line} for ${stop.levelSeconds.toFixed(1)} s; headroom stopped it: its answer was known`;
}

// Stopped by headroom once its memory levelled off: a pass, or over the margin (its peak is compared
// with the margin as for a run that ended on its own).
function classifyEarlyStop(end: TrialEnd, stop: EarlyStop): TrialVerdict {
  const because = describeEarlyStop(stop);
  const verdict = classifyTrial({
    ...end,
    earlyStop: null,
    stoppedBy: null,
    rising: null,
    reason: 'exited',
    because,
  });
  return verdict.outcome === 'pass' ? { ...verdict, reason: 'levelled-off' } : verdict;
}

/** The trial's verdict: fit, over the margin, memory failure (too big), other failure, or interrupted. */
export function classifyTrial(end: TrialEnd): TrialVerdict {
  const { reason, because } = end;
  const settled = { isSettled: true };
  // Any memory failure is "too big" (a MemoryError included); so is headroom's own kill for memory.
  const leak = end.leak ?? null;
  if (isMemoryReason(reason) || (reason === 'killed-by-headroom' && end.memoryKill !== null)) {
    // Climbing all the way to the failure: what ran out may be the leak rather than the value.
    const why = leak
      ? `${because}; before that, ${describeLeak(leak).replace(', which a longer --trial-seconds will not settle', ' that may be what ran out, not the value')}`
      : because;
    return { ok: false, outcome: 'memory', reason, because: why, ...settled };
  }
  if (reason === 'interrupted' && end.earlyStop) return classifyEarlyStop(end, end.earlyStop);
  // Stopped past the limit it is judged against: its peaks say so, as for a run that ended on its own.
  if (reason === 'interrupted' && end.crossedLimit) {
    const verdict = classifyTrial({
      ...end,
      crossedLimit: null,
      stoppedBy: null,
      rising: null,
      reason: 'exited',
    });
    return verdict.ok ? { ok: false, outcome: 'interrupted', reason, because, ...settled } : verdict;
  }
  if (reason === 'interrupted' && end.stoppedBy === null)
    return { ok: false, outcome: 'interrupted', reason, because, ...settled };
  if (reason !== 'exited' && reason !== 'interrupted')
    return { ok: false, outcome: 'other', reason, because, ...settled };
  const stoppedBy = reason === 'interrupted' ? end.stoppedBy : null;
  // A leak is still rising by definition, even where the last quarter alone does not show it.
  const rising =
    stoppedBy === null
      ? null
      : (end.rising ??
        (leak
          ? { resource: leak.resource, risingBytes: leak.risingBytes, windowSeconds: leak.seconds }
          : null));
  const isSettled = rising === null;
  const passedAs: TrialReason = stoppedBy ?? 'exited';
  const passedBecause = [
    stoppedBy ? stoppedBecause[stoppedBy] : because,
    rising ? describeRising(rising) : null,
    rising && leak ? describeLeak(leak) : null,
  ]
    .filter(Boolean)
    .join('; ');
  for (const { resource, limitBytes } of end.limits) {
    const peakBytes = end.peakBytes[resource];
    const usableBytes = usableBytesOf(limitBytes, end.marginFraction);
    if (peakBytes === null || peakBytes <= usableBytes) continue;
    const heap = resource === 'host' ? (end.heapGivenBackBytes ?? 0) : 0;
    const peakSaid =
      heap > 0
        ? `address-space peak ${formatBytes(peakBytes - heap)} and the ${formatBytes(heap)} its heap had given back before it (a run that gives it back after its largest allocation holds it there), ${formatBytes(peakBytes)},`
        : `${resource} peak ${formatBytes(peakBytes)}`;
    // Nothing enforced the limit (a declared card larger than the real one, say), or it ran but another
    // run would not (its heap given back late): over it is too big.
    if (end.marginFraction === 0) {
      const over = `${heap > 0 ? 'it ran, but ' : ''}its ${peakSaid} is over the limit of ${formatBytes(limitBytes)}`;
      return { ok: false, outcome: 'memory', reason: 'over-limit', because: over, isSettled, rising };
    }
    const margin = `${Number((end.marginFraction * 100).toFixed(1))}% margin`;
    const over = [
      `it ran, but its ${peakSaid} is over ${formatBytes(usableBytes)} (the ${margin} of ${formatBytes(limitBytes)} kept free)`,
      rising ? describeRising(rising) : null,
      rising && leak ? describeLeak(leak) : null,
    ]
      .filter(Boolean)
      .join('; ');
    return { ok: false, outcome: 'over-margin', reason: 'over-margin', because: over, isSettled, rising };
  }
  if (isSettled && end.heldAtLimit && isNeedAtLimit(end.heldAtLimit)) {
    const because = describeHeldAtLimit(end.heldAtLimit);
    return { ok: false, outcome: 'over-margin', reason: 'held-at-limit', because, isSettled, rising };
  }
  return { ok: true, outcome: 'pass', reason: passedAs, because: passedBecause, isSettled, rising };
}
