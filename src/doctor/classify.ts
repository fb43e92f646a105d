// The streaming classifier: lines in, one at a time, bounded state (a few dozen recent lines, at
// most 64 candidates, a fact table per family); diagnoses out at the end. Pure: no I/O. Runs of
// lines without any keyword may be counted instead of pushed (skipQuiet; the byte path does).
// A line that a terminal or a chat wrapped is put back together first (wrap-run.ts collects the
// pieces, unwrap.ts judges the joins), and read as one.
import { CandidateSet, type Draft } from './candidates.js';
import { KeywordIndex, tailTriggerOf, triggerOf } from './keyword-index.js';
import { LineRing } from './line-ring.js';
import { logFactRules, logRules } from './rules/index.js';
import type { FactRule, Facts, LogRule } from './types.js';
import { isHardCut, isWrapLength, widthOf } from './unwrap.js';
import { type WholeLine, WrapRun } from './wrap-run.js';

/** Options for the classifier; the defaults are the full rule set. */
export interface ClassifierOptions {
  rules?: readonly LogRule[];
  factRules?: readonly FactRule[];
  /** Lines kept before a hit for context (traceback frames, ranks). */
  contextLines?: number;
}

/** What the classifier hands to the explainer: candidates and the facts of each family. */
export interface ClassifiedLog {
  drafts: Draft[];
  familyFacts: Map<string, Facts>;
  lineCount: number;
}

interface Pending {
  rule: LogRule;
  text: string;
  /** The hit line alone, before continuation lines were appended. */
  firstText: string;
  line: number;
  remaining: number;
  before: string[];
  /** The last piece of the message as it came (before normalizing), to judge a cut after it. */
  lastPiece: string;
}

