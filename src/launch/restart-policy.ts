// When a process that ended is started again, and after how long.
import type { RestartPolicy } from '../plan/types.js';
import type { ExitReason } from './types.js';

const firstBackoffMs = 1000;
const maxBackoffMs = 30_000;

/** Delay before restart number `restart` (1-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export function backoffMs(restart: number): number {
  return Math.min(maxBackoffMs, firstBackoffMs * 2 ** Math.max(0, restart - 1));
}

/**
 * An attempt that ran this long was healthy: the back-off starts again at its first delay (the
 * kubelet's rule, "after a container has run for 10 minutes without problems, the kubelet resets
 * the restart backoff timer": kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle).
 */
export const healthyRunMs = 10 * 60_000;

/** The back-off step (1-based, as backoffMs takes it) for the restart after an attempt of `durationMs`. */
export function nextBackoffStep(previousStep: number, durationMs: number, healthyMs = healthyRunMs): number {
  return durationMs >= healthyMs ? 1 : previousStep + 1;
}

/** Whether policy allows another start after an attempt that ended with `reason`. */
export function shouldRestart(options: {
  policy: RestartPolicy;
  reason: ExitReason;
  restarts: number;
  maxRestarts: number;
}): boolean {
  const { policy, reason, restarts, maxRestarts } = options;
  if (reason === 'interrupted' || restarts >= maxRestarts) return false;
  if (policy === 'always') return true;
  return policy === 'on-failure' && reason !== 'exited';
}
