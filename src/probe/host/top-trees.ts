// The process trees holding the most host memory, for `watch` on a machine without a GPU: rank by
// each process's own RSS (cheap: /proc/PID/status), fold children into their ancestors (DataLoader
// workers count with their trainer), then measure the chosen trees properly (Σ PSS + swap).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatusMemory } from './proc-memory.js';
import { indexByPid, readProcessTable, selectDescendants } from './proc-table.js';
import { readProcessLabel } from './process-label.js';
import { readTreeMemory } from './tree-memory.js';

/** One process tree and what it holds. */
export interface HostTree {
  pid: number;
  /** HEADROOM_PROCESS of a process headroom started, else undefined. */
  label: string | undefined;
  /** Σ PSS + swap of the tree. */
  hostBytes: number;
  processCount: number;
}

// Not the table's stat rss: recent kernels (6.18 here) print there a per-CPU-batched estimate of
// the counter VmRSS sums exactly, and ranking on the estimate could pick other candidates.
function ownRssBytes(pid: number, procRoot: string): number {
  try {
    return parseStatusMemory(readFileSync(join(procRoot, String(pid), 'status'), 'utf8'))?.rssBytes ?? 0;
  } catch {
    return 0;
  }
}

/** The `count` largest trees, those of processes headroom started (labelled) first and always whole. */
export function readTopTrees(options: { count: number; procRoot?: string }): HostTree[] {
  const procRoot = options.procRoot ?? '/proc';
  const table = readProcessTable(procRoot);
  const byPid = indexByPid(table);
  const labels = new Map<number, string>();
  for (const p of table) {
    const label = readProcessLabel(p.pid, procRoot);
    if (label !== undefined) labels.set(p.pid, label);
  }
  // A process headroom started is a tree of its own, even under headroom itself (its parent).
  const labelledRoots = table
    .filter((p) => labels.has(p.pid) && labels.get(p.ppid) !== labels.get(p.pid))
    .map((p) => p.pid);
  const inLabelledTree = new Set(labelledRoots.flatMap((pid) => [pid, ...selectDescendants(table, pid)]));
  const ranked = table
    .filter((p) => !inLabelledTree.has(p.pid))
    .map((p) => ({ pid: p.pid, rssBytes: ownRssBytes(p.pid, procRoot) }))
    .filter((p) => p.rssBytes > 0)
    .sort((a, b) => b.rssBytes - a.rssBytes)
    .slice(0, options.count * 4);
  const candidates = new Set(ranked.map((p) => p.pid));
  // A candidate under another candidate is part of that tree.
  const hasCandidateAncestor = (pid: number): boolean => {
    for (
      let parent = byPid.get(pid)?.ppid;
      parent !== undefined && parent > 1;
      parent = byPid.get(parent)?.ppid
    )
      if (candidates.has(parent)) return true;
    return false;
  };
  const measure = (pid: number, label: string | undefined): HostTree => {
    const pids = [pid, ...selectDescendants(table, pid)].filter(
      (p) => label !== undefined || !inLabelledTree.has(p),
    );
    const memory = readTreeMemory(pids, procRoot);
    return { pid, label, hostBytes: memory.hostBytes, processCount: memory.processes.length };
  };
  const labelled = labelledRoots.map((pid) => measure(pid, labels.get(pid)));
  const others = ranked
    .map((p) => p.pid)
    .filter((pid) => !hasCandidateAncestor(pid))
    .map((pid) => measure(pid, undefined));
  const bySize = (a: HostTree, b: HostTree): number => b.hostBytes - a.hostBytes;
  return [...labelled.sort(bySize), ...others.sort(bySize)].slice(0, options.count);
}
