// Which planned process a PID belongs to: headroom sets HEADROOM_PROCESS in every child it plans,
// and children (DataLoader workers, joblib workers) inherit it, so /proc/PID/environ names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The value of one variable in a process's initial environment; undefined when unreadable or unset. */
export function readEnvironVariable(pid: number, name: string, procRoot = '/proc'): string | undefined {
  let raw: string;
  try {
    raw = readFileSync(join(procRoot, String(pid), 'environ'), 'latin1');
  } catch {
    return undefined; // gone, or another user's process
  }
  const prefix = `${name}=`;
  for (const entry of raw.split('\0')) if (entry.startsWith(prefix)) return entry.slice(prefix.length);
  return undefined;
}

/** The planned process name (`actor.1`) of a PID, from the HEADROOM_PROCESS it was started with. */
export function readProcessLabel(pid: number, procRoot = '/proc'): string | undefined {
  return readEnvironVariable(pid, 'HEADROOM_PROCESS', procRoot);
}
