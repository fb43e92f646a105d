// Recognises which nvidia-smi output a text is and parses it; merges a --query-gpu CSV with a
// --query-compute-apps CSV (devices from one, processes from the other, joined by GPU UUID).
import { isHeaderLine } from './csv-rows.js';
import { parseSmiCsv } from './smi-csv.js';
import { parseSmiTable } from './smi-table.js';
import { parseSmiQueryText } from './smi-text.js';
import {
  normalizeText,
  noteUnlistedMemory,
  type ParsedSmi,
  type SmiFormat,
  type SmiSource,
  smiParseError,
} from './smi-values.js';
import { parseSmiXml } from './smi-xml.js';

/** Which nvidia-smi output this is, or undefined; `list` is `nvidia-smi -L`, which has no memory figures. */
export function detectSmiFormat(text: string): SmiFormat | 'list' | undefined {
  const start = normalizeText(text).trimStart();
  if (
    start.startsWith('<?xml') ||
    start.startsWith('<nvidia_smi_log') ||
    start.startsWith('<!DOCTYPE nvidia_smi_log')
  )
    return 'xml';
  if (/^=+NVSMI LOG=+/m.test(start)) return 'query-text';
  if (/^GPU \d+: .*\(UUID: /.test(start)) return 'list';
  if (/^\s*\|\s*NVIDIA-SMI /m.test(start)) return 'table';
  const firstLine = start.split('\n')[0] ?? '';
  if (firstLine.includes(', ') || isHeaderLine(firstLine)) return 'query-gpu-csv';
  return undefined;
}

/** Parses any nvidia-smi output headroom understands (auto-detected); unknown or broken text is a located error. */
export function parseSmiOutput(text: string, source: SmiSource): ParsedSmi {
  const normalized = normalizeText(text);
  if (normalized.trim() === '') throw smiParseError(source, undefined, 'the file is empty');
  const format = detectSmiFormat(normalized);
  let parsed: ParsedSmi;
  switch (format) {
    case 'xml':
      parsed = parseSmiXml(normalized, source);
      break;
    case 'query-text':
      parsed = parseSmiQueryText(normalized, source);
      break;
    case 'table':
      parsed = parseSmiTable(normalized, source);
      break;
    case 'query-gpu-csv':
    case 'compute-apps-csv':
      parsed = parseSmiCsv(normalized, source);
      break;
    case 'list':
      throw smiParseError(
        source,
        1,
        '`nvidia-smi -L` lists names and UUIDs but no memory; save `nvidia-smi -q -x` instead',
      );
    default:
      throw smiParseError(source, 1, 'not nvidia-smi output headroom can read');
  }
  // Only outputs that list processes can show that some are missing.
  const hasProcessList =
    parsed.format === 'xml' || parsed.format === 'table' || parsed.format === 'query-text';
  return hasProcessList
    ? { ...parsed, warnings: [...parsed.warnings, ...noteUnlistedMemory(parsed)] }
    : parsed;
}

/** Joins several parsed outputs: devices from those that have them, processes mapped onto them by GPU UUID. */
export function mergeSmiOutputs(parts: ParsedSmi[]): ParsedSmi {
  const withDevices = parts.filter((part) => part.devices.length > 0);
  if (withDevices.length > 1) {
    throw smiParseError(
      { file: 'inputs' },
      undefined,
      'more than one of the inputs lists devices; pass one device listing and one process listing',
    );
  }
  const devices = withDevices[0]?.devices ?? [];
  const indexByUuid = new Map(
    devices.flatMap((device) => (device.uuid ? [[device.uuid, device.index] as const] : [])),
  );
  const warnings = parts.flatMap((part) => part.warnings);
  const processes = parts.flatMap((part) =>
    part.processes.map((process) => {
      if (part.devices.length > 0 || !process.gpuUuid) return process;
      const device = indexByUuid.get(process.gpuUuid);
      if (device === undefined && devices.length > 0)
        warnings.push(`PID ${process.pid}: its GPU ${process.gpuUuid} is not among the devices`);
      return { ...process, device: device ?? process.device };
    }),
  );
  const merged: ParsedSmi = {
    format: withDevices[0]?.format ?? parts[0]?.format ?? 'compute-apps-csv',
    devices,
    processes,
    warnings,
    driverVersion: parts.find((p) => p.driverVersion)?.driverVersion,
  };
  const hasProcessCsv = parts.some((part) => part.format === 'compute-apps-csv');
  return hasProcessCsv && devices.length > 0
    ? { ...merged, warnings: [...warnings, ...noteUnlistedMemory(merged)] }
    : merged;
}
