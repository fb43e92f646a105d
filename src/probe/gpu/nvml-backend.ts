// The `nvml` GpuProbe: names, UUIDs, memory (v2 where the driver has it) and running compute processes
// (v3, then v2, then the bare v1 symbol), with the count/fill protocol and entry checks of ../shared/NVML.md.
import { EnvironmentError } from '../../errors.js';
import { bindNvml, type NvmlBinding, type NvmlHandle } from './nvml-binding.js';
import {
  decodeMemoryV1,
  decodeMemoryV2,
  decodeProcessEntries,
  driverVersionBufferSize,
  measureStride,
  memoryV1Size,
  type NvmlMemory,
  type NvmlProcessEntry,
  NvmlReturn,
  nameBufferSize,
  newMemoryV2Buffer,
  type ProcessStride,
  readCString,
  strideForDriver,
  strideMarker,
  uuidBufferSize,
} from './nvml-layout.js';
import { attachLocalPids } from './pid-namespace.js';
import type { GpuDevice, GpuProbe, GpuProcess, GpuSnapshot } from './types.js';

/** Opens NVML (nvmlInit_v2); throws EnvironmentError in one line when the library or driver is missing. */
export function createNvmlProbe(options: { libraryPath?: string; procRoot?: string } = {}): GpuProbe {
  const nvml = bindNvml(options.libraryPath);
  const initCode = nvml.init();
  if (initCode !== NvmlReturn.success) {
    const reason = nvml.errorString(initCode);
    nvml.unload();
    throw new EnvironmentError(
      `NVML: nvmlInit failed: ${reason} (${initCode})`,
      initCode === NvmlReturn.libRmVersionMismatch
        ? 'the driver was upgraded without a reboot'
        : 'is the NVIDIA kernel driver loaded?',
    );
  }
  const driverVersion = readDriverVersion(nvml);
  let isOpen = true;
  return {
    source: 'nvml',
    snapshot: async () => {
      if (!isOpen) throw new EnvironmentError('NVML: snapshot after close');
      const snapshot = readSnapshot(nvml, driverVersion);
      // NVML's PIDs are host PIDs; in a container they differ from the ones /proc here knows.
      const local = await attachLocalPids(snapshot.processes, options.procRoot);
      return {
        ...snapshot,
        processes: local.processes,
        warnings: [...(snapshot.warnings ?? []), ...local.warnings],
      };
    },
    close: async () => {
      if (!isOpen) return;
      isOpen = false;
      nvml.shutdown();
      nvml.unload();
    },
  };
}

function readSnapshot(nvml: NvmlBinding, driverVersion: string | undefined): GpuSnapshot {
  const warnings: string[] = [];
  const devices: GpuDevice[] = [];
  const processes: GpuProcess[] = [];
  const count = [0];
  check(nvml, nvml.getCount(count), 'nvmlDeviceGetCount_v2');
  for (let index = 0; index < (count[0] ?? 0); index++) {
    const handle: NvmlHandle[] = [null];
    const handleCode = nvml.getHandleByIndex(index, handle);
    // NO_PERMISSION (and a lost GPU) affect one index: skip it, do not abort (NVML.md).
    if (handleCode !== NvmlReturn.success) {
      warnings.push(`GPU ${index}: ${nvml.errorString(handleCode)} (${handleCode}); left out`);
      continue;
    }
    const name = readString(nvml.getName, handle[0], nameBufferSize) ?? 'unknown GPU';
    const memory = readMemory(nvml, handle[0]);
    if (!memory) {
      warnings.push(`GPU ${index} (${name}): no memory information (an integrated GPU?); left out`);
      continue;
    }
    devices.push({
      index,
      name,
      uuid: readString(nvml.getUuid, handle[0], uuidBufferSize) ?? null,
      totalBytes: memory.totalBytes,
      usedBytes: memory.usedBytes,
      freeBytes: memory.freeBytes,
      reservedBytes: memory.reservedBytes,
      simulated: false,
    });
    const listed = readProcesses({ nvml, handle: handle[0], totalBytes: memory.totalBytes, driverVersion });
    if (listed.problem) warnings.push(`GPU ${index}: ${listed.problem}`);
    for (const entry of listed.entries)
      processes.push({ pid: entry.pid, device: index, usedBytes: entry.usedBytes });
  }
  return {
    source: 'nvml',
    simulated: false,
    devices,
    processes,
    warnings,
    ...(driverVersion ? { driverVersion } : {}),
  };
}

