// Turning how a trial process ended into what the search needs: did the value fit? The reason
// comes from the one verdict (src/verdict/judge.ts, through the supervisor); this only maps it.
import { formatBytes } from '../units.js';
import { type ExitReason, isMemoryReason } from '../vocabulary.js';
import {
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
  /** Memory still rising when headroom stopped it (null: it was not, or nobody can tell). */
  rising: RisingMemory | null;
  peakBytes: Record<Resource, number | null>;
  /** Full limits (before the margin). */
  limits: readonly { resource: Resource; limitBytes: number }[];
  /** Share of each limit to keep free, 0..1. */
  marginFraction: number;
}

/** The trial's verdict for the search. */
export interface TrialVerdict {
  ok: boolean;
  outcome: TrialOutcome;
  reason: TrialReason;
  because: string;
  /** False when a pass was stopped while its memory was still rising. */
  isSettled: boolean;
}

const stoppedBecause = {
  'until-line': 'its output matched --until-line; headroom stopped it',
  'time-limit': 'it ran for --trial-seconds without a memory failure; headroom stopped it',
} as const;

function describeRising(rising: RisingMemory): string {
  return `its ${rising.resource} memory was still rising (+${formatBytes(rising.risingBytes)} over the last ${rising.windowSeconds.toFixed(1)} s): not settled, its peak is not its need`;
}

/** The trial's verdict: fit, over the margin, memory failure (too big), other failure, or interrupted. */
export function classifyTrial(end: TrialEnd): TrialVerdict {
  const { reason, because } = end;
  const settled = { isSettled: true };
  // Any memory failure is "too big" (a MemoryError included); so is headroom's own kill for memory.
  if (isMemoryReason(reason) || (reason === 'killed-by-headroom' && end.memoryKill !== null))
    return { ok: false, outcome: 'memory', reason, because, ...settled };
  if (reason === 'interrupted' && end.stoppedBy === null)
    return { ok: false, outcome: 'interrupted', reason, because, ...settled };
  if (reason !== 'exited' && reason !== 'interrupted')
    return { ok: false, outcome: 'other', reason, because, ...settled };
  const stoppedBy = reason === 'interrupted' ? end.stoppedBy : null;
  const rising = stoppedBy ? end.rising : null;
  const isSettled = rising === null;
  const passedAs: TrialReason = stoppedBy ?? 'exited';
  const passedBecause = [
    stoppedBy ? stoppedBecause[stoppedBy] : because,
    rising ? describeRising(rising) : null,
  ]
    .filter(Boolean)
    .join('; ');
  for (const { resource, limitBytes } of end.limits) {
    const peakBytes = end.peakBytes[resource];
    const usableBytes = usableBytesOf(limitBytes, end.marginFraction);
    if (peakBytes === null || peakBytes <= usableBytes) continue;
    // Nothing enforced the limit (a declared card larger than the real one, say): over it is too big.
    if (end.marginFraction === 0) {
      const over = `its ${resource} peak ${formatBytes(peakBytes)} is over the limit of ${formatBytes(limitBytes)}`;
      return { ok: false, outcome: 'memory', reason: 'over-limit', because: over, isSettled };
    }
    const margin = `${Number((end.marginFraction * 100).toFixed(1))}% margin`;
    const over = [
      `it ran, but its ${resource} peak ${formatBytes(peakBytes)} is over ${formatBytes(usableBytes)} (the ${margin} of ${formatBytes(limitBytes)} kept free)`,
      rising ? describeRising(rising) : null,
    ]
      .filter(Boolean)
      .join('; ');
    return { ok: false, outcome: 'over-margin', reason: 'over-margin', because: over, isSettled };
  }
  return { ok: true, outcome: 'pass', reason: passedAs, because: passedBecause, isSettled };
}
