// Processes that leave a supervised tree: one that writes itself into another cgroup (out of its host
// limit: noted, still measured) and one that double-forks out of the tree (adopted by headroom as the
// subreaper, followed as part of its process). The sampler looks for both every tick.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MemoryCgroup } from '../probe/host/cgroup.js';
import { parseProcCgroup } from '../probe/host/cgroup-detect.js';
import { type ProcStat, readProcStat } from '../probe/host/proc-table.js';
import { readEnvironVariables } from '../probe/host/process-label.js';
import { formatBytes } from '../units.js';
import { displayCommand } from '../verdict/judge.js';
import type { LiveProcess, RunContext } from './run-context.js';
import { readCommandLine } from './tree-members.js';

// Whether `pid` is, now, a running process (the one the table saw: same start time) whose memory
// cgroup is neither `group` nor below it. A PID missing from cgroup.procs is most often one that
// exited between the two reads (a short-lived child, a zombie leaves the group's list): not an escape.
export function isRunningOutside(
  group: MemoryCgroup,
  pid: number,
  startTicks: number | undefined,
  procRoot: string,
): boolean {
  const stat = readProcStat(pid, procRoot);
  if (!stat || stat.startTicks !== startTicks || stat.state === 'Z' || stat.state === 'X') return false;
  let text: string;
  try {
    text = readFileSync(join(procRoot, String(pid), 'cgroup'), 'utf8');
  } catch {
    return false; // gone
  }
  const paths = parseProcCgroup(text);
  const path = group.version === 1 ? paths.v1MemoryPath : paths.v2Path;
  if (path === undefined) return false;
  // Group names carry headroom's PID and the run id (process-runner.ts): unique on this machine.
  return !path.split('/').includes(basename(group.dir));
}

// A process of the tree seen running outside its cgroup (it wrote itself into another group) is
// outside its host limit: say so once per process; it is still measured, and killed with the tree.
export function noteEscapes(
  context: RunContext,
  live: LiveProcess,
  group: MemoryCgroup,
  pids: readonly number[],
  inGroup: ReadonlySet<number>,
  stats: ReadonlyMap<number, ProcStat>,
): void {
  for (const pid of pids) {
    if (inGroup.has(pid) || live.cgroupEscapes.some((e) => e.pid === pid)) continue;
    if (!isRunningOutside(group, pid, stats.get(pid)?.startTicks, context.procRoot)) continue;
    const command = readCommandLine(pid, context.procRoot) ?? null;
    live.cgroupEscapes.push({ pid, command, atMs: context.clock.now() });
    const limit =
      live.spec.hostMemoryBytes === null
        ? ''
        : `; its memory is not under the ${formatBytes(live.spec.hostMemoryBytes)} limit`;
    context.event(
      'cgroup-escape',
      live.spec.name,
      `pid ${pid}${command ? ` (${displayCommand(command).slice(0, 60)})` : ''} left ${live.spec.name}'s cgroup${limit}; headroom still measures it and stops it with the tree`,
      { pid, command },
    );
  }
}

// As a subreaper (probe/host/subreaper.ts) headroom inherits what double-forked out of a tree; the
// run and process names in its environment say whose it was.
export function adoptOrphans(context: RunContext, table: readonly ProcStat[]): void {
  const attempts = [...context.live.values()].flatMap((l) => (l.attempt ? [l.attempt] : []));
  const roots = new Set(attempts.map((a) => a.pid));
  // Every tick sees the orphans already adopted: those are known without reading their environ.
  const isFollowed = (stat: ProcStat): boolean =>
    attempts.some((a) => a.seenPids.get(stat.pid) === stat.startTicks);
  for (const stat of table) {
    if (stat.ppid !== process.pid || roots.has(stat.pid) || isFollowed(stat)) continue;
    const environ = readEnvironVariables(stat.pid, ['HEADROOM_RUN', 'HEADROOM_PROCESS'], context.procRoot);
    if (environ.HEADROOM_RUN !== context.runId) continue;
    const name = environ.HEADROOM_PROCESS;
    const attempt = name === undefined ? undefined : context.live.get(name)?.attempt;
    if (!attempt || attempt.seenPids.has(stat.pid)) continue;
    attempt.seenPids.set(stat.pid, stat.startTicks);
    context.event(
      'adopted',
      name,
      `pid ${stat.pid} left ${name}'s process tree (double fork); headroom follows it as part of ${name}`,
      {
        pid: stat.pid,
      },
    );
  }
}
