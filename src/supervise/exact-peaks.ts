// The peaks a process's summary presents (issue #21): the exact GPU peaks its clients appended to
// peaks.jsonl at exit, folded attempt by attempt, and the host peak from what its limit measures.
import { exactGpuPeak, higherGpuPeak } from '../run-record/peaks.js';
import { readExactPeaks } from '../run-record/reader.js';
import type { ProcessSummary } from '../run-record/schema.js';
import type { LiveProcess, RunContext } from './run-context.js';

/** After an attempt: the lines its clients wrote (those not yet folded) become that attempt's exact peak. */
export async function foldExactPeaks(context: RunContext, live: LiveProcess): Promise<void> {
  let lines: Awaited<ReturnType<typeof readExactPeaks>>;
  try {
    lines = await readExactPeaks(context.record.runDir);
  } catch (error) {
    // The children write peaks.jsonl: one made a link or a FIFO costs the exact peaks, never the run.
    const why = (error as Error).message;
    context.event('warning', live.spec.name, `exact peaks not read (${why}); the sampled peaks stand`);
    return;
  }
  const mine = lines.filter((line) => line.process === live.spec.name);
  const fresh = mine.slice(live.exactPeaks.length);
  live.exactPeaks.push(...fresh);
  live.exactGpuPeak = higherGpuPeak(live.exactGpuPeak, exactGpuPeak(fresh));
}

type PeakFields = Pick<
  ProcessSummary,
  | 'peakHostBytes'
  | 'peakHostSource'
  | 'sampledHost'
  | 'peakGpuBytes'
  | 'peakGpuSource'
  | 'peakSampledGpuBytes'
  | 'exactPeaks'
>;

/** The summary's peaks, each with its source; the sampled figures kept beside them, labelled. */
export function summarizePeaks(options: {
  live: LiveProcess;
  peakCgroupBytes: number | null;
  isOomKilled: boolean;
  sampleIntervalMs: number;
}): PeakFields {
  const { live, peakCgroupBytes } = options;
  const sampled = live.peakSampledHostBytes;
  let host: { bytes: number; source: 'cgroup' | 'sampled' } = { bytes: sampled, source: 'sampled' };
  if (peakCgroupBytes !== null && live.hostEnforcement === 'cgroup' && live.cgroupEscapes.length === 0) {
    // What the limit measures, so the peak shown against it can never read above it. A tree with a
    // process outside the group is measured by samples only (the group does not hold all of it).
    host = { bytes: peakCgroupBytes, source: 'cgroup' };
  } else if (peakCgroupBytes !== null && (options.isOomKilled || live.sampleCount === 0)) {
    // Without a limit the cgroup's peak counts page cache nothing reclaimed, so samples of Σ PSS + swap
    // are the measure, except after an OOM kill (reclaim had dropped the cache, and a fast climb escapes
    // samples) and for a process that ended before its first sample.
    host =
      peakCgroupBytes >= sampled
        ? { bytes: peakCgroupBytes, source: 'cgroup' }
        : { bytes: sampled, source: 'sampled' };
  }
  const exact = live.exactGpuPeak;
  return {
    peakHostBytes: host.bytes,
    peakHostSource: host.source,
    sampledHost:
      live.sampleCount === 0
        ? null
        : {
            rssBytes: live.peakSampledRssBytes,
            pssBytes: live.peakSampledPssBytes,
            hostBytes: sampled,
            samples: live.sampleCount,
            intervalMs: options.sampleIntervalMs,
          },
    peakGpuBytes: exact?.bytes ?? live.peakGpuBytes,
    peakGpuSource: exact?.source ?? (live.peakGpuBytes === null ? null : 'sampled'),
    peakSampledGpuBytes: live.peakGpuBytes,
    exactPeaks: live.exactPeaks.map((line) => ({ ...line })),
  };
}
