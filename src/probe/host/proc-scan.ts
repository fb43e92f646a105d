// The process table, scanned again every sample, paying for the processes that matter. Two facts
// make that safe:
// - A held /proc/PID/stat belongs to the process, not to the number: once that process ends,
//   reading it fails (ESRCH) even if the PID has been reused. Watched processes (the supervised
//   trees) are held open and reread with one pread each, never mistaken for a successor.
// - The kernel hands out PIDs in cursor order (alloc_pid calls idr_alloc_cyclic, kernel/pid.c;
//   /proc/sys/kernel/ns_last_pid is the cursor - 1, pid_ns_ctl_handler in kernel/pid_namespace.c).
//   A number that readdir lists in two scans in a row is the same process unless the cursor
//   passed over it in between or wrapped. (clone3's set_tid, for CRIU, picks a number directly:
//   the periodic full scan covers it.)
// So an unwatched process is read once and kept until its number leaves /proc or the cursor
// reaches it again; every `fullScanEvery` scans (and wherever ns_last_pid cannot be read, or /proc
// is another PID namespace's) every process is read.
import { closeSync, readdirSync, readlinkSync } from 'node:fs';
import { openProcFile, parseDecimal, procReadBuffer, readProcFile, rereadFd } from './proc-read.js';
import { type CountedProcStat, parseProcStatBytes } from './proc-table.js';

interface Entry {
  stat: CountedProcStat | undefined;
  /** Held open while the process is watched. */
  fd: number | undefined;
  /** The scan that last found its PID in procRoot. */
  scan: number;
}

const defaultMaxHeldFiles = 2048;
const defaultFullScanEvery = 16;

/** Scans procRoot like readProcessTable, keeping what it read between scans; `close()` when done. */
export class ProcScanner {
  readonly procRoot: string;
  private readonly maxHeldFiles: number;
  private readonly fullScanEvery: number;
  private readonly entries = new Map<number, Entry>();
  private readonly canSkip: boolean;
  private heldFiles = 0;
  private scanCount = 0;
  private lastPid: number | undefined;
  /** stat files read by the last scan. */
  readCount = 0;

  constructor(options: { procRoot?: string; maxHeldFiles?: number; fullScanEvery?: number } = {}) {
    this.procRoot = options.procRoot ?? '/proc';
    this.maxHeldFiles = options.maxHeldFiles ?? defaultMaxHeldFiles;
    this.fullScanEvery = options.fullScanEvery ?? defaultFullScanEvery;
    this.canSkip = this.isOwnNamespace();
  }

  /**
   * Every live process (zombies excluded), as readProcessTable returns them. `watched` PIDs are
   * read afresh every scan (their counters and parents are wanted now); without it, every one is.
   */
  scan(watched?: ReadonlySet<number>): CountedProcStat[] {
    const scan = ++this.scanCount;
    // The cursor first, then the listing: a PID handed out in between is caught by the next scan.
    const lastPid = this.readLastPid();
    const previousLastPid = this.lastPid;
    this.lastPid = lastPid;
    const isFull =
      watched === undefined ||
      lastPid === undefined ||
      previousLastPid === undefined ||
      lastPid < previousLastPid || // wrapped: any number may have been handed out again
      scan % this.fullScanEvery === 0;
    this.readCount = 0;
    const table: CountedProcStat[] = [];
    for (const name of readdirSync(this.procRoot)) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid <= 0) continue;
      const isWatched = watched === undefined || watched.has(pid);
      let entry = this.entries.get(pid);
      const isHandedOut = !isFull && pid > (previousLastPid as number) && pid <= (lastPid as number);
      if (!entry || isFull || isWatched || isHandedOut) entry = this.read(pid, entry, isWatched);
      else if (entry.fd !== undefined) this.release(entry); // no longer watched
      entry.scan = scan;
      if (entry.stat && entry.stat.state !== 'Z') table.push(entry.stat);
    }
    for (const [pid, entry] of this.entries) {
      if (entry.scan !== scan) {
        this.release(entry);
        this.entries.delete(pid);
      }
    }
    return table;
  }

  /** Files held open now. */
  get heldCount(): number {
    return this.heldFiles;
  }

  /** Closes every held file and forgets what was read. */
  close(): void {
    for (const entry of this.entries.values()) this.release(entry);
    this.entries.clear();
  }

  private read(pid: number, entry: Entry | undefined, isWatched: boolean): Entry {
    this.readCount++;
    const target = entry ?? { stat: undefined, fd: undefined, scan: 0 };
    if (!entry) this.entries.set(pid, target);
    if (target.fd !== undefined) {
      const length = rereadFd(target.fd);
      if (length > 0) {
        target.stat = parseProcStatBytes(procReadBuffer, length);
        if (!isWatched) this.release(target);
        return target;
      }
      this.release(target); // that process ended; the number may belong to a new one
    }
    const fd = openProcFile(`${this.procRoot}/${pid}/stat`);
    const length = fd === undefined ? -1 : rereadFd(fd);
    target.stat = length > 0 ? parseProcStatBytes(procReadBuffer, length) : undefined;
    if (fd === undefined) return target;
    if (isWatched && length > 0 && this.heldFiles < this.maxHeldFiles) {
      target.fd = fd;
      this.heldFiles++;
    } else {
      closeSync(fd);
    }
    return target;
  }

  private release(entry: Entry): void {
    if (entry.fd === undefined) return;
    closeSync(entry.fd);
    entry.fd = undefined;
    this.heldFiles--;
  }

  private readLastPid(): number | undefined {
    if (!this.canSkip) return undefined;
    // Absent without CONFIG_CHECKPOINT_RESTORE.
    const length = readProcFile(`${this.procRoot}/sys/kernel/ns_last_pid`);
    const end = length > 0 && procReadBuffer[length - 1] === 0x0a ? length - 1 : length;
    const value = length > 0 ? parseDecimal(procReadBuffer, 0, end) : Number.NaN;
    // -1 where the namespace hands out the lowest free number instead (pid_noncyclic, IA32 emulation).
    return Number.isInteger(value) && value > 0 ? value : undefined;
  }

  // ns_last_pid is the cursor of the reader's PID namespace: skipping is only safe where procRoot
  // shows that same namespace, that is where its `self` is this process.
  private isOwnNamespace(): boolean {
    try {
      return readlinkSync(`${this.procRoot}/self`) === String(process.pid);
    } catch {
      return false;
    }
  }
}
