// Values and results shared by the nvidia-smi parsers: memory fields, "not available" markers, located errors.
import { HeadroomError } from '../../errors.js';
import type { GpuDevice, GpuProcess } from './types.js';

/** The formats nvidia-smi prints that headroom reads. */
export type SmiFormat = 'xml' | 'query-gpu-csv' | 'compute-apps-csv' | 'table' | 'query-text';

/** A process as parsed, with the device identity the file gives (a compute-apps CSV has no index). */
export interface SmiProcess extends GpuProcess {
  gpuUuid?: string | null;
}

/** What one nvidia-smi output says: devices, processes, and notes about what was skipped or hidden. */
export interface ParsedSmi {
  format: SmiFormat;
  devices: GpuDevice[];
  processes: SmiProcess[];
  warnings: string[];
  driverVersion?: string;
}

/** Where the text came from, for messages: a file name (or `nvidia-smi --query-gpu` for live output). */
export interface SmiSource {
  file: string;
}

const MiB = 1024 ** 2;
const unitBytes: Record<string, number> = { '': MiB, b: 1, kib: 1024, mib: MiB, gib: 1024 ** 3 };

// nvidia-smi prints these instead of a value: `N/A` in tables and XML, `[N/A]` in CSV, `[Not Supported]`,
// `[Requested functionality has been deprecated]`, `ERR!`, and under WDDM "Not available in WDDM driver model"
// (fixtures/nvidia-smi/SOURCES.md). Bracketed text is always such a marker.
const unavailablePattern =
  /^(\[.*\]|N\/A|ERR!|Not available.*|Not Supported|Unknown Error|Insufficient Permissions|)$/i;

/** True when a field holds one of nvidia-smi's "no value" markers rather than a value. */
export function isUnavailable(text: string): boolean {
  return unavailablePattern.test(text.trim());
}

/**
 * Bytes of a memory field: `1005 MiB`, `1005MiB`, or a bare `1005` (nvidia-smi's `nounits` MiB);
 * null for a "no value" marker; undefined when the text is neither (the caller reports where).
 */
export function parseMemoryField(text: string): number | null | undefined {
  if (isUnavailable(text)) return null;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const multiplier = match ? unitBytes[(match[2] ?? '').toLowerCase()] : undefined;
  if (!match || multiplier === undefined) return undefined;
  return Math.round(Number(match[1]) * multiplier);
}

/** A PID field: a positive integer, or undefined. */
export function parsePid(text: string): number | undefined {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value > 0 ? value : undefined;
}

/** An error in recorded or live nvidia-smi output, naming the file and line; printed without a stack. */
export function smiParseError(source: SmiSource, line: number | undefined, message: string): HeadroomError {
  const where = line === undefined ? source.file : `${source.file}:${line}`;
  return new HeadroomError({
    code: 'smi-parse',
    message: `${where}: ${message}`,
    hint: 'headroom reads `nvidia-smi -q -x`, `nvidia-smi -q`, `--query-gpu`/`--query-compute-apps` CSV and the plain `nvidia-smi` table',
  });
}

/** Drops a UTF-8 byte-order mark (a PowerShell redirect writes one) and CRs of CRLF line ends. */
export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/**
 * Notes memory in use that no listed process accounts for: other containers' or users' processes are hidden
 * (fixtures: gtx-1080-ti hidden-procs, rtx-3080 XML). Listed processes never add up exactly (the driver's own
 * share), so the bar is 128 MiB on a device with no process listed and 1 GiB otherwise.
 */
export function noteUnlistedMemory(parsed: ParsedSmi): string[] {
  const notes: string[] = [];
  for (const device of parsed.devices) {
    const listed = parsed.processes.filter((p) => p.device === device.index);
    if (device.usedBytes === null || listed.some((p) => p.usedBytes === null)) continue;
    const unlistedBytes = device.usedBytes - listed.reduce((sum, p) => sum + (p.usedBytes ?? 0), 0);
    const thresholdBytes = listed.length === 0 ? 128 * MiB : 1024 * MiB;
    if (unlistedBytes > thresholdBytes) {
      notes.push(
        `GPU ${device.index}: ${Math.round(unlistedBytes / MiB)} MiB in use by processes not listed (other containers' or users' processes are hidden)`,
      );
    }
  }
  return notes;
}

/** MiB for messages. */
export const bytesPerMiB = MiB;
