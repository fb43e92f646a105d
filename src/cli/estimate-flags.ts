// The quick flags of `headroom estimate` turned into an overlay on the spec (the table: estimate-flag-table.ts).
import { UsageError } from '../errors.js';
import type { FlagOverlay } from '../estimate/load.js';
import { type SpecFlag, specFlags } from './estimate-flag-table.js';

export { type SpecFlag, specFlags };

/** commander's attribute for a flag: `--seq-len <n>` → seqLen. */
export function attributeOf(flag: string): string {
  const name = flag.split(' ')[0]?.replace(/^--/, '') ?? '';
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Builds the overlay from parsed flags and `--var NAME=VALUE`s; throws UsageError (exit 2). */
export function overlayFromFlags(flags: Record<string, unknown>, varFlags: string[] = []): FlagOverlay {
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
  for (const spec of specFlags) {
    const value = flags[attributeOf(spec.flag)];
    if (value === undefined) continue;
    const name = spec.flag.split(' ')[0] ?? spec.flag;
    if (spec.kind === 'int' && !/^\d+$/.test(String(value))) {
      throw new UsageError(`${name}: expected a whole number, got "${value}"`);
    }
    if (spec.kind === 'number' && !/^\d+(\.\d+)?$|^\.\d+$/.test(String(value))) {
      throw new UsageError(`${name}: expected a number, got "${value}"`);
    }
    set(spec.path, flagValue(spec, value), name);
  }
  for (const text of varFlags) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(\d+)$/.exec(text);
    if (!match) throw new UsageError(`--var: expected NAME=INTEGER such as B=2, got "${text}"`);
    set(`vars.${match[1]}`, Number(match[2]), '--var');
  }
  return overlay;
}

function flagValue(spec: SpecFlag, value: unknown): unknown {
  if (spec.kind === 'int' || spec.kind === 'number') return Number(value);
  if (spec.kind === 'list')
    return String(value)
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  if (spec.kind === 'switch') return spec.value ?? true;
  return value;
}
