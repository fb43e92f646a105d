// Choosing a GPU backend: recorded files, simulated cards, or the machine's own (nvml, else nvidia-smi, else
// none). What `gpus`, `watch`, `plan` and `run` call; NVML (and so koffi) is loaded only when tried.
import { EnvironmentError, HeadroomError, UsageError } from '../../errors.js';
import type { DeviceSpec } from '../../plan/types.js';
import { createSimProbe, parseSimSpec } from './sim-backend.js';
import { createFileProbe, createSmiProbe, findOnPath, runSmi, type SmiRunner } from './smi-backend.js';
import { type GpuBackendName, type GpuProbe, type GpuSource, gpuBackendNames } from './types.js';

type Env = Record<string, string | undefined>;

/** What picks the backend: flags, the environment, and injectable paths for tests. */
export interface OpenGpuProbeOptions {
  /** `--gpu-backend`; `auto` (the default) tries nvml, then nvidia-smi, then settles for none. */
  backend?: GpuBackendName | 'auto';
  /** `--gpu`: simulated cards such as `sim:24GiB` (declared, non-simulated sizes are the planner's business). */
  gpu?: string;
  /** `--from`: recorded nvidia-smi outputs to read instead of a live backend (`-` is stdin). */
  from?: readonly string[];
  /** What `--from -` reads; default process.stdin. */
  stdin?: NodeJS.ReadableStream;
  /** Where HEADROOM_GPU, HEADROOM_SIM_DIR, HEADROOM_NVML_LIBRARY and PATH come from. */
  env?: Env;
  /** libnvidia-ml to open; default HEADROOM_NVML_LIBRARY, else libnvidia-ml.so.1 from the loader's path. */
  nvmlLibraryPath?: string;
  /** Runs nvidia-smi (tests pass a fake); default: the one on PATH. */
  smiRunner?: SmiRunner;
}

/** Opens the GPU backend the options and machine call for; a backend asked for by name that fails throws. */
export async function openGpuProbe(options: OpenGpuProbeOptions = {}): Promise<GpuProbe> {
  const env = options.env ?? process.env;
  const backend = options.backend ?? 'auto';
  if (backend !== 'auto' && !gpuBackendNames.includes(backend)) {
    throw new UsageError(`--gpu-backend ${backend}: expected one of ${gpuBackendNames.join(', ')}`);
  }
  if (options.from && options.from.length > 0) {
    if (backend !== 'auto' || options.gpu)
      throw new UsageError('--from reads recorded output; it cannot be combined with --gpu or --gpu-backend');
    return createFileProbe(options.from, options.stdin);
  }
  if (options.gpu !== undefined) {
    if (!parseSimSpec(options.gpu))
      throw new UsageError(`--gpu ${options.gpu}: here --gpu takes simulated cards, such as sim:24GiB`);
    if (backend !== 'auto' && backend !== 'sim')
      throw new UsageError(
        `--gpu ${options.gpu} is simulated; it cannot be combined with --gpu-backend ${backend}`,
      );
    return createSimProbe({ spec: options.gpu, env });
  }
  const envSpec = parseSimSpec(env.HEADROOM_GPU, 'HEADROOM_GPU=') ? env.HEADROOM_GPU : undefined;
  const nvmlLibraryPath = options.nvmlLibraryPath ?? (env.HEADROOM_NVML_LIBRARY || undefined);
  switch (backend) {
    case 'sim':
      if (!envSpec)
        throw new UsageError(
          '--gpu-backend sim needs simulated cards: --gpu sim:24GiB or HEADROOM_GPU=sim:24GiB',
        );
      return createSimProbe({ spec: envSpec, env });
    case 'nvml':
      return openNvml(nvmlLibraryPath);
    case 'nvidia-smi':
      return createSmiProbe({ run: smiRunnerFor(options, env) });
    case 'none':
      return noBackend([]);
  }
  // auto: simulated cards in the environment (a child of `headroom run --gpu sim:…`) win over hardware.
  if (envSpec) return createSimProbe({ spec: envSpec, env });
  const reasons: string[] = [];
  try {
    return await openNvml(nvmlLibraryPath);
  } catch (error) {
    reasons.push(reasonOf(error));
  }
  try {
    const probe = createSmiProbe({ run: smiRunnerFor(options, env) });
    await probe.snapshot();
    return probe;
  } catch (error) {
    reasons.push(reasonOf(error));
  }
  return noBackend(reasons);
}

/** The devices a plan can use when none are declared: probed from the chosen backend, as DeviceSpecs. */
export async function detectDevices(
  options: OpenGpuProbeOptions = {},
): Promise<{ source: GpuSource; devices: DeviceSpec[]; warnings: string[] }> {
  const probe = await openGpuProbe(options);
  try {
    const snapshot = await probe.snapshot();
    const devices = snapshot.devices.map(({ index, name, uuid, totalBytes, simulated }) => ({
      index,
      name,
      ...(uuid ? { uuid } : {}),
      totalBytes,
      simulated,
    }));
    const reasons = probe.unavailableReasons ?? [];
    return { source: probe.source, devices, warnings: [...reasons, ...(snapshot.warnings ?? [])] };
  } finally {
    await probe.close();
  }
}

async function openNvml(libraryPath: string | undefined): Promise<GpuProbe> {
  let module: typeof import('./nvml-backend.js');
  try {
    module = await import('./nvml-backend.js');
  } catch (error) {
    throw new EnvironmentError(
      `NVML: the FFI library (koffi) cannot be loaded here: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  return module.createNvmlProbe({ libraryPath });
}

function smiRunnerFor(options: OpenGpuProbeOptions, env: Env): SmiRunner {
  if (options.smiRunner) return options.smiRunner;
  const executable = findOnPath('nvidia-smi', env);
  if (!executable) throw new EnvironmentError('nvidia-smi: not on PATH');
  return runSmi(executable);
}

function noBackend(reasons: string[]): GpuProbe {
  return {
    source: 'none',
    unavailableReasons: reasons,
    snapshot: async () => ({
      source: 'none',
      simulated: false,
      devices: [],
      processes: [],
      warnings: reasons,
    }),
    close: async () => {},
  };
}

function reasonOf(error: unknown): string {
  if (error instanceof HeadroomError) return error.message;
  throw error;
}
