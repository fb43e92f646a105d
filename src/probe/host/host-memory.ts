// The machine's memory from /proc/meminfo: total, and used = total − MemAvailable (what the kernel
// estimates can be given to new work without swapping; proc(5), "MemAvailable", Linux 3.14+).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Host RAM now. */
export interface HostMemory {
  totalBytes: number;
  usedBytes: number;
}

/** One field of /proc/meminfo text (`MemTotal:  24684092 kB`, kB meaning KiB) in bytes; undefined when absent. */
export function meminfoBytes(text: string, name: string): number | undefined {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Parses /proc/meminfo text; undefined without MemTotal. */
export function parseMeminfo(text: string): HostMemory | undefined {
  const field = (name: string): number | undefined => meminfoBytes(text, name);
  const totalBytes = field('MemTotal');
  if (totalBytes === undefined) return undefined;
  // Before 3.14 there is no MemAvailable: free + buffers + cached is the usual stand-in.
  const availableBytes =
    field('MemAvailable') ?? (field('MemFree') ?? 0) + (field('Buffers') ?? 0) + (field('Cached') ?? 0);
  return { totalBytes, usedBytes: Math.max(0, totalBytes - availableBytes) };
}

/** Reads the machine's memory; undefined where /proc/meminfo cannot be read. */
export function readHostMemory(procRoot = '/proc'): HostMemory | undefined {
  try {
    return parseMeminfo(readFileSync(join(procRoot, 'meminfo'), 'utf8'));
  } catch {
    return undefined;
  }
}
