// When a running trial's answer is already known, so it need not run on: its memory has levelled off
// (at the peak the memory line predicts for its value, or, before there is a line, flat for as long
// as it took to climb). Judged from the samples the supervisor takes, with the noise the search
// estimates, and timed by the process's CPU time where it was read (its progress, which load does not
// fake); under an address-space limit only at the line's peak and after as long as the climb. A trial that crosses its limit needs no judge: the limit's enforcement (the trial's
// cgroup, headroom's kill over a GPU budget, the simulated card) ends it at once, as too big; the
// sampled PSS is no measure of crossing (it counts pages the cgroup does not charge).
// Host memory's level (has it stopped rising, since when) is judged on the tree's own memory,
// anonymous + shmem + swap (tree-memory.ts ownBytes, from the same smaps_rollup read), not on its PSS:
// PSS also counts the tree's share of file-backed pages, and that share moves whenever a process
// outside the tree mapping the same files (another trainer's torch libraries) starts or exits. Beside
// other torch processes a steady trial's PSS rose 30 MiB over 94 s and never levelled off (the suite's
// fit-torch run, session 13); clean file pages are reclaimable and not what the kernel's OOM killer
// ends a process for. The peak it is compared with the line's, and reports, stays the PSS one (the
// figure the line and the limits are in). Growth that is file-backed only (a memory-mapped data set
// read further) does not hold a trial level; its cgroup charges those pages and reclaims them.
import { type AddressSpaceRoom, addressSpaceRoomFor } from './address-space.js';
import { fitLine, isLinear } from './linear-fit.js';
import { type MemorySample, trendBytesOf } from './memory-trend.js';
import { estimateNoise, peakPoints } from './noise.js';
import type { Observation, Resource, ResourceLimit } from './types.js';

/** What the search knows before a trial: the peak its line predicts for the value, and the noise. */
export interface TrialHints {
  /** Per resource: the line's peak for this value (null: no line yet, or it is not a line). */
  expectedPeakBytes: Record<Resource, number | null>;
  /** The search's noise estimate, a share of the limit (noise.ts). */
  noiseFraction: number;
  /** The room to keep under a binding RLIMIT_AS at margin 0 (address-space.ts addressSpaceRoomFor); absent: the assumed one. */
  addressSpaceRoom?: AddressSpaceRoom;
}

/** Why headroom stopped a trial early, and what it had seen. */
export interface EarlyStop {
  kind: 'levelled-off';
  resource: Resource;
  /** The peak the trial levelled off at. */
  levelBytes: number;
  /** The line's prediction it was judged against (null: judged by the flat time alone). */
  expectedBytes: number | null;
  /** How long it had been level. */
  levelSeconds: number;
  /**
   * Host: the tree's own memory (anonymous + shmem + swap) it held level at, the series its level was
   * judged on; absent where that was not read (levelBytes, the sampled peak, was judged).
   */
  ownBytes?: number;
}

/** The level must hold this long at least (and over 3 samples), in the process's CPU time where it is read... */
export const minLevelMs = 1000;
/** ...and, with no line to say where the peak is, this long and as long as the climb took. */
export const minUnpredictedLevelMs = 3000;
/** A rise under this many bytes is sampling jitter (memory-trend.ts uses the same floor). */
export const levelFloorBytes = 2 * 2 ** 20;

/** The peak the memory line predicts at `value` for each resource, and the noise: what a trial is judged against. */
export function trialHintsFor(
  history: readonly Observation[],
  limits: readonly ResourceLimit[],
  value: number,
): TrialHints {
  const expected = (resource: Resource): number | null => {
    const points = peakPoints(history, resource);
    if (new Set(points.map((p) => p.value)).size < 2) return null;
    const model = fitLine(points);
    // A resource without a limit is judged against its own largest peak (isLinear's residual share).
    const limitBytes =
      limits.find((l) => l.resource === resource)?.limitBytes ?? Math.max(...points.map((p) => p.bytes));
    if (!model || !isLinear(model, limitBytes)) return null;
    return Math.max(0, model.interceptBytes + model.slopeBytes * value);
  };
  return {
    expectedPeakBytes: { host: expected('host'), gpu: expected('gpu') },
    // A fork is judged against forks' line: they share one layout, so its spread is no part of this noise.
    noiseFraction: estimateNoise(history, limits, { isLayoutIncluded: false }).fraction,
    addressSpaceRoom: addressSpaceRoomFor(history, limits),
  };
}

// A resource's series of samples by one reading of a sample: the sampled figure (what peaks and limits
// are stated in), or the tree's own memory that a level is judged on (memory-trend.ts trendBytesOf).
function seriesOf(samples: readonly MemorySample[], bytesOf: (sample: MemorySample) => number | null) {
  return samples.flatMap((s) => {
    const bytes = bytesOf(s);
    return bytes === null ? [] : [{ atMs: s.atMs, bytes, cpuMs: s.cpuMs ?? null }];
  });
}

const sampledBytes = (resource: Resource) => (s: MemorySample) =>
  resource === 'host' ? s.hostBytes : s.gpuBytes;
const judgedBytes = (resource: Resource) => (s: MemorySample) => trendBytesOf(s, resource);

