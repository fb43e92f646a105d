// `--gpu` values: `24GiB`, `2x80GiB`, `sim:24GiB`, `sim:2x24GiB`, or comma lists of those.
import { UsageError } from '../errors.js';
import type { DeviceSpec } from '../plan/types.js';
import { quoteInput, readSize } from '../units.js';

/** No GPU has less (the smallest MIG slices have 5 GB): a smaller size is a typo. */
export const minGpuBytes = 256 * 1024 ** 2;

const gpuPattern = /^(sim:)?(?:(\d+)\s*x\s*)?(.+)$/i;

/** Devices declared on the command line (or in HEADROOM_GPU), numbered from 0 in order. */
export function parseGpuFlags(values: readonly string[], origin = '--gpu'): DeviceSpec[] {
  const devices: DeviceSpec[] = [];
  for (const value of values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const match = gpuPattern.exec(value);
    const reading = match ? readSize(match[3] ?? '', { minBytes: minGpuBytes }) : undefined;
    const count = match?.[2] === undefined ? 1 : Number(match[2]);
    if (!match || !reading?.ok || count < 1 || count > 64) {
      const why = reading && !reading.ok ? `${reading.message}; ` : '';
      throw new UsageError(
        `${origin} ${quoteInput(value)}: ${why}expected a size such as 24GiB, a count and size such as 2x80GiB, or sim:24GiB for a simulated card`,
      );
    }
    const totalBytes = reading.bytes;
    const simulated = match[1] !== undefined;
    for (let k = 0; k < count; k++) {
      const index = devices.length;
      devices.push({
        index,
        name: simulated ? 'simulated GPU' : `declared GPU ${index}`,
        totalBytes,
        simulated,
      });
    }
  }
  return devices;
}
