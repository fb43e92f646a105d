// Every interval: host memory of each live tree (Σ PSS + swap), GPU memory of its PIDs, peaks,
// one line in samples.jsonl, the watchdog (no cgroup) and the GPU budget check (enforce-limits.ts),
// and the processes that left a tree (tree-leavers.ts).

import type { GpuProbe, GpuSnapshot } from '../probe/gpu/types.js';
import { readCgroupPids, readCgroupUsageBytes } from '../probe/host/cgroup.js';
import { ProcScanner } from '../probe/host/proc-scan.js';
import { indexByPid } from '../probe/host/proc-table.js';
import { TreeMemoryCache } from '../probe/host/tree-memory-cache.js';
import type { SampledMember, SampledProcess } from '../run-record/schema.js';
import { formatBytes } from '../units.js';
import { describeGpuClients } from '../verdict/gpu-clients.js';
import { checkGpuBudget, enforceHostLimit } from './enforce-limits.js';
import { checkOomKills } from './oom-kills.js';
import { listTreePids, rememberTreePids } from './process-tree.js';
import { listRanks, updateRanks } from './ranks.js';
import { type Attempt, type LiveProcess, type RunContext, type SeenSample, statusOf } from './run-context.js';
import { adoptOrphans, noteEscapes } from './tree-leavers.js';
import { roleOf, type TreeMembers, updateMembers } from './tree-members.js';

/** Samples each attempt keeps for the cause judge: two minutes at the default interval. */
const sampleTrailLength = 240;

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

/** The tree's processes on the cards, with their bytes; null without a snapshot. */
function gpuHoldersOf(
  snapshot: GpuSnapshot | null,
  pids: ReadonlySet<number>,
): { pid: number; device: number; bytes: number }[] | null {
  if (!snapshot) return null;
  return snapshot.processes.flatMap((process) => {
    // Backends report host PIDs; in a container `localPid` is the one /proc here knows (null: unknown).
    const pid = process.localPid === undefined ? process.pid : process.localPid;
    return pid !== null && pids.has(pid)
      ? [{ pid, device: process.device, bytes: process.usedBytes ?? 0 }]
      : [];
  });
}

function roleTextOf(attempt: Attempt, pid: number): string {
  const { roleText } = roleOf(attempt.members, attempt.pid, pid);
  if (roleText !== 'child process') return roleText;
  // A client started by a worker (a joblib task running a program): say whose child it is.
  const parent = attempt.members.get(attempt.members.get(pid)?.ppid ?? -1);
  return parent
    ? `child of ${roleOf(attempt.members, attempt.pid, parent.pid).roleText} ${parent.pid}`
    : roleText;
}

// Several processes of one tree on a card are several GPU clients: each has its own pool and
// context and reads the one fraction the process was given. Said once, and again if more appear.
function noteGpuClients(
  context: RunContext,
  live: LiveProcess,
  holders: readonly { pid: number; device: number; bytes: number }[],
  snapshot: GpuSnapshot | null,
): void {
  const attempt = live.attempt;
  const planned = live.spec.gpuClients ?? 1;
  const clients = holders.filter((h) => h.bytes > 0);
  if (!attempt || clients.length <= Math.max(planned, attempt.reportedGpuClients)) return;
  attempt.reportedGpuClients = clients.length;
  const roles = clients.map((h) => ({ pid: h.pid, role: roleTextOf(attempt, h.pid), bytes: h.bytes }));
  const card = snapshot?.devices.find((d) => d.index === clients[0]?.device);
  const { sentence, fix } = describeGpuClients({
    process: live.spec.process ?? live.spec.name,
    framework: live.spec.framework ?? 'other',
    count: clients.length,
    plannedClients: planned,
    cap: live.spec.gpuCap ?? null,
    totalBytes: card?.totalBytes ?? null,
    budgetBytes: live.spec.gpuBudgetBytes,
  });
  const listed = roles.map((r) => `pid ${r.pid} (${r.role}, ${formatBytes(r.bytes)})`).join(', ');
  context.event(
    'gpu-clients',
    live.spec.name,
    `${live.spec.name}: ${clients.length} processes of its tree hold GPU memory: ${listed}; ${sentence}: ${fix}`,
    { count: clients.length, plannedClients: planned, clients: roles, sentence, fix },
  );
}

/** What sampling keeps from one sample to the next: held /proc files, each tree's last memory reading. */
export interface SamplerCache {
  scanner: ProcScanner;
  trees: WeakMap<Attempt, TreeMemoryCache>;
  /** PIDs of every tree at the last sample: the scanner reads these afresh. */
  watched: Set<number>;
}

/** A cache for `sampleOnce`; `closeSamplerCache` releases its files. */
export function openSamplerCache(procRoot: string): SamplerCache {
  return { scanner: new ProcScanner({ procRoot }), trees: new WeakMap(), watched: new Set() };
}

/** Closes the files a cache holds. */
export function closeSamplerCache(cache: SamplerCache): void {
  cache.scanner.close();
}

function treeCacheOf(cache: SamplerCache, attempt: Attempt, procRoot: string): TreeMemoryCache {
  let tree = cache.trees.get(attempt);
  if (!tree) {
    tree = new TreeMemoryCache({ procRoot });
    cache.trees.set(attempt, tree);
  }
  return tree;
}

