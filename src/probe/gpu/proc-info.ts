// What `gpus` and `watch` show beside a GPU process, read from /proc: its command line, and the host memory
// of its whole tree (DataLoader workers are children; DESIGN.md "Host memory") through src/probe/host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ProcStat, readArgv, readProcessTable, selectDescendants } from '../host/proc-table.js';
import { readTreeMemory } from '../host/tree-memory.js';

/** The command line of a process (`python train.py --lr 3e-4`), `[comm]` for a kernel thread, null if gone. */
export function readCommand(pid: number, procRoot = '/proc'): string | null {
  const argv = readArgv(pid, procRoot);
  if (argv === undefined) return null;
  if (argv.length > 0) return argv.join(' ');
  try {
    return `[${readFileSync(path.join(procRoot, String(pid), 'comm'), 'utf8').trim()}]`;
  } catch {
    return null;
  }
}

/** Host memory of a process and its descendants (Σ PSS + Σ swap); null when the process is gone. */
export function readTreeHostBytes(
  pid: number,
  table: readonly ProcStat[],
  procRoot = '/proc',
): number | null {
  const memory = readTreeMemory([pid, ...selectDescendants(table, pid)], procRoot);
  return memory.processes.some((process) => process.pid === pid) ? memory.hostBytes : null;
}

/** One pass over procRoot, to share between the processes of a snapshot. */
export function readTable(procRoot = '/proc'): ProcStat[] {
  try {
    return readProcessTable(procRoot);
  } catch {
    return [];
  }
}
