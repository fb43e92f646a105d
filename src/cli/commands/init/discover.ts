// What `init` reads of the machine: the GPU processes running now (through the GPU probe: NVML,
// nvidia-smi or the simulated card) with their argv, working directory and loaded libraries from /proc.
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { guessFramework } from '../../../init/guess-framework.js';
import { type InitDevice, type InitProcess, nameFromArgv, uniqueNames } from '../../../init/render.js';
import { type OpenGpuProbeOptions, openGpuProbe } from '../../../probe/gpu/open-probe.js';
import { readArgv } from '../../../probe/host/proc-table.js';

const readOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/** Lines of /proc/PID/maps that name a shared library (what guessFramework looks for). */
function readLibraries(pid: number, procRoot: string): string[] {
  const text = readOr(() => readFileSync(path.join(procRoot, String(pid), 'maps'), 'utf8'), '');
  return [...new Set(text.split('\n').filter((line) => line.includes('.so')))];
}

// A process headroom run started carries its planned name; keep it.
function plannedName(pid: number, procRoot: string): string | undefined {
  const environ = readOr(() => readFileSync(path.join(procRoot, String(pid), 'environ'), 'utf8'), '');
  return /(?:^|\0)HEADROOM_PROCESS=([^\0]+)/.exec(environ)?.[1]?.replace(/\.\d+$/, '');
}

/** The cards and the GPU processes on them now, each with its argv, framework guess and memory in use. */
export async function discoverRunning(
  probeOptions: OpenGpuProbeOptions,
  procRoot = '/proc',
): Promise<{ devices: InitDevice[]; processes: InitProcess[]; source: string }> {
  const probe = await openGpuProbe(probeOptions);
  try {
    const snapshot = await probe.snapshot();
    const devices = snapshot.devices.map(({ index, name, totalBytes, simulated }) => ({
      index,
      name,
      totalBytes,
      simulated,
    }));
    // One entry per process: a process on several cards is listed once per card by the probe.
    const byPid = new Map<
      number,
      { device: number; usedBytes: number | null; name?: string; localPid: number | null }
    >();
    for (const p of snapshot.processes) {
      const localPid = p.localPid === undefined ? p.pid : p.localPid;
      const seen = byPid.get(p.pid);
      if (seen) seen.usedBytes = (seen.usedBytes ?? 0) + (p.usedBytes ?? 0);
      else
        byPid.set(p.pid, {
          device: p.device,
          usedBytes: p.usedBytes,
          localPid,
          ...(p.name ? { name: p.name } : {}),
        });
    }
    const found = [...byPid].map(([pid, p]) => {
      const argv = (p.localPid === null ? undefined : readArgv(p.localPid, procRoot)) ?? [
        p.name ?? `pid-${pid}`,
      ];
      const local = p.localPid ?? undefined;
      const cwd =
        local === undefined
          ? undefined
          : readOr(() => readlinkSync(path.join(procRoot, String(local), 'cwd')), undefined);
      return {
        wantedName: (local === undefined ? undefined : plannedName(local, procRoot)) ?? nameFromArgv(argv),
        process: {
          argv,
          ...(cwd ? { cwd } : {}),
          guess: guessFramework(argv, local === undefined ? [] : readLibraries(local, procRoot)),
          ...(p.usedBytes === null ? {} : { usedBytes: p.usedBytes }),
          device: p.device,
          pid,
        },
      };
    });
    const names = uniqueNames(found.map((f) => f.wantedName));
    const processes = found.map((f, i): InitProcess => ({ name: names[i]!, ...f.process }));
    return { devices, processes, source: snapshot.source };
  } finally {
    await probe.close();
  }
}
