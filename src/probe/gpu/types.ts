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
  /** Held by the driver or firmware (NVML memory v2, nvidia-smi's "Reserved"); null where not reported. */
  reservedBytes?: number | null;
  /** True when the total was not in the source and was added up from reserved + used + free. */
  isTotalDerived?: boolean;
}

/** A process holding memory on a device. `pid` is a host PID (NVML reports host PIDs, also in containers). */
export interface GpuProcess {
  pid: number;
  device: number;
  usedBytes: number | null;
  /** The name the backend reports (nvidia-smi's process name; may be cut short with `...`). */
  name?: string;
  /** nvidia-smi's type: `C` compute, `G` graphics, `C+G` both. */
  type?: string;
  /** The same process's PID in headroom's own PID namespace; null when it cannot be mapped (see pid-namespace.ts). */
  localPid?: number | null;
}

export interface GpuSnapshot {
  source: GpuSource;
  simulated: boolean;
  devices: GpuDevice[];
  processes: GpuProcess[];
  /** Things a reader should know: hidden processes, skipped lines, unmapped PIDs. */
  warnings?: string[];
  driverVersion?: string;
}

/** Backends a user can pick with `--gpu-backend`. */
export const gpuBackendNames = ['nvml', 'nvidia-smi', 'sim', 'none'] as const;
export type GpuBackendName = (typeof gpuBackendNames)[number];

/** A backend that can be asked, repeatedly, what is on the GPUs. */
export interface GpuProbe {
  readonly source: GpuSource;
  snapshot(): Promise<GpuSnapshot>;
  close(): Promise<void>;
  /**
   * What a child must find in its environment to see the same cards: the simulated cards' spec and
   * state directory (HEADROOM_GPU, HEADROOM_SIM_DIR; see sim-backend.ts). Real backends need nothing.
   */
  readonly childEnv?: Readonly<Record<string, string>>;
  /** Source `none`: why no backend could be opened (each backend tried, in order); empty when none was asked for. */
  readonly unavailableReasons?: readonly string[];
}

/** The probe for a machine with no GPU backend: no devices, no processes. */
export const noGpuProbe: GpuProbe = {
  source: 'none',
  snapshot: async () => ({ source: 'none', simulated: false, devices: [], processes: [] }),
  close: async () => {},
  unavailableReasons: [],
};
