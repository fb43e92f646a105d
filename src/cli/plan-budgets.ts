// Budgets from a plan, matched to live PIDs through the HEADROOM_PROCESS each planned child carries.

import type { ProcessDetails } from '../probe/gpu/process-details.js';
import { readProcessLabel } from '../probe/host/process-label.js';
import { loadPlan } from './common.js';

/** A live process's planned name and GPU budget. */
export interface PlannedMatch {
  name: string;
  budgetBytes: number;
}

/** Loads the plan once and returns a matcher from PID to the planned process it belongs to. */
export async function loadBudgetMatcher(options: {
  config: string;
  gpu?: string[];
  procRoot?: string;
}): Promise<(pid: number | null | undefined) => PlannedMatch | undefined> {
  const { plan } = await loadPlan({ config: options.config, gpu: options.gpu });
  const budgets = new Map(plan.processes.map((p) => [p.name, p.budgetBytes]));
  return (pid) => {
    if (pid === null || pid === undefined) return undefined;
    const name = readProcessLabel(pid, options.procRoot);
    const budgetBytes = name === undefined ? undefined : budgets.get(name);
    return name === undefined || budgetBytes === undefined ? undefined : { name, budgetBytes };
  };
}

/** Adds `process` and `budgetBytes` to each process, and the PID → budget map the renderers take. */
export function attachBudgets(
  processes: ProcessDetails[],
  match: (pid: number | null | undefined) => PlannedMatch | undefined,
): {
  processes: (ProcessDetails & { process: string | null; budgetBytes: number | null })[];
  budgets: Map<number, number>;
} {
  const budgets = new Map<number, number>();
  const described = processes.map((p) => {
    const found = match(p.localPid === undefined ? p.pid : p.localPid);
    if (found) budgets.set(p.pid, found.budgetBytes);
    return { ...p, process: found?.name ?? null, budgetBytes: found?.budgetBytes ?? null };
  });
  return { processes: described, budgets };
}
