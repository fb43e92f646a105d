// The search's result: the boundary (largest pass, first memory failure, settled or not), the
// margin-kept answer, the memory line found per resource with its fit quality, the noise, the
// warnings, and the effective-batch split; what the text and JSON renderers print.
import { ExitCode } from '../errors.js';
import { type EffectiveSplit, splitEffectiveBatch } from './effective.js';
import { findBoundary, isBoundarySettled } from './history.js';
import type { Launcher } from './launcher.js';
import { fitLine, isLinear, predictLimit } from './linear-fit.js';
import { estimateNoise, type NoiseEstimate, peakPoints } from './noise.js';
import { observe, type SearchEnd } from './search.js';
import { withGains } from './trial-gains.js';
import {
  type LimitSource,
  type Observation,
  type Resource,
  type ResourceLimit,
  type RoomSource,
  type StrategyName,
  type TrialRecord,
  usableBytesOf,
} from './types.js';
import { fitWarnings } from './warnings.js';

const MiB = 2 ** 20;

/** memory = interceptMiB + perValueMiB × value, fitted to the measured peaks of the trials that ran. */
export interface MemoryModelReport {
  resource: Resource;
  limitBytes: number;
  /** The limit less the margin: what the answer must stay under. */
  usableBytes: number;
  interceptMiB: number;
  perValueMiB: number;
  /** How much of the peaks' spread the line explains (1 = all); see isLinear for how it is used. */
  rSquared: number;
  pointCount: number;
  /** The line explains the points (residuals, R²): the search aimed with it; false: it bisected. */
  isLinear: boolean;
  /** The largest value the line keeps within usableBytes; null when memory does not grow. */
  predictedLimit: number | null;
}

/** A limit the trials ran under, and where it came from. */
export interface FitLimitReport {
  resource: Resource;
  limitBytes: number;
  /** What the answer must stay under: the limit less the room kept (roomBytes) and less the margin. */
  usableBytes: number;
  source: LimitSource;
  /**
   * Under a binding RLIMIT_AS at margin 0: what was kept free under it, and whether that was the assumed
   * share (1%) or the spread measured between the search's runs of one value (address-space.ts).
   */
  roomBytes?: number;
  roomSource?: RoomSource;
}

