// The streaming classifier: lines in, one at a time, bounded state (a few dozen recent lines, at
// most 64 candidates, a fact table per family); diagnoses out at the end. Pure: no I/O. Runs of
// lines without any keyword may be counted instead of pushed (skipQuiet; the byte path does).
// A line that a terminal or a chat wrapped is put back together first (wrap-run.ts collects the
// pieces, unwrap.ts judges the joins), and read as one.
import { CandidateSet, type Draft, RankFollower } from './candidates.js';
import { cutEndOf } from './cut-at-edge.js';
import { FactTable } from './fact-table.js';
import { logFactRules, logRules } from './families/index.js';
import { builtPerKeywordSet, KeywordIndex, keptKeywordSets, triggerOf } from './keyword-index.js';
import { LineRing } from './line-ring.js';
import { escapedSpellings, launcherPrefixOf, withoutColour } from './paste.js';
import { isMessageOpen, PendingMessage } from './pending-message.js';
import { chooseReading, normalize, type RuleSet, splitsKeyword } from './readings.js';
import { tailTriggerOf } from './stream/keyword-tail.js';
import type { FactRule, Facts, LogRule } from './types.js';
import { isWrapLength, widthOf } from './unwrap.js';
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
  /**
   * The log's last lines (at most the context kept, oldest first, through the paste normaliser): where
   * a log that ends inside a traceback shows it (missing-failure-line.ts).
   */
  tailLines?: string[];
}

