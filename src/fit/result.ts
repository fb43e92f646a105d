// The search's result: the answer, the boundary, the memory line found per resource, the margin,
// and the effective-batch split; what the text and JSON renderers print.
import { ExitCode } from '../errors.js';
import { type EffectiveSplit, splitEffectiveBatch } from './effective.js';
import { findBoundary } from './history.js';
import { fitLine, isLinear, predictLimit } from './linear-fit.js';
import { observe, type SearchEnd } from './search.js';
import {
  hostNeedBytes,
  type Resource,
  type ResourceLimit,
  type StrategyName,
  type TrialRecord,
} from './types.js';

const MiB = 2 ** 20;

/** memory = interceptMiB + perValueMiB × value, fitted to the peaks of the trials that fit. */
export interface MemoryModelReport {
  resource: Resource;
  limitBytes: number;
  /** The limit less the margin: what the answer must stay under. */
  usableBytes: number;
  interceptMiB: number;
  perValueMiB: number;
  rSquared: number;
  pointCount: number;
  isLinear: boolean;
  /** The largest value the line keeps within usableBytes; null when memory does not grow. */
  predictedLimit: number | null;
}

/** Everything `headroom fit` reports; the first five fields are the JSON contract. */
export interface FitResult {
  var: string;
  best: number;
  firstFailing: number | null;
  strategy: StrategyName;
  trials: TrialRecord[];
  end: SearchEnd;
  exitCode: number;
  marginPercent: number;
  models: MemoryModelReport[];
  effective: EffectiveSplit | null;
  /** The trial that failed for a reason other than memory and ended the search. */
  failure: TrialRecord | null;
  notes: string[];
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function reportModel(trials: readonly TrialRecord[], limit: ResourceLimit, marginFraction: number) {
  const points = trials.flatMap((t) => {
    const bytes = limit.resource === 'host' ? hostNeedBytes(t) : t.peakGpuBytes;
    return t.ok && bytes !== null ? [{ value: t.value, bytes }] : [];
  });
  const model = fitLine(points);
  if (!model) return [];
  const usableBytes = Math.floor(limit.limitBytes * (1 - marginFraction));
  const predicted = predictLimit(model, usableBytes);
  const report: MemoryModelReport = {
    resource: limit.resource,
    limitBytes: limit.limitBytes,
    usableBytes,
    interceptMiB: round2(model.interceptBytes / MiB),
    perValueMiB: round2(model.slopeBytes / MiB),
    rSquared: Math.round(model.rSquared * 10_000) / 10_000,
    pointCount: model.pointCount,
    isLinear: isLinear(model, usableBytes),
    predictedLimit: Number.isFinite(predicted) ? predicted : null,
  };
  return [report];
}

function exitCodeFor(end: SearchEnd, best: number): number {
  if (end === 'interrupted') return ExitCode.interrupted;
  if (end === 'non-memory-failure') return ExitCode.usage;
  return best === 0 ? ExitCode.problems : ExitCode.ok;
}

/** Builds the result from the trials; `limits` are the full limits (before the margin). */
export function summarizeFit(options: {
  variable: string;
  strategy: StrategyName;
  trials: TrialRecord[];
  end: SearchEnd;
  limits: readonly ResourceLimit[];
  marginFraction: number;
  effectiveTarget?: number;
  notes?: string[];
}): FitResult {
  const { trials, end } = options;
  // Only fits and memory failures say where the boundary is; a crash or an interruption says nothing.
  const judged = trials.filter((t) => t.outcome === 'pass' || t.outcome === 'memory').map(observe);
  const { largestPass, smallestFail } = findBoundary(judged);
  const best = largestPass ?? 0;
  const failure = end === 'non-memory-failure' ? (trials.at(-1) ?? null) : null;
  return {
    var: options.variable,
    best,
    firstFailing: smallestFail,
    strategy: options.strategy,
    trials,
    end,
    exitCode: exitCodeFor(end, best),
    marginPercent: round2(options.marginFraction * 100),
    models: options.limits.flatMap((limit) => reportModel(trials, limit, options.marginFraction)),
    effective:
      options.effectiveTarget === undefined || best === 0
        ? null
        : (splitEffectiveBatch(options.effectiveTarget, best) ?? null),
    failure,
    notes: options.notes ?? [],
  };
}
