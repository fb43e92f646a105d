// The process trees holding the most host memory, for `watch` on a machine without a GPU: rank by
// each process's own RSS (cheap: /proc/PID/status), fold children into their ancestors (DataLoader
// workers count with their trainer), then measure the chosen trees properly (Σ PSS + swap).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatusMemory } from './proc-memory.js';
import { type ProcStat, readProcessTable, selectDescendants } from './proc-table.js';
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

function ownRssBytes(pid: number, procRoot: string): number {
  try {
    return parseStatusMemory(readFileSync(join(procRoot, String(pid), 'status'), 'utf8'))?.rssBytes ?? 0;
  } catch {
    return 0;
  }
}

/** The `count` largest trees, those of processes headroom started (labelled) first. */
export function readTopTrees(options: { count: number; procRoot?: string; table?: ProcStat[] }): HostTree[] {
  const procRoot = options.procRoot ?? '/proc';
  const table = options.table ?? readProcessTable(procRoot);
  const byPid = new Map(table.map((p) => [p.pid, p]));
  const ranked = table
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
  const roots = ranked.map((p) => p.pid).filter((pid) => !hasCandidateAncestor(pid));
  const trees = roots.map((pid) => {
    const memory = readTreeMemory([pid, ...selectDescendants(table, pid)], procRoot);
    return {
      pid,
      label: readProcessLabel(pid, procRoot),
      hostBytes: memory.hostBytes,
      processCount: memory.processes.length,
    };
  });
  trees.sort(
    (a, b) => Number(b.label !== undefined) - Number(a.label !== undefined) || b.hostBytes - a.hostBytes,
  );
  return trees.slice(0, options.count);
}
