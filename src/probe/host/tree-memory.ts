// Host memory of a process tree: the sum over its processes, shared pages counted once (PSS).
import { type ProcessMemory, readProcessMemory } from './proc-memory.js';

export interface TreeMemory {
  processes: ProcessMemory[];
  rssBytes: number;
  /** Σ PSS, with RSS standing in for processes whose PSS could not be read. */
  pssBytes: number;
  swapBytes: number;
  /** What the tree holds of the host: Σ PSS + Σ swap. */
  hostBytes: number;
  /**
   * The tree's own memory: Σ (anonymous + shmem) + Σ swap, each process's PSS (RSS) standing in where
   * its own was not read. Unlike hostBytes, no share of file-backed pages (libraries), which moves
   * when processes outside the tree map or unmap the same files.
   */
  ownBytes: number;
}

/** Sums the memory of `pids`; PIDs that have gone meanwhile are left out. */
export function readTreeMemory(pids: readonly number[], procRoot = '/proc'): TreeMemory {
  const processes: ProcessMemory[] = [];
  for (const pid of pids) {
    const memory = readProcessMemory(pid, procRoot);
    if (memory) processes.push(memory);
  }
  return sumTreeMemory(processes);
}

/** The tree's totals over its processes' readings. */
export function sumTreeMemory(processes: ProcessMemory[]): TreeMemory {
  let rssBytes = 0;
  let pssBytes = 0;
  let swapBytes = 0;
  let ownBytes = 0;
  for (const memory of processes) {
    rssBytes += memory.rssBytes;
    pssBytes += memory.pssBytes ?? memory.rssBytes;
    swapBytes += memory.swapBytes ?? 0;
    ownBytes += memory.ownBytes ?? memory.pssBytes ?? memory.rssBytes;
  }
  return {
    processes,
    rssBytes,
    pssBytes,
    swapBytes,
    hostBytes: pssBytes + swapBytes,
    ownBytes: ownBytes + swapBytes,
  };
}
