// `nvidia-smi -q -x`: one <gpu> per device (in nvidia-smi's index order), <fb_memory_usage> in MiB and
// <processes><process_info> entries. Fixtures: shared/fixtures/nvidia-smi/xml/.

import {
  type ParsedSmi,
  parseMemoryField,
  parsePid,
  type SmiProcess,
  type SmiSource,
  smiParseError,
} from './smi-values.js';
import type { GpuDevice } from './types.js';
import { childOf, childrenOf, readXml, textAt, type XmlElement, XmlSyntaxError } from './xml-reader.js';

/** Devices and processes from `nvidia-smi -q -x` text; a malformed or cut-short file is a located error. */
export function parseSmiXml(text: string, source: SmiSource): ParsedSmi {
  let root: XmlElement;
  try {
    root = readXml(text);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw smiParseError(source, error.line, `XML: ${error.message}`);
    throw error;
  }
  if (root.name !== 'nvidia_smi_log') {
    throw smiParseError(source, root.line, `<${root.name}> is not nvidia-smi's <nvidia_smi_log>`);
  }
  const gpus = childrenOf(root, 'gpu');
  if (gpus.length === 0) throw smiParseError(source, root.line, 'no <gpu> element');
  const devices: GpuDevice[] = [];
  const processes: SmiProcess[] = [];
  gpus.forEach((gpu, index) => {
    devices.push(readDevice(gpu, index, source));
    const list = childOf(gpu, 'processes');
    for (const info of childrenOf(list, 'process_info')) processes.push(readProcess(info, index, source));
  });
  return { format: 'xml', devices, processes, warnings: [], driverVersion: textAt(root, ['driver_version']) };
}

function readDevice(gpu: XmlElement, index: number, source: SmiSource): GpuDevice {
  const memory = childOf(gpu, 'fb_memory_usage');
  if (!memory) throw smiParseError(source, gpu.line, `GPU ${index} has no <fb_memory_usage>`);
  const field = (name: string): number | null => {
    const element = childOf(memory, name);
    if (!element) return null;
    const bytes = parseMemoryField(element.text);
    if (bytes === undefined)
      throw smiParseError(source, element.line, `<${name}> is not a size: "${element.text.trim()}"`);
    return bytes;
  };
  const totalBytes = field('total');
  if (totalBytes === null) throw smiParseError(source, memory.line, `GPU ${index} has no memory total`);
  const uuid = textAt(gpu, ['uuid']);
  return {
    index,
    name: textAt(gpu, ['product_name']) || 'unknown GPU',
    uuid: uuid && uuid !== 'N/A' ? uuid : null,
    totalBytes,
    usedBytes: field('used'),
    freeBytes: field('free'),
    reservedBytes: field('reserved'),
    simulated: false,
  };
}

function readProcess(info: XmlElement, device: number, source: SmiSource): SmiProcess {
  const pid = parsePid(textAt(info, ['pid']) ?? '');
  if (pid === undefined) throw smiParseError(source, info.line, `<process_info> without a valid <pid>`);
  const memoryText = textAt(info, ['used_memory']) ?? 'N/A';
  const usedBytes = parseMemoryField(memoryText);
  if (usedBytes === undefined)
    throw smiParseError(source, info.line, `<used_memory> is not a size: "${memoryText}"`);
  return { pid, device, usedBytes, name: textAt(info, ['process_name']) ?? '', type: textAt(info, ['type']) };
}
