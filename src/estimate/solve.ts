// What fits: the largest value of a var (or batch_size) within a budget, per common card, and a
// gradient-accumulation plan that reaches an effective batch.
import { type EstimateOverrides, estimate } from './estimate.js';
import { exprVars } from './expr.js';
import type { EstimateSpec } from './types.js';

const GiB = 1024 ** 3;

/** Common card sizes for the "fits on" table: 8 to 141 GiB. */
export const commonCardBytes: readonly number[] = [8, 12, 16, 24, 40, 48, 80, 141].map((gib) => gib * GiB);

// Past this, the var does not drive memory (a search would never fail).
const searchLimit = 2 ** 30;

/** The result of a search: `value` fits, `firstFailing` does not (null when nothing fails). */
export interface SolveResult {
  var: string;
  value: number;
  firstFailing: number | null;
  /** The GPU budget; null when only a host budget was given. */
  budgetBytes: number | null;
  hostBudgetBytes?: number;
  /** GPU and host peaks at `value` (0 when nothing fits) and at `firstFailing`, to say which limit bit. */
  peakBytes: number;
  hostPeakBytes: number;
  failingPeakBytes: number | null;
  failingHostPeakBytes: number | null;
}

/** Budgets to stay within: the GPU's, the host's, or both. */
export interface Budget {
  budgetBytes?: number;
  hostBudgetBytes?: number;
}

/** The var the fits table varies: batch_size when it is a number, else the first var it uses. */
export function defaultSolveVar(spec: EstimateSpec): string {
  return exprVars(spec.training.batchSize.expr)[0] ?? 'batch_size';
}

function overridesFor(name: string, value: number, gpus?: number): EstimateOverrides {
  const overrides: EstimateOverrides =
    name === 'batch_size' ? { batchSize: value } : { vars: { [name]: value } };
  return gpus === undefined ? overrides : { ...overrides, gpus };
}

/**
 * Largest integer value of `name` (a var, or `batch_size`) whose estimate fits the budget, assuming
 * memory grows with it: doubles from 1 until it fails, then bisects. `value` is 0 when 1 fails.
 */
export function solve(spec: EstimateSpec, name: string, budget: Budget, gpus?: number): SolveResult {
  const peaksAt = (value: number): [number, number] => {
    const breakdown = estimate(spec, overridesFor(name, value, gpus));
    return [breakdown.gpu.peakBytes, breakdown.host.peakBytes];
  };
  const fits = (value: number): boolean => {
    const [gpuBytes, hostBytes] = peaksAt(value);
    return (
      gpuBytes <= (budget.budgetBytes ?? Number.POSITIVE_INFINITY) &&
      hostBytes <= (budget.hostBudgetBytes ?? Number.POSITIVE_INFINITY)
    );
  };
  const result = (value: number, firstFailing: number | null): SolveResult => {
    const [peakBytes, hostPeakBytes] = value > 0 ? peaksAt(value) : [0, 0];
    const failing = firstFailing === null ? null : peaksAt(firstFailing);
    return {
      var: name,
      value,
      firstFailing,
      budgetBytes: budget.budgetBytes ?? null,
      ...(budget.hostBudgetBytes === undefined ? {} : { hostBudgetBytes: budget.hostBudgetBytes }),
      peakBytes,
      hostPeakBytes,
      failingPeakBytes: failing?.[0] ?? null,
      failingHostPeakBytes: failing?.[1] ?? null,
    };
  };
  if (!fits(1)) return result(0, 1);
  let low = 1;
  let high = 2;
  while (fits(high)) {
    low = high;
    high *= 2;
    if (high > searchLimit) return result(low, null);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return result(low, high);
}

/** One row of the "fits on" table: the largest value of `var` on a card of `deviceBytes`. */
export interface FitsRow {
  deviceBytes: number;
  var: string;
  max: number | null;
  /** True when a part that grows with `var` is not estimated: the real largest value may be smaller. */
  isUpperBound?: true;
}

/**
 * The largest value of `name` on each common card (null when memory does not grow with it); none
 * when training on the CPU.
 */
export function fitsTable(
  spec: EstimateSpec,
  name: string,
  cards: readonly number[] = commonCardBytes,
): FitsRow[] {
  if (spec.device === 'cpu') return [];
  return cards.map((deviceBytes) => {
    const { value, firstFailing } = solve(spec, name, { budgetBytes: deviceBytes });
    return { deviceBytes, var: name, max: firstFailing === null ? null : value };
  });
}

/** Micro-batch and accumulation steps that reach an effective batch of `target` within budget. */
export interface GradAccumulationPlan {
  var: string;
  target: number;
  microBatch: number;
  steps: number;
  largestFitting: number;
  /** The GPU budget; null when only a host budget was given. */
  budgetBytes: number | null;
}

/**
 * The largest divisor of `target` that fits is the micro-batch; steps = target / micro-batch, so the
 * effective batch is exactly `target`. Null when even 1 does not fit.
 */
export function planGradAccumulation(
  spec: EstimateSpec,
  name: string,
  target: number,
  budget: Budget,
): GradAccumulationPlan | null {
  const { value } = solve(spec, name, budget);
  if (value === 0) return null;
  let microBatch = Math.min(value, target);
  while (target % microBatch !== 0) microBatch--;
  return {
    var: name,
    target,
    microBatch,
    steps: target / microBatch,
    largestFitting: value,
    budgetBytes: budget.budgetBytes ?? null,
  };
}
