// Host memory of one process tree sample after sample, reading smaps_rollup only when the tree may
// have changed. smaps_rollup walks the process's page tables (measured here, Linux 6.18: ~45 µs of
// kernel time for `sleep`, ~8-13 ms for a process with 430 MiB-1 GiB resident); the stat counters that
// say whether anything moved come with the table scan the sample makes anyway.
// When any member is new, gone, reused, or has faulted, mapped or unmapped since the last read,
// every member is read again, not only that one: PSS splits a shared page among its users, so one
// member's copy-on-write or exit changes its relatives' PSS without a fault of theirs.
// Except where status can follow every member exactly (a training loop's members fault every step): each
// member's anonymous pages all its own at the last read (Pss_Anon = Anonymous: nothing shared
// copy-on-write), no shmem, and since then the same members, the same count of file pages (RssFile) and
// of swap (VmSwap). Then only the member's own anonymous pages moved, and PSS counts each of them whole:
// RSS and anonymous PSS are status's VmRSS and RssAnon (~20 µs a read), the file pages' PSS is the last
// read's. Sharing can only begin through a fork (a new member: read again) or a file page (RssFile).
// Still unseen between reads: processes outside the tree starting or ending to share a file page,
// and the kernel moving pages on its own (swap-out, THP collapse, KSM); `maxAgeMs` bounds those, and
// `followMaxAgeMs` while status follows.
import type { ProcessMemory, RollupFollow, StatusCounters } from './proc-memory.js';
import { readProcessMemoryToFollow, readStatusCounters } from './proc-memory.js';
import type { CountedProcStat, ProcCounters } from './proc-table.js';
import { sumTreeMemory, type TreeMemory } from './tree-memory.js';

interface Reading extends ProcCounters {
  startTicks: number;
}

/** A member as its last smaps_rollup read left it, where status can follow it. */
interface Followed {
  startTicks: number;
  memory: ProcessMemory;
  follow: RollupFollow;
  status: StatusCounters;
}

type ReadToFollow = (
  pid: number,
  procRoot: string,
) => { memory: ProcessMemory; follow?: RollupFollow } | undefined;

const defaultMaxAgeMs = 30_000;
const defaultFollowMaxAgeMs = 5_000;

/** One tree's memory, reread only when its processes' counters moved (or every `maxAgeMs`). */
export class TreeMemoryCache {
  private readonly procRoot: string;
  private readonly maxAgeMs: number;
  private readonly followMaxAgeMs: number;
  private readonly readMemory: ReadToFollow;
  private readonly readStatus: (pid: number, procRoot: string) => StatusCounters | undefined;
  /** The counters of each PID when its memory was last read (or followed). */
  private readings = new Map<number, Reading>();
  /** Each member status can follow since the last smaps_rollup read; null when one cannot be. */
  private followed: Map<number, Followed> | null = null;
  private last: TreeMemory | null = null;
  private readAtMs = 0;
  /** smaps_rollup (or status, where smaps_rollup cannot be read) reads so far. */
  readCount = 0;
  /** Status reads that followed a member between those reads. */
  followCount = 0;

  constructor(
    options: {
      procRoot?: string;
      maxAgeMs?: number;
      /** How long status alone may follow the tree before smaps_rollup is read again. */
      followMaxAgeMs?: number;
      /** Stands in for readProcessMemory in tests (status never follows its readings). */
      readMemory?: (pid: number, procRoot: string) => ProcessMemory | undefined;
      /** Stands in for readProcessMemoryToFollow and readStatusCounters in tests. */
      readToFollow?: ReadToFollow;
      readStatus?: (pid: number, procRoot: string) => StatusCounters | undefined;
    } = {},
  ) {
    this.procRoot = options.procRoot ?? '/proc';
    this.maxAgeMs = options.maxAgeMs ?? defaultMaxAgeMs;
    this.followMaxAgeMs = options.followMaxAgeMs ?? defaultFollowMaxAgeMs;
    const { readMemory } = options;
    this.readMemory =
      options.readToFollow ??
      (readMemory
        ? (pid, procRoot) => {
            const memory = readMemory(pid, procRoot);
            return memory ? { memory } : undefined;
          }
        : readProcessMemoryToFollow);
    this.readStatus = options.readStatus ?? readStatusCounters;
  }

  /** The tree's memory now; `stats` is the sample's process table by PID. */
  read(pids: readonly number[], stats: ReadonlyMap<number, CountedProcStat>, nowMs: number): TreeMemory {
    const age = nowMs - this.readAtMs;
    if (this.last && age < this.maxAgeMs && this.isUnchanged(pids, stats)) return this.last;
    const followed = age < this.followMaxAgeMs ? this.follow(pids, stats) : undefined;
    if (followed) return followed;
    const readings = new Map<number, Reading>();
    const processes: ProcessMemory[] = [];
    let following: Map<number, Followed> | null = new Map();
    for (const pid of pids) {
      const stat = stats.get(pid);
      const read = this.readMemory(pid, this.procRoot);
      this.readCount++;
      if (read) processes.push(read.memory);
      // Counters from the scan before the read: a fault in between makes the next sample read again.
      if (stat) readings.set(pid, { ...countersOf(stat), startTicks: stat.startTicks });
      // Status right after the read: RssFile and VmSwap as they were when the walk ended.
      const status = following && read?.follow && stat ? this.readStatus(pid, this.procRoot) : undefined;
      if (following && read?.follow && stat && status) {
        following.set(pid, { startTicks: stat.startTicks, memory: read.memory, follow: read.follow, status });
      } else following = null;
    }
    this.readings = readings;
    this.followed = following;
    this.last = sumTreeMemory(processes);
    this.readAtMs = nowMs;
    return this.last;
  }

  /** The tree followed by status alone, or undefined where smaps_rollup must be read (above). */
  private follow(
    pids: readonly number[],
    stats: ReadonlyMap<number, CountedProcStat>,
  ): TreeMemory | undefined {
    const followed = this.followed;
    if (!followed || pids.length !== followed.size) return undefined;
    const members: Followed[] = [];
    for (const pid of pids) {
      const member = followed.get(pid);
      const stat = stats.get(pid);
      if (!member || !stat || member.startTicks !== stat.startTicks) return undefined;
      members.push(member);
    }
    const processes: ProcessMemory[] = [];
    for (const [index, pid] of pids.entries()) {
      const { memory, follow, status } = members[index] as Followed;
      const now = this.readStatus(pid, this.procRoot);
      this.followCount++;
      if (!now || now.fileBytes !== status.fileBytes || now.swapBytes !== status.swapBytes) return undefined;
      if (now.shmemBytes !== 0) return undefined;
      processes.push({
        pid,
        rssBytes: now.rssBytes,
        pssBytes: now.anonBytes + follow.pssFileBytes,
        swapBytes: memory.swapBytes,
        ownBytes: now.anonBytes,
      });
    }
    const readings = new Map<number, Reading>();
    for (const pid of pids) {
      const stat = stats.get(pid) as CountedProcStat;
      readings.set(pid, { ...countersOf(stat), startTicks: stat.startTicks });
    }
    this.readings = readings;
    this.last = sumTreeMemory(processes);
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
