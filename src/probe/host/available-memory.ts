// How much host memory a new process could take now: MemAvailable from /proc/meminfo (proc(5):
// "an estimate of how much memory is available for starting new applications, without
// swapping", Linux 3.14+), and, inside a container or job whose own cgroup has a limit, no more
// than that limit less what the cgroup already holds (a child cgroup cannot exceed its parent).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCgroupLimitBytes, readCgroupUsageBytes } from './cgroup.js';
import { findOwnMemoryCgroup } from './cgroup-detect.js';
import { meminfoBytes } from './host-memory.js';

/** What the machine (or headroom's own cgroup) has left for a new process. */
export interface AvailableMemory {
  availableBytes: number;
  totalBytes: number;
  /** meminfo: the machine's MemAvailable; cgroup: headroom's own cgroup limit less its usage was smaller. */
  source: 'meminfo' | 'cgroup';
}

/** Total and available bytes from meminfo's text; undefined without MemAvailable (before Linux 3.14). */
export function parseMeminfo(text: string): { totalBytes: number; availableBytes: number } | undefined {
  const totalBytes = meminfoBytes(text, 'MemTotal');
  const availableBytes = meminfoBytes(text, 'MemAvailable');
  return totalBytes === undefined || availableBytes === undefined
    ? undefined
    : { totalBytes, availableBytes };
}

/** The memory available to a new process here; undefined when /proc/meminfo cannot be read. */
export function readAvailableMemory(
  options: { procRoot?: string; cgroupRoot?: string } = {},
): AvailableMemory | undefined {
  const { procRoot = '/proc' } = options;
  let meminfo: ReturnType<typeof parseMeminfo>;
  try {
    meminfo = parseMeminfo(readFileSync(join(procRoot, 'meminfo'), 'utf8'));
  } catch {
    return undefined;
  }
  if (!meminfo) return undefined;
  const own = findOwnMemoryCgroup(options);
  if (own.ok) {
    const limitBytes = readCgroupLimitBytes(own.location);
    const usageBytes = readCgroupUsageBytes(own.location);
    // v1 writes a huge number (PAGE_COUNTER_MAX pages) for no limit: only a limit below the machine counts.
    if (limitBytes !== null && usageBytes !== null && limitBytes < meminfo.totalBytes) {
      const leftBytes = Math.max(0, limitBytes - usageBytes);
      if (leftBytes < meminfo.availableBytes) {
        return { availableBytes: leftBytes, totalBytes: limitBytes, source: 'cgroup' };
      }
    }
  }
  return { ...meminfo, source: 'meminfo' };
}
