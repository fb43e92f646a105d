// Which rules a line can concern, by the keywords it contains: one scan of the lowercased line
// with one alternation of every keyword (longest first), each found keyword mapped to the rules
// having it or a keyword inside it. Replaces testing every rule's keywords on every line.

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How many keyword sets each memo of built parts keeps (builtPerKeywordSet). A process that reads
 * many logs (report over runs, doctor over a folder, the corpus) meets as many sets as the combinations of `once` facts its logs retire:
 * the test corpus's logs make 129-171 distinct ones, and with 16 kept each log rebuilt its prefilter,
 * tail test, minimal keywords and fact index at each retirement (~7 ms a retirement: 907 rebuilds of
 * 143 sets in byte-classifier.test.ts, 40% of its CPU). A set's built parts hold ~0.2 MB.
 */
export const keptKeywordSets = 256;

/**
 * The distinct keywords minus those containing another: a text holds one of these iff it holds one
 * of all. Kept per keyword set (the prefilter, the automaton and the tail test all ask for the same
 * set); only a shorter keyword can lie inside another, so each is compared with the shorter ones.
 */
export const minimalKeywords = builtPerKeywordSet(keptKeywordSets, (keywords): readonly string[] => {
  const unique = [...new Set(keywords)].sort((a, b) => a.length - b.length);
  const minimal: string[] = [];
  for (const keyword of unique)
    if (!minimal.some((shorter) => keyword.includes(shorter))) minimal.push(keyword);
  return minimal;
});

/** One case-insensitive test for any of `keywords` (the byte prefilter, keyword-automaton.ts, finds the same lines). */
export function triggerOf(keywords: readonly string[]): RegExp {
  const minimal = minimalKeywords(keywords);
  return minimal.length === 0 ? /(?!)/ : new RegExp(minimal.map(escapeRegExp).join('|'), 'i');
}

/**
 * Fewest characters of a keyword that a line must end in to be taken for the first half of a wrapped
 * keyword ("CUDA out of mem" / "ory"). Fewer would take every line ending in "s" (for "swap"); a
 * keyword cut sooner is mostly found by a keyword inside its rest ("cuda out of memory" holds "out of memory").
 */
export const minKeywordHeadChars = 4;

/**
 * `build` memoised by keyword set, keeping the `maxKept` sets used last: every classifier starts from
 * the same set and retires facts alike, so a few sets serve every reader of a process.
 */
export function builtPerKeywordSet<T>(
  maxKept: number,
  build: (keywords: readonly string[]) => T,
): (keywords: readonly string[]) => T {
  const built = new Map<string, T>();
  return (keywords) => {
    const key = keywords.join('\n');
    let value = built.get(key);
    if (value === undefined) {
      value = build(keywords);
      if (built.size >= maxKept) built.delete(built.keys().next().value!);
    } else {
      // Used last: kept longest (a Map keeps insertion order).
      built.delete(key);
    }
    built.set(key, value);
    return value;
  };
}

// Built indexes by rule list: every classifier starts from the same lists (the families'), and building
// one costs milliseconds (each keyword against every rule), more than classifying a short log.
const builtIndexes = new WeakMap<readonly object[], KeywordIndex<{ keywords: readonly string[] }>>();

/** An index of rules by their (lower-case) keywords. */
export class KeywordIndex<R extends { keywords: readonly string[] }> {
  /** The index of `rules`, built once per list and shared (an index is never changed after it is built). */
  static for<R extends { keywords: readonly string[] }>(rules: readonly R[]): KeywordIndex<R> {
    let index = builtIndexes.get(rules) as KeywordIndex<R> | undefined;
    if (index === undefined) {
      index = new KeywordIndex(rules);
      builtIndexes.set(rules, index);
    }
    return index;
  }

  private readonly pattern: RegExp | undefined;
  private readonly byKeyword = new Map<string, Set<R>>();
  // Each rule's place in `rules`, to give found rules back in that order without walking them all.
  private readonly orderOf = new Map<R, number>();
  /** Every keyword, longest first. */
  readonly keywords: readonly string[];

  constructor(rules: readonly R[]) {
    const keywords = [...new Set(rules.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length);
    rules.forEach((rule, i) => {
      if (!this.orderOf.has(rule)) this.orderOf.set(rule, i);
    });
    this.keywords = keywords;
    for (const keyword of keywords) {
      // A rule whose keyword lies inside this one is also concerned when this one is found.
      this.byKeyword.set(keyword, new Set(rules.filter((r) => r.keywords.some((k) => keyword.includes(k)))));
    }
    this.pattern = keywords.length === 0 ? undefined : new RegExp(keywords.map(escapeRegExp).join('|'), 'g');
  }

  /** The rules whose keywords occur in `lower` (already lower-cased), in the rules' own order. */
  find(lower: string): R[] {
    const pattern = this.pattern;
    if (!pattern) return [];
    const found = new Set<R>();
    pattern.lastIndex = 0;
    // Restart one character after each match, so keywords that overlap a match are found too.
    for (let m = pattern.exec(lower); m !== null; m = pattern.exec(lower)) {
      for (const rule of this.byKeyword.get(m[0])!) found.add(rule);
      pattern.lastIndex = m.index + 1;
    }
    if (found.size <= 1) return [...found];
    return [...found].sort((a, b) => this.orderOf.get(a)! - this.orderOf.get(b)!);
  }
}
