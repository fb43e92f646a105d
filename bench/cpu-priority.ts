// `--cpu-priority`: on a shared machine, moves the bench (and every process it starts: the baseline
// and headroom alike) into a cgroup-v1 cpu group with the largest cpu.shares, so the machine's other
// work yields the CPU it needs, as on a quiet machine. Needs root and the v1 cpu controller; says what
// it did (and the load it ran under) so each figure can be read with its conditions.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const cpuGroupDir = '/sys/fs/cgroup/cpu/headroom-bench';
/** The kernel's largest cpu.shares (kernel/sched/sched.h: MAX_SHARES = 1 << 18). */
const maxShares = 262144;

/** Joins the high-share cpu group; returns a line naming it and the load, or why it could not. */
export function takeCpuPriority(): string {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  try {
    mkdirSync(cpuGroupDir, { recursive: true });
    writeFileSync(`${cpuGroupDir}/cpu.shares`, String(maxShares));
    writeFileSync(`${cpuGroupDir}/cgroup.procs`, String(process.pid));
    return `cpu priority: this bench and its children in ${cpuGroupDir} (cpu.shares ${maxShares}); load average ${load}`;
  } catch (error) {
    return `cpu priority not taken (${(error as Error).message}); load average ${load}`;
  }
}
