// "Did you mean ...?" for mistyped keys and names: the closest valid one by edit distance. One judge
// for config keys, flags, environment variable names and allocator keys.

/**
 * Edit distance between two short strings: insertions, deletions, substitutions and swaps of two
 * neighbouring characters (a typed "memroy" is one slip, not two), each costing 1.
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The candidate closest to `word`, if it is close enough to be a plausible typo. */
export function suggestNearest(word: string, candidates: readonly string[]): string | undefined {
  const normalized = word.toLowerCase().replaceAll('-', '_');
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(normalized, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  const tolerance = Math.max(2, Math.floor(best.candidate.length / 3));
  return best.distance <= tolerance ? best.candidate : undefined;
}

/** A near miss: the known name `word` was probably meant to be, and how far it is from it. */
export interface NearMiss {
  name: string;
  distance: number;
  /** True when only upper/lower case differs (environment names are case-sensitive). */
  isCaseOnly: boolean;
}

/**
 * The known name a word that is *not* known misses by a slip or two, for names that are matched
 * exactly (environment variables, allocator keys): stricter than suggestNearest, since an unknown
 * name may well be someone else's. About one slip per 7 characters, at most 4, at least 1.
 */
export function findNearMiss(word: string, known: readonly string[]): NearMiss | undefined {
  if (known.includes(word)) return undefined;
  const caseMatch = known.find((name) => name.toLowerCase() === word.toLowerCase());
  if (caseMatch) return { name: caseMatch, distance: 0, isCaseOnly: true };
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(word.toUpperCase(), name.toUpperCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (!best) return undefined;
  const tolerance = Math.min(4, Math.max(1, Math.floor(best.name.length / 7)));
  return best.distance <= tolerance ? { ...best, isCaseOnly: false } : undefined;
}
