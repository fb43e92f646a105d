// PYTORCH_CUDA_ALLOC_CONF as PyTorch lexes it (c10/cuda/CUDAAllocatorConfig.cpp lexArgs): `key:value`
// entries separated by commas, bracketed lists (`roundup_power2_divisions:[256:1,>:8]`) kept whole.
// The one reader of allocator configs: the plan extends them, doctor --env checks them.

/** One entry; `value` is undefined when the entry has no colon (PyTorch rejects it). */
export interface AllocConfEntry {
  text: string;
  key: string;
  value: string | undefined;
}

/** Splits an allocator config into its entries. */
export function parseAllocConf(conf: string): AllocConfEntry[] {
  const texts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of conf) {
    if (char === '[') depth += 1;
    if (char === ']') depth -= 1;
    if (char === ',' && depth === 0) {
      texts.push(current.trim());
      current = '';
    } else current += char;
  }
  texts.push(current.trim());
  return texts.filter(Boolean).map((text) => {
    const colon = text.indexOf(':');
    return colon < 0
      ? { text, key: text, value: undefined }
      : { text, key: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
  });
}

/** The value of `key` in a config, or undefined. */
export function allocConfValue(conf: string | undefined, key: string): string | undefined {
  return parseAllocConf(conf ?? '').find((e) => e.key === key)?.value;
}

/** Appends `key:value` entries to a config, skipping keys it already sets. */
export function appendAllocConf(conf: string, entries: readonly string[]): string {
  const present = new Set(parseAllocConf(conf).map((e) => e.key));
  const added = entries.filter((entry) => !present.has(entry.split(':')[0]!));
  return [...parseAllocConf(conf).map((e) => e.text), ...added].join(',');
}

/** The two names PyTorch reads its allocator config from (FACTS Q7). */
export const allocConfNames = ['PYTORCH_CUDA_ALLOC_CONF', 'PYTORCH_ALLOC_CONF'] as const;
