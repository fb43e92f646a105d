// Which planned process a PID belongs to: headroom sets HEADROOM_PROCESS in every child it plans,
// and children (DataLoader workers, joblib workers) inherit it, so /proc/PID/environ names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Some variables of a process's initial environment, read once; unset ones (or all, when unreadable) are absent. */
export function readEnvironVariables<Name extends string>(
  pid: number,
  names: readonly Name[],
  procRoot = '/proc',
): Partial<Record<Name, string>> {
  let raw: string;
  try {
    raw = readFileSync(join(procRoot, String(pid), 'environ'), 'latin1');
  } catch {
    return {}; // gone, or another user's process
  }
  const values: Partial<Record<Name, string>> = {};
  for (const entry of raw.split('\0')) {
    const name = names.find((n) => values[n] === undefined && entry.startsWith(`${n}=`));
    if (name !== undefined) values[name] = entry.slice(name.length + 1);
  }
  return values;
}

/** The value of one variable in a process's initial environment; undefined when unreadable or unset. */
export function readEnvironVariable(pid: number, name: string, procRoot = '/proc'): string | undefined {
  return readEnvironVariables(pid, [name], procRoot)[name];
}

/** The planned process name (`actor.1`) of a PID, from the HEADROOM_PROCESS it was started with. */
export function readProcessLabel(pid: number, procRoot = '/proc'): string | undefined {
  return readEnvironVariable(pid, 'HEADROOM_PROCESS', procRoot);
}
