// What a quick flag of `headroom estimate` is: an option of the table (src/cli/option-types.ts) that
// sets one field of the estimate spec.
import type { OptionSpec } from '../../option-types.js';

/** An option that sets one spec field (`path`); a switch sets `value` (default true). */
export interface SpecFlag extends OptionSpec {
  path: string;
  value?: string;
}

/** Declares quick flags with their literal types kept (so their values are typed). */
export function defineSpecFlags<const T extends Record<string, SpecFlag>>(table: T): T {
  return table;
}
