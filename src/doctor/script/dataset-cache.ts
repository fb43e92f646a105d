// A Dataset that keeps what `__getitem__` loads (seed 004's real cause): `self.cache[idx] = sample`
// or `self.samples.append(x)` per index, never evicted, grows to the whole dataset, and it does so
// once per DataLoader worker, since each worker holds its own copy of the Dataset object
// (torch/utils/data/dataloader.py; Python refcounts defeat copy-on-write, pytorch#13246).
import type { DoctorFinding } from '../types.js';
import { enclosingBlocks, type Statement } from './python-source.js';

// self.NAME.append/extend/insert/add/update/setdefault(...): a list, dict or set that grows.
const growsByCall = /\bself\.(\w+)\.(?:append|extend|insert|add|update|setdefault)\(/;
// self.NAME[...] = ...: grows only when NAME is a dict (a preallocated array is written in place).
const growsByKey = /\bself\.(\w+)\s*\[[^\]]+\]\s*=(?!=)/;
const isDict = (name: string) =>
  new RegExp(
    String.raw`\bself\.${name}\s*(?::[^=]+)?=\s*(?:\{\s*\}|dict\(\s*\)|(?:collections\.)?(?:OrderedDict|defaultdict)\()`,
  );
const evicts = (name: string) =>
  new RegExp(
    String.raw`\bself\.${name}\.(?:pop|popitem|clear|remove)\(|\bdel\s+self\.${name}\b|\blen\(self\.${name}\)\s*[<>]=?|\bself\.${name}\s*=\s*self\.${name}\[`,
  );

/** Findings for per-index caches filled in `__getitem__` that nothing bounds. */
export function checkDatasetCaches(statements: readonly Statement[], file: string): DoctorFinding[] {
  const blocks = enclosingBlocks(statements);
  const findings: DoctorFinding[] = [];
  const seen = new Set<string>();
  statements.forEach((statement, index) => {
    const enclosing = blocks[index] ?? [];
    const method = [...enclosing].reverse().find((b) => /^(?:async\s+)?def\b/.test(b.text));
    if (!method || !/^def\s+__getitem__\s*\(/.test(method.text)) return;
    const owner = [...enclosing].reverse().find((b) => /^class\b/.test(b.text));
    const inClass = statements.filter((_, i) => owner === undefined || (blocks[i] ?? []).includes(owner));
    const keyed = growsByKey.exec(statement.code)?.[1];
    const name =
      growsByCall.exec(statement.code)?.[1] ??
      (keyed !== undefined && inClass.some((s) => isDict(keyed).test(s.code)) ? keyed : undefined);
    if (!name || seen.has(`${owner?.line}:${name}`)) return;
    // An eviction anywhere in the class bounds the cache.
    if (inClass.some((s) => evicts(name).test(s.code))) return;
    seen.add(`${owner?.line}:${name}`);
    const workers = statements
      .map((s) => /\bnum_workers\s*=\s*(\d+)/.exec(s.code)?.[1])
      .find((w) => w !== undefined);
    const copies =
      workers !== undefined && Number(workers) > 0
        ? `, and once more in each of the ${workers} DataLoader workers (each holds its own copy of the Dataset)`
        : ', and once more in each DataLoader worker (each holds its own copy of the Dataset)';
    findings.push({
      code: 'dataset-cache-grows',
      severity: 'warning',
      file,
      line: statement.line,
      message: `line ${statement.line}: __getitem__ keeps every item it loads in self.${name} and nothing evicts them: host memory grows with each new index until it holds the whole dataset${copies}`,
      facts: { cache: name, ...(workers === undefined ? {} : { numWorkers: Number(workers) }) },
      fixes: [
        `bound self.${name} (evict the oldest past a size, or functools.lru_cache(maxsize=N) on a loading method), or drop it`,
        'or load the data once in __init__ into numpy arrays: forked workers share those pages instead of each filling its own copy',
      ],
    });
  });
  return findings;
}
