// What an event of events.jsonl means to an observer: one judge for the report's markers, the
// dashboard and the /metrics counters. Event types are the supervisor's (src/supervise/types.ts).

/** The kinds of moment the report marks on its time axis and /metrics counts. */
export type EventMark =
  | 'start'
  | 'ready'
  | 'restart'
  | 'oom-kill'
  | 'gpu-oom'
  | 'budget-exceeded'
  | 'headroom-kill'
  | 'exit'
  | 'warning'
  | 'other';

/** Short words for each mark, as the report's legend shows them. */
export const markLabels: Record<EventMark, string> = {
  start: 'start',
  ready: 'ready',
  restart: 'restart',
  'oom-kill': 'OOM kill',
  'gpu-oom': 'GPU OOM',
  'budget-exceeded': 'over budget',
  'headroom-kill': 'killed by headroom',
  exit: 'exit',
  warning: 'warning',
  other: 'event',
};

/**
 * The mark of one event. An OOM kill is `oom-kill` (record version 2) or `oom` with kind host (version 1);
 * a GPU OOM is the exit the verdict calls `gpu-oom` (version 2) or `oom` with kind gpu, seen in the
 * output before the exit (version 1, which also wrote the exit: count one per start).
 */
export function markOf(event: { type: string; kind?: unknown; reason?: unknown }): EventMark {
  switch (event.type) {
    case 'spawn':
      return 'start';
    case 'ready':
      return 'ready';
    case 'restart':
      return 'restart';
    case 'oom-kill':
      return 'oom-kill';
    case 'oom':
      return event.kind === 'gpu' ? 'gpu-oom' : 'oom-kill';
    case 'gpu-over-budget':
      return 'budget-exceeded';
    case 'watchdog-kill':
    case 'enforce-kill':
      return 'headroom-kill';
    case 'exit':
      return event.reason === 'gpu-oom' ? 'gpu-oom' : 'exit';
    case 'warning':
      return 'warning';
    default:
      return 'other';
  }
}
