// NVML's C structs as byte layouts, read from raw buffers (x86-64 and aarch64 are little-endian, and the
// layouts are the same on Linux and Windows x64). All facts from ../shared/NVML.md, checked against nvml.h.

/** nvmlReturn_t values headroom acts on (nvml.h). */
export const NvmlReturn = {
  success: 0,
  uninitialized: 1,
  notSupported: 3,
  noPermission: 4,
  insufficientSize: 7,
  driverNotLoaded: 9,
  functionNotFound: 13,
  gpuIsLost: 15,
  libRmVersionMismatch: 18,
  argumentVersionMismatch: 25,
} as const;

// nvmlMemory_v2 = NVML_STRUCT_VERSION(Memory, 2) = sizeof(nvmlMemory_v2_t) | 2 << 24 = 40 | 0x02000000.
// Passing a plain 2 fails on 510.39.01 (nvidia-settings issue #78).
export const memoryV2Version = 0x02000028;
export const memoryV2Size = 40;
export const memoryV1Size = 24;
// NVML_DEVICE_NAME_V2_BUFFER_SIZE and NVML_DEVICE_UUID_V2_BUFFER_SIZE; driver version buffer 80.
export const nameBufferSize = 96;
export const uuidBufferSize = 96;
export const driverVersionBufferSize = 80;

/** Process entry sizes in the wild: v1 (bare symbol) 16, v2/v3 24, and 32 from _v3 of 535.43.02–535.86.x. */
export type ProcessStride = 16 | 24 | 32;

// NVML_VALUE_NOT_AVAILABLE is (-1): all ones in an unsigned long long (always so under WDDM).
const notAvailable64 = 0xffff_ffff_ffff_ffffn;
// The largest Linux pid_max (PID_MAX_LIMIT on 64-bit).
const maxPid = 4_194_304;

/** Device memory in bytes; `used` excludes the reserved part in v2 and includes it in v1 (NVML.md). */
export interface NvmlMemory {
  totalBytes: number;
  usedBytes: number;
  freeBytes: number;
  reservedBytes: number | null;
}

/** A 40-byte nvmlMemory_v2_t with its version field set, ready to pass to nvmlDeviceGetMemoryInfo_v2. */
export function newMemoryV2Buffer(): Buffer {
  const buffer = Buffer.alloc(memoryV2Size);
  buffer.writeUInt32LE(memoryV2Version, 0);
  return buffer;
}

/** Reads nvmlMemory_v2_t: version 0, pad 4, total 8, reserved 16, free 24, used 32. */
export function decodeMemoryV2(buffer: Buffer): NvmlMemory {
  return {
    totalBytes: toBytes(buffer.readBigUInt64LE(8)),
    reservedBytes: toBytes(buffer.readBigUInt64LE(16)),
    freeBytes: toBytes(buffer.readBigUInt64LE(24)),
    usedBytes: toBytes(buffer.readBigUInt64LE(32)),
  };
}

/** Reads nvmlMemory_t (v1): total 0, free 8, used 16 (allocated plus reserved). */
export function decodeMemoryV1(buffer: Buffer): NvmlMemory {
  return {
    totalBytes: toBytes(buffer.readBigUInt64LE(0)),
    freeBytes: toBytes(buffer.readBigUInt64LE(8)),
    usedBytes: toBytes(buffer.readBigUInt64LE(16)),
    reservedBytes: null,
  };
}

/** One process entry: pid at 0 (u32), usedGpuMemory at 8 (u64; null for NVML_VALUE_NOT_AVAILABLE). */
export interface NvmlProcessEntry {
  pid: number;
  usedBytes: number | null;
}

/**
 * Decodes `count` entries of `stride` bytes and sanity-checks each (NVML.md "What this means for us"):
 * 0 < pid ≤ 4194304 and memory ≤ the device total or the not-available sentinel. Undefined when any entry
 * fails: the whole list is then suspect (a wrong stride swaps PIDs and memory, pynvml issue #50).
 */
export function decodeProcessEntries(options: {
  buffer: Buffer;
  count: number;
  stride: ProcessStride;
  totalBytes: number;
}): NvmlProcessEntry[] | undefined {
  const { buffer, count, stride, totalBytes } = options;
  if (count * stride > buffer.length) return undefined;
  const entries: NvmlProcessEntry[] = [];
  for (let i = 0; i < count; i++) {
    const pid = buffer.readUInt32LE(i * stride);
    const raw = buffer.readBigUInt64LE(i * stride + 8);
    const usedBytes = raw === notAvailable64 ? null : Number(raw);
    if (pid === 0 || pid > maxPid || (usedBytes !== null && usedBytes > totalBytes)) return undefined;
    if (stride >= 24 && !isInstanceId(buffer.readUInt32LE(i * stride + 16))) return undefined;
    entries.push({ pid, usedBytes });
  }
  return entries;
}

/**
 * The entry size _v3 writes on this driver: 32 bytes on 535.43.02 up to 535.86.x (the "R535 ABI break",
 * nvitop PR #89 and #94), 24 on every other driver that has the symbol.
 */
export function strideForDriver(driverVersion: string | undefined): ProcessStride {
  const match = /^(\d+)\.(\d+)/.exec(driverVersion ?? '');
  if (!match) return 24;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major === 535 && minor >= 43 && minor < 98 ? 32 : 24;
}

/** Marker written before a fill call, so the bytes NVML wrote can be counted (nvitop PR #226). */
export const strideMarker = 0xa5;

/** The stride NVML actually wrote, from where the marker bytes start; undefined if it is none of 16/24/32. */
export function measureStride(buffer: Buffer, count: number): ProcessStride | undefined {
  if (count === 0) return undefined;
  let end = buffer.length;
  while (end > 0 && buffer[end - 1] === strideMarker) end--;
  const stride = Math.ceil(end / count);
  return stride === 16 || stride === 24 || stride === 32 ? stride : undefined;
}

/** Text up to the first NUL of a C string buffer. */
export function readCString(buffer: Buffer): string {
  const end = buffer.indexOf(0);
  return buffer.toString('utf8', 0, end === -1 ? buffer.length : end);
}

// GI/CI are 0xFFFFFFFF without MIG and small numbers with it.
function isInstanceId(value: number): boolean {
  return value === 0xffff_ffff || value < 64;
}

function toBytes(value: bigint): number {
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.NaN : Number(value);
}
