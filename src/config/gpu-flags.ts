// `--gpu` values: `24GiB`, `2x80GiB`, `sim:24GiB`, `sim:2x24GiB`, a model (`a100-40gb`, `2xh100-80gb`,
// `sim:rtx-4090`), or comma lists of those.
import { UsageError } from '../errors.js';
import { cardModels, findCardModel } from '../plan/cards.js';
import type { DeviceSpec, SizeNote } from '../plan/types.js';
import { quoteInput, readSize } from '../units.js';
import { suggestNearest } from './suggest.js';

/** No GPU has less (the smallest MIG slices have 5 GB): a smaller size is a typo. */
export const minGpuBytes = 256 * 1024 ** 2;

const gpuPattern = /^(sim:)?(?:(\d+)\s*x\s*)?(.+)$/i;

/** Devices declared on the command line (or HEADROOM_GPU), and the sizes among them written in decimal units. */
export interface DeclaredGpus {
  devices: DeviceSpec[];
  sizeNotes: SizeNote[];
}

/** Reads `--gpu` values (or HEADROOM_GPU's) into devices numbered from 0, noting decimal sizes. */
export function readGpuFlags(values: readonly string[], origin = '--gpu'): DeclaredGpus {
  const devices: DeviceSpec[] = [];
  const sizeNotes: SizeNote[] = [];
  for (const value of values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const match = gpuPattern.exec(value);
    const sizeText = match?.[3] ?? '';
    const model = findCardModel(sizeText);
    const reading = model ? undefined : readSize(sizeText, { minBytes: minGpuBytes });
    const count = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match || (!model && !reading?.ok) || count < 1 || count > 64) {
      throw new UsageError(`${origin} ${quoteInput(value)}: ${whyNotGpu(sizeText, reading)}`);
    }
    const totalBytes = model ? model.totalBytes : reading?.ok ? reading.bytes : 0;
    if (reading?.ok && reading.isDecimal)
      sizeNotes.push({ field: origin.replace(/=$/, ''), text: sizeText.trim(), bytes: totalBytes });
    const simulated = match[1] !== undefined;
    for (let k = 0; k < count; k++) {
      const index = devices.length;
      const label = model ? model.name : `declared GPU ${index}`;
      devices.push({
        index,
        name: simulated ? (model ? `simulated ${model.name}` : 'simulated GPU') : label,
        totalBytes,
        simulated,
        ...(model ? { model: model.id } : {}),
      });
    }
  }
  return { devices, sizeNotes };
}

/** Devices declared on the command line (or in HEADROOM_GPU), numbered from 0 in order. */
export function parseGpuFlags(values: readonly string[], origin = '--gpu'): DeviceSpec[] {
  return readGpuFlags(values, origin).devices;
}

function whyNotGpu(text: string, reading: ReturnType<typeof readSize> | undefined): string {
  const expected =
    'expected a size such as 24GiB, a count and size such as 2x80GiB, a model such as a100-40gb, or sim:24GiB for a simulated card';
  const looksLikeModel = /[a-z]/i.test(text.replace(/\s*[kmgt]?i?b?\s*$/i, ''));
  if (looksLikeModel) {
    const nearest = suggestNearest(
      text.trim().toLowerCase(),
      cardModels.map((c) => c.id),
    );
    const known = `known models: ${cardModels.map((c) => c.id).join(', ')}`;
    return `not a card model headroom knows${nearest ? ` (did you mean ${nearest}?)` : ''}, ${known}; ${expected}`;
  }
  return `${reading && !reading.ok ? `${reading.message}; ` : ''}${expected}`;
}
