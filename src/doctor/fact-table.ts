// The facts of each family (allocator dumps, stats blocks, the frameworks a log shows) that the fact
// rules find, merged line after line. A `once` rule that matched is retired: its keywords leave the
// index, so lines full of them (framework names) cost nothing more.
import { builtPerKeywordSet, KeywordIndex, keptKeywordSets } from './keyword-index.js';
import type { FactRule, Facts } from './types.js';

// The index of what is still looked for, by the rules retired so far (as their places in the list): logs
// retire the same few `once` rules (the frameworks they show), so a few indexes serve every table.
const remainingIndexes = new WeakMap<
  readonly FactRule[],
  (retired: readonly string[]) => KeywordIndex<FactRule>
>();

function indexWithout(rules: readonly FactRule[], done: ReadonlySet<FactRule>): KeywordIndex<FactRule> {
  let built = remainingIndexes.get(rules);
  if (built === undefined) {
    built = builtPerKeywordSet(keptKeywordSets, (retired) =>
      KeywordIndex.for(rules.filter((_, i) => !retired.includes(String(i)))),
    );
    remainingIndexes.set(rules, built);
  }
  return built(rules.flatMap((rule, i) => (done.has(rule) ? [String(i)] : [])));
}

/** The families' facts, and the fact rules still looked for. */
export class FactTable {
  readonly families = new Map<string, Facts>();
  private readonly done = new Set<FactRule>();
  private indexOfRules: KeywordIndex<FactRule>;

  constructor(private readonly rules: readonly FactRule[]) {
    this.indexOfRules = KeywordIndex.for(rules);
  }

  /** The rules still looked for, by keyword. */
  get index(): KeywordIndex<FactRule> {
    return this.indexOfRules;
  }

  /** Takes the facts of a line (`lower` is it lower-cased); true when a rule retired (the keywords changed). */
  read(text: string, lower: string): boolean {
    let isRetired = false;
    for (const rule of this.indexOfRules.find(lower)) {
      if (this.done.has(rule)) continue;
      const match = rule.pattern.exec(text);
      if (!match) continue;
      if (rule.once) {
        this.done.add(rule);
        isRetired = true;
      }
      const facts = this.families.get(rule.family) ?? {};
      this.families.set(rule.family, mergeFacts(facts, rule.extract(match), rule.keep ?? 'first'));
    }
    if (isRetired) this.indexOfRules = indexWithout(this.rules, this.done);
    return isRetired;
  }
}

/** Merges a fact rule's new facts into a family's, keeping the first, the last or the largest value. */
function mergeFacts(facts: Facts, next: Facts, keep: 'first' | 'last' | 'max'): Facts {
  if (keep === 'first') return { ...next, ...facts };
  if (keep === 'last') return { ...facts, ...next };
  const merged: Facts = { ...facts };
  for (const [key, value] of Object.entries(next)) {
    const old = merged[key];
    merged[key] = typeof old === 'number' && typeof value === 'number' ? Math.max(old, value) : value;
  }
  return merged;
}