// Level since when: the first sample within the tolerance of the peak so far, after which nothing rose past it.
function levelOf(options: {
  resource: Resource;
  samples: readonly MemorySample[];
  noiseFraction: number;
  expected: number | null;
  limitBytes: number | null;
  countFromMs: number;
  startupMs: number | null;
  /** No judgement without the line's peak (an address-space limit: see judgeRunningTrial). */
  isLineNeeded?: boolean;
  /** At the line's peak too, level for as long as the climb took. */
  isLevelAsLongAsClimb?: boolean;
}) {
  const { resource, samples, noiseFraction, expected, limitBytes, countFromMs, startupMs } = options;
  // The peak (what the line predicts, what is reported) from the sampled figure; the level from the
  // series it is judged on (host: the tree's own memory), with the same tolerance in bytes.
  const peak = Math.max(...seriesOf(samples, sampledBytes(resource)).map((s) => s.bytes));
  const series = seriesOf(samples, judgedBytes(resource));
  if (series.length < 4) return null;
  const levelPeak = Math.max(...series.map((s) => s.bytes));
  const tolerance = Math.max(levelFloorBytes, noiseFraction * peak);
  const climbedTo = series.find((s) => s.bytes >= levelPeak - tolerance)?.atMs ?? Number.POSITIVE_INFINITY;
  // A level held before the program ran with its value (a warm start at its gate) proves nothing.
  const reachedAt = Math.max(climbedTo, countFromMs);
  const since = series.filter((s) => s.atMs >= reachedAt);
  const samplesSince = since.length;
  // The clock is the process's CPU time where it was read: under load a process that got no CPU made no
  // progress (no step ran), so wall time held level proves nothing; its CPU time is its progress.
  // (A sample before the process could be read, a fork not yet reported, had used next to none.)
  const isCpuClock = typeof series.at(-1)?.cpuMs === 'number';
  const cpuAt = (atMs: number): number => series.find((s) => s.atMs >= atMs)?.cpuMs ?? 0;
  const nowCpu = series.at(-1)?.cpuMs ?? 0;
  // How long the climb took: a warm start's is its start-up before the gate and its climb after it (its
  // CPU time counts both: the process's counter started with it).
  const climbMs = isCpuClock
    ? cpuAt(climbedTo)
    : startupMs === null
      ? climbedTo - (series[0]?.atMs ?? 0)
      : startupMs + Math.max(0, climbedTo - countFromMs);
  const levelMs = isCpuClock ? nowCpu - cpuAt(reachedAt) : (series.at(-1)?.atMs ?? 0) - reachedAt;
  if (levelMs < minLevelMs || samplesSince < 3) return null;
  if (expected !== null) {
    // The line's peak for this value, less what the noise may take off it, must have been reached.
    const slack = Math.max(tolerance, noiseFraction * (limitBytes ?? peak));
    if (peak < expected - slack) return null;
    // Under an address-space limit, a value the line puts within the noise of the limit is decided by
    // its last allocation, not by a level: it runs to its end or its failure (the bench's CNN under
    // 1400 MiB: forks of 117-119 level at 1391-1396 MiB for 1.0-1.4 s, stopped as passes; run to their
    // end, 117 failed fresh and 119 as a fork).
    if (options.isLevelAsLongAsClimb && limitBytes !== null && expected + slack >= limitBytes) return null;
    if (options.isLevelAsLongAsClimb && levelMs < climbMs) return null;
  } else if (options.isLineNeeded || levelMs < Math.max(minUnpredictedLevelMs, climbMs)) {
    return null;
  }
  return { peak, levelPeak, levelMs };
}

/**
 * Whether a running trial can stop now, from its samples so far: levelled off on every resource that
 * bounds it (over the margin or not: the classifier compares its peak with the margin).
 */
export function judgeRunningTrial(options: {
  /** The process's samples from its start (a warm start's wait at the gate included). */
  samples: readonly MemorySample[];
  hints: TrialHints;
  limits: readonly ResourceLimit[];
  /** When the program began with its value (a warm start: when it left the gate); a level counts from here. */
  countFromMs?: number;
  /** A warm start's start-up before the gate (its imports), which its climb includes; not its wait there. */
  startupMs?: number;
  /**
   * The host series is the address-space peak (VmPeak) under an RLIMIT_AS that binds: glibc's heap
   * grows in steps (a freed chunk too small for the next step's tensor: the heap's top moves up), and a
   * level seen between steps was followed by a later step's refused allocation. So there the host level
   * counts only at the line's peak for the value (never before there is a line) and only once it has
   * held as long as the climb took, in the process's CPU time.
   */
  isAddressSpace?: boolean;
}): EarlyStop | null {
  const { samples, hints, limits } = options;
  const countFromMs = options.countFromMs ?? Number.NEGATIVE_INFINITY;
  // The resources that bound the trial; with no limit, whichever were measured.
  const resources: Resource[] =
    limits.length > 0
      ? limits.map((l) => l.resource)
      : (['gpu', 'host'] as const).filter((r) => seriesOf(samples, sampledBytes(r)).length > 0);
  if (resources.length === 0) return null;
  let first: EarlyStop | null = null;
  for (const resource of resources) {
    const limitBytes = limits.find((l) => l.resource === resource)?.limitBytes ?? null;
    const expected = hints.expectedPeakBytes[resource];
    const level = levelOf({
      resource,
      samples,
      noiseFraction: hints.noiseFraction,
      expected,
      limitBytes,
      countFromMs,
      startupMs: options.startupMs ?? null,
      isLineNeeded: options.isAddressSpace === true && resource === 'host',
      isLevelAsLongAsClimb: options.isAddressSpace === true && resource === 'host',
    });
    if (!level) return null;
    first ??= {
      kind: 'levelled-off',
      resource,
      levelBytes: level.peak,
      expectedBytes: expected,
      levelSeconds: Math.round(level.levelMs) / 1000,
      ...(resource === 'host' && typeof samples.at(-1)?.ownHostBytes === 'number'
        ? { ownBytes: level.levelPeak }
        : {}),
    };
  }
  return first;
}
