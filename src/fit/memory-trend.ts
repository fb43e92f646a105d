// Was a trial's memory still rising when headroom stopped it? Read from the samples the supervisor
// took during the trial: the peak of the last quarter of the trial against the peak before it.
// And did it climb for the whole trial, at a rate that does not slow down: a leak, which no longer
// trial settles. doctor reads a run record's samples with the same judge.
// Host memory is judged on the tree's own memory where the sample has it (anonymous + shmem + swap:
// tree-memory.ts ownBytes), not on its PSS: PSS also counts the tree's share of file-backed pages
// (torch's libraries), which moves whenever a process outside the tree mapping the same files starts
// or exits, so a steady trial beside others "rose". Clean file pages are reclaimable and not what
// the kernel's OOM killer ends a process for; the peaks and limits stay on PSS (trial-stop.ts).
import type { MemoryLeak, Resource, RisingMemory } from './types.js';

/** One sample of a trial's memory, as the supervisor's status updates give it. */
export interface MemorySample {
  atMs: number;
  hostBytes: number | null;
  /**
   * The tree's own memory at the same sample (anonymous + shmem + swap, no file-backed pages); absent
   * or null: hostBytes stands in. Whether host memory rises or has levelled off is judged on it.
   */
  ownHostBytes?: number | null;
  gpuBytes: number | null;
  /** The trial process's CPU time so far (user + system, its reaped children too), when read: its progress. */
  cpuMs?: number | null;
}

/** The share of the trial, at its end, whose peak is compared with the peak before it. */
export const windowFraction = 0.25;
/** Growth in the window that counts as rising: this share of the earlier peak... */
export const risingFraction = 0.01;
/** ...and at least this many bytes (sampling jitter of a steady process stays under it). */
export const minRisingBytes = 2 * 2 ** 20;
/** Fewer samples than this say nothing about a trend. */
export const minSamples = 4;

/** The bytes a sample's trend is judged on: host memory by the tree's own where it was read. */
export function trendBytesOf(sample: MemorySample, resource: Resource): number | null {
  if (resource === 'gpu') return sample.gpuBytes;
  return sample.hostBytes === null ? null : (sample.ownHostBytes ?? sample.hostBytes);
}

function seriesOf(samples: readonly MemorySample[], resource: Resource) {
  return samples.flatMap((s) => {
    const bytes = trendBytesOf(s, resource);
    return bytes === null ? [] : [{ atMs: s.atMs, bytes }];
  });
}

function risingOf(samples: readonly MemorySample[], resource: Resource): RisingMemory | null {
  const series = seriesOf(samples, resource);
  if (series.length < minSamples) return null;
  const startMs = series[0]?.atMs ?? 0;
  const endMs = series.at(-1)?.atMs ?? 0;
  const windowStartMs = endMs - (endMs - startMs) * windowFraction;
  const before = series.filter((s) => s.atMs < windowStartMs);
  // The window holds two samples at least, so one late sample does not decide it.
  const window = series.slice(Math.min(before.length, series.length - 2));
  const earlier = series.slice(0, series.length - window.length);
  if (earlier.length === 0) return null;
  const earlierPeak = Math.max(...earlier.map((s) => s.bytes));
  const windowPeak = Math.max(...window.map((s) => s.bytes));
  const risingBytes = windowPeak - earlierPeak;
  if (risingBytes <= Math.max(risingFraction * earlierPeak, minRisingBytes)) return null;
  const windowSeconds = (endMs - (earlier.at(-1)?.atMs ?? endMs)) / 1000;
  return { resource, risingBytes, windowSeconds };
}

/** What was still rising at the end of the samples (GPU first, then host), or null when neither was. */
export function findRisingMemory(samples: readonly MemorySample[]): RisingMemory | null {
  return risingOf(samples, 'gpu') ?? risingOf(samples, 'host');
}

/** Quarters of the trial whose peaks must each rise for a leak. */
const leakQuarters = 4;
/** A leak's samples: at least this many (two per quarter). */
export const minLeakSamples = 8;
/** The last quarter's rise must be at least this share of the quarters' mean rise: no levelling off. */
const notSlowingFraction = 0.5;

// Least-squares slope of bytes over time, in bytes per second.
function slopePerSecond(points: readonly { atMs: number; bytes: number }[]): number {
  const n = points.length;
  const meanT = points.reduce((sum, p) => sum + p.atMs, 0) / n;
  const meanB = points.reduce((sum, p) => sum + p.bytes, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const p of points) {
    covariance += (p.atMs - meanT) * (p.bytes - meanB);
    variance += (p.atMs - meanT) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 1000;
}

function leakOf(samples: readonly MemorySample[], resource: Resource): MemoryLeak | null {
  const series = seriesOf(samples, resource);
  if (series.length < minLeakSamples) return null;
  const startMs = series[0]!.atMs;
  const spanMs = series.at(-1)!.atMs - startMs;
  if (spanMs <= 0) return null;
  const quarters = Array.from({ length: leakQuarters }, (_, q) =>
    series.filter((s) => {
      const at = (s.atMs - startMs) / spanMs;
      return q === leakQuarters - 1
        ? at >= q / leakQuarters
        : at >= q / leakQuarters && at < (q + 1) / leakQuarters;
    }),
  );
  if (quarters.some((quarter) => quarter.length === 0)) return null;
  const peaks = quarters.map((quarter) => Math.max(...quarter.map((s) => s.bytes)));
  const rises = peaks.slice(1).map((peak, i) => peak - peaks[i]!);
  const threshold = Math.max(risingFraction * 0.5 * peaks[0]!, minRisingBytes / 2);
  if (rises.some((rise) => rise <= threshold)) return null;
  const meanRise = rises.reduce((a, b) => a + b, 0) / rises.length;
  if (rises.at(-1)! < notSlowingFraction * meanRise) return null;
  // The rate after start-up: from the second quarter on.
  const bytesPerSecond = Math.round(slopePerSecond(quarters.slice(1).flat()));
  if (bytesPerSecond <= 0) return null;
  return {
    resource,
    bytesPerSecond,
    risingBytes: peaks.at(-1)! - peaks[0]!,
    seconds: Math.round(spanMs) / 1000,
  };
}

/**
 * Memory that climbed for the whole of the samples, each quarter's peak over the last and the last
 * rise not slowing down (no plateau in sight): a leak, with its rate. GPU first, then host; null
 * when neither climbed so.
 */
export function findLeak(samples: readonly MemorySample[]): MemoryLeak | null {
  return leakOf(samples, 'gpu') ?? leakOf(samples, 'host');
}
