// Puts a face on each GPU process: its command line and the host memory of its whole tree (Σ PSS + swap),
// read from /proc through the PID it has in headroom's namespace. Recorded files describe other machines:
// their process names are kept and nothing is read from this /proc.
import { readCommand, readTable, readTreeHostBytes } from './proc-info.js';
import type { GpuProcess, GpuSnapshot } from './types.js';

/** A GPU process as `gpus` and `watch` show it. */
export interface ProcessDetails extends GpuProcess {
  command: string | null;
  hostBytes: number | null;
}

/** Command and tree host memory of every process in a snapshot (null where the process is not readable here). */
export function describeProcesses(snapshot: GpuSnapshot, procRoot = '/proc'): ProcessDetails[] {
  if (snapshot.source === 'file' || snapshot.source === 'none') {
    return snapshot.processes.map((p) => ({ ...p, command: p.name ?? null, hostBytes: null }));
  }
  // Live probes set localPid where the PID differs in our namespace (null: unknown, and they said why).
  const table = readTable(procRoot);
  return snapshot.processes.map((process): ProcessDetails => {
    const localPid = process.localPid === undefined ? process.pid : process.localPid;
    if (localPid === null) return { ...process, command: process.name ?? null, hostBytes: null };
    const command = readCommand(localPid, procRoot) ?? process.name ?? null;
    return { ...process, command, hostBytes: readTreeHostBytes(localPid, table, procRoot) };
  });
}
