// A trial's address-space limit and peak, read from /proc (proc(5)): RLIMIT_AS ("Max address space" in
// /proc/PID/limits, set by `ulimit -v`, prlimit(1) or setrlimit(2)) and VmPeak in /proc/PID/status, the
// largest the process's address space has been. Under RLIMIT_AS an allocation past the limit fails
// (ENOMEM: PyTorch's "DefaultCPUAllocator: can't allocate memory", Python's MemoryError) while RSS may
// be far below it, so the address space is what such a limit is compared with. And its CPU time
// (/proc/PID/stat), the progress its early stop is judged by.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';

function readProc(pid: number, file: string, procRoot: string): string | null {
  try {
    return readFileSync(join(procRoot, String(pid), file), 'utf8');
  } catch {
    return null;
  }
}

/** The process's soft RLIMIT_AS in bytes; null when unlimited or unreadable. */
export function readAddressSpaceLimit(pid: number, procRoot = '/proc'): number | null {
  const line = readProc(pid, 'limits', procRoot)
    ?.split('\n')
    .find((l) => l.startsWith('Max address space'));
  const soft = line?.slice('Max address space'.length).trim().split(/\s+/)[0];
  return soft === undefined || !/^\d+$/.test(soft) ? null : Number(soft);
}

/** The process's VmPeak in bytes (the kernel reports kB); null when unreadable. */
export function readPeakAddressSpace(pid: number, procRoot = '/proc'): number | null {
  return readStatusBytes(pid, 'VmPeak', procRoot);
}

/** The process's VmSize in bytes (its address space now; kB in the kernel's report); null when unreadable. */
export function readAddressSpaceSize(pid: number, procRoot = '/proc'): number | null {
  return readStatusBytes(pid, 'VmSize', procRoot);
}

const mapsChunkBytes = 8192;

/**
 * The size of the process's heap (the `[heap]` mapping in /proc/PID/maps: glibc's main arena, grown by
 * brk(2) and given back from its top by malloc's automatic trim); null when it has none (an exiting
 * process's maps are empty) or it is unreadable. Read only up to that line: the maps are in address
 * order and the heap follows the executable's few mappings, so it is in the first chunk, where a whole
 * PyTorch process's maps (~1,060 lines) took 5.8 ms a read against 0.08 ms (and the kernel holds the
 * process's mmap lock while it writes them, so its allocations wait). /proc/PID/stat has the heap's
 * start (start_brk, field 47) but not its end (proc(5)), so the maps it is.
 */
export function readHeapBytes(pid: number, procRoot = '/proc'): number | null {
  let fd: number;
  try {
    fd = openSync(join(procRoot, String(pid), 'maps'), 'r');
  } catch {
    return null;
  }
  try {
    const chunk = Buffer.alloc(mapsChunkBytes);
    let rest = '';
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      const lines = (rest + chunk.toString('latin1', 0, read)).split('\n');
      rest = read === 0 ? '' : (lines.pop() ?? '');
      const line = lines.find((l) => l.endsWith('[heap]'));
      if (line) {
        const [start, end] = line.split(' ')[0]?.split('-') ?? [];
        if (start === undefined || end === undefined) return null;
        return Number.parseInt(end, 16) - Number.parseInt(start, 16);
      }
      if (read === 0) return null;
    }
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** One `Vm…: N kB` line of /proc/PID/status, in bytes; null when unreadable. */
function readStatusBytes(pid: number, field: 'VmPeak' | 'VmSize', procRoot: string): number | null {
  const kb = readProc(pid, 'status', procRoot)?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1];
  return kb === undefined ? null : Number(kb) * 1024;
}

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ: 100 on Linux, sysconf(_SC_CLK_TCK)). */
const clockTicksPerSecond = 100;

/**
 * The process's CPU time in ms: utime + stime of all its threads, and cutime + cstime of the children
 * it has waited for (proc(5): /proc/PID/stat fields 14-17); null when unreadable. A trial's progress.
 */
export function readCpuMs(pid: number, procRoot = '/proc'): number | null {
  const stat = readProc(pid, 'stat', procRoot);
  // The command name (field 2) is in parentheses and may hold spaces: count from after its last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields || fields.length < 15) return null;
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return Number.isFinite(ticks) ? (ticks * 1000) / clockTicksPerSecond : null;
}
