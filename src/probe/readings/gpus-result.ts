// One reading of the GPUs as `gpus` reports it (also its --json contract, issue #5): devices with used
// and free bytes, and their processes with command and the host memory of their tree (from /proc).
import { describeProcesses, type ProcessDetails } from '../gpu/process-details.js';
import type { GpuDevice, GpuProbe, GpuSource } from '../gpu/types.js';

/** What `gpus` reports: devices with used and free bytes, processes with command and host memory of their tree. */
export interface GpusResult {
  source: GpuSource;
  simulated: boolean;
  driverVersion?: string;
  devices: Array<
    Pick<GpuDevice, 'index' | 'name' | 'uuid' | 'totalBytes' | 'usedBytes' | 'freeBytes' | 'simulated'> & {
      reservedBytes?: number | null;
    }
  >;
  processes: ProcessDetails[];
  warnings: string[];
}

/** Takes one snapshot and describes its processes from procRoot. */
export async function collectGpus(probe: GpuProbe, procRoot = '/proc'): Promise<GpusResult> {
  const snapshot = await probe.snapshot();
  return {
    source: snapshot.source,
    simulated: snapshot.simulated,
    ...(snapshot.driverVersion ? { driverVersion: snapshot.driverVersion } : {}),
    devices: snapshot.devices.map(
      ({ index, name, uuid, totalBytes, usedBytes, freeBytes, simulated, reservedBytes }) => ({
        index,
        name,
        uuid,
        totalBytes,
        usedBytes,
        freeBytes,
        simulated,
        ...(reservedBytes !== undefined ? { reservedBytes } : {}),
      }),
    ),
    processes: describeProcesses(snapshot, procRoot),
    warnings: snapshot.warnings ?? [],
  };
}
