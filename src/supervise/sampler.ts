// Every interval: host memory of each live tree (Σ PSS + swap), GPU memory of its PIDs, peaks,
// one line in samples.jsonl, the watchdog (no cgroup) and the GPU budget check.
import type { GpuProbe, GpuSnapshot } from '../probe/gpu/types.js';
import { readCgroupUsageBytes } from '../probe/host/cgroup.js';
import { readProcessTable } from '../probe/host/proc-table.js';
import { readTreeMemory } from '../probe/host/tree-memory.js';
import type { SampledMember, SampledProcess } from '../run-record/schema.js';
import { formatBytes } from '../units.js';
import { checkOomKills } from './oom-kills.js';
import { listTreePids, rememberTreePids } from './process-tree.js';
import { type LiveProcess, type RunContext, statusOf } from './run-context.js';
import { requestStop } from './stop.js';
import { killTree } from './terminate.js';
import { roleOf, type TreeMembers, updateMembers } from './tree-members.js';

/** Members written per process per sample: the largest, so a pool of hundreds stays a short line. */
const sampledMemberCount = 16;

function largestMembers(members: TreeMembers, rootPid: number, pids: readonly number[]): SampledMember[] {
  return pids
    .flatMap((pid) => {
      const member = members.get(pid);
      return member ? [member] : [];
    })
    .sort((a, b) => b.pssBytes - a.pssBytes)
    .slice(0, sampledMemberCount)
    .map((m) => ({
      pid: m.pid,
      role: roleOf(members, rootPid, m.pid).role,
      rssBytes: m.rssBytes,
      pssBytes: m.pssBytes,
    }));
}

async function snapshotGpus(gpuProbe: GpuProbe): Promise<GpuSnapshot | null> {
  if (gpuProbe.source === 'none') return null;
  try {
    return await gpuProbe.snapshot();
  } catch {
    return null; // a probe hiccup costs one sample, not the run
  }
}

function sumGpuBytes(snapshot: GpuSnapshot | null, pids: ReadonlySet<number>): number | null {
  if (!snapshot) return null;
  let sumBytes = 0;
  for (const process of snapshot.processes) {
    // Backends report host PIDs; in a container `localPid` is the one /proc here knows (null: unknown).
    const pid = process.localPid === undefined ? process.pid : process.localPid;
    if (pid !== null && pids.has(pid)) sumBytes += process.usedBytes ?? 0;
  }
  return sumBytes;
}

function enforceHostLimit(context: RunContext, live: LiveProcess, hostBytes: number): void {
  const limitBytes = live.spec.hostMemoryBytes;
  const attempt = live.attempt;
  const isOver = limitBytes !== null && hostBytes > limitBytes;
  if (live.hostEnforcement !== 'watchdog' || !isOver || !attempt || attempt.headroomKill !== null) return;
  attempt.headroomKill = `its tree held ${formatBytes(hostBytes)}, over host_memory ${formatBytes(limitBytes)}; headroom's watchdog killed it (no cgroup could be made)`;
  const pids = killTree(attempt, context.procRoot);
  context.event('watchdog-kill', live.spec.name, attempt.headroomKill, { hostBytes, limitBytes, pids });
}

function checkGpuBudget(context: RunContext, live: LiveProcess, gpuBytes: number | null): void {
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
    requestStop(context, live.spec.name, live.attempt, {
      signal: 'SIGTERM',
      headroomKill: `${message}; enforce: kill stopped it`,
    });
  }
}

/** Takes one sample of every running process and applies the limits. */
export async function sampleOnce(context: RunContext, gpuProbe: GpuProbe): Promise<void> {
  const gpus = await snapshotGpus(gpuProbe);
  const table = readProcessTable(context.procRoot);
  const nowMs = context.clock.now();
  const processes: Record<string, SampledProcess> = {};
  for (const live of context.live.values()) {
    const attempt = live.attempt;
    if (!attempt || attempt.isExited) continue;
    const pids = listTreePids(attempt, table);
    rememberTreePids(attempt, pids, table);
    const memory = readTreeMemory(pids, context.procRoot);
    updateMembers({
      members: attempt.members,
      pids,
      table,
      memory: memory.processes,
      nowMs,
      procRoot: context.procRoot,
    });
    const gpuBytes = sumGpuBytes(gpus, new Set(pids));
    const cgroupBytes = live.group ? readCgroupUsageBytes(live.group) : null;
    live.lastHostBytes = memory.hostBytes;
    live.lastGpuBytes = gpuBytes;
    live.peakSampledHostBytes = Math.max(live.peakSampledHostBytes, memory.hostBytes);
    live.sampleCount += 1;
    if (gpuBytes !== null) live.peakGpuBytes = Math.max(live.peakGpuBytes ?? 0, gpuBytes);
    const { rssBytes, pssBytes, swapBytes, hostBytes } = memory;
    processes[live.spec.name] = {
      pid: attempt.pid,
      pids: pids.length,
      rssBytes,
      pssBytes,
      swapBytes,
      hostBytes,
      cgroupBytes,
      gpuBytes,
      members: largestMembers(attempt.members, attempt.pid, pids),
    };
    enforceHostLimit(context, live, hostBytes);
    checkGpuBudget(context, live, gpuBytes);
    checkOomKills(context, live, attempt, { isFinal: false });
  }
  if (Object.keys(processes).length > 0) {
    // Each card's own reading too: what the report and /metrics show as "others on the card".
    const cards = gpus?.devices.map(({ index, uuid, usedBytes, totalBytes }) => ({
      index,
      uuid,
      usedBytes,
      totalBytes,
    }));
    const time = new Date(context.clock.now()).toISOString();
    context.record.appendSample({ time, processes, ...(cards ? { gpus: cards } : {}) });
  }
  context.emit({ kind: 'status', processes: statusOf(context) });
}

/** Samples every `sampleIntervalMs` until the returned stop function is called. */
export function startSampling(context: RunContext, gpuProbe: GpuProbe): () => Promise<void> {
  const stopper = new AbortController();
  let hasWarned = false;
  const loop = (async () => {
    while (!stopper.signal.aborted) {
      await context.clock.sleep(context.sampleIntervalMs, stopper.signal);
      if (stopper.signal.aborted) break;
      try {
        await sampleOnce(context, gpuProbe);
      } catch (error) {
        if (!hasWarned) context.event('warning', undefined, `sampling failed: ${String(error)}`);
        hasWarned = true;
      }
    }
  })();
  return async () => {
    stopper.abort();
    await loop;
  };
}
