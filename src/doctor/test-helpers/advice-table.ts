// The advice table over every ../shared/corpus log, in three parts by the memory that ran out.
import { hostTable } from './advice-host.js';
import { torchTable } from './advice-torch.js';
import { xlaSimTable } from './advice-xla-sim.js';
import type { Expected } from './fix-properties.js';

/** Expected cause and fix properties, by corpus file name. */
export const advice: Record<string, Expected> = { ...torchTable, ...xlaSimTable, ...hostTable };