/** Takes one sample of every running process and applies the limits. */
export async function sampleOnce(
  context: RunContext,
  gpuProbe: GpuProbe,
  cache: SamplerCache,
): Promise<void> {
  const gpus = await snapshotGpus(gpuProbe);
  const table = cache.scanner.scan(cache.watched);
  const stats = indexByPid(table);
  const watched = new Set<number>();
  const monotonicMs = context.clock.monotonicMs();
  adoptOrphans(context, table);
  const processes: Record<string, SampledProcess> = {};
  for (const live of context.live.values()) {
    const attempt = live.attempt;
    if (!attempt || attempt.isExited) continue;
    // The group's members are read after the table: a process forked in between is in both.
    const cgroupPids = live.group ? readCgroupPids(live.group) : [];
    const pids = listTreePids(attempt, table, cgroupPids);
    if (live.group) noteEscapes(context, live, live.group, pids, new Set(cgroupPids), stats);
    rememberTreePids(attempt, pids, table);
    for (const pid of pids) watched.add(pid);
    const memory = treeCacheOf(cache, attempt, context.procRoot).read(pids, stats, monotonicMs);
    updateMembers({
      members: attempt.members,
      pids,
      table,
      memory: memory.processes,
      nowMs: monotonicMs,
      procRoot: context.procRoot,
    });
    updateRanks(live.ranks, attempt.members, pids);
    const holders = gpuHoldersOf(gpus, new Set(pids));
    const gpuBytes = holders === null ? null : holders.reduce((sum, h) => sum + h.bytes, 0);
    if (holders) noteGpuClients(context, live, holders, gpus);
    const cgroupBytes = live.group ? readCgroupUsageBytes(live.group) : null;
    live.lastHostBytes = memory.hostBytes;
    live.lastOwnHostBytes = memory.ownBytes;
    live.lastGpuBytes = gpuBytes;
    live.peakSampledHostBytes = Math.max(live.peakSampledHostBytes, memory.hostBytes);
    live.peakSampledRssBytes = Math.max(live.peakSampledRssBytes, memory.rssBytes);
    live.peakSampledPssBytes = Math.max(live.peakSampledPssBytes, memory.pssBytes);
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
      ownBytes: memory.ownBytes,
      cgroupBytes,
      gpuBytes,
      ...(holders ? { gpuClients: holders.filter((h) => h.bytes > 0).length } : {}),
      members: largestMembers(attempt.members, attempt.pid, pids),
      ...(live.ranks.size > 0
        ? {
            ranks: listRanks(live.ranks).map(({ rank, localRank, pid, hostBytes }) => ({
              rank,
              localRank,
              pid,
              hostBytes,
            })),
          }
        : {}),
    };
    enforceHostLimit(context, live, hostBytes);
    checkGpuBudget(context, live, gpuBytes);
    checkOomKills(context, live, attempt, { isFinal: false });
  }
  cache.watched = watched;
  if (Object.keys(processes).length > 0) {
    // Each card's own reading too: what the report and /metrics show as "others on the card".
    const cards = gpus?.devices.map(({ index, uuid, usedBytes, totalBytes }) => ({
      index,
      uuid,
      usedBytes,
      totalBytes,
    }));
    const time = new Date(context.clock.now()).toISOString();
    rememberSeenSample(context, processes, cards ?? null, monotonicMs);
    context.record.appendSample({ time, processes, ...(cards ? { gpus: cards } : {}) });
  }
  context.emit({ kind: 'status', processes: statusOf(context) });
}

// Each sampled process keeps what this sample saw of everyone: if it fails before the next one,
// this is the card and the neighbours at its failure.
function rememberSeenSample(
  context: RunContext,
  processes: Record<string, SampledProcess>,
  cards: SeenSample['cards'],
  atMs: number,
): void {
  const gpuBytes = Object.fromEntries(
    Object.entries(processes).map(([name, p]) => [name, p.gpuBytes ?? null]),
  );
  const gpuClients = Object.fromEntries(
    Object.entries(processes).map(([name, p]) => [name, p.gpuClients ?? 0]),
  );
  const seen: SeenSample = { atMs, gpuBytes, gpuClients, cards };
  for (const name of Object.keys(processes)) {
    const live = context.live.get(name);
    if (!live) continue;
    live.lastSeenSample = seen;
    const trail = live.attempt?.sampleTrail;
    trail?.push({ lines: live.attempt!.output.lineCount, seen });
    if (trail && trail.length > sampleTrailLength) trail.shift();
  }
}

/** Samples every `sampleIntervalMs` until the returned stop function is called. */
export function startSampling(context: RunContext, gpuProbe: GpuProbe): () => Promise<void> {
  const stopper = new AbortController();
  const cache = openSamplerCache(context.procRoot);
  let hasWarned = false;
  const loop = (async () => {
    while (!stopper.signal.aborted) {
      await context.clock.sleep(context.sampleIntervalMs, stopper.signal);
      if (stopper.signal.aborted) break;
      try {
        await sampleOnce(context, gpuProbe, cache);
      } catch (error) {
        if (!hasWarned) context.event('warning', undefined, `sampling failed: ${String(error)}`);
        hasWarned = true;
      }
    }
  })();
  return async () => {
    stopper.abort();
    await loop;
    closeSamplerCache(cache);
  };
}
