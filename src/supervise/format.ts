// Small text helpers for event messages.

/** `500 ms`, `10 s`, `1.5 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}
