// The result of `headroom estimate`: the breakdown, the fits table, and the answers asked for.
import { estimate } from './estimate.js';
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
}

/** One estimate command's result; the JSON renderer prints it as is. */
export interface EstimateReport extends Breakdown {
  fits: FitsRow[];
  solve?: SolveResult;
  gradAccumulation?: GradAccumulationPlan | null;
  gpuCounts?: GpuCountRow[];
}

/** Breakdown, fits table (for the solve var, else batch_size or its first var), solve and plan. */
export function buildReport(spec: EstimateSpec, options: ReportOptions = {}): EstimateReport {
  const name = options.solveVar ?? defaultSolveVar(spec);
  const report: EstimateReport = { ...estimate(spec), fits: fitsTable(spec, name) };
  const hasBudget = options.budgetBytes !== undefined || options.hostBudgetBytes !== undefined;
  const budget: Budget = { budgetBytes: options.budgetBytes, hostBudgetBytes: options.hostBudgetBytes };
  if (options.gpuCounts) {
    report.gpuCounts = options.gpuCounts.map((gpus) => {
      const breakdown = estimate(spec, { gpus });
      const row: GpuCountRow = {
        gpus,
        peakBytes: breakdown.gpu.peakBytes,
        allocatedPeakBytes: breakdown.gpu.allocatedPeakBytes,
        hostPeakBytes: breakdown.host.peakBytes,
      };
      if (!hasBudget) return row;
      const solved = solve(spec, name, budget, gpus);
      return { ...row, var: name, max: solved.firstFailing === null ? null : solved.value };
    });
  }
  if (!hasBudget) return report;
  if (options.solveVar !== undefined) report.solve = solve(spec, name, budget);
  if (options.gradAccumulationTarget !== undefined) {
    report.gradAccumulation = planGradAccumulation(spec, name, options.gradAccumulationTarget, budget);
  }
  return report;
}
