// The quick flags of `headroom estimate` turned into an overlay on the spec (the table: spec-flags.ts).
import { UsageError } from '../../../errors.js';
import type { FlagOverlay } from '../../../estimate/load.js';
import { specFlags } from './spec-flags.js';

/** Builds the overlay from the parsed options and `--var NAME=VALUE`s; throws UsageError (exit 2). */
export function overlayFromFlags(options: object, varFlags: readonly string[] = []): FlagOverlay {
  const overlay: FlagOverlay = { values: {}, flagByPath: {} };
  const set = (path: string, value: unknown, flag: string): void => {
    const keys = path.split('.');
    let node = overlay.values;
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys.at(-1) ?? ''] = value;
    overlay.flagByPath[path] = flag;
  };
  for (const [key, spec] of Object.entries(specFlags)) {
    const value: unknown = Reflect.get(options, key);
    // Switches are false when absent: only a given one sets its field.
    if (value === undefined || value === false) continue;
    set(spec.path, spec.kind === 'switch' ? ('value' in spec ? spec.value : true) : value, spec.flag);
  }
  for (const text of varFlags) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(\d+)$/.exec(text);
    if (!match) throw new UsageError(`--var: expected NAME=INTEGER such as B=2, got "${text}"`);
    set(`vars.${match[1]}`, Number(match[2]), '--var');
  }
  return overlay;
}
