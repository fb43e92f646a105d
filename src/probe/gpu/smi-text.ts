// `nvidia-smi -q` (the text form of -x): indented `Key : Value` lines under "GPU <bus id>" sections, with
// "FB Memory Usage" and a flat "Processes" list (fixtures/nvidia-smi/other/*_q.txt, *wsl2*).

import {
  type ParsedSmi,
  parseMemoryField,
  parsePid,
  type SmiProcess,
  type SmiSource,
  smiParseError,
} from './smi-values.js';
import type { GpuDevice } from './types.js';

interface TextNode {
  key: string;
  value: string | undefined;
  line: number;
  children: TextNode[];
}

/** Devices and processes from `nvidia-smi -q` text; each "GPU" section is one device, in order. */
export function parseSmiQueryText(text: string, source: SmiSource): ParsedSmi {
  const root = readTree(text);
  const gpus = root.children.filter((node) => /^GPU [0-9A-Fa-f:.]+$/.test(node.key));
  if (gpus.length === 0)
    throw smiParseError(source, undefined, 'no "GPU <bus id>" section in nvidia-smi -q text');
  const devices: GpuDevice[] = [];
  const processes: SmiProcess[] = [];
  gpus.forEach((gpu, index) => {
    const memory = find(gpu, 'FB Memory Usage');
    const size = (key: string): number | null => {
      const node = find(memory, key);
      if (!node) return null;
      const bytes = parseMemoryField(node.value ?? '');
      if (bytes === undefined)
        throw smiParseError(source, node.line, `${key} is not a size: "${node.value}"`);
      return bytes;
    };
    const totalBytes = size('Total');
    if (!memory || totalBytes === null)
      throw smiParseError(source, gpu.line, `GPU ${index} has no "FB Memory Usage" total (truncated?)`);
    const uuid = find(gpu, 'GPU UUID')?.value;
    devices.push({
      index,
      name: find(gpu, 'Product Name')?.value ?? 'unknown GPU',
      uuid: uuid?.startsWith('GPU-') ? uuid : null,
      totalBytes,
      usedBytes: size('Used'),
      freeBytes: size('Free'),
      reservedBytes: size('Reserved'),
      simulated: false,
    });
    for (const entry of find(gpu, 'Processes')?.children.filter((node) => node.key === 'Process ID') ?? []) {
      const pid = parsePid(entry.value ?? '');
      if (pid === undefined)
        throw smiParseError(source, entry.line, `Process ID is not a process id: "${entry.value}"`);
      const memoryText = find(entry, 'Used GPU Memory')?.value ?? 'N/A';
      const usedBytes = parseMemoryField(memoryText);
      if (usedBytes === undefined)
        throw smiParseError(source, entry.line, `Used GPU Memory is not a size: "${memoryText}"`);
      processes.push({
        pid,
        device: index,
        usedBytes,
        name: find(entry, 'Name')?.value ?? '',
        type: find(entry, 'Type')?.value,
      });
    }
  });
  const driverVersion = (find(root, 'Driver Version') ?? find(root, 'KMD Version'))?.value;
  return { format: 'query-text', devices, processes, warnings: [], driverVersion };
}

function find(node: TextNode | undefined, key: string): TextNode | undefined {
  return node?.children.find((child) => child.key === key);
}

// Indentation gives the nesting; the key ends at the first " : " (values may hold colons: bus ids, times).
function readTree(text: string): TextNode {
  const root: TextNode = { key: '', value: undefined, line: 0, children: [] };
  const stack: Array<{ indent: number; node: TextNode }> = [{ indent: -1, node: root }];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '' || raw.startsWith('=')) return;
    const indent = raw.length - raw.trimStart().length;
    const match = /^(.*?)\s+:\s?(.*)$/.exec(raw.trim());
    const node: TextNode = {
      key: (match?.[1] ?? raw).trim(),
      value: match?.[2]?.trim(),
      line: i + 1,
      children: [],
    };
    while ((stack.at(-1)?.indent ?? -1) >= indent) stack.pop();
    stack.at(-1)?.node.children.push(node);
    stack.push({ indent, node });
  });
  return root;
}
