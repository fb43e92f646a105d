// The result of `headroom estimate`: the breakdown, the fits table, and the answers asked for.
import { estimate } from './estimate.js';
import { type NotEstimatedPart, partsBlocking } from './not-estimated.js';
import {
  type Budget,
  defaultSolveVar,
  type FitsRow,
  fitsTable,
  type GradAccumulationPlan,
  planGradAccumulation,
  type SolveResult,
  solve,
} from './solve.js';
import type { TraceComparison } from './trace.js';
import type { Breakdown, EstimateSpec } from './types.js';

/** What was asked beyond the breakdown. */
export interface ReportOptions {
  solveVar?: string;
  budgetBytes?: number;
  hostBudgetBytes?: number;
  gradAccumulationTarget?: number;
  /** GPU counts to compare (same strategy), e.g. 1, 2, 4, 8. */
  gpuCounts?: number[];
}

/** One GPU count: the per-GPU peak, and the largest value of the var within the budgets. */
export interface GpuCountRow {
  gpus: number;
  peakBytes: number;
  allocatedPeakBytes: number;
  hostPeakBytes: number;
  /** Only with a budget: the largest value of `var` per GPU (see solve), null if memory does not grow with it. */
  var?: string;
  max?: number | null;
  /** True when a part that grows with `var` is not estimated: the real largest value may be smaller. */
  isUpperBound?: true;
}

/**
 * A --solve (or --grad-accumulation-target) that was not answered: a part that grows with the var
 * is not estimated, so any value found would only be an upper bound.
 */
export interface SolveRefusal {
  var: string;
  /** The parts not estimated that grow with the var, on a budgeted resource. */
  parts: string[];
  /** One sentence: which part, and what to add to the spec. */
  message: string;
}

/** One estimate command's result; the JSON renderer prints it as is. */
export interface EstimateReport extends Breakdown {
  fits: FitsRow[];
  solve?: SolveResult;
  gradAccumulation?: GradAccumulationPlan | null;
  gpuCounts?: GpuCountRow[];
  solveRefused?: SolveRefusal;
  /** `--trace`: the step traced on fake tensors, beside this estimate. */
  trace?: TraceComparison;
}

/** The refusal for solving `name` while these parts grow with it unestimated. */
function refusal(name: string, parts: readonly NotEstimatedPart[]): SolveRefusal {
  const names = parts.map((p) => p.part);
  const adds = parts.map((p) => (parts.length === 1 ? p.add : `${p.add} (for ${p.part})`)).join('; and ');
  return {
    var: name,
    parts: names,
    message: `${names.join(' and ')} grow${names.length === 1 ? 's' : ''} with ${name} and ${names.length === 1 ? 'is' : 'are'} not estimated, so no largest ${name} can be given (the estimate without ${names.length === 1 ? 'it' : 'them'} would only be an upper bound); to the spec add ${adds}`,
  };
}

// A largest value computed without a part that grows with the var is only an upper bound.
function markUpperBound<T extends { max?: number | null }>(
  row: T,
  parts: readonly NotEstimatedPart[],
): T & { isUpperBound?: true } {
  return parts.length > 0 && row.max !== null && row.max !== undefined ? { ...row, isUpperBound: true } : row;
}

/** Breakdown, fits table (for the solve var, else batch_size or its first var), solve and plan. */
export function buildReport(spec: EstimateSpec, options: ReportOptions = {}): EstimateReport {
  const name = options.solveVar ?? defaultSolveVar(spec);
  const breakdown = estimate(spec);
  const parts = breakdown.notEstimated ?? [];
  const fitsMissing = spec.device === 'cpu' ? [] : partsBlocking(parts, name, { budgetBytes: 1 });
  const report: EstimateReport = {
    ...breakdown,
    fits: fitsTable(spec, name).map((row) => markUpperBound(row, fitsMissing)),
  };
  const hasBudget = options.budgetBytes !== undefined || options.hostBudgetBytes !== undefined;
  const budget: Budget = { budgetBytes: options.budgetBytes, hostBudgetBytes: options.hostBudgetBytes };
  const blocking = partsBlocking(parts, name, {
    ...(budget.budgetBytes === undefined ? {} : { budgetBytes: budget.budgetBytes }),
    ...(budget.hostBudgetBytes === undefined ? {} : { hostBudgetBytes: budget.hostBudgetBytes }),
  });
  if (options.gpuCounts) {
    report.gpuCounts = options.gpuCounts.map((gpus) => {
      const breakdown = estimate(spec, { gpus });
      const row: GpuCountRow = {
        gpus,
        peakBytes: breakdown.gpu.peakBytes,
        allocatedPeakBytes: breakdown.gpu.allocatedPeakBytes,
        hostPeakBytes: breakdown.host.peakBytes,
      };
      // A part that grows with the var is not estimated: no largest value per count either, as for
      // --solve (solveRefused says why); searching on would double the var until the spec overflows.
      if (!hasBudget || blocking.length > 0) return row;
      const solved = solve(spec, name, budget, gpus);
      return markUpperBound(
        { ...row, var: name, max: solved.firstFailing === null ? null : solved.value },
        blocking,
      );
    });
  }
  if (!hasBudget) return report;
  const isAsked =
    options.solveVar !== undefined ||
    options.gradAccumulationTarget !== undefined ||
    options.gpuCounts !== undefined;
  if (isAsked && blocking.length > 0) {
    report.solveRefused = refusal(name, blocking);
    return report;
  }
  if (options.solveVar !== undefined) report.solve = solve(spec, name, budget);
  if (options.gradAccumulationTarget !== undefined) {
    report.gradAccumulation = planGradAccumulation(spec, name, options.gradAccumulationTarget, budget);
  }
  return report;
}
