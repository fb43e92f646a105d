// Generic resources as Slurm prints them (`scontrol show node`'s Gres= and GresUsed=):
// `gpu:a100:4(S:0-1),shard:a100:400(S:0-1)`, `gpu:1,shard:100`, `gpu:0,shard:30(0/100)`, `(null)`.

/** One GRES of a node: its name (gpu, shard, mps), optional type (a100) and count. */
export interface GresEntry {
  name: string;
  type: string | null;
  count: number;
}

/** Splits on commas outside parentheses (`shard:0(0/100,0/100)` is one entry). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth = Math.max(0, depth - 1);
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** Parses a GRES list; undefined when an entry is malformed (the caller names the field). */
export function parseGres(text: string): GresEntry[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '(null)' || trimmed === 'N/A') return [];
  const entries: GresEntry[] = [];
  for (const part of splitTopLevel(trimmed)) {
    // gres.conf(5): Name[:Type][:Count]; the count defaults to 1. A parenthesised suffix says
    // where the devices are (S:0-1 sockets, IDX:0-3 indexes) and is not needed here.
    const fields = part.replace(/\(.*\)$/, '').split(':');
    const [name, ...rest] = fields;
    if (!name || rest.length > 2) return undefined;
    const last = rest.at(-1);
    const hasCount = last !== undefined && /^\d+$/.test(last);
    const type = rest.length === 2 ? (rest[0] ?? null) : hasCount ? null : (rest[0] ?? null);
    if (rest.length === 2 && !hasCount) return undefined;
    entries.push({ name, type, count: hasCount ? Number(last) : 1 });
  }
  return entries;
}

/** Total count of one GRES name (all types). */
export function gresCount(entries: readonly GresEntry[], name: string): number {
  return entries.filter((entry) => entry.name === name).reduce((sum, entry) => sum + entry.count, 0);
}
