// Why a supervised tree was OOM-killed at its host limit, from what headroom measured: who held
// what at the last sample before the kill (main process vs workers), how memory grew over the run,
// and the options with their expected effect. After a kill the recorded peak IS the limit, so no
// fixed factor of it is a measured need; a steady climb has no limit that fixes it.

import { size } from '../../doctor/families/explain-types.js';
import type { FixDetail } from '../../doctor/types.js';
import { fitLine } from '../../fit/linear-fit.js';
import type { OomKillRecord, RunOrigin } from '../../run-record/schema.js';
import { describeKill } from '../../verdict/judge.js';
import { yamlSize } from './plan-change.js';
import type { MemoryPoint, RunProcess } from './types.js';

const MiB = 1024 ** 2;

/** The tree at one sample: the main process and its workers. */
export interface TreeShares {
  timeMs: number;
  mainBytes: number;
  workerBytes: number;
  workerCount: number;
}

/** How memory moved over the run. */
export interface Growth {
  /** Bytes per minute by least squares over the samples before the kill. */
  bytesPerMinute: number;
  rSquared: number;
  /** A steady climb: positive slope, a good line, and a real rise (a cache, a leak, copy-on-access). */
  isSteady: boolean;
  spanMs: number;
}

/** What the main process and the workers held at `point` (from the sampled members). */
export function sharesAt(point: MemoryPoint): TreeShares | undefined {
  if (point.members.length === 0) return undefined;
  const workers = point.members.filter((m) => m.role === 'worker');
  return {
    timeMs: point.timeMs,
    mainBytes: point.members.filter((m) => m.role === 'main').reduce((s, m) => s + m.pssBytes, 0),
    workerBytes: workers.reduce((s, m) => s + m.pssBytes, 0),
    workerCount: workers.length,
  };
}

/** Below this a run is all start-up (loading a dataset, forking workers): no growth is read from it. */
export const minGrowthSpanMs = 20_000;

/**
 * The growth of host memory over the later half of the points (the first half holds start-up:
 * the dataset loading, the workers forking); none with fewer than 8 points or under 20 s.
 */
export function growthOf(points: readonly MemoryPoint[]): Growth | undefined {
  if (points.length < 8) return undefined;
  const spanMs = points.at(-1)!.timeMs - points[0]!.timeMs;
  if (spanMs < minGrowthSpanMs) return undefined;
  const later = points.slice(Math.floor(points.length / 2));
  const first = later[0]!;
  const line = fitLine(later.map((p) => ({ value: (p.timeMs - first.timeMs) / 60_000, bytes: p.hostBytes })));
  if (!line) return undefined;
  const rise = Math.max(...later.map((p) => p.hostBytes)) - first.hostBytes;
  const isSteady = line.slopeBytes > 0 && line.rSquared >= 0.8 && rise >= 0.1 * later.at(-1)!.hostBytes;
  return { bytesPerMinute: line.slopeBytes, rSquared: line.rSquared, isSteady, spanMs };
}

/** How the user sets this process's host limit, for the origin of the run. */
function limitKnob(origin: RunOrigin | null, name: string, bytes: number): string {
  const value = yamlSize(bytes);
  if (origin?.kind === 'ad-hoc') return `headroom run --host-memory ${value} -- …`;
  if (origin?.kind === 'fit-trial') return `headroom fit --host-memory ${value} …`;
  const file = origin?.kind === 'config' ? origin.file : 'headroom.yaml';
  return `host_memory: ${value} for ${name} in ${file}`;
}

const percent = (part: number, whole: number): string => `${Math.round((100 * part) / whole)}%`;