// Source lines a traceback quotes ("if 'CUDA out of memory' in str(e):", "except MemoryError:")
// mention failures without reporting one. A Slurm batch script's "#SBATCH" directive is no comment:
// it states the job's request (evidence.ts reads its memory). Nor is a debugger's frame "#7  0x40ff12 in
// f (__num=...)" (GDB manual, Backtraces: "#N  ADDR in FUNC (ARGS)"): it states the call's arguments.
const quotedSource = /^\s*(?:except|raise|if|elif|assert|return|#(?!SBATCH\b|\d+\s))\b/;

// A source line a paste glued to the exception it raised, on one line ("raise ValueError("No
// available memory ...") ValueError: No available memory ..."): the traceback's last line, which
// Python prints as "Name: message" (Lib/traceback.py format_exception_only), is read alone.
const gluedReport = /["')]\s+((?:[\w]+\.)*[A-Z]\w*(?:Error|Exception)\w*:\s.*)$/;

/** What of a line the rules read: all of it, its glued exception after quoted source, or nothing. */
function reportOf(text: string): string | undefined {
  if (!quotedSource.test(text)) return text;
  return gluedReport.exec(text)?.[1];
}

// What a line without keywords matched (read only).
const noRules: ReadonlySet<LogRule> = new Set();

/** What a line must show to be looked at: every keyword still looked for, failure rules' and fact rules'. */
interface Prefilter {
  keywords: readonly string[];
  /** One test per line for any keyword at all. */
  trigger: RegExp;
  /** Whether a line ends in the first part of a keyword (one that a wrap may have cut in two). */
  endsInKeywordHead: (line: string) => boolean;
}

// Built prefilters by keyword set: every classifier starts from the same set and retires facts alike.
const prefilterFor = builtPerKeywordSet(keptKeywordSets, (own): Prefilter => {
  // Lines are looked at as pasted (the byte path sees raw bytes), so keywords are also looked for
  // as an HTML-escaped paste writes them; the rules read the line once normalizePaste unescaped it.
  const keywords = [...own, ...own.flatMap(escapedSpellings)];
  return { keywords, trigger: triggerOf(keywords), endsInKeywordHead: tailTriggerOf(keywords) };
});

// The same by the two indexes themselves (each shared, and never changed once built: keyword-index.ts,
// fact-table.ts): a classifier asks at its start and at each retirement, and naming the set by its
// keywords (~1000, joined) cost more than the rest of a short log's reading.
const prefilterByIndexes = new WeakMap<KeywordIndex<LogRule>, WeakMap<KeywordIndex<FactRule>, Prefilter>>();

function prefilterOf(ruleIndex: KeywordIndex<LogRule>, facts: FactTable): Prefilter {
  let byFactIndex = prefilterByIndexes.get(ruleIndex);
  if (byFactIndex === undefined) {
    byFactIndex = new WeakMap();
    prefilterByIndexes.set(ruleIndex, byFactIndex);
  }
  let prefilter = byFactIndex.get(facts.index);
  if (prefilter === undefined) {
    prefilter = prefilterFor([...ruleIndex.keywords, ...facts.index.keywords]);
    byFactIndex.set(facts.index, prefilter);
  }
  return prefilter;
}

/** A classifier for one log: call `push` per line (without its newline), then `finish`. */
export class LogClassifier {
  // Failure rules' keywords, and fact rules' keywords apart: only the former start a rejoin of
  // wrapped lines, so evidence words (framework names) that fill a log cost one regex per line.
  private readonly ruleIndex: KeywordIndex<LogRule>;
  private readonly facts: FactTable;
  // The streaming prefilter; rebuilt when a fact retires.
  private prefilter: Prefilter;
  private generation = 0;
  // The last `contextLines` lines.
  private readonly ring: LineRing;
  private readonly candidates = new CandidateSet();
  private lineCount = 0;
  private previous = '';
  private wasPreviousHit = false;
  private matchedPrevious: ReadonlySet<LogRule> = noRules;
  private pending: PendingMessage | undefined;
  private readonly run = new WrapRun();
  // While a whole line is read: how many of its pieces the ring holds already (not context before it).
  private piecesInRing = 0;
  // The last piece of the line being read.
  private lastPiece = '';
  // The last candidate that lacks a rank, watched for a few lines for a "[rankN]:" prefix.
  private rankFollower: RankFollower | undefined;
  // While a line's words after a launcher's prefix are read: the rank the prefix named.
  private prefixRank: number | undefined;
  private prefixPid: number | undefined;

  constructor(options: ClassifierOptions = {}) {
    this.ring = new LineRing(options.contextLines ?? 24);
    this.ruleIndex = KeywordIndex.for(options.rules ?? logRules);
    this.facts = new FactTable(options.factRules ?? logFactRules);
    this.prefilter = prefilterOf(this.ruleIndex, this.facts);
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
    for (const raw of lastLines) this.ring.push(withoutColour(raw));
    this.previous = withoutColour(lastLines.at(-1) ?? '');
    this.matchedPrevious = noRules;
  }

  /** The keywords a line must hold to be looked at (lines without any are what `skipQuiet` takes). */
  get triggerKeywords(): readonly string[] {
    return this.prefilter.keywords;
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
  push(line: string): void {
    // Colour codes take no column of the terminal that wrapped the line: gone before the wrap is judged.
    const raw = withoutColour(line);
    this.lineCount += 1;
    if (this.run.isHolding) {
      if (this.run.extend(raw)) return;
      for (const whole of this.run.release(this.ring, this.splitsKeyword)) this.read(whole);
    }
    const hasKeyword = this.prefilter.trigger.test(raw);
    const isWatched =
      hasKeyword || !this.isQuiet || (isWrapLength(raw) && this.prefilter.endsInKeywordHead(raw));
    if (!isWatched) {
      // A quiet line: what skipQuiet does for one.
      this.ring.push(raw);
      this.ring.quietLines += 1;
      this.previous = raw;
      this.matchedPrevious = noRules;
      return;
    }
    if (this.run.start(raw, this.lineCount, this.ring)) return;
    this.read({ raw, pieces: [raw], line: this.lineCount, piecesInRing: 0 }, hasKeyword);
  }

  // Reads one whole line; `isAnyHit` when it holds a keyword (tested here when not given).
  private read(whole: WholeLine, isAnyHitGiven?: boolean): void {
    const { pieces, line } = whole;
    let { raw, otherRaw } = whole;
    this.piecesInRing = whole.piecesInRing;
    const isAnyHit =
      isAnyHitGiven ??
      (this.prefilter.trigger.test(raw) || (otherRaw !== undefined && this.prefilter.trigger.test(otherRaw)));
    if (isAnyHit && pieces.length > 1) {
      const reading = chooseReading(whole, this.ruleSet());
      if (reading === undefined) {
        pieces.slice(whole.piecesInRing).forEach((piece, i) => {
          this.read({ raw: piece, pieces: [piece], line: line + whole.piecesInRing + i, piecesInRing: 0 });
        });
        return;
      }
      ({ raw, otherRaw } = reading);
    }
    this.lastPiece = pieces.at(-1)!;
    const wasQuiet = this.isQuiet;
    const text = isAnyHit || this.wasPreviousHit || this.pending ? normalize(raw) : raw;
    const lower = isAnyHit ? text.toLowerCase() : '';
    const rules = isAnyHit ? this.ruleIndex.find(lower) : [];
    const isHit = rules.length > 0;
    if (this.pending) this.continuePending(text, pieces[0]!);
    if (this.rankFollower && !this.rankFollower.follow(pieces[0]!)) this.rankFollower = undefined;
    const matched = new Set<LogRule>();
    const report = isAnyHit ? reportOf(text) : undefined;
    if (report !== undefined) {
      if (isHit) this.testRules(rules, report, line, matched);
      // The same pieces joined the other way (a hard wrap's or textwrap's): rules that only it matches.
      if (otherRaw !== undefined) this.testMore([normalize(otherRaw)], line, matched, noRules);
      const launcher = launcherPrefixOf(report);
      if (launcher !== undefined)
        this.testAfterPrefix(report.slice(launcher.length), launcher, line, matched);
      if (this.facts.read(text, lower)) this.onRetired();
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

  // Whether a keyword spans two lines, by this classifier's keywords.
  private readonly splitsKeyword = (line: string, next: string): boolean =>
    splitsKeyword(this.prefilter.trigger, line, next);

  // The rules, and the lines before the one read, for chooseReading.
  private ruleSet(): RuleSet {
    return { ruleIndex: this.ruleIndex, factIndex: this.facts.index, before: this.before() };
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
    this.readCutEnd();
    return {
      drafts: [...this.candidates.drafts.values()],
      familyFacts: this.facts.families,
      lineCount: this.lineCount,
      tailLines: this.ring.toArray().map(normalize),
    };
  }

  // A log whose paste stops inside its failure line's last words, where nothing read a memory failure:
  // the line completed is read as any line is, its candidates marked and their evidence as pasted
  // (cut-at-edge.ts: only at the end, where no next line can continue it).
  private readCutEnd(): void {
    if ([...this.candidates.drafts.values()].some((d) => d.kind !== 'none')) return;
    const lines = this.ring.toArray();
    const cut = cutEndOf(lines);
    if (cut === undefined) return;
    const line = this.lineCount - (lines.length - 1 - cut.index);
    const text = normalize(cut.completed);
    const before = new Set(this.candidates.drafts.keys());
    this.testRules(this.ruleIndex.find(text.toLowerCase()), text, line, new Set());
    // A message that opens there ("CUDA out of memory." awaits its figures) has nothing after it.
    if (this.pending) this.completePending();
    for (const [key, draft] of this.candidates.drafts) {
      if (before.has(key)) continue;
      draft.facts.cutAtEdge = true;
      draft.evidence = { line, text: normalize(lines[cut.index]!).trim() };
    }
  }

  // A last-resort rule (allocation/generic.ts) reads a line only where no signature's pattern matched
  // it — one whose extractor declined the line (a fallback, another status) decided it already.
  private testRules(rules: readonly LogRule[], text: string, line: number, matched: Set<LogRule>): void {
    const before = matched.size;
    for (const rule of rules) {
      if (rule.isLastResort) continue;
      const match = rule.pattern.exec(text);
      if (!match) continue;
      matched.add(rule);
      this.hit(rule, text, match, line);
    }
    if (matched.size > before) return;
    for (const rule of rules) {
      if (!rule.isLastResort) continue;
      const match = rule.pattern.exec(text);
      if (!match) continue;
      matched.add(rule);
      this.hit(rule, text, match, line);
    }
  }

  // A line a launcher prefixed ("[rank3]: ", "(RayTrainWorker pid=N) ", "3: "): the rules that did
  // not match it read its own words too, as they read the same line unprefixed (a signature anchored
  // at the line's start: "Killed", "MemoryError", "Bus error"), with the prefix's rank as the hit's.
  // A last-resort reading only where no rule matched the line at all.
  private testAfterPrefix(
    rest: string,
    { rank, pid }: { rank?: number; pid?: number },
    line: number,
    matched: Set<LogRule>,
  ): void {
    if (rest.trim() === '') return;
    const isAnyMatched = matched.size > 0;
    const rules = this.ruleIndex
      .find(rest.toLowerCase())
      .filter((rule) => !matched.has(rule) && !(isAnyMatched && rule.isLastResort));
    if (rules.length === 0) return;
    this.prefixRank = rank;
    this.prefixPid = pid;
    this.testRules(rules, rest, line, matched);
    this.prefixRank = undefined;
    this.prefixPid = undefined;
  }

  // A wrapped message ("...from devic" / "e: CUDA_ERROR_OUT_OF_MEMORY"): try the two lines
  // rejoined, with and without a space, for rules that matched neither line alone.
  private testJoined(text: string, line: number, matched: Set<LogRule>): void {
    const previous = normalize(this.previous);
    // A launcher's prefix on both lines ("[rank3]: ") is the launcher's, not the message's.
    const prefix = launcherPrefixOf(text);
    const own =
      prefix !== undefined && previous.trimStart().startsWith(text.slice(0, prefix.length).trimStart())
        ? text.slice(prefix.length)
        : text;
    const joined = [previous + own.trimStart(), `${previous} ${own.trimStart()}`];
    // The first line alone is the hit's own line (RuleInput.firstText): a rule may tell a message
    // wrapped inside it from a whole message followed by other words (cuda/rules.ts).
    this.testMore(joined, line, matched, this.matchedPrevious, previous);
  }

  // Tests texts for the rules that neither `matched` nor `skipped` holds.
  private testMore(
    texts: readonly string[],
    line: number,
    matched: Set<LogRule>,
    skipped: ReadonlySet<LogRule>,
    firstText?: string,
  ): void {
    for (const joined of texts) {
      for (const rule of this.ruleIndex.find(joined.toLowerCase())) {
        if (matched.has(rule) || skipped.has(rule) || rule.isLastResort) continue;
        const match = rule.pattern.exec(joined);
        if (!match) continue;
        matched.add(rule);
        this.hit(rule, joined, match, line, firstText);
      }
    }
  }

  // A `once` fact rule retired its keywords: the prefilter drops them too.
  private onRetired(): void {
    this.prefilter = prefilterOf(this.ruleIndex, this.facts);
    this.generation += 1;
  }

  private hit(rule: LogRule, text: string, match: RegExpExecArray, line: number, firstText = text): void {
    const before = this.before();
    if (isMessageOpen(rule, text)) {
      if (this.pending) this.completePending();
      this.pending = new PendingMessage(rule, text, line, before, this.lastPiece);
      return;
    }
    this.record(rule, text, match, line, before, firstText);
  }

  // Appends the next line to a message that has not ended, or records the message.
  private continuePending(text: string, firstPiece: string): void {
    const widthChars = widthOf([...this.ring.toArray(), firstPiece]);
    if (!this.pending!.take(text, firstPiece, widthChars)) this.completePending();
  }

  private completePending(): void {
    const { rule, text, firstText, line, before } = this.pending!;
    this.pending = undefined;
    const match = rule.pattern.exec(text);
    if (match) this.record(rule, text, match, line, before, firstText);
    else {
      // The hit line matched alone; the lines taken after it did not continue the message.
      const own = rule.pattern.exec(firstText);
      if (own) this.record(rule, firstText, own, line, before, firstText);
    }
  }

  private record(
    rule: LogRule,
    text: string,
    match: RegExpExecArray,
    line: number,
    before: string[],
    firstText: string,
  ): void {
    // The context lines are read as the hit's own line is: through the paste normaliser.
    const extracted = rule.extract
      ? rule.extract({ text, match, before: before.map(normalize), firstText })
      : {};
    if (!extracted) return;
    // The rank a launcher's prefix names on the line ("[rank3]: ", "[1,3]<stderr>:", "3: "), where the
    // rule read none: the prefix is the launcher's, whichever rule read the words after it.
    const prefix = launcherPrefixOf(firstText);
    const prefixRank = this.prefixRank ?? prefix?.rank;
    // The pid a Ray or vLLM prefix names ("(EngineCore_DP0 pid=223840) ") is the process that printed
    // the failure (ray python/ray/_private/log.py; vLLM's decorate_logs), kept apart from jax/rules.ts's
    // reportingPid, which counts the processes that grew a pool.
    const prefixPid = this.prefixPid ?? prefix?.pid;
    const withRank =
      prefixRank !== undefined && extracted.facts?.rank === undefined
        ? { ...extracted, facts: { ...extracted.facts, rank: prefixRank } }
        : extracted;
    const hit =
      prefixPid !== undefined && withRank.facts?.printingPid === undefined
        ? { ...withRank, facts: { ...withRank.facts, printingPid: prefixPid } }
        : withRank;
    const key = this.candidates.add(rule, hit, line, text);
    // A last-resort reading never takes the rank watch from a signature's hit.
    if (rule.isLastResort && this.rankFollower !== undefined) return;
    const hasRank = hit.facts?.rank !== undefined;
    this.rankFollower = key !== undefined && !hasRank ? new RankFollower(this.candidates, key) : undefined;
  }
}
