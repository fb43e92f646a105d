// The advice table over every ../shared/corpus log, in two halves by the memory that ran out.
import { gpuTable } from './advice-gpu.js';
import { hostTable } from './advice-host.js';
import type { Expected } from './fix-properties.js';

/** Expected cause and fix properties, by corpus file name. */
export const advice: Record<string, Expected> = { ...gpuTable, ...hostTable };
