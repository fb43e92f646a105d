// Which planned process a live PID is: the HEADROOM_PROCESS each child headroom starts carries (read
// from /proc), matched to the plan's budgets.
import type { Plan } from '../../plan/types.js';
import type { ProcessDetails } from '../gpu/process-details.js';
import { readProcessLabel } from '../host/process-label.js';

/** A live process's planned name and GPU budget. */
export interface PlannedMatch {
  name: string;
  budgetBytes: number;
}

/**
 * From a PID (in headroom's namespace) to the planned process it belongs to, if any. `label` is the
 * PID's HEADROOM_PROCESS where the caller has read it already (null: it has none); else it is read.
 */
export type PlannedMatcher = (
  pid: number | null | undefined,
  label?: string | null,
) => PlannedMatch | undefined;

/** A matcher over a plan's processes, reading each PID's label from `procRoot` unless given. */
export function matchPlannedProcesses(plan: Plan, procRoot = '/proc'): PlannedMatcher {
  const budgets = new Map(plan.processes.map((p) => [p.name, p.budgetBytes]));
  return (pid, label) => {
    if (pid === null || pid === undefined) return undefined;
    const name = label === undefined ? readProcessLabel(pid, procRoot) : (label ?? undefined);
    const budgetBytes = name === undefined ? undefined : budgets.get(name);
    return name === undefined || budgetBytes === undefined ? undefined : { name, budgetBytes };
  };
}

/** Adds `process` and `budgetBytes` to each process, and the PID → budget map the renderers take. */
export function attachBudgets(
  processes: ProcessDetails[],
  match: PlannedMatcher,
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
