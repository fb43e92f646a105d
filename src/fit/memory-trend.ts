// Was a trial's memory still rising when headroom stopped it? Read from the samples the supervisor
// took during the trial: the peak of the last quarter of the trial against the peak before it.
import type { Resource, RisingMemory } from './types.js';

/** One sample of a trial's memory, as the supervisor's status updates give it. */
export interface MemorySample {
  atMs: number;
  hostBytes: number | null;
  gpuBytes: number | null;
}

/** The share of the trial, at its end, whose peak is compared with the peak before it. */
export const windowFraction = 0.25;
/** Growth in the window that counts as rising: this share of the earlier peak... */
export const risingFraction = 0.01;
/** ...and at least this many bytes (sampling jitter of a steady process stays under it). */
export const minRisingBytes = 2 * 2 ** 20;
/** Fewer samples than this say nothing about a trend. */
export const minSamples = 4;

function risingOf(samples: readonly MemorySample[], resource: Resource): RisingMemory | null {
  const series = samples.flatMap((s) => {
    const bytes = resource === 'host' ? s.hostBytes : s.gpuBytes;
    return bytes === null ? [] : [{ atMs: s.atMs, bytes }];
  });
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
