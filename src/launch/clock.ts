// The real clock; tests pass their own.
import { setTimeout as delay } from 'node:timers/promises';
import type { Clock } from './types.js';

/** Wall-clock timestamps, monotonic waits, and timer sleeps (libuv's timers are monotonic) that end early on abort. */
export const realClock: Clock = {
  now: () => Date.now(),
  monotonicMs: () => performance.now(),
  sleep: async (ms, signal) => {
    if (signal?.aborted) return;
    try {
      await delay(ms, undefined, { signal });
    } catch {
      // Aborted: the caller checks its signal.
    }
  },
};

/** Waits until `isDone()` holds or `timeoutMs` passes, checking every `pollMs`; returns isDone(). */
export async function waitUntil(options: {
  isDone: () => boolean;
  timeoutMs: number;
  pollMs: number;
  clock: Clock;
  /** Aborting ends the wait early (returning isDone()). */
  cancel?: AbortSignal;
}): Promise<boolean> {
  const { isDone, timeoutMs, pollMs, clock } = options;
  const deadline = clock.monotonicMs() + timeoutMs;
  while (!isDone()) {
    if (clock.monotonicMs() >= deadline || options.cancel?.aborted) return false;
    await clock.sleep(Math.min(pollMs, Math.max(1, deadline - clock.monotonicMs())));
  }
  return true;
}
