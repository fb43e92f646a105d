// The kernel OOM killer's own words, read from /dev/kmsg (or `dmesg`) when readable, to tell
// a kernel OOM kill from any other SIGKILL. Line formats: mm/oom_kill.c `__oom_kill_process`
// ("%s: Killed process %d (%s) ...") and `dump_oom_summary` ("oom-kill:...,task_memcg=%s,task=%s,pid=%d,...").
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';

/** One process the kernel says it killed for lack of memory. */
export interface KernelOomKill {
  pid: number;
  /** The victim's memory cgroup, from the `oom-kill:` summary line, when present. */
  memcg: string | null;
  line: string;
}

/** A kernel log record and a number that orders it (kmsg sequence, or dmesg time in µs). */
export interface KernelRecord {
  order: number;
  text: string;
}

const killedPattern = /Killed process (\d+) \(/;
const summaryPattern = /oom-kill:.*[,:]pid=(\d+)/;
const memcgPattern = /task_memcg=([^,]*)/;

/** Extracts OOM-killer victims from kernel log text, one entry per PID. */
export function parseKernelOomKills(lines: readonly string[]): KernelOomKill[] {
  const byPid = new Map<number, KernelOomKill>();
  for (const line of lines) {
    const summary = summaryPattern.exec(line);
    const killed = killedPattern.exec(line);
    const pid = Number(summary?.[1] ?? killed?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid)) continue;
    const known = byPid.get(pid);
    const memcg = (summary ? memcgPattern.exec(line)?.[1] : undefined) ?? known?.memcg ?? null;
    byPid.set(pid, { pid, memcg, line: known?.line ?? line });
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

/** Every record in /dev/kmsg now; null when it cannot be read (dmesg_restrict, no device). */
export function readKmsg(path = '/dev/kmsg'): KernelRecord[] | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  const records: KernelRecord[] = [];
  const buffer = Buffer.alloc(16 * 1024);
  try {
    for (;;) {
      let bytes: number;
      try {
        bytes = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        // EPIPE: records were overwritten while we read; the next read goes on. EAGAIN: the end.
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') continue;
        break;
      }
      if (bytes === 0) break;
      const record = parseKmsgRecord(buffer.toString('utf8', 0, bytes));
      if (record) records.push(record);
    }
  } finally {
    closeSync(fd);
  }
  return records;
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
  /** OOM-killer victims logged since the log was opened. */
  readOomKills(): KernelOomKill[];
}

/** A kernel log over `read`, from where it ends now; null when `read` cannot read it. */
export function kernelLogFrom(
  source: KernelLog['source'],
  read: () => KernelRecord[] | null,
): KernelLog | null {
  const first = read();
  if (!first) return null;
  const baseline = first.at(-1)?.order ?? -1;
  return {
    source,
    readOomKills: () =>
      parseKernelOomKills((read() ?? []).filter((r) => r.order > baseline).map((r) => r.text)),
  };
}

/** Opens /dev/kmsg, else `dmesg`; null when neither is readable. */
export function openKernelLog(kmsgPath = '/dev/kmsg'): KernelLog | null {
  return kernelLogFrom('kmsg', () => readKmsg(kmsgPath)) ?? kernelLogFrom('dmesg', readDmesg);
}
