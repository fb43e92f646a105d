// What a run's memory failure ran into, as doctor reads it: the decision the run took
// (summary.json `cause`, from src/verdict/cause.ts), or, for a record written before it, the same
// judge over what the record holds. And the fixes each decision allows, through knobs that exist
// for each process's framework.

import { size } from '../../doctor/families/explain-types.js';
import { logNumbersOf } from '../../doctor/stream/output-reader.js';
import type { Diagnosis, FixDetail } from '../../doctor/types.js';
import { inProcessCap } from '../../plan/cap.js';
import type { FailureCauseRecord, RunPlan } from '../../run-record/schema.js';
import { causeRecordOf, judgeCause, type Neighbour, type SampleAtFailure } from '../../verdict/cause.js';
import { yamlSize } from './plan-change.js';
import type { RunProcess } from './types.js';

type PlannedProcess = RunPlan['processes'][number];

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** GPU clients one planned process holds (`gpu_clients`, 1 when the plan does not say). */
export function clientsOf(planned: PlannedProcess | undefined): number {
  const clients = num(planned?.gpuClients);
  return clients !== null && clients >= 1 ? clients : 1;
}

function sampleAtFailureOf(p: RunProcess, plan: RunPlan | null): SampleAtFailure | null {
  const planned = plan?.processes.find((x) => x.name === p.name);
  const sample = p.lastSeenSample;
  if (!sample || !planned || planned.device === null || !plan) return null;
  const failedAtMs = Date.parse(p.endedAt ?? sample.time);
  const neighbours: Neighbour[] = plan.processes
    .filter((other) => other.name !== p.name && other.device === planned.device)
    .map((other) => ({
      name: other.name,
      gpuBytes: num(sample.processes[other.name]?.gpuBytes),
      budgetBytes: other.budgetBytes ?? null,
      contextBytes: other.overheadBytes ?? 0,
    }));
  const card = sample.gpus?.find((g) => g.index === planned.device);
  return {
    ageMs: Math.max(0, failedAtMs - Date.parse(sample.time)),
    selfGpuBytes: num(sample.processes[p.name]?.gpuBytes),
    selfClients: num(sample.processes[p.name]?.gpuClients) ?? undefined,
    card: card ? { index: card.index, totalBytes: card.totalBytes, usedBytes: num(card.usedBytes) } : null,
    neighbours,
  };
}

/** The cause of a process's failure: the run's own decision, else the same judge over the record. */
export function failureCauseOf(
  p: RunProcess,
  plan: RunPlan | null,
  log: Diagnosis | undefined,
): FailureCauseRecord | null {
  const end = p.end;
  if (!end) return null;
  if (end.cause) return end.cause;
  const planned = plan?.processes.find((x) => x.name === p.name);
  const device = plan?.devices.find((d) => d.index === planned?.device);
  const clients = clientsOf(planned);
  const cause = judgeCause({
    name: p.name,
    reason: end.reason,
    headroomKill: p.memoryKill,
    cap: planned && device ? inProcessCap(planned, device.totalBytes) : null,
    contextBytes: (planned?.overheadBytes ?? 0) / clients,
    gpuClients: clients,
    budgetBytes: planned?.budgetBytes ?? null,
    log: log?.kind === 'gpu_oom' ? logNumbersOf(log.facts) : {},
    sample: sampleAtFailureOf(p, plan),
    hostLimitBytes: num(end.hostLimitBytes) ?? planned?.hostMemoryBytes ?? null,
  });
  return causeRecordOf(cause ?? undefined);
}

const frameworkCaps: Record<string, string> = {
  jax: 'its XLA fraction',
  torch: "PyTorch's per-process fraction",
  tensorflow: "TensorFlow's device limit",
};

/**
 * What a process that took more than its budget can be told, through knobs its framework has:
 * `enforce: cap` only where a framework holds a cap (never `other`), its budget where the card has
 * room, and `enforce: kill` with what it ends.
 */
export function overBudgetFixes(options: {
  name: string;
  usedBytes: number;
  plan: RunPlan | null;
  /** Who failed because of it, to name in the consequence of a kill. */
  victim?: string | undefined;
}): FixDetail[] {
  const { name, usedBytes, plan } = options;
  const planned = plan?.processes.find((x) => x.name === name);
  const framework = String(planned?.framework ?? 'other');
  const fixes: FixDetail[] = [];
  const capBy = String(planned?.capBy ?? '');
  if (framework in frameworkCaps && capBy === 'watch') {
    fixes.push({
      fix: `enforce: cap for ${name}: ${frameworkCaps[framework]} then holds it to its budget from inside, so it fails with its own out-of-memory error instead of taking its neighbours' memory`,
      because: `${name} is ${framework}, and ran uncapped (capBy: watch in plan.json)`,
    });
  }
  const budget = planned?.budgetBytes ?? 0;
  const device = plan?.devices.find((d) => d.index === planned?.device);
  const others = (plan?.processes ?? []).filter((x) => x.name !== name && x.device === planned?.device);
  const othersBytes = others.reduce((sum, x) => sum + (x.budgetBytes ?? 0) + (x.overheadBytes ?? 0), 0);
  const context = planned?.overheadBytes ?? 0;
  const needed = Math.max(0, usedBytes - context);
  if (device?.usableBytes !== undefined) {
    const room = device.usableBytes - othersBytes - context;
    fixes.push(
      needed <= room
        ? {
            fix: `give ${name} the budget it used: gpu_memory: ${yamlSize(needed)} for ${name} (was ${size(budget)}), so the plan counts it`,
            because: `it held ${size(usedBytes)} with its context; the card has ${size(room)} for it beside the others' budgets`,
          }
        : {
            fix: `${name} used ${size(usedBytes)}, more than the card keeps for it beside the others (${size(Math.max(0, room))}): make ${name} need less (a smaller scene, fewer environments, a smaller batch) or move the others to another GPU`,
            because: `GPU ${device.index} has ${size(device.usableBytes)} usable; the others are planned ${size(othersBytes)} with their contexts`,
          },
    );
  }
  const ends = options.victim ? `; ${options.victim} keeps its share, but` : ';';
  fixes.push({
    fix: `or enforce: kill for ${name}: headroom stops ${name} the moment it goes over its budget${ends} the run then fails with ${name} killed-by-headroom (summary and doctor say so), and whatever needs ${name} loses it`,
    because: `enforce: kill is the only hold on a ${framework === 'other' ? 'framework: other process' : 'process its framework does not cap'} from outside`,
  });
  return framework in frameworkCaps && capBy !== 'watch'
    ? [
        {
          fix: `${name}'s framework already caps its pool: what went over is outside it (CUDA context, cuDNN/cuBLAS workspaces); raise context_overhead in headroom.yaml to at least ${size(Math.max(0, usedBytes - budget))}`,
          because: `${name} held ${size(usedBytes)} against a ${size(budget)} pool cap`,
        },
        ...fixes,
      ]
    : fixes;
}
