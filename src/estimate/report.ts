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
}

/** One estimate command's result; the JSON renderer prints it as is. */
export interface EstimateReport extends Breakdown {
  fits: FitsRow[];
  solve?: SolveResult;
  gradAccumulation?: GradAccumulationPlan | null;
}

/** Breakdown, fits table (for the solve var, else batch_size or its first var), solve and plan. */
export function buildReport(spec: EstimateSpec, options: ReportOptions = {}): EstimateReport {
  const name = options.solveVar ?? defaultSolveVar(spec);
  const report: EstimateReport = { ...estimate(spec), fits: fitsTable(spec, name) };
  if (options.budgetBytes === undefined) return report;
  const budget: Budget = { budgetBytes: options.budgetBytes, hostBudgetBytes: options.hostBudgetBytes };
  if (options.solveVar !== undefined) report.solve = solve(spec, name, budget);
  if (options.gradAccumulationTarget !== undefined) {
    report.gradAccumulation = planGradAccumulation(spec, name, options.gradAccumulationTarget, budget);
  }
  return report;
}