/** Everything `headroom fit` reports; the first five fields are the JSON contract. */
export interface FitResult {
  var: string;
  /** = recommended (kept for compatibility). */
  best: number;
  /** The smallest value that ran out of memory (over the margin is not a failure); null when none did. */
  firstFailing: number | null;
  strategy: StrategyName;
  trials: TrialRecord[];
  /** The margin-kept answer: the largest value that ran and kept the margin free (0: none did). */
  recommended: number;
  /** The largest value that ran without a memory failure, over the margin included; null when none did. */
  largestPassed: number | null;
  /** largestPassed and firstFailing adjacent (within 1% above 100), --max ran, or --min failed. */
  isBoundarySettled: boolean;
  /**
   * guided ended on its own with an answer that kept the margin, once a value above it went over the
   * margin and the line settled the step between: narrowing the pass/fail boundary could not change it.
   */
  isAnswerSettled: boolean;
  /** The value whose trial was stopped while its memory still rose (the search stopped there); null when none. */
  firstUnsettled: number | null;
  end: SearchEnd;
  exitCode: number;
  marginPercent: number;
  limits: FitLimitReport[];
  models: MemoryModelReport[];
  noise: NoiseEstimate;
  effective: EffectiveSplit | null;
  /** The launcher every trial ran under (each trial the whole multi-rank job; the value is per rank); null: one process. */
  launcher: Launcher | null;
  /**
   * What a trial held before its value (a warm start at its gate, its imports done), per resource: the
   * line's intercept is at least this, which let the second value go farther; null: not read.
   */
  baseBytes: Partial<Record<Resource, number>> | null;
  /** The trial that failed for a reason other than memory and ended the search. */
  failure: TrialRecord | null;
  /** What the answer should not be trusted for without a look (not settled, noise over the margin). */
  warnings: string[];
  notes: string[];
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function reportModel(judged: readonly Observation[], limit: ResourceLimit, marginFraction: number) {
  const model = fitLine(peakPoints(judged, limit.resource));
  if (!model) return [];
  const usableBytes = usableBytesOf(limit.limitBytes, marginFraction);
  const predicted = predictLimit(model, usableBytes);
  const report: MemoryModelReport = {
    resource: limit.resource,
    limitBytes: limit.limitBytes + (limit.roomBytes ?? 0),
    usableBytes,
    interceptMiB: round2(model.interceptBytes / MiB),
    perValueMiB: round2(model.slopeBytes / MiB),
    rSquared: Math.round(model.rSquared * 10_000) / 10_000,
    pointCount: model.pointCount,
    isLinear: isLinear(model, limit.limitBytes),
    predictedLimit: Number.isFinite(predicted) ? predicted : null,
  };
  return [report];
}

function exitCodeFor(end: SearchEnd, recommended: number): number {
  if (end === 'interrupted') return ExitCode.interrupted;
  if (end === 'non-memory-failure') return ExitCode.usage;
  return recommended === 0 ? ExitCode.problems : ExitCode.ok;
}

/** Builds the result from the trials; `limits` are the full limits (before the margin). */
export function summarizeFit(options: {
  variable: string;
  strategy: StrategyName;
  trials: TrialRecord[];
  end: SearchEnd;
  limits: readonly ResourceLimit[];
  marginFraction: number;
  minValue?: number;
  maxValue?: number;
  effectiveTarget?: number;
  /** The multi-rank launcher every trial ran under (--launcher), when one did. */
  launcher?: Launcher | null;
  /** What a trial held before its value, as the search read it (runSearch). */
  baseBytes?: Partial<Record<Resource, number>> | null;
  notes?: string[];
}): FitResult {
  const { end, marginFraction } = options;
  const trials = withGains(options.trials);
  // Only settled fits and memory failures say where the boundary is; a crash, an interruption or a
  // trial stopped while its memory still rose says nothing.
  const judged = trials
    .filter((t) => ['pass', 'over-margin', 'memory'].includes(t.outcome) && t.isSettled !== false)
    .map(observe);
  const boundary = findBoundary(judged);
  const recommended = boundary.largestWithinMargin ?? 0;
  const range = { minValue: options.minValue ?? 1, maxValue: options.maxValue ?? Number.POSITIVE_INFINITY };
  const noise = estimateNoise(judged, options.limits);
  // A limit with room kept is reported as its source's (RLIMIT_AS), its usable part as judged.
  const limits = options.limits.map((limit) => ({
    resource: limit.resource,
    limitBytes: limit.limitBytes + (limit.roomBytes ?? 0),
    usableBytes: usableBytesOf(limit.limitBytes, marginFraction),
    source: limit.source ?? 'flag',
    ...(limit.roomBytes ? { roomBytes: limit.roomBytes, roomSource: limit.roomSource ?? 'assumed' } : {}),
  }));
  const result: FitResult = {
    var: options.variable,
    best: recommended,
    firstFailing: boundary.smallestFail,
    strategy: options.strategy,
    trials,
    recommended,
    largestPassed: boundary.largestPass,
    isBoundarySettled: end !== 'not-settled' && isBoundarySettled(boundary, range),
    // Only guided ends on purpose once the margin-kept answer is settled; the others stop where their rule does.
    isAnswerSettled:
      options.strategy === 'guided' &&
      end === 'settled' &&
      recommended > 0 &&
      judged.some((o) => o.value > recommended && !o.isWithinMargin),
    firstUnsettled: trials.find((t) => t.isSettled === false)?.value ?? null,
    end,
    exitCode: exitCodeFor(end, recommended),
    marginPercent: round2(marginFraction * 100),
    limits,
    models: options.limits.flatMap((limit) => reportModel(judged, limit, marginFraction)),
    noise: { fraction: Math.round(noise.fraction * 10_000) / 10_000, source: noise.source },
    effective:
      options.effectiveTarget === undefined || recommended === 0
        ? null
        : (splitEffectiveBatch(options.effectiveTarget, recommended, options.launcher?.nprocPerNode ?? 1) ??
          null),
    launcher: options.launcher ?? null,
    baseBytes: options.baseBytes ?? null,
    failure: end === 'non-memory-failure' ? (trials.at(-1) ?? null) : null,
    warnings: [],
    notes: options.notes ?? [],
  };
  result.warnings = fitWarnings(result);
  return result;
}
