// Which reading of a wrapped line the rules take. Where a cut fell between two words, a hard wrap's
// join (no space) and textwrap's (a space) differ: the one the rules and facts make more of leads.
// And wrapping adds nothing: when a piece alone is a failure the whole line is not, the pieces were
// lines of their own (a line exactly as wide as the wrap, then "Killed"), unless a sentence or a number
// runs across the cut beside that piece.
import type { KeywordIndex } from './keyword-index.js';
import { launcherPrefixOf, normalizePaste } from './paste.js';
import type { FactRule, LogRule } from './types.js';
import { goesOnAcross } from './unwrap.js';
import type { WholeLine } from './wrap-run.js';

// Terminals that wrap a long line pad it with spaces where the wrap was (see the corpus's kernel
// logs, "total-vm:53312244<spaces>kB"); a run of 20+ spaces between two words is such a seam.
const wrapSeam = /(\S) {20,}(?=\S)/g;
// Longer than any keyword: enough of two lines to find one that spans them.
const keywordSpanChars = 64;

/**
 * A whole line (its wrapped pieces rejoined) as the rules read it: the paste's marks taken off
 * (paste.ts), without padded seams or trailing blanks.
 */
export function normalize(line: string): string {
  return normalizePaste(line).replace(wrapSeam, '$1').trimEnd();
}

/** What the rules of a classifier are, to read a text with. */
export interface RuleSet {
  ruleIndex: KeywordIndex<LogRule>;
  factIndex: KeywordIndex<FactRule>;
  /** The lines before the text, for the rules' context. */
  before: readonly string[];
}

/** The reading of a whole line to take (`otherRaw` the one left), or undefined to read its pieces apart. */
export function chooseReading(
  whole: WholeLine,
  rules: RuleSet,
): { raw: string; otherRaw?: string } | undefined {
  let { raw, otherRaw } = whole;
  if (otherRaw !== undefined && scoreOf(normalize(otherRaw), rules) > scoreOf(normalize(raw), rules)) {
    [raw, otherRaw] = [otherRaw, raw];
  }
  const joined = new Set(rulesOf(normalize(raw), rules.ruleIndex));
  // A piece that a sentence or a number runs into or out of ("... (1) The process is killed" /
  // " by SIGKILL by OOM killer ...") is no line of its own, whatever a rule makes of it alone.
  const { pieces } = whole;
  const isApart = pieces.some(
    (piece, i) =>
      i >= whole.piecesInRing &&
      !(i > 0 && goesOnAcross(pieces[i - 1]!, piece)) &&
      !(i + 1 < pieces.length && goesOnAcross(piece, pieces[i + 1]!)) &&
      rulesOf(normalize(piece), rules.ruleIndex).some((r) => !joined.has(r)),
  );
  return isApart ? undefined : { raw, ...(otherRaw !== undefined ? { otherRaw } : {}) };
}

/** Whether a keyword spans the end of `line` and the start of `next` (a wrap cut it in two). */
export function splitsKeyword(trigger: RegExp, line: string, next: string): boolean {
  const end = line.slice(-keywordSpanChars);
  const start = next.slice(0, keywordSpanChars);
  return !trigger.test(end) && !trigger.test(start) && trigger.test(end + start);
}

// The failure rules that match a text, or its words after a launcher's prefix (as classify.ts reads them).
function rulesOf(text: string, ruleIndex: KeywordIndex<LogRule>): LogRule[] {
  const found = ruleIndex.find(text.toLowerCase()).filter((rule) => rule.pattern.test(text));
  const prefix = launcherPrefixOf(text);
  if (prefix === undefined) return found;
  const rest = text.slice(prefix.length);
  const more = ruleIndex
    .find(rest.toLowerCase())
    .filter((rule) => !found.includes(rule) && rule.pattern.test(rest));
  return [...found, ...more];
}

// How much the rules make of a text: each rule or fact rule that matches, and each fact it states.
function scoreOf(text: string, { ruleIndex, factIndex, before }: RuleSet): number {
  const lower = text.toLowerCase();
  let score = 0;
  for (const rule of ruleIndex.find(lower)) {
    const match = rule.pattern.exec(text);
    if (!match) continue;
    const facts = rule.extract?.({ text, match, before, firstText: text })?.facts ?? {};
    score += 1 + Object.keys(facts).length;
  }
  for (const rule of factIndex.find(lower)) {
    const match = rule.pattern.exec(text);
    if (match) score += 1 + Object.keys(rule.extract(match)).length;
  }
  return score;
}
