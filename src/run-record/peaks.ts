// Which peak a record presents, and where it came from (issue #21): exact figures (a framework's own
// counters, the simulated card's record, the cgroup's own maximum) before samples. Pure: the supervisor
// uses it to write summary.json; doctor, report and `plan --from-run` use it to read records, old ones too.
import type { ExactPeak, PeakSource, ProcessSummary } from './schema.js';

/** A peak and where it came from. */
export interface SourcedPeak {
  bytes: number;
  source: PeakSource;
}

/** A GPU peak; `clients` is how many processes' exact peaks are summed in it (0 when sampled). */
export interface GpuPeak extends SourcedPeak {
  clients: number;
}

/** How each source is named beside a figure, for people. */
export function describePeakSource(source: PeakSource, sampleIntervalMs?: number): string {
  switch (source) {
    case 'framework':
      return "the framework's own peak counter";
    case 'simulated-card':
      return "the simulated card's exact record";
    case 'cgroup':
      return "the cgroup's own maximum (what host_memory limits, page cache included)";
    case 'sampled':
      return sampleIntervalMs === undefined
        ? "headroom's samples (a spike between two samples is missed)"
        : `headroom's samples every ${sampleIntervalMs} ms (a spike between two samples is missed)`;
  }
}

/**
 * The exact GPU peak of one attempt's tree from the lines its GPU clients wrote at exit: each client's
 * own peak summed over its devices; over clients, the largest sum of those alive at one moment (each
 * peaked at some time in its life, so that sum bounds the tree's peak from above; one client, the usual
 * case, is exact). Clients that ran one after another (joblib's workers, a restarted actor) are not
 * summed; a line without `started` (older records) is taken as alive from the start. Null when no client
 * wrote a line.
 */
export function exactGpuPeak(lines: readonly ExactPeak[]): GpuPeak | null {
  if (lines.length === 0) return null;
  const clients = new Map<number, { bytes: number; startMs: number; endMs: number }>();
  for (const line of lines) {
    const bytes = line.devices.reduce((sum, device) => sum + device.peakBytes, 0);
    const startMs = line.started === undefined ? Number.NEGATIVE_INFINITY : timeMs(line.started, -Infinity);
    const endMs = timeMs(line.time, Number.POSITIVE_INFINITY);
    const client = clients.get(line.pid);
    if (client) {
      client.bytes += bytes;
      client.startMs = Math.min(client.startMs, startMs);
      client.endMs = Math.max(client.endMs, endMs);
    } else clients.set(line.pid, { bytes, startMs, endMs });
  }
  // The most that was alive at once is reached at some client's start: sum those alive then.
  let best = { bytes: -1, clients: 0 };
  for (const at of clients.values()) {
    // Stamps are whole milliseconds, cut down: a client's end may read up to 1 ms early.
    const alive = [...clients.values()].filter((c) => c.startMs <= at.startMs && at.startMs <= c.endMs + 1);
    const bytes = alive.reduce((sum, c) => sum + c.bytes, 0);
    if (bytes > best.bytes) best = { bytes, clients: alive.length };
  }
  const source = lines.some((line) => line.source === 'framework') ? 'framework' : 'simulated-card';
  return { bytes: best.bytes, source, clients: best.clients };
}

/** An ISO time in ms; one that does not read counts as `otherwise` (the widest life: summed as before). */
function timeMs(text: string, otherwise: number): number {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? otherwise : ms;
}

/** The better of two attempts' peaks: the higher one (a process's peak is its highest over attempts). */
export function higherGpuPeak(a: GpuPeak | null, b: GpuPeak | null): GpuPeak | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.bytes > a.bytes ? b : a;
}

/** A summary line's host peak and its source; a record from before sources were written was sampled. */
export function hostPeakOf(p: Pick<ProcessSummary, 'peakHostBytes' | 'peakHostSource'>): SourcedPeak {
  return { bytes: p.peakHostBytes, source: p.peakHostSource ?? 'sampled' };
}

/** A summary line's GPU peak and its source; null when nothing measured it. */
export function gpuPeakOf(
  p: Pick<ProcessSummary, 'peakGpuBytes' | 'peakGpuSource' | 'exactPeaks'>,
): GpuPeak | null {
  if (p.peakGpuBytes === null) return null;
  const source = p.peakGpuSource ?? 'sampled';
  if (source === 'sampled') return { bytes: p.peakGpuBytes, source, clients: 0 };
  // Attempts run one after another, so over all of them the peak's clients are those alive together.
  const lines = p.exactPeaks ?? [];
  const exact = exactGpuPeak(lines);
  const clients =
    exact?.bytes === p.peakGpuBytes ? exact.clients : new Set(lines.map((line) => line.pid)).size;
  return { bytes: p.peakGpuBytes, source, clients };
}
