// The one interface every GPU backend (nvml, nvidia-smi, recorded file, simulated) satisfies.

export type GpuSource = 'nvml' | 'nvidia-smi' | 'file' | 'sim' | 'none';

/** A device as a backend sees it now. Bytes are bytes (nvidia-smi's MiB × 1048576). */
export interface GpuDevice {
  index: number;
  name: string;
  uuid: string | null;
  totalBytes: number;
  usedBytes: number | null;
  freeBytes: number | null;
  simulated: boolean;
}

/** A process holding memory on a device. `pid` is a host PID (NVML reports host PIDs, also in containers). */
export interface GpuProcess {
  pid: number;
  device: number;
  usedBytes: number | null;
}

export interface GpuSnapshot {
  source: GpuSource;
  simulated: boolean;
  devices: GpuDevice[];
  processes: GpuProcess[];
}

/** A backend that can be asked, repeatedly, what is on the GPUs. */
export interface GpuProbe {
  readonly source: GpuSource;
  snapshot(): Promise<GpuSnapshot>;
  close(): Promise<void>;
}

/** The probe for a machine with no GPU backend: no devices, no processes. */
export const noGpuProbe: GpuProbe = {
  source: 'none',
  snapshot: async () => ({ source: 'none', simulated: false, devices: [], processes: [] }),
  close: async () => {},
};
