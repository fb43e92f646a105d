// The change to headroom.yaml that would have avoided a GPU OOM at a process's own cap: a bigger
// budget where the plan has room, taken from a process that did not use its own. (A neighbour's
// overrun is failure-cause.ts's; host kills are explained from the measured tree in host-kill.ts.)
import { size } from '../../doctor/families/explain-types.js';
import type { Diagnosis } from '../../doctor/types.js';
import type { HeldAtFailure } from './diagnose-run.js';
import type { RunPlan } from './types.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/** Bytes rounded to 256 MiB (up, or down for a budget being lowered), as headroom.yaml takes it: `7.25GiB`. */
export function yamlSize(bytes: number, direction: 'up' | 'down' = 'up'): string {
  const round = direction === 'up' ? Math.ceil : Math.floor;
  const rounded = round(bytes / (256 * MiB)) * 256 * MiB;
  return rounded % GiB === 0
    ? `${rounded / GiB}GiB`
    : rounded >= GiB
      ? `${(rounded / GiB).toFixed(2)}GiB`
      : `${rounded / MiB}MiB`;
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** One sentence with the change to the plan that avoids a GPU OOM, or undefined when none would help. */
export function planChange(options: {
  name: string;
  diagnosis: Diagnosis;
  plan: RunPlan | null;
  others: HeldAtFailure[];
  selfGpuBytes: number | null;
}): string | undefined {
  const { name, diagnosis, plan, others } = options;
  const { facts } = diagnosis;
  if (diagnosis.kind !== 'gpu_oom' || !plan) return undefined;
  const planned = plan.processes.find((p) => p.name === name);
  if (!planned || planned.device === null) return `give ${name} a gpu_memory: budget in headroom.yaml`;
  const budgets = new Map(plan.processes.map((p) => [p.name, p.budgetBytes ?? 0]));
  const budget = planned.budgetBytes ?? 0;
  const used = Math.max(options.selfGpuBytes ?? 0, num(facts.peakGpuBytes) ?? 0, budget);
  const neededBytes = used + (num(facts.requestedBytes) ?? 0.1 * used);
  const newBudget = Math.ceil(neededBytes / (256 * MiB)) * 256 * MiB;
  const device = plan.devices.find((d) => d.index === planned.device);
  const spare =
    device?.usableBytes !== undefined && device.plannedBytes !== undefined
      ? device.usableBytes - device.plannedBytes
      : 0;
  const extra = newBudget - budget;
  if (extra <= spare) {
    return `in headroom.yaml, gpu_memory: ${yamlSize(newBudget)} for ${name} (was ${size(budget)}; GPU ${planned.device} has ${size(spare)} unplanned)`;
  }
  const donors = plan.processes
    .filter((p) => p.name !== name && p.device === planned.device)
    .map((p) => ({
      name: p.name,
      slackBytes:
        (p.budgetBytes ?? 0) - (others.find((o) => o.name === p.name)?.gpuBytes ?? p.budgetBytes ?? 0),
    }))
    .filter((d) => d.slackBytes > 256 * MiB)
    .sort((a, b) => b.slackBytes - a.slackBytes);
  const donor = donors[0];
  if (donor && donor.slackBytes + spare >= extra) {
    const donorBudget = (budgets.get(donor.name) ?? 0) - (extra - spare);
    return `in headroom.yaml, gpu_memory: ${yamlSize(newBudget)} for ${name} and ${yamlSize(donorBudget, 'down')} for ${donor.name} (it used ${size((budgets.get(donor.name) ?? 0) - donor.slackBytes)} of ${size(budgets.get(donor.name) ?? 0)})`;
  }
  return `${name} needs about ${size(newBudget)} and GPU ${planned.device} cannot give it that next to the others: put it on another GPU (gpu: in headroom.yaml) or lower its batch size`;
}