/** The cause sentence and grounded fixes for an OOM kill at a run's host limit. */
export function explainHostKill(options: {
  process: RunProcess;
  origin: RunOrigin | null;
  limitBytes: number | null;
}): { causeText: string; fixes: FixDetail[] } {
  const { process, origin, limitBytes } = options;
  const kills: OomKillRecord[] = process.oomKills;
  const killAtMs = kills[0]?.atMs ?? Number.POSITIVE_INFINITY;
  const before = process.series.filter((p) => p.timeMs <= killAtMs);
  const lastPoint = before.at(-1) ?? process.series.at(-1);
  const shares = lastPoint ? sharesAt(lastPoint) : undefined;
  const growth = growthOf(before);
  const victims = kills.length > 0 ? kills.slice(0, 3).map(describeKill).join(', ') : 'a process of its tree';
  const limitText = limitBytes === null ? 'the host' : `its host limit of ${size(limitBytes)}`;
  const sentences = [`${process.name}'s tree ran out of ${limitText}; the OOM killer killed ${victims}`];
  // Each figure names its measure (issue #21): the kernel's RSS of a victim, the sampled PSS of the
  // tree's members, and the cgroup's own peak, which is what the limit counts.
  if (
    limitBytes !== null &&
    process.end?.peakHostSource === 'cgroup' &&
    process.end.peakHostBytes !== undefined
  ) {
    sentences.push(
      `the cgroup's own peak was ${size(process.end.peakHostBytes)} (what the limit counts; sampled PSS can read higher, as it also counts shared pages charged to other cgroups)`,
    );
  }
  const fixes: FixDetail[] = [];

  if (!lastPoint) {
    sentences.push('it was killed before the first sample, so nothing about its need was measured');
    if (limitBytes !== null) {
      fixes.push({
        fix: `give it far more room to measure it once: ${limitKnob(origin, process.name, limitBytes * 4)}`,
        because: `it died before the first sample at ${size(limitBytes)}: it needs well over that just to start`,
      });
    }
    return { causeText: sentences.join('; '), fixes };
  }
  const atSeconds = Math.round((lastPoint.timeMs - (process.series[0]?.timeMs ?? lastPoint.timeMs)) / 1000);
  if (shares && shares.workerCount > 0) {
    const total = shares.mainBytes + shares.workerBytes;
    sentences.push(
      `at the last sample before the kill (${atSeconds} s in) the tree held ${size(lastPoint.hostBytes)} Σ PSS + swap: the main process ${size(shares.mainBytes)} PSS and ${shares.workerCount} worker(s) ${size(shares.workerBytes)} PSS (${percent(shares.workerBytes, total)}, about ${size(shares.workerBytes / shares.workerCount)} PSS each)`,
    );
  } else {
    sentences.push(
      `at the last sample before the kill (${atSeconds} s in) the tree held ${size(lastPoint.hostBytes)} Σ PSS + swap`,
    );
  }
  if (growth?.isSteady) {
    sentences.push(
      `after start-up it kept growing at ${size(growth.bytesPerMinute)}/min (R² ${growth.rSquared.toFixed(2)} over the later half of ${Math.round(growth.spanMs / 1000)} s): a cache, or a dataset the workers copy as they read it, keeps growing, and no fixed limit holds a steady climb`,
    );
  }
  addWorkerFixes(fixes, { shares, before });
  if (growth?.isSteady && limitBytes !== null) {
    const minutesToDouble = limitBytes / growth.bytesPerMinute;
    fixes.push({
      fix: `a higher limit only postpones the kill: at ${size(growth.bytesPerMinute)}/min even ${size(2 * limitBytes)} is reached about ${Math.max(1, Math.round(minutesToDouble))} min later; bound what grows (cache size, dataset storage, workers) instead`,
      because: `the later samples before the kill rise on a straight line (R² ${growth.rSquared.toFixed(2)})`,
    });
  } else if (limitBytes !== null) {
    const target = Math.max(2 * limitBytes, lastPoint.hostBytes * 2);
    fixes.push({
      fix: `if the machine has the RAM, run once with room to measure the real peak: ${limitKnob(origin, process.name, target)}; headroom records where it levels off`,
      because: `memory did not climb steadily before the kill, so the need is bounded but above ${size(limitBytes)}; the peak recorded at a kill is only the limit`,
    });
  }
  if (origin?.kind === 'fit-trial') {
    fixes.unshift({
      fix: `${origin.variable}=${origin.value} is too big for this limit; fit searches below it`,
      because: 'this run is one of fit’s trials',
    });
  }
  return { causeText: sentences.join('; '), fixes };
}

// Workers: what fewer of them would save, and whether they grew by copying what they touch.
function addWorkerFixes(
  fixes: FixDetail[],
  options: { shares: TreeShares | undefined; before: readonly MemoryPoint[] },
): void {
  const { shares, before } = options;
  if (!shares || shares.workerCount === 0) return;
  const total = shares.mainBytes + shares.workerBytes;
  const perWorker = shares.workerBytes / shares.workerCount;
  if (shares.workerBytes >= 0.2 * total && shares.workerCount >= 2) {
    const half = Math.floor(shares.workerCount / 2);
    fixes.push({
      fix: `use fewer workers: ${shares.workerCount} → ${half} (DataLoader num_workers, Pool processes) frees about ${size(perWorker * (shares.workerCount - half))}`,
      because: `the ${shares.workerCount} workers held ${size(shares.workerBytes)} of the tree's ${size(total)} at the last sample`,
    });
  }
  const firstWithWorkers = before.find((p) => p.members.some((m) => m.role === 'worker'));
  const early = firstWithWorkers ? sharesAt(firstWithWorkers) : undefined;
  if (early && early.workerCount > 0) {
    const earlyPerWorker = early.workerBytes / early.workerCount;
    if (perWorker >= 1.5 * earlyPerWorker && perWorker - earlyPerWorker >= 32 * MiB) {
      fixes.push({
        fix: 'keep the dataset in numpy arrays, Arrow or a memory-mapped file instead of Python lists and dicts, and set persistent_workers=False so workers restart fresh each epoch',
        because: `each worker grew from about ${size(earlyPerWorker)} to ${size(perWorker)}: forked workers copy the Python objects they touch (reference counts write to every page), numpy/Arrow buffers stay shared`,
      });
    }
  }
}
