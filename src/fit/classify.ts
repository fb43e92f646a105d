// Turning how a trial process ended into what the search needs: did the value fit?
import type { ExitReason } from '../supervise/types.js';
import { formatBytes } from '../units.js';
import type { Resource, TrialOutcome, TrialReason } from './types.js';

/** Reasons the supervisor gives for a memory failure: host OOM kill, GPU OOM text, headroom's own memory kill. */
export const memoryReasons: readonly ExitReason[] = ['oom-killed', 'gpu-oom', 'killed-by-headroom'];

/** What is known about one ended trial. */
export interface TrialEnd {
  reason: ExitReason;
  because: string;
  /** Set when headroom stopped a healthy trial on purpose. */
  stoppedBy: 'until-line' | 'time-limit' | null;
  peakBytes: Record<Resource, number | null>;
  /** Full limits (before the margin). */
  limits: readonly { resource: Resource; limitBytes: number }[];
  /** Share of each limit to keep free, 0..1. */
  marginFraction: number;
}

/** The trial's verdict: pass, memory failure (the value is too big), other failure, or interrupted. */
export function classifyTrial(end: TrialEnd): {
  ok: boolean;
  outcome: TrialOutcome;
  reason: TrialReason;
  because: string;
} {
  const { reason, because } = end;
  if (memoryReasons.includes(reason)) return { ok: false, outcome: 'memory', reason, because };
  if (reason === 'interrupted' && end.stoppedBy === null)
    return { ok: false, outcome: 'interrupted', reason, because };
  if (reason !== 'exited' && reason !== 'interrupted')
    return { ok: false, outcome: 'other', reason, because };
  const passedAs: TrialReason = reason === 'interrupted' && end.stoppedBy ? end.stoppedBy : 'exited';
  const passedBecause =
    passedAs === 'until-line'
      ? 'its output matched --until-line; headroom stopped it'
      : passedAs === 'time-limit'
        ? 'it ran for --trial-seconds without a memory failure; headroom stopped it'
        : because;
  for (const { resource, limitBytes } of end.limits) {
    const peakBytes = end.peakBytes[resource];
    const usableBytes = Math.floor(limitBytes * (1 - end.marginFraction));
    if (peakBytes !== null && peakBytes > usableBytes) {
      // Nothing enforced the limit (a declared card larger than the real one, say): over it is too big.
      if (end.marginFraction === 0) {
        const over = `its ${resource} peak ${formatBytes(peakBytes)} is over the limit of ${formatBytes(limitBytes)}`;
        return { ok: false, outcome: 'memory', reason: 'over-limit', because: over };
      }
      const margin = `${Number((end.marginFraction * 100).toFixed(1))}% margin`;
      const over = `its ${resource} peak ${formatBytes(peakBytes)} is over ${formatBytes(usableBytes)} (the ${margin} of ${formatBytes(limitBytes)} kept free)`;
      return { ok: false, outcome: 'memory', reason: 'over-margin', because: over };
    }
  }
  return { ok: true, outcome: 'pass', reason: passedAs, because: passedBecause };
}
