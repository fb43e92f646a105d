// The plain `nvidia-smi` table people paste into issues. Three layouts (79, 89 and 91 columns), Linux and
// Windows, MIG blocks, `N/A` process memory under WDDM (fixtures/nvidia-smi/table/, SOURCES.md). Rows are
// read by their cells, not by column offsets, so all layouts parse alike.

import {
  type ParsedSmi,
  parseMemoryField,
  type SmiProcess,
  type SmiSource,
  smiParseError,
} from './smi-values.js';
import type { GpuDevice } from './types.js';

// First row of a device: `|   0  NVIDIA H100 80GB HBM3          On  |   00000000:00:09.0 Off |  ...`.
const deviceRowPattern = /^\|\s*(\d+)\s+(.*?)\s+(On|Off|WDDM|TCC|MCDM|N\/A)?\s*\|/;
// A whole border line, `+----+---+`; a line cut short does not end in `+`.
const borderPattern = /^\+[-+=]*\+\s*$/;
const memoryPattern = /\|\s*(\d+)MiB\s*\/\s*(\d+)MiB\s*\|/;
// `|    0   N/A  N/A            2165    C+G   /usr/bin/kwin_wayland                    25MiB |`; GI/CI absent before R450.
const processRowPattern =
  /^\|\s*(\d+)\s+(?:(\S+)\s+(\S+)\s+)?(\d+)\s+(C\+G|M\+C|C|G|M)\s+(.*?)\s+(\d+MiB|N\/A)\s*\|$/;

/** Devices and processes from the plain `nvidia-smi` table; a cut-short or garbled table is a located error. */
export function parseSmiTable(text: string, source: SmiSource): ParsedSmi {
  // Pasted tables may be indented (quoted in a message, a code block): read each line from its first `|` or `+`.
  const lines = text.split('\n').map((line) => line.trimStart());
  const bannerAt = lines.findIndex((line) => line.includes('NVIDIA-SMI '));
  if (bannerAt === -1)
    throw smiParseError(source, undefined, 'no NVIDIA-SMI banner: not an nvidia-smi table');
  const driverVersion = /(?:Driver|KMD) Version:\s*(\S+)/.exec(lines[bannerAt] ?? '')?.[1];
  const gpuBlockAt = lines.findIndex((line, i) => i > bannerAt && line.startsWith('|='));
  if (gpuBlockAt === -1)
    throw smiParseError(source, lines.length, 'the table ends before its GPU rows (truncated?)');
  const devices = readDevices(lines, gpuBlockAt + 1, source);
  const processes = readProcesses(lines, source);
  return { format: 'table', devices, processes, warnings: [], driverVersion };
}

function readDevices(lines: string[], from: number, source: SmiSource): GpuDevice[] {
  const devices: GpuDevice[] = [];
  let pending: { index: number; name: string; line: number } | undefined;
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') break;
    const deviceRow = deviceRowPattern.exec(line);
    if (!pending && deviceRow) {
      pending = { index: Number(deviceRow[1]), name: deviceRow[2] ?? '', line: i + 1 };
      continue;
    }
    const memory = memoryPattern.exec(line);
    if (pending && memory) {
      const usedBytes = Number(memory[1]) * 1024 ** 2;
      const totalBytes = Number(memory[2]) * 1024 ** 2;
      devices.push({
        index: pending.index,
        name: pending.name,
        uuid: null,
        totalBytes,
        usedBytes,
        freeBytes: totalBytes - usedBytes,
        simulated: false,
      });
      pending = undefined;
    } else if (line.startsWith('+') && pending) {
      throw smiParseError(
        source,
        i + 1,
        `GPU ${pending.index} (line ${pending.line}) has no Memory-Usage cell`,
      );
    } else if (!line.startsWith('|') && !line.startsWith('+')) {
      throw smiParseError(source, i + 1, `unexpected line in the GPU block: "${line.trim().slice(0, 60)}"`);
    }
  }
  // The GPU block closes with a `+---` border; anything else before the blank line or the end is a cut.
  if (pending || !borderPattern.test(lines[i - 1] ?? '')) {
    throw smiParseError(source, i, 'the table ends inside the GPU block (truncated?)');
  }
  if (devices.length === 0) throw smiParseError(source, from, 'no GPU rows in the table');
  return devices;
}

// Every table ends with the Processes block, so a table without one was cut short.
function readProcesses(lines: string[], source: SmiSource): SmiProcess[] {
  const titleAt = lines.findIndex((line) => /^\|\s*Processes:/.test(line));
  if (titleAt === -1)
    throw smiParseError(source, lines.length, 'the table ends before its Processes block (truncated?)');
  const headerEnd = lines.findIndex((line, i) => i > titleAt && line.startsWith('|='));
  if (headerEnd === -1)
    throw smiParseError(source, lines.length, 'the table ends inside the Processes header (truncated?)');
  const processes: SmiProcess[] = [];
  for (let i = headerEnd + 1; i < lines.length; i++) {
    const line = (lines[i] ?? '').trimEnd();
    if (borderPattern.test(line)) return processes;
    if (/No running processes found/.test(line)) continue;
    const row = processRowPattern.exec(line);
    if (!row) throw smiParseError(source, i + 1, `not a process row: "${line.slice(0, 60)}"`);
    const usedBytes = parseMemoryField(row[7] ?? '') ?? null;
    processes.push({
      pid: Number(row[4]),
      device: Number(row[1]),
      usedBytes,
      name: row[6] ?? '',
      type: row[5],
    });
  }
  throw smiParseError(source, lines.length, 'the table ends inside the Processes block (truncated?)');
}