// ANSI colour codes, raw or escaped the way syslog (rsyslog's "#033"), journald and shells write
// them ("\033[", "\x1b[", "^[[") when a log passes through them.
const ansi = /(?:\u001b|#033|\\033|\\x1[bB]|\\e|\^\[)\[[0-9;]*[A-Za-z]/g;
// torchrun's per-rank prefix; an unprefixed message followed by prefixed traceback lines is that rank's.
const rankPrefix = /^\s*\[(?:default)?rank(\d+)\]:/;
const rankFollowLines = 3;
// Terminals that wrap a long line pad it with spaces where the wrap was (see the corpus's kernel
// logs, "total-vm:53312244<spaces>kB"); a run of 20+ spaces between two words is such a seam.
const wrapSeam = /(\S) {20,}(?=\S)/g;
const newRecord =
  /^\s*(?:Traceback|File "|During handling|The above exception|\d{4}-\d\d-\d\d|[IWEF]\d{4} |\[|[\w.]+(?:Error|Exception|Warning)\b)/;
const messageEnd = /[).`'"]\s*$/;
// Source lines a traceback quotes ("if 'CUDA out of memory' in str(e):", "except MemoryError:")
// mention failures without reporting one.
const quotedSource = /^\s*(?:except|raise|if|elif|assert|return|#)\b/;

// What a line without keywords matched (read only).
const noRules: ReadonlySet<LogRule> = new Set();
// Longer than any keyword: enough of two lines to find one that spans them.
const keywordSpanChars = 64;

function normalize(line: string): string {
  return line.replace(ansi, '').replace(wrapSeam, '$1').trimEnd();
}

/** A classifier for one log: call `push` per line (without its newline), then `finish`. */
export class LogClassifier {
  private readonly rules: readonly LogRule[];
  private readonly factRules: readonly FactRule[];
  // Failure rules' keywords, and fact rules' keywords apart: only the former start a rejoin of
  // wrapped lines, so evidence words (framework names) that fill a log cost one regex per line.
  private readonly ruleIndex: KeywordIndex<LogRule>;
  private factIndex: KeywordIndex<FactRule>;
  // One test per line for any keyword at all (the streaming prefilter); rebuilt when a fact retires.
  private trigger: RegExp;
  // Whether a line ends in the first part of a keyword (one that a wrap may have cut in two).
  private endsInKeywordHead: (line: string) => boolean;
  private keywords: readonly string[];
  private generation = 0;
  // Fact rules marked `once` that have matched: their facts cannot change.
  private readonly doneFactRules = new Set<FactRule>();
  // The last `contextLines` lines.
  private readonly ring: LineRing;
  private readonly candidates = new CandidateSet();
  private readonly familyFacts = new Map<string, Facts>();
  private lineCount = 0;
  private previous = '';
  private wasPreviousHit = false;
  private matchedPrevious: ReadonlySet<LogRule> = noRules;
  private pending: Pending | undefined;
  private readonly run = new WrapRun();
  // While a whole line is read: how many of its pieces the ring holds already (not context before it).
  private piecesInRing = 0;
  // The last piece of the line being read.
  private lastPiece = '';
  // The last candidate that lacks a rank, watched for a few lines for a "[rankN]:" prefix.
  private rankFollower: { key: string; remaining: number } | undefined;

  constructor(options: ClassifierOptions = {}) {
    this.rules = options.rules ?? logRules;
    this.factRules = options.factRules ?? logFactRules;
    this.ring = new LineRing(options.contextLines ?? 24);
    this.ruleIndex = new KeywordIndex(this.rules);
    this.factIndex = new KeywordIndex(this.factRules);
    this.keywords = [...this.ruleIndex.keywords, ...this.factIndex.keywords];
    this.trigger = triggerOf(this.keywords);
    this.endsInKeywordHead = tailTriggerOf(this.keywords);
  }

  /**
   * True when a next line without any keyword would change nothing but the line count and the
   * context kept before a hit: no wrapped message pending, no wrapped pieces held, no rank prefix
   * awaited, and the last line had no keyword (so no rejoin of the two). Such lines may be given
   * to `skipQuiet`, except one that ends in the first part of a keyword and may be a wrapped piece
   * (`tailTriggerOf`: the byte path's automaton reports those).
   */
  get isQuiet(): boolean {
    return (
      !this.wasPreviousHit &&
      this.pending === undefined &&
      !this.run.isHolding &&
      this.rankFollower === undefined
    );
  }

  /**
   * Accounts for `count` lines without any keyword while quiet, as `push` would: `lastLines` are
   * the last min(count, contextLines) of them, oldest first (the rest can never be seen again).
   */
  skipQuiet(count: number, lastLines: readonly string[]): void {
    if (count === 0) return;
    if (!this.isQuiet) throw new Error('skipQuiet: the classifier still watches the next line; push it');
    this.lineCount += count;
    this.ring.quietLines += count;
    for (const raw of lastLines) this.ring.push(raw);
    this.previous = lastLines.at(-1) ?? '';
    this.matchedPrevious = noRules;
  }

  /** The keywords a line must hold to be looked at (lines without any are what `skipQuiet` takes). */
  get triggerKeywords(): readonly string[] {
    return this.keywords;
  }

  /** Counts changes of `triggerKeywords` (a `once` fact found), so a byte prefilter knows to rebuild. */
  get keywordGeneration(): number {
    return this.generation;
  }

  /** The most lines `skipQuiet` needs to be given. */
  get contextLineCount(): number {
    return this.ring.size;
  }

  /** Feeds one line (without its newline). */
  push(raw: string): void {
    this.lineCount += 1;
    if (this.run.isHolding) {
      if (this.run.extend(raw)) return;
      for (const whole of this.run.release(this.ring, this.splitsKeyword)) this.read(whole);
    }
    const hasKeyword = this.trigger.test(raw);
    const isWatched = hasKeyword || !this.isQuiet || (isWrapLength(raw) && this.endsInKeywordHead(raw));
    if (isWatched && this.run.start(raw, this.lineCount, this.ring)) return;
    this.read({ raw, pieces: [raw], line: this.lineCount, piecesInRing: 0 }, hasKeyword);
  }

  // Reads one whole line; `isAnyHit` when it holds a keyword (tested here when not given).
  private read(whole: WholeLine, isAnyHitGiven?: boolean): void {
    const { pieces, line } = whole;
    let { raw, otherRaw } = whole;
    this.piecesInRing = whole.piecesInRing;
    const isAnyHit =
      isAnyHitGiven ?? (this.trigger.test(raw) || (otherRaw !== undefined && this.trigger.test(otherRaw)));
    if (isAnyHit && pieces.length > 1) {
      // Two readings of a wrap (a hard one, textwrap's): the one the rules and facts make more of
      // leads. Wrapping adds nothing: when a piece alone is a failure the whole is not, the pieces
      // were lines of their own ("...scores.jsonl" exactly as wide as the wrap, then "已杀死").
      const score = this.scoreOf(normalize(raw));
      const otherScore = otherRaw === undefined ? -1 : this.scoreOf(normalize(otherRaw));
      if (otherRaw !== undefined && otherScore > score) [raw, otherRaw] = [otherRaw, raw];
      const apart = pieces.slice(whole.piecesInRing);
      const joined = new Set(this.rulesOf(normalize(raw)));
      if (apart.some((piece) => this.rulesOf(normalize(piece)).some((rule) => !joined.has(rule)))) {
        apart.forEach((piece, i) => {
          this.read({ raw: piece, pieces: [piece], line: line + whole.piecesInRing + i, piecesInRing: 0 });
        });
        return;
      }
    }
    this.lastPiece = pieces.at(-1)!;
    const wasQuiet = this.isQuiet;
    const text = isAnyHit || this.wasPreviousHit || this.pending ? normalize(raw) : raw;
    const lower = isAnyHit ? text.toLowerCase() : '';
    const rules = isAnyHit ? this.ruleIndex.find(lower) : [];
    const isHit = rules.length > 0;
    if (this.pending) this.continuePending(text, pieces[0]!);
    if (this.rankFollower) this.followRank(pieces[0]!);
    const matched = new Set<LogRule>();
    if (isAnyHit && !quotedSource.test(text)) {
      if (isHit) this.testRules(rules, text, line, matched);
      // The same pieces joined the other way (a hard wrap's or textwrap's): rules that only it matches.
      if (otherRaw !== undefined) this.testMore([normalize(otherRaw)], line, matched, noRules);
      this.testFactRules(text, lower);
    }
    // A line with any keyword (a path, a framework's name) may be the first half of a wrapped message.
    const isRejoinable = this.piecesInRing === 0 && this.previous.trim() !== '' && text.trim() !== '';
    if ((isAnyHit || this.wasPreviousHit) && isRejoinable) this.testJoined(text, line - 1, matched);
    for (const piece of pieces.slice(this.piecesInRing)) this.ring.push(piece);
    this.ring.quietLines =
      wasQuiet && !isAnyHit ? this.ring.quietLines + pieces.length - this.piecesInRing : 0;
    this.piecesInRing = 0;
    this.previous = text;
    this.wasPreviousHit = isAnyHit;
    this.matchedPrevious = matched;
  }

  // Whether a keyword spans the end of `line` and the start of `next` (a wrap cut it in two).
  private readonly splitsKeyword = (line: string, next: string): boolean => {
    const end = line.slice(-keywordSpanChars);
    const start = next.slice(0, keywordSpanChars);
    return !this.trigger.test(end) && !this.trigger.test(start) && this.trigger.test(end + start);
  };

  // The failure rules that match a text.
  private rulesOf(text: string): LogRule[] {
    return this.ruleIndex.find(text.toLowerCase()).filter((rule) => rule.pattern.test(text));
  }

  // How much the rules make of a text: each rule or fact rule that matches, and each fact it states.
  private scoreOf(text: string): number {
    const lower = text.toLowerCase();
    const before = this.before();
    let score = 0;
    for (const rule of this.ruleIndex.find(lower)) {
      const match = rule.pattern.exec(text);
      if (!match) continue;
      const facts = rule.extract?.({ text, match, before, firstText: text })?.facts ?? {};
      score += 1 + Object.keys(facts).length;
    }
    for (const rule of this.factIndex.find(lower)) {
      const match = rule.pattern.exec(text);
      if (match) score += 1 + Object.keys(rule.extract(match)).length;
    }
    return score;
  }

  // The lines before the one read, oldest first.
  private before(): string[] {
    const lines = this.ring.toArray();
    return lines.slice(0, lines.length - this.piecesInRing);
  }

  /** Ends the log and returns the candidates and family facts. */
  finish(): ClassifiedLog {
    for (const whole of this.run.release(this.ring, this.splitsKeyword)) this.read(whole);
    if (this.pending) this.completePending();
    return {
      drafts: [...this.candidates.drafts.values()],
      familyFacts: this.familyFacts,
      lineCount: this.lineCount,
    };
  }

  private testRules(rules: readonly LogRule[], text: string, line: number, matched: Set<LogRule>): void {
    for (const rule of rules) {
      const match = rule.pattern.exec(text);
      if (!match) continue;
      matched.add(rule);
      this.hit(rule, text, match, line);
    }
  }

  // A wrapped message ("...from devic" / "e: CUDA_ERROR_OUT_OF_MEMORY"): try the two lines
  // rejoined, with and without a space, for rules that matched neither line alone.
  private testJoined(text: string, line: number, matched: Set<LogRule>): void {
    const previous = normalize(this.previous);
    const joined = [previous + text.trimStart(), `${previous} ${text.trimStart()}`];
    this.testMore(joined, line, matched, this.matchedPrevious);
  }

  // Tests texts for the rules that neither `matched` nor `skipped` holds.
  private testMore(
    texts: readonly string[],
    line: number,
    matched: Set<LogRule>,
    skipped: ReadonlySet<LogRule>,
  ): void {
    for (const joined of texts) {
      for (const rule of this.ruleIndex.find(joined.toLowerCase())) {
        if (matched.has(rule) || skipped.has(rule)) continue;
        const match = rule.pattern.exec(joined);
        if (!match) continue;
        matched.add(rule);
        this.hit(rule, joined, match, line);
      }
    }
  }

  private testFactRules(text: string, lower: string): void {
    for (const rule of this.factIndex.find(lower)) {
      if (this.doneFactRules.has(rule)) continue;
      const match = rule.pattern.exec(text);
      if (!match) continue;
      if (rule.once) this.retire(rule);
      const facts = this.familyFacts.get(rule.family) ?? {};
      this.familyFacts.set(rule.family, mergeFacts(facts, rule.extract(match), rule.keep ?? 'first'));
    }
  }

  // A `once` rule has its fact: drop its keywords, so lines full of them (framework names) cost nothing.
  private retire(rule: FactRule): void {
    this.doneFactRules.add(rule);
    this.factIndex = new KeywordIndex(this.factRules.filter((r) => !this.doneFactRules.has(r)));
    this.keywords = [...this.ruleIndex.keywords, ...this.factIndex.keywords];
    this.trigger = triggerOf(this.keywords);
    this.endsInKeywordHead = tailTriggerOf(this.keywords);
    this.generation += 1;
  }

  private followRank(raw: string): void {
    const follower = this.rankFollower!;
    const rank = rankPrefix.exec(raw)?.[1];
    if (rank !== undefined) {
      this.candidates.fillFact(follower.key, 'rank', Number(rank));
      this.rankFollower = undefined;
      return;
    }
    follower.remaining -= 1;
    if (follower.remaining <= 0) this.rankFollower = undefined;
  }

  private hit(rule: LogRule, text: string, match: RegExpExecArray, line: number): void {
    const before = this.before();
    if (rule.continuationLines && !messageEnd.test(text)) {
      if (this.pending) this.completePending();
      const lastPiece = this.lastPiece;
      this.pending = {
        rule,
        text,
        firstText: text,
        line,
        remaining: rule.continuationLines,
        before,
        lastPiece,
      };
      return;
    }
    this.record(rule, text, match, line, before, text);
  }

  // Appends the next line to a message that has not ended: without a space where it looks cut by a hard wrap.
  private continuePending(text: string, firstPiece: string): void {
    const pending = this.pending!;
    if (pending.remaining > 0 && text.trim() !== '' && !newRecord.test(text)) {
      const widthChars = widthOf([...this.ring.toArray(), firstPiece]);
      const separator = isHardCut(pending.lastPiece, firstPiece, widthChars) ? '' : ' ';
      pending.text = `${pending.text}${separator}${text.trim()}`;
      pending.lastPiece = firstPiece;
      pending.remaining -= 1;
      if (pending.remaining > 0 && !messageEnd.test(pending.text)) return;
    }
    this.completePending();
  }

  private completePending(): void {
    const { rule, text, firstText, line, before } = this.pending!;
    this.pending = undefined;
    const match = rule.pattern.exec(text);
    if (match) this.record(rule, text, match, line, before, firstText);
  }

  private record(
    rule: LogRule,
    text: string,
    match: RegExpExecArray,
    line: number,
    before: string[],
    firstText: string,
  ): void {
    const hit = rule.extract ? rule.extract({ text, match, before, firstText }) : {};
    if (!hit) return;
    const key = this.candidates.add(rule, hit, line, text);
    const hasRank = hit.facts?.rank !== undefined;
    this.rankFollower = key !== undefined && !hasRank ? { key, remaining: rankFollowLines } : undefined;
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
