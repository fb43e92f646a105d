// `nvidia-smi --query-gpu=... --format=csv` and `--query-compute-apps=... --format=csv`, with or without
// units and header, single samples or `-l` loops (the last sample of each device wins).

import { quoteInput } from '../../units.js';
import { type CsvRow, readCsvRows } from './csv-rows.js';
import {
  type ParsedSmi,
  parseMemoryField,
  parsePid,
  type SmiProcess,
  type SmiSource,
  smiParseError,
} from './smi-values.js';
import type { GpuDevice } from './types.js';

/** Devices (from --query-gpu) or processes (from --query-compute-apps) in nvidia-smi CSV text. */
export function parseSmiCsv(text: string, source: SmiSource): ParsedSmi {
  const { fields, rows, warnings } = readCsvRows(text, source);
  if (fields.includes('pid'))
    return { format: 'compute-apps-csv', devices: [], processes: readProcesses(rows, source), warnings };
  if (rows.length === 0) throw smiParseError(source, undefined, 'a --query-gpu CSV with no data line');
  const devices = readDevices(rows, source, warnings);
  return { format: 'query-gpu-csv', devices, processes: [], warnings };
}

const pick = (row: CsvRow, ...names: string[]): string | undefined =>
  names.map((name) => row.values.get(name)).find((value) => value !== undefined);

function readDevices(rows: CsvRow[], source: SmiSource, warnings: string[]): GpuDevice[] {
  // Key each row to a device; with no identifying column, rows of the same name are one device sampled again.
  const first = rows[0];
  const keyField = ['index', 'uuid', 'pci.bus_id'].find((field) => first?.values.has(field)) ?? 'name';
  if (keyField === 'name' && rows.length > 1) {
    warnings.push(
      'no index, uuid or pci.bus_id column: rows with the same name are taken as samples of one device',
    );
  }
  const latest = new Map<string, CsvRow>();
  for (const row of rows) latest.set(row.values.get(keyField) ?? '', row);
  const devices = [...latest.values()].map((row, order) => readDevice(row, order, source, warnings));
  return devices.sort((a, b) => a.index - b.index);
}

function readDevice(row: CsvRow, order: number, source: SmiSource, warnings: string[]): GpuDevice {
  const memory = (field: string): number | null | undefined => {
    const text = row.values.get(field);
    if (text === undefined) return undefined;
    const bytes = parseMemoryField(text);
    if (bytes === undefined)
      throw smiParseError(source, row.line, `${field} is not a size: ${quoteInput(text)}`);
    return bytes;
  };
  const indexText = row.values.get('index');
  if (indexText !== undefined && !/^\d+$/.test(indexText))
    throw smiParseError(source, row.line, `index is not a number: "${indexText}"`);
  const index = indexText === undefined ? order : Number(indexText);
  const [used, free, reserved] = [memory('memory.used'), memory('memory.free'), memory('memory.reserved')];
  let totalBytes = memory('memory.total');
  let isTotalDerived = false;
  if (
    totalBytes === undefined &&
    typeof used === 'number' &&
    typeof free === 'number' &&
    typeof reserved === 'number'
  ) {
    // Since R510 total = reserved + used + free within ±2 MiB (each rounded to MiB on its own; SOURCES.md).
    totalBytes = reserved + used + free;
    isTotalDerived = true;
    warnings.push(
      `GPU ${index}: no memory.total column; total taken as reserved + used + free (may be 1–2 MiB short)`,
    );
  }
  if (totalBytes === undefined || totalBytes === null) {
    throw smiParseError(
      source,
      row.line,
      'no memory.total; query it: --query-gpu=index,name,uuid,memory.total,memory.used,memory.free',
    );
  }
  const uuid = pick(row, 'uuid', 'gpu_uuid');
  return {
    index,
    name: pick(row, 'name', 'gpu_name') ?? 'unknown GPU',
    uuid: uuid?.startsWith('GPU-') ? uuid : null,
    totalBytes,
    usedBytes: used ?? null,
    freeBytes: free ?? null,
    reservedBytes: reserved ?? null,
    simulated: false,
    ...(isTotalDerived ? { isTotalDerived } : {}),
  };
}

function readProcesses(rows: CsvRow[], source: SmiSource): SmiProcess[] {
  // Devices are named by UUID here (no index column exists); number them in order of appearance.
  const deviceOrder = new Map<string, number>();
  const latest = new Map<string, SmiProcess>();
  for (const row of rows) {
    const pid = parsePid(row.values.get('pid') ?? '');
    if (pid === undefined)
      throw smiParseError(source, row.line, `pid is not a process id: "${row.values.get('pid')}"`);
    const memoryText = pick(row, 'used_gpu_memory', 'used_memory') ?? '[N/A]';
    const usedBytes = parseMemoryField(memoryText);
    if (usedBytes === undefined)
      throw smiParseError(source, row.line, `used_gpu_memory is not a size: "${memoryText}"`);
    const gpuUuid = pick(row, 'gpu_uuid') ?? null;
    const deviceKey = gpuUuid ?? pick(row, 'gpu_bus_id') ?? '';
    if (!deviceOrder.has(deviceKey)) deviceOrder.set(deviceKey, deviceOrder.size);
    const device = deviceOrder.get(deviceKey) ?? 0;
    latest.set(`${deviceKey}/${pid}`, {
      pid,
      device,
      usedBytes,
      name: pick(row, 'process_name', 'name') ?? '',
      gpuUuid,
    });
  }
  return [...latest.values()];
}
