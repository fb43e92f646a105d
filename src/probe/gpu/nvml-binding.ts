// libnvidia-ml through koffi: the symbols headroom calls, each under its real exported (suffixed) name, since
// unversioned names in nvml.h are macros (NVML.md "Loading the library"). Optional symbols may be missing on
// older drivers and are undefined then.
import koffi from 'koffi';
import { EnvironmentError } from '../../errors.js';

/** An NVML device handle (nvmlDevice_t, an opaque pointer valid until nvmlShutdown). */
export type NvmlHandle = unknown;

type Call<A extends unknown[]> = (...args: A) => number;

/** The bound functions; each returns nvmlReturn_t except errorString. */
export interface NvmlBinding {
  init: Call<[]>;
  shutdown: Call<[]>;
  errorString: (code: number) => string;
  getCount: Call<[count: number[]]>;
  getHandleByIndex: Call<[index: number, handle: NvmlHandle[]]>;
  getName: Call<[handle: NvmlHandle, buffer: Buffer, length: number]>;
  getUuid: Call<[handle: NvmlHandle, buffer: Buffer, length: number]>;
  getMemoryInfo: Call<[handle: NvmlHandle, buffer: Buffer]>;
  getMemoryInfoV2?: Call<[handle: NvmlHandle, buffer: Buffer]>;
  getDriverVersion?: Call<[buffer: Buffer, length: number]>;
  /** Process list calls, newest first, with the entry size each writes (v3's may differ, see nvml-layout). */
  processCalls: Array<{
    symbol: string;
    call: Call<[handle: NvmlHandle, count: number[], buffer: Buffer | null]>;
  }>;
  unload: () => void;
}

// koffi type names are global to the process: declare the handle type once, when this module loads.
koffi.pointer('nvmlDevice_t', koffi.opaque());

/** The library file NVML ships as (the driver's, not the CUDA toolkit's link-time stub). */
export const defaultNvmlLibrary = process.platform === 'win32' ? 'nvml.dll' : 'libnvidia-ml.so.1';

/** Opens the library and binds the symbols; a missing library is an EnvironmentError with one clear line. */
export function bindNvml(libraryPath: string = defaultNvmlLibrary): NvmlBinding {
  let lib: ReturnType<typeof koffi.load>;
  try {
    lib = koffi.load(libraryPath);
  } catch {
    throw new EnvironmentError(
      `NVML: cannot load ${libraryPath} (no NVIDIA driver on this machine)`,
      'pass --gpu sim:24GiB to try a simulated card, or --gpu-backend nvidia-smi',
    );
  }
  const optional = <T>(prototype: string): T | undefined => {
    try {
      return lib.func(prototype) as T;
    } catch {
      return undefined;
    }
  };
  const required = <T>(prototype: string): T => {
    const fn = optional<T>(prototype);
    if (!fn) {
      lib.unload();
      throw new EnvironmentError(
        `NVML: ${libraryPath} lacks ${prototype.split('(')[0]?.split(' ').at(-1)}; the driver is too old`,
      );
    }
    return fn;
  };
  const processSymbols = [
    'nvmlDeviceGetComputeRunningProcesses_v3',
    'nvmlDeviceGetComputeRunningProcesses_v2',
    'nvmlDeviceGetComputeRunningProcesses',
  ];
  return {
    init: required('int nvmlInit_v2()'),
    shutdown: required('int nvmlShutdown()'),
    errorString: required('const char *nvmlErrorString(int result)'),
    getCount: required('int nvmlDeviceGetCount_v2(_Out_ unsigned int *count)'),
    getHandleByIndex: required(
      'int nvmlDeviceGetHandleByIndex_v2(unsigned int index, _Out_ nvmlDevice_t *device)',
    ),
    getName: required('int nvmlDeviceGetName(nvmlDevice_t device, void *name, unsigned int length)'),
    getUuid: required('int nvmlDeviceGetUUID(nvmlDevice_t device, void *uuid, unsigned int length)'),
    getMemoryInfo: required('int nvmlDeviceGetMemoryInfo(nvmlDevice_t device, void *memory)'),
    getMemoryInfoV2: optional('int nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, void *memory)'),
    getDriverVersion: optional('int nvmlSystemGetDriverVersion(void *version, unsigned int length)'),
    processCalls: processSymbols.flatMap((symbol) => {
      const call = optional<NvmlBinding['processCalls'][number]['call']>(
        `int ${symbol}(nvmlDevice_t device, _Inout_ unsigned int *infoCount, void *infos)`,
      );
      return call ? [{ symbol, call }] : [];
    }),
    unload: () => lib.unload(),
  };
}
