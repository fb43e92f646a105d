// What a sample's figures enforce on a process: headroom's host-memory watchdog (where no cgroup could
// be made) and the GPU budget (an event when crossed; a stop under `enforce: kill`).
import { formatBytes } from '../units.js';
import type { LiveProcess, RunContext } from './run-context.js';
import { requestStop } from './stop.js';
import { killTree } from './terminate.js';

/** Kills the tree over its host limit when the watchdog enforces it (no cgroup). */
export function enforceHostLimit(context: RunContext, live: LiveProcess, hostBytes: number): void {
  const limitBytes = live.spec.hostMemoryBytes;
  const attempt = live.attempt;
  const isOver = limitBytes !== null && hostBytes > limitBytes;
  if (live.hostEnforcement !== 'watchdog' || !isOver || !attempt || attempt.headroomKill !== null) return;
  attempt.headroomKillOver = 'host';
  attempt.headroomKill = `its tree held ${formatBytes(hostBytes)}, over host_memory ${formatBytes(limitBytes)}; headroom's watchdog killed it (no cgroup could be made)`;
  const pids = killTree(attempt, context.procRoot);
  context.event('watchdog-kill', live.spec.name, attempt.headroomKill, { hostBytes, limitBytes, pids });
}

/** Notes a process over its GPU budget (once per crossing) and stops it under `enforce: kill`. */
export function checkGpuBudget(context: RunContext, live: LiveProcess, gpuBytes: number | null): void {
  const budgetBytes = live.spec.gpuBudgetBytes;
  if (gpuBytes === null || budgetBytes === null) return;
  // NVML's per-process bytes include the CUDA context, which the plan allows beside the budget.
  const contextBytes = live.spec.gpuContextBytes ?? 0;
  const isOver = gpuBytes > budgetBytes + contextBytes;
  const isNewlyOver = isOver && !live.isOverGpuBudget;
  live.isOverGpuBudget = isOver;
  if (isOver) {
    live.budgetExceeded ??= { peakGpuBytes: gpuBytes, budgetBytes, contextBytes, atMs: context.clock.now() };
    live.budgetExceeded.peakGpuBytes = Math.max(live.budgetExceeded.peakGpuBytes, gpuBytes);
  }
  if (!isNewlyOver || !live.attempt) return;
  const allowance = contextBytes > 0 ? ` + ${formatBytes(contextBytes)} for its CUDA context` : '';
  const message = `${live.spec.name}'s GPU memory ${formatBytes(gpuBytes)} is over its budget of ${formatBytes(budgetBytes)}${allowance}`;
  context.event('gpu-over-budget', live.spec.name, message, {
    gpuBytes,
    budgetBytes,
    enforce: live.spec.enforce,
  });
  if (live.spec.enforce === 'kill') {
    const headroomKill = `${message}; enforce: kill stopped it`;
    live.attempt.headroomKillOver = 'gpu';
    requestStop(context, live.spec.name, live.attempt, { signal: 'SIGTERM', headroomKill });
    context.event('enforce-kill', live.spec.name, `stopping ${live.spec.name}: ${headroomKill}`, {
      gpuBytes,
      budgetBytes,
    });
  }
}
