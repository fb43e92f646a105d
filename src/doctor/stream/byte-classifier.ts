// The byte path into the classifier: chunks of a log's raw bytes in, lines out to a LogClassifier,
// decoding only the lines it needs. The keyword automaton finds the lines that hold a keyword or
// end in a keyword's first part (a wrap may have cut it); the lines between two of them change
// nothing but the line count and the context kept before a hit (LogClassifier.isQuiet), so they are
// counted and only the last `contextLines` are decoded (the earlier pieces of a wrapped line are
// among them). After a line it read, the classifier may watch the next ones (the pieces of a
// wrapped line, a message's continuation, a rank prefix, a rejoin): those are decoded and read one
// by one until it is quiet again. A line is what LineSplitter makes of the same bytes: UTF-8, cut at
// `maxLineChars`, a trailing \r dropped; a line that may be cut is read, since the classifier sees
// an end the automaton did not (byte-classifier.test.ts runs both paths over every corpus log, as
// it is and wrapped, and compares).
import type { LogClassifier } from '../classify.js';
import { KeywordAutomaton } from './keyword-automaton.js';
import { defaultMaxLineChars } from './line-splitter.js';

const newline = 0x0a;
const carriageReturn = 0x0d;
// Lines read through an automaton built before a `once` fact retired its keywords, before a new one
// is built for the smaller set: retiring is common in a log's first lines, rebuilding costs ~10 ms.
const staleLinesBeforeRebuild = 16;
const initialCarryBytes = 4096;

/** Feeds a classifier the lines of raw bytes, decoding only the lines it needs. */
export class ByteClassifier {
  private automaton: KeywordAutomaton;
  private automatonGeneration: number;
  private staleLines = 0;
  // The unterminated line so far: its first maxLineBytes, enough for its first maxLineChars characters.
  private carry = Buffer.alloc(0);
  private carryBytes = 0;
  private readonly maxLineBytes: number;
  // Where the last lines skipped over end: a ring of contextLines + 1 newline offsets.
  private readonly lineEnds: Int32Array;
  private readonly keywordEnds: number[] = [];

  constructor(
    private readonly classifier: LogClassifier,
    private readonly maxLineChars = defaultMaxLineChars,
  ) {
    // A UTF-16 unit comes from at most 3 bytes, and a decoder decides on at most 4 at a time.
    this.maxLineBytes = maxLineChars * 3 + 4;
    this.lineEnds = new Int32Array(classifier.contextLineCount + 1);
    this.automaton = KeywordAutomaton.for(classifier.triggerKeywords);
    this.automatonGeneration = classifier.keywordGeneration;
  }

  /** Adds a chunk; every line it completes is read now. `chunk` may be reused afterwards. */
  write(chunk: Buffer): void {
    let start = 0;
    if (this.carryBytes > 0) {
      const newlineAt = chunk.indexOf(newline);
      if (newlineAt < 0) {
        this.keep(chunk, 0, chunk.length);
        return;
      }
      this.keep(chunk, 0, newlineAt);
      this.pushCarry();
      start = newlineAt + 1;
    }
    const lastNewlineAt = chunk.lastIndexOf(newline);
    if (lastNewlineAt >= start) {
      this.readLines(chunk, start, lastNewlineAt + 1);
      start = lastNewlineAt + 1;
    }
    if (start < chunk.length) this.keep(chunk, start, chunk.length);
  }

  /** Reads the last line when the input did not end with a newline. */
  end(): void {
    if (this.carryBytes > 0) this.pushCarry();
  }

  // Reads the whole lines of bytes[from, to).
  private readLines(bytes: Buffer, from: number, to: number): void {
    let at = from;
    while (at < to) {
      if (this.automaton.isMatchingAll) {
        while (at < to) at = this.pushLine(bytes, at);
        return;
      }
      const ends = this.keywordEnds;
      ends.length = 0;
      this.automaton.collect(bytes, at, to, ends);
      at = this.readFound(bytes, at, to, ends);
    }
  }