// v2 reports reserved apart and `used` without it (what nvidia-smi prints since R510); v1 folds it into used.
// A driver without v2 answers FUNCTION_NOT_FOUND or ARGUMENT_VERSION_MISMATCH; treat those and NOT_SUPPORTED alike.
function readMemory(nvml: NvmlBinding, handle: NvmlHandle): NvmlMemory | undefined {
  if (nvml.getMemoryInfoV2) {
    const buffer = newMemoryV2Buffer();
    const code = nvml.getMemoryInfoV2(handle, buffer);
    if (code === NvmlReturn.success) return decodeMemoryV2(buffer);
  }
  const buffer = Buffer.alloc(memoryV1Size);
  return nvml.getMemoryInfo(handle, buffer) === NvmlReturn.success ? decodeMemoryV1(buffer) : undefined;
}

function readProcesses(options: {
  nvml: NvmlBinding;
  handle: NvmlHandle;
  totalBytes: number;
  driverVersion: string | undefined;
}): { entries: NvmlProcessEntry[]; problem?: string } {
  const { nvml, handle, totalBytes, driverVersion } = options;
  const [first] = nvml.processCalls;
  if (!first) return { entries: [], problem: 'this NVML has no running-process call' };
  const { symbol, call } = first;
  // The bare symbol writes 16-byte v1 entries and _v2 24-byte ones; _v3 depends on the driver.
  const expected: ProcessStride = symbol.endsWith('_v3')
    ? strideForDriver(driverVersion)
    : symbol.endsWith('_v2')
      ? 24
      : 16;
  // Count first (0 entries, NULL), then fill with room to spare; processes can start between the calls.
  const count = [0];
  let code = call(handle, count, null);
  for (let attempt = 0; code === NvmlReturn.insufficientSize && attempt < 3; attempt++) {
    const capacity = (count[0] ?? 0) * 2 + 5;
    const buffer = Buffer.alloc(capacity * 32, strideMarker);
    count[0] = capacity;
    code = call(handle, count, buffer);
    if (code !== NvmlReturn.success) continue;
    const n = count[0] ?? 0;
    const strides = [measureStride(buffer, n), expected, 24, 32, 16].filter(
      (s): s is ProcessStride => s !== undefined,
    );
    for (const stride of new Set(strides)) {
      const entries = decodeProcessEntries({ buffer, count: n, stride, totalBytes });
      if (entries) return { entries };
    }
    return {
      entries: [],
      problem: `${symbol} returned entries that fail the sanity checks; processes not listed`,
    };
  }
  if (code === NvmlReturn.success) return { entries: [] };
  return { entries: [], problem: `${symbol}: ${nvml.errorString(code)} (${code})` };
}

function readString(
  call: (handle: NvmlHandle, buffer: Buffer, length: number) => number,
  handle: NvmlHandle,
  size: number,
): string | undefined {
  const buffer = Buffer.alloc(size);
  return call(handle, buffer, size) === NvmlReturn.success ? readCString(buffer) : undefined;
}

function readDriverVersion(nvml: NvmlBinding): string | undefined {
  if (!nvml.getDriverVersion) return undefined;
  const buffer = Buffer.alloc(driverVersionBufferSize);
  return nvml.getDriverVersion(buffer, driverVersionBufferSize) === NvmlReturn.success
    ? readCString(buffer)
    : undefined;
}

function check(nvml: NvmlBinding, code: number, what: string): void {
  if (code !== NvmlReturn.success)
    throw new EnvironmentError(`NVML: ${what} failed: ${nvml.errorString(code)} (${code})`);
}
