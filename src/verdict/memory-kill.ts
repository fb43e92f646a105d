// Which memory headroom killed a process over, from the run's events: one judge for fit's trials
// (live events) and doctor RUN_DIR (events.jsonl). Event types are the supervisor's
// (src/supervise/sampler.ts). Pure.

/** The memory headroom killed a process over: its host limit (the watchdog) or its GPU budget. */
export type HeadroomMemoryKill = 'host' | 'gpu';

/**
 * The memory kill an event records, null for any other event: `watchdog-kill` is the host limit;
 * `enforce-kill` the GPU budget, as is `gpu-over-budget` under enforce: kill (records written
 * before the supervisor wrote enforce-kill). Decided on the event's type, never on its message,
 * which holds the process's name (a process named `host-agent` says "host").
 */
export function memoryKillOf(event: { type: string; enforce?: unknown }): HeadroomMemoryKill | null {
  if (event.type === 'watchdog-kill') return 'host';
  if (event.type === 'enforce-kill') return 'gpu';
  if (event.type === 'gpu-over-budget' && event.enforce === 'kill') return 'gpu';
  return null;
}