  // Reads the lines from `at` to `to`, given where keywords end in them; returns where it stopped:
  // `to`, or earlier when a smaller automaton was built and must look at the rest again.
  private readFound(bytes: Buffer, from: number, to: number, ends: readonly number[]): number {
    let at = from;
    for (const end of ends) {
      if (end <= at) continue; // in a line the classifier already read, following an earlier one
      const lineStart = bytes.lastIndexOf(newline, end - 1) + 1;
      at = this.pushLine(bytes, this.skip(bytes, at, lineStart));
      if (this.isRebuilt()) return at;
    }
    return this.skip(bytes, at, to);
  }

  // Lines from `at` to `to` hold no keyword: read those the classifier watches, and those that may
  // be cut at maxLineChars (their end as the classifier sees it is not the end the automaton saw);
  // count the rest.
  private skip(bytes: Buffer, from: number, to: number): number {
    let at = from;
    for (;;) {
      while (at < to && !this.classifier.isQuiet) at = this.pushLine(bytes, at);
      if (at >= to) return at;
      at = this.count(bytes, at, to);
      if (at >= to) return at;
      at = this.pushLine(bytes, at);
    }
  }

  // Gives the classifier the lines from `at` on as skipped, up to `to` or a line too long to be sure
  // of; returns where it stopped.
  private count(bytes: Buffer, from: number, to: number): number {
    const ring = this.lineEnds;
    const size = ring.length;
    let count = 0;
    let start = from;
    // `to` follows a newline, so the search stops there.
    for (
      let end = bytes.indexOf(newline, from);
      end >= 0 && end < to;
      end = bytes.indexOf(newline, end + 1)
    ) {
      if (end - start > this.maxLineChars) break;
      ring[count % size] = end;
      count += 1;
      start = end + 1;
    }
    const lastLines: string[] = [];
    for (let i = count - Math.min(count, size - 1); i < count; i++) {
      const start = i === 0 ? from : ring[(i - 1) % size]! + 1;
      lastLines.push(this.decode(bytes, start, ring[i % size]!));
    }
    this.classifier.skipQuiet(count, lastLines);
    return start;
  }

  // Builds a smaller automaton once the classifier retired keywords and the old one kept finding them.
  private isRebuilt(): boolean {
    if (this.classifier.keywordGeneration === this.automatonGeneration) return false;
    this.staleLines += 1;
    if (this.staleLines < staleLinesBeforeRebuild) return false;
    this.automaton = KeywordAutomaton.for(this.classifier.triggerKeywords);
    this.automatonGeneration = this.classifier.keywordGeneration;
    this.staleLines = 0;
    return true;
  }

  // Reads the line starting at `at` (it ends in a newline); returns where the next one starts.
  private pushLine(bytes: Buffer, at: number): number {
    const newlineAt = bytes.indexOf(newline, at);
    this.classifier.push(this.decode(bytes, at, newlineAt));
    return newlineAt + 1;
  }

  private pushCarry(): void {
    const line = this.decode(this.carry, 0, this.carryBytes);
    this.carryBytes = 0;
    this.classifier.push(line);
  }

  // A line as LineSplitter gives it: decoded, cut at maxLineChars, without a trailing \r.
  private decode(bytes: Buffer, start: number, end: number): string {
    const text = bytes.toString('utf8', start, Math.min(end, start + this.maxLineBytes));
    const cut = text.length > this.maxLineChars ? text.slice(0, this.maxLineChars) : text;
    return cut.charCodeAt(cut.length - 1) === carriageReturn ? cut.slice(0, -1) : cut;
  }

  // Copies bytes of the unterminated line (the chunk may be reused), up to maxLineBytes of it.
  private keep(chunk: Buffer, from: number, to: number): void {
    const length = Math.min(to - from, this.maxLineBytes - this.carryBytes);
    if (length <= 0) return;
    if (this.carryBytes + length > this.carry.length) {
      const grown = Buffer.allocUnsafe(
        Math.min(this.maxLineBytes, Math.max(initialCarryBytes, 2 * (this.carryBytes + length))),
      );
      this.carry.copy(grown, 0, 0, this.carryBytes);
      this.carry = grown;
    }
    chunk.copy(this.carry, this.carryBytes, from, from + length);
    this.carryBytes += length;
  }
}
