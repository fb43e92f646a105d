// The kernel OOM killer's own words, read from /dev/kmsg (or `dmesg`) when readable, to tell
// a kernel OOM kill from any other SIGKILL. Line formats: mm/oom_kill.c `__oom_kill_process`
// ("%s: Killed process %d (%s) ...") and `dump_oom_summary` ("oom-kill:...,task_memcg=%s,task=%s,pid=%d,...").
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';

/** One process the kernel says it killed for lack of memory. */
export interface KernelOomKill {
  pid: number;
  /** The victim's command name (comm, at most 15 characters), when the log gives it. */
  processName: string | null;
  /** The victim's memory cgroup, from the `oom-kill:` summary line, when present. */
  memcg: string | null;
  /** anon + file + shmem RSS when it was killed (the "Killed process" line), when present. */
  rssBytes: number | null;
  anonRssBytes: number | null;
  /** The kill was of a memory cgroup at its limit (CONSTRAINT_MEMCG, "Memory cgroup out of memory"). */
  isCgroupLimit: boolean;
  line: string;
}

/** A kernel log record and a number that orders it (kmsg sequence, or dmesg time in µs). */
export interface KernelRecord {
  order: number;
  text: string;
}

const killedPattern = /(Memory cgroup out of memory: )?Killed process (\d+) \(([^)]*)\)/;
const summaryPattern = /oom-kill:.*[,:]pid=(\d+)/;
const memcgPattern = /task_memcg=([^,]*)/;
const taskPattern = /[,:]task=([^,]*),pid=/;
const kib = (text: string, field: string): number | null => {
  const match = new RegExp(`${field}:(\\d+)kB`).exec(text);
  return match ? Number(match[1]) * 1024 : null;
};

/** Extracts OOM-killer victims from kernel log text, one entry per PID (mm/oom_kill.c formats). */
export function parseKernelOomKills(lines: readonly string[]): KernelOomKill[] {
  const byPid = new Map<number, KernelOomKill>();
  for (const line of lines) {
    const summary = summaryPattern.exec(line);
    const killed = killedPattern.exec(line);
    const pid = Number(summary?.[1] ?? killed?.[2] ?? Number.NaN);
    if (!Number.isInteger(pid)) continue;
    const known = byPid.get(pid);
    const anon = killed ? kib(line, 'anon-rss') : null;
    const parts = killed ? [anon, kib(line, 'file-rss'), kib(line, 'shmem-rss')] : [];
    const rssBytes = parts.some((p) => p !== null)
      ? parts.reduce<number>((sum, p) => sum + (p ?? 0), 0)
      : null;
    byPid.set(pid, {
      pid,
      processName:
        killed?.[3] ?? (summary ? (taskPattern.exec(line)?.[1] ?? null) : null) ?? known?.processName ?? null,
      memcg: (summary ? memcgPattern.exec(line)?.[1] : undefined) ?? known?.memcg ?? null,
      rssBytes: rssBytes ?? known?.rssBytes ?? null,
      anonRssBytes: anon ?? known?.anonRssBytes ?? null,
      isCgroupLimit:
        (known?.isCgroupLimit ?? false) ||
        Boolean(killed?.[1]) ||
        (summary !== null && line.includes('constraint=CONSTRAINT_MEMCG')),
      line: known?.line ?? line,
    });
  }
  return [...byPid.values()];
}

/** Parses one /dev/kmsg record: `prio,seq,usec,flags[,...];message` (Documentation/ABI/testing/dev-kmsg). */
export function parseKmsgRecord(record: string): KernelRecord | undefined {
  const semicolon = record.indexOf(';');
  const order = Number(record.slice(0, semicolon).split(',')[1]);
  if (semicolon < 0 || !Number.isFinite(order)) return undefined;
  return { order, text: record.slice(semicolon + 1).split('\n')[0] ?? '' };
}

/** Reads the records available on an open, non-blocking /dev/kmsg descriptor, up to its end; null when reading is refused. */
function drainKmsg(fd: number): KernelRecord[] | null {
  const records: KernelRecord[] = [];
  const buffer = Buffer.alloc(16 * 1024);
  for (;;) {
    let bytes: number;
    try {
      bytes = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      // EPIPE: records were overwritten while we read; the next read goes on. EAGAIN: the end.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') continue;
      if (code === 'EAGAIN') break;
      return records.length > 0 ? records : null; // EPERM under dmesg_restrict, EINVAL
    }
    if (bytes === 0) break;
    const record = parseKmsgRecord(buffer.toString('utf8', 0, bytes));
    if (record) records.push(record);
  }
  return records;
}

/** /dev/kmsg, open and non-blocking: each `read` returns the records since the last; null when it cannot be opened. */
export function openKmsg(path = '/dev/kmsg'): { read(): KernelRecord[] | null; close(): void } | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  return { read: () => drainKmsg(fd), close: () => closeSync(fd) };
}

/** Parses `dmesg` output lines `[ 12.345678] message`, ordered by their time. */
export function parseDmesg(text: string): KernelRecord[] {
  let order = 0;
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^\[\s*(\d+)\.(\d{1,6})\]\s?(.*)$/.exec(line);
      if (match) order = Number(match[1]) * 1e6 + Number(match[2]!.padEnd(6, '0'));
      return { order, text: match ? match[3]! : line };
    });
}

function readDmesg(): KernelRecord[] | null {
  try {
    return parseDmesg(execFileSync('dmesg', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
}

/** A view of the kernel log from the moment it was opened. */
export interface KernelLog {
  source: 'kmsg' | 'dmesg';
  /** OOM-killer victims logged since the log was opened (each read takes in only what is new; the same array while nothing is). */
  readOomKills(): readonly KernelOomKill[];
  close(): void;
}

/**
 * A kernel log over `read` (which returns the records that are new, or all of them: only those
 * ordered after the last one seen count), from where it ends now; null when it cannot be read.
 */
export function kernelLogFrom(
  source: KernelLog['source'],
  read: () => KernelRecord[] | null,
  close: () => void = () => {},
): KernelLog | null {
  const first = read();
  if (!first) {
    close();
    return null;
  }
  let lastOrder = first.at(-1)?.order ?? -1;
  // OOM lines only, and bounded: a long run on a busy host must not grow this without end.
  const oomLines: string[] = [];
  const maxLines = 4096;
  // Asked per live process per sample: the lines are parsed again only when one was added.
  let oomKills: KernelOomKill[] = [];
  return {
    source,
    readOomKills: () => {
      const linesBefore = oomLines.length;
      for (const record of read() ?? []) {
        if (record.order <= lastOrder) continue;
        lastOrder = record.order;
        if (summaryPattern.test(record.text) || killedPattern.test(record.text)) oomLines.push(record.text);
      }
      if (oomLines.length === linesBefore) return oomKills;
      if (oomLines.length > maxLines) oomLines.splice(0, oomLines.length - maxLines);
      oomKills = parseKernelOomKills(oomLines);
      return oomKills;
    },
    close,
  };
}

/** Opens /dev/kmsg (kept open, read incrementally), else `dmesg`; null when neither is readable. */
export function openKernelLog(kmsgPath = '/dev/kmsg'): KernelLog | null {
  const kmsg = openKmsg(kmsgPath);
  const log = kmsg && kernelLogFrom('kmsg', kmsg.read, kmsg.close);
  return log ?? kernelLogFrom('dmesg', readDmesg);
}
