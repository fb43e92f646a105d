// NVML reports host PIDs, also to a process in a container (NVML.md, nvmlSystemGetProcessName). To read
// /proc for them, headroom needs the same processes' PIDs in its own PID namespace. /proc/PID/status NSpid
// lists a process's PID in each namespace it belongs to, outermost first as seen from the procfs mount
// (proc(5)); so the mapping is possible when that procfs belongs to an outer namespace (the host's /proc
// mounted in, or --pid=host), and impossible from a container's own /proc, which shows no host PIDs.
import { readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { GpuProcess } from './types.js';

// PROC_PID_INIT_INO (include/linux/proc_ns.h): the inode of the initial PID namespace, fixed by the kernel.
const initialPidNamespace = 'pid:[4026531836]';
const noHostView =
  'headroom runs in a PID namespace (a container) whose /proc shows no host PIDs; run with --pid=host or mount the host /proc';

/**
 * A host PID seen from headroom's namespace. `same`: the namespaces agree; `mapped`: found through NSpid;
 * `gone`: no such process (it exited); `unmappable`: this /proc cannot show host PIDs; `elsewhere`: the
 * process lives in another PID namespace (another container).
 */
export interface PidMapping {
  hostPid: number;
  kind: 'same' | 'mapped' | 'gone' | 'unmappable' | 'elsewhere';
  localPid: number | null;
  reason?: string;
}

/** Maps host PIDs (from NVML) to PIDs in this process's namespace, reading procRoot (default /proc). */
export async function mapHostPids(
  hostPids: readonly number[],
  procRoot = '/proc',
): Promise<Map<number, PidMapping>> {
  const depth = (await readNsPids(path.join(procRoot, 'self')))?.length ?? 1;
  const ownNamespace = await readlink(path.join(procRoot, 'self', 'ns', 'pid')).catch(() => undefined);
  const result = new Map<number, PidMapping>();
  for (const hostPid of hostPids) {
    const dir = path.join(procRoot, String(hostPid));
    const nsPids = await readNsPids(dir);
    // In the initial namespace (or where it cannot be told), host PIDs are our PIDs.
    if (ownNamespace === undefined || ownNamespace === initialPidNamespace) {
      result.set(hostPid, nsPids ? { hostPid, kind: 'same', localPid: hostPid } : gone(hostPid));
    } else if (depth < 2) {
      result.set(hostPid, { hostPid, kind: 'unmappable', localPid: null, reason: noHostView });
    } else if (!nsPids) {
      result.set(hostPid, gone(hostPid));
    } else {
      // This procfs shows outer PIDs: the process's PID at our depth is the one we know it by.
      const namespace = await readlink(path.join(dir, 'ns', 'pid')).catch(() => undefined);
      const localPid = nsPids[depth - 1];
      result.set(
        hostPid,
        namespace === ownNamespace && localPid !== undefined
          ? { hostPid, kind: 'mapped', localPid }
          : {
              hostPid,
              kind: 'elsewhere',
              localPid: null,
              reason: 'in another PID namespace (another container)',
            },
      );
    }
  }
  return result;
}

/**
 * Sets `localPid` on processes whose PID differs in headroom's namespace (null where it cannot be known)
 * and says why for those; processes in the same namespace are left as they are.
 */
export async function attachLocalPids(
  processes: readonly GpuProcess[],
  procRoot = '/proc',
): Promise<{ processes: GpuProcess[]; warnings: string[] }> {
  const mapping = await mapHostPids([...new Set(processes.map((p) => p.pid))], procRoot);
  const warnings = new Set<string>();
  const attached = processes.map((process) => {
    const mapped = mapping.get(process.pid);
    if (!mapped || mapped.kind === 'same' || mapped.kind === 'gone') return process;
    if (mapped.reason) warnings.add(`PID ${process.pid}: ${mapped.reason}`);
    return { ...process, localPid: mapped.localPid };
  });
  return { processes: attached, warnings: [...warnings] };
}

function gone(hostPid: number): PidMapping {
  return { hostPid, kind: 'gone', localPid: null, reason: 'no such process here (exited?)' };
}

// `NSpid:\t4242\t7` → [4242, 7]; kernels before 4.1 have no NSpid line, then the PID alone.
async function readNsPids(dir: string): Promise<number[] | undefined> {
  const status = await readFile(path.join(dir, 'status'), 'utf8').catch(() => undefined);
  if (status === undefined) return undefined;
  const line = /^NSpid:\s+(.*)$/m.exec(status)?.[1];
  if (line) return line.trim().split(/\s+/).map(Number);
  const pid = /^Pid:\s+(\d+)$/m.exec(status)?.[1];
  return pid === undefined ? [] : [Number(pid)];
}
