// Host memory of one process tree sample after sample, reading smaps_rollup only when the tree may
// have changed. smaps_rollup walks the process's page tables (measured here, Linux 6.18: ~45 µs of
// kernel time for `sleep`, ~13 ms for a process with 1 GiB resident); the stat counters that say
// whether anything moved come with the table scan the sample makes anyway.
// When any member is new, gone, reused, or has faulted, mapped or unmapped since the last read,
// every member is read again, not only that one: PSS splits a shared page among its users, so one
// member's copy-on-write or exit changes its relatives' PSS without a fault of theirs.
// Still unseen between reads: processes outside the tree starting or ending to share a file page,
// and the kernel moving pages on its own (swap-out, THP collapse, KSM); `maxAgeMs` bounds those.
import type { ProcessMemory } from './proc-memory.js';
import { readProcessMemory } from './proc-memory.js';
import type { CountedProcStat, ProcCounters } from './proc-table.js';
import { sumTreeMemory, type TreeMemory } from './tree-memory.js';

interface Reading extends ProcCounters {
  startTicks: number;
}

const defaultMaxAgeMs = 30_000;

/** One tree's memory, reread only when its processes' counters moved (or every `maxAgeMs`). */
export class TreeMemoryCache {
  private readonly procRoot: string;
  private readonly maxAgeMs: number;
  private readonly readMemory: (pid: number, procRoot: string) => ProcessMemory | undefined;
  /** The counters of each PID when its memory was last read. */
  private readings = new Map<number, Reading>();
  private last: TreeMemory | null = null;
  private readAtMs = 0;
  /** smaps_rollup (or status) reads so far. */
  readCount = 0;

  constructor(
    options: {
      procRoot?: string;
      maxAgeMs?: number;
      /** Stands in for readProcessMemory in tests. */
      readMemory?: (pid: number, procRoot: string) => ProcessMemory | undefined;
    } = {},
  ) {
    this.procRoot = options.procRoot ?? '/proc';
    this.maxAgeMs = options.maxAgeMs ?? defaultMaxAgeMs;
    this.readMemory = options.readMemory ?? readProcessMemory;
  }

  /** The tree's memory now; `stats` is the sample's process table by PID. */
  read(pids: readonly number[], stats: ReadonlyMap<number, CountedProcStat>, nowMs: number): TreeMemory {
    if (this.last && nowMs - this.readAtMs < this.maxAgeMs && this.isUnchanged(pids, stats)) return this.last;
    const readings = new Map<number, Reading>();
    const processes: ProcessMemory[] = [];
    for (const pid of pids) {
      const stat = stats.get(pid);
      const memory = this.readMemory(pid, this.procRoot);
      this.readCount++;
      if (memory) processes.push(memory);
      // Counters from the scan before the read: a fault in between makes the next sample read again.
      if (stat) readings.set(pid, { ...countersOf(stat), startTicks: stat.startTicks });
    }
    this.readings = readings;
    this.last = sumTreeMemory(processes);
    this.readAtMs = nowMs;
    return this.last;
  }

  private isUnchanged(pids: readonly number[], stats: ReadonlyMap<number, CountedProcStat>): boolean {
    if (pids.length !== this.readings.size) return false;
    for (const pid of pids) {
      const reading = this.readings.get(pid);
      const stat = stats.get(pid);
      if (!reading || !stat || reading.startTicks !== stat.startTicks) return false;
      if (reading.minorFaults !== stat.minorFaults || reading.majorFaults !== stat.majorFaults) return false;
      if (reading.vsizeBytes !== stat.vsizeBytes || reading.rssPages !== stat.rssPages) return false;
    }
    return true;
  }
}

function countersOf(stat: CountedProcStat): ProcCounters {
  const { minorFaults, majorFaults, vsizeBytes, rssPages } = stat;
  return { minorFaults, majorFaults, vsizeBytes, rssPages };
}
