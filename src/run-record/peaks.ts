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
 * own peak summed over its devices, summed over clients (each peaked on its own, so the sum bounds the
 * tree's peak from above; one client, the usual case, is exact). Null when no client wrote a line.
 */
export function exactGpuPeak(lines: readonly ExactPeak[]): GpuPeak | null {
  if (lines.length === 0) return null;
  const perClient = new Map<number, number>();
  for (const line of lines) {
    const bytes = line.devices.reduce((sum, device) => sum + device.peakBytes, 0);
    perClient.set(line.pid, (perClient.get(line.pid) ?? 0) + bytes);
  }
  const bytes = [...perClient.values()].reduce((sum, value) => sum + value, 0);
  const source = lines.some((line) => line.source === 'framework') ? 'framework' : 'simulated-card';
  return { bytes, source, clients: perClient.size };
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
  const clients = source === 'sampled' ? 0 : new Set((p.exactPeaks ?? []).map((line) => line.pid)).size;
  return { bytes: p.peakGpuBytes, source, clients };
}
