// The byte prefilter: an Aho-Corasick automaton over a log's raw UTF-8 bytes that says where the
// first line holding a keyword is, without decoding anything. It finds exactly the lines the
// classifier's trigger (a case-insensitive, non-Unicode JavaScript RegExp) finds in decoded text:
// - an ASCII byte always decodes to itself, also right after an invalid sequence, and the trigger
//   folds ASCII letters only onto ASCII letters (ECMA-262 Canonicalize: a character >= 128 never
//   canonicalises to one < 128), so ASCII keywords are searched as ASCII-folded bytes;
// - a non-ASCII keyword character matches what Canonicalize makes equal to it; every such character
//   is spelled out as its UTF-8 bytes (a valid sequence always decodes to its character).
// No keyword holds a newline, so every line starts at the root: lines stay independent. Only the
// first `maxKeywordBytes` of a keyword are searched (a line holding the keyword holds them): a small
// table that stays in cache; the classifier reads each line found and decides. A line that ends in
// the first `minKeywordHeadChars` or more bytes of a keyword is reported too, at its newline: a wrap
// may have cut the keyword there (the classifier's tailTriggerOf); a carriage return keeps the state
// so that a CRLF line ends where its text does. The table walk is one
// dependent load per byte, so a region is cut into eight lanes walked side by side (CPU time for the
// 300 MB bench log on a busy 2-core machine: one lane ~590 ms, two ~350, four ~280, eight ~250).
import { builtPerKeywordSet, minimalKeywords, minKeywordHeadChars } from '../keyword-index.js';

const newline = 0x0a;
const carriageReturn = 0x0d;
// Bytes; a row of the table is 256 entries, so `row >> 8` is its state.
const alphabet = 256;
// More spellings than this for one keyword (many cased non-ASCII letters) and the automaton gives
// up on that keyword and reports every line, which is slow but never misses one.
const maxSpellings = 64;
const maxKeywordBytes = 12;
// The lanes of `collect`, and the least bytes a lane is given (a shorter region is walked in one).
const laneCount = 8;
const minLaneBytes = 16 * 1024;

const cased = /\p{Cased}/u;
const isAscii = /^[\x00-\x7f]*$/;

/** ECMA-262 Canonicalize for a RegExp with the i flag and without u or v (exported for its test). */
export function canonicalize(ch: string): string {
  const upper = ch.toUpperCase();
  if (upper.length !== 1) return ch;
  return ch.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128 ? ch : upper;
}

// The non-ASCII BMP characters that Canonicalize maps elsewhere, by what they map to (with it):
// one pass over the BMP, made the first time a keyword has a cased non-ASCII character (a pass per
// character cost the CLI ~100 ms of start-up).
let variantsByCanonical: Map<string, string> | undefined;

/**
 * BMP blocks without case (Unicode's UnicodeData.txt gives them no case mappings): CJK Extension A
 * and Unified Ideographs, Yi, Hangul syllables, surrogates and private use. Three quarters of the BMP,
 * skipped by the pass below (keyword-automaton.test.ts checks that none canonicalises elsewhere).
 */
export const caselessBlocks: readonly (readonly [number, number])[] = [
  [0x3400, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xd800, 0xf8ff],
];

function variantTable(): Map<string, string> {
  if (variantsByCanonical !== undefined) return variantsByCanonical;
  const table = new Map<string, string>();
  let block = 0;
  for (let code = 128; code < 0x10000; code++) {
    const skipped = caselessBlocks[block];
    if (skipped !== undefined && code >= skipped[0]) {
      code = skipped[1];
      block += 1;
      continue;
    }
    const ch = String.fromCharCode(code);
    const canonical = canonicalize(ch);
    if (canonical === ch) continue;
    table.set(canonical, (table.get(canonical) ?? canonical) + ch);
  }
  variantsByCanonical = table;
  return table;
}

// Every BMP character a case-insensitive RegExp takes for `ch` (itself included): those Canonicalize
// makes equal to it. A character nothing else canonicalises to (CJK, or a cased letter without a
// case pair) is only itself.
function caseVariants(ch: string): string[] {
  const canonical = canonicalize(ch);
  if (canonical === ch && !cased.test(ch)) return [ch];
  return [...(variantTable().get(canonical) ?? ch)];
}

// The spellings of a keyword as bytes (ASCII letters are folded later); undefined when too many.
function spellingsOf(keyword: string): Buffer[] | undefined {
  if (isAscii.test(keyword)) return [Buffer.from(keyword, 'latin1').subarray(0, maxKeywordBytes)];
  let spellings = [''];
  for (const ch of keyword) {
    const choices = ch.charCodeAt(0) < 128 || ch.length > 1 ? [ch] : caseVariants(ch);
    spellings = spellings.flatMap((s) => choices.map((c) => s + c));
    if (spellings.length > maxSpellings) return undefined;
  }
  return spellings.map((s) => {
    const bytes = Buffer.from(s, 'utf8');
    return bytes.subarray(0, maxKeywordBytes);
  });
}

// Each byte with ASCII upper-case letters made lower-case.
const foldedByte = Uint8Array.from({ length: alphabet }, (_, byte) =>
  byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte,
);

// Built automata by keyword set: every run attempt's reader and every doctor call start from the same set.
const automatonFor = builtPerKeywordSet(4, (keywords) => new KeywordAutomaton(keywords));

/** Finds lines holding any of a set of keywords in raw bytes, as the classifier's trigger would in text. */
export class KeywordAutomaton {
  /** The automaton for `keywords`, built once and kept for the next caller (a few at most). */
  static for(keywords: readonly string[]): KeywordAutomaton {
    return automatonFor(keywords);
  }

  // delta[state * 256 + byte] is the next state times 256, or -1 where a keyword has just ended.
  private readonly delta: Int32Array;
  /** True when the automaton reports every line (no prefilter possible). */
  readonly isMatchingAll: boolean;

  constructor(keywords: readonly string[]) {
    const spellings: Buffer[] = [];
    let isMatchingAll = false;
    for (const keyword of minimalKeywords(keywords)) {
      const bytes = spellingsOf(keyword);
      if (bytes === undefined || keyword === '') isMatchingAll = true;
      else spellings.push(...bytes);
    }
    this.isMatchingAll = isMatchingAll;
    this.delta = buildDelta(isMatchingAll ? [] : spellings);
  }

  /**
   * Appends to `ends`, in order, the offset just past the first keyword of each line of
   * bytes[from, to) that may hold one, or the offset of its newline when it may end in a keyword's
   * first part; `from` and `to` are line starts. Not for `isMatchingAll`.
   */
  collect(bytes: Buffer, from: number, to: number, ends: number[]): void {
    const laneBytes = Math.floor((to - from) / laneCount);
    if (laneBytes < minLaneBytes) {
      this.walk(bytes, from, 0, to, ends);
      return;
    }
    // Lane k covers [at[k], at[k + 1]), each from a line start; where it is, and its state.
    const at = new Int32Array(laneCount + 1);
    at[0] = from;
    for (let k = 1; k < laneCount; k++) at[k] = lineStartAfter(bytes, at[k - 1]! + laneBytes, to);
    at[laneCount] = to;
    const position = at.slice(0, laneCount);
    const state = new Int32Array(laneCount);
    const laneEnds: number[][] = Array.from({ length: laneCount }, () => []);
    const delta = this.delta;
    for (;;) {
      let steps = Number.POSITIVE_INFINITY;
      for (let k = 0; k < laneCount; k++) steps = Math.min(steps, at[k + 1]! - position[k]!);
      if (steps <= 0) break;
      const p0 = position[0]!;
      const p1 = position[1]!;
      const p2 = position[2]!;
      const p3 = position[3]!;
      const p4 = position[4]!;
      const p5 = position[5]!;
      const p6 = position[6]!;
      const p7 = position[7]!;
      let s0 = state[0]!;
      let s1 = state[1]!;
      let s2 = state[2]!;
      let s3 = state[3]!;
      let s4 = state[4]!;
      let s5 = state[5]!;
      let s6 = state[6]!;
      let s7 = state[7]!;
      let step = 0;
      // The hot loop: eight independent table walks, one test for a keyword end in any.
      for (; step < steps; step++) {
        s0 = delta[s0 | bytes[p0 + step]!]!;
        s1 = delta[s1 | bytes[p1 + step]!]!;
        s2 = delta[s2 | bytes[p2 + step]!]!;
        s3 = delta[s3 | bytes[p3 + step]!]!;
        s4 = delta[s4 | bytes[p4 + step]!]!;
        s5 = delta[s5 | bytes[p5 + step]!]!;
        s6 = delta[s6 | bytes[p6 + step]!]!;
        s7 = delta[s7 | bytes[p7 + step]!]!;
        if ((s0 | s1 | s2 | s3 | s4 | s5 | s6 | s7) < 0) break;
      }
      state[0] = s0;
      state[1] = s1;
      state[2] = s2;
      state[3] = s3;
      state[4] = s4;
      state[5] = s5;
      state[6] = s6;
      state[7] = s7;
      for (let k = 0; k < laneCount; k++) {
        position[k] = position[k]! + step;
        if (step === steps) continue;
        // A lane that found a keyword records it and goes on at its next line, from the root.
        if (state[k]! < 0) {
          position[k] = found(bytes, position[k]!, at[k + 1]!, laneEnds[k]!);
          state[k] = 0;
        } else position[k] = position[k]! + 1;
      }
    }
    // One lane ran out (a dense one skips whole lines): each other finishes its line alone, and
    // the rest of its range is cut into lanes again.
    for (let k = 0; k < laneCount; k++) {
      const lineEnd = lineStartAfter(bytes, position[k]!, at[k + 1]!);
      this.walk(bytes, position[k]!, state[k]!, lineEnd, laneEnds[k]!);
      if (lineEnd < at[k + 1]!) this.collect(bytes, lineEnd, at[k + 1]!, laneEnds[k]!);
      for (const end of laneEnds[k]!) ends.push(end);
    }
  }

  // One lane from `at` in `state` to `to`.
  private walk(bytes: Buffer, at: number, state: number, to: number, ends: number[]): void {
    const delta = this.delta;
    let s = state;
    for (let i = at; i < to; ) {
      s = delta[s | bytes[i]!]!;
      if (s < 0) {
        i = found(bytes, i, to, ends);
        s = 0;
      } else i++;
    }
  }
}

// Records a keyword ending at byte `at`, or a keyword's first part ending the line where `at` is its
// newline; returns where the next line starts (or `to`).
function found(bytes: Buffer, at: number, to: number, ends: number[]): number {
  if (bytes[at] === newline) {
    ends.push(at);
    return at + 1;
  }
  ends.push(at + 1);
  return lineStartAfter(bytes, at + 1, to);
}

// Where the line after the first newline at or past `at` starts (or `to`).
function lineStartAfter(bytes: Buffer, at: number, to: number): number {
  const newlineAt = bytes.indexOf(newline, at);
  return newlineAt < 0 || newlineAt >= to ? to : newlineAt + 1;
}

// The automaton as a dense table: first the trie of the spellings, as each state's own edges (by
// folded byte); then each row breadth first, a copy of its failure state's row (built before it)
// with its own edges, its newline and its carriage return written over it. A keyword's end is -1,
// and nothing is built past it; so is a newline after a keyword's first `minKeywordHeadChars`
// bytes or more. (Row by row, a byte at a time, this cost the CLI ~40 ms at every start.)
function buildDelta(spellings: readonly Buffer[]): Int32Array {
  const childOf = new Map<number, number>();
  const depth: number[] = [0];
  const isEnd: boolean[] = [false];
  for (const spelling of spellings) {
    let state = 0;
    for (const raw of spelling) {
      const key = state * alphabet + foldedByte[raw]!;
      let child = childOf.get(key);
      if (child === undefined) {
        child = depth.length;
        childOf.set(key, child);
        depth.push(depth[state]! + 1);
        isEnd.push(false);
      }
      state = child;
    }
    isEnd[state] = true;
  }
  const stateCount = depth.length;
  // Each state's own edges: folded byte, child, folded byte, child, ...
  const edgesOf: number[][] = Array.from({ length: stateCount }, () => []);
  for (const [key, child] of childOf) edgesOf[Math.floor(key / alphabet)]!.push(key % alphabet, child);
  const delta = new Int32Array(stateCount * alphabet);
  const failRowOf = new Int32Array(stateCount);
  const queue = new Int32Array(stateCount);
  let queued = 1;
  for (let head = 0; head < queued; head++) {
    const state = queue[head]!;
    const row = state * alphabet;
    const failRow = failRowOf[state]!;
    // The root's row is all root (zeros); any other starts as its failure state's.
    if (state !== 0) delta.copyWithin(row, failRow, failRow + alphabet);
    delta[row + newline] = depth[state]! >= minKeywordHeadChars ? -1 : 0;
    delta[row + carriageReturn] = row;
    const edges = edgesOf[state]!;
    for (let i = 0; i < edges.length; i += 2) {
      const byte = edges[i]!;
      const child = edges[i + 1]!;
      const viaFail = state === 0 ? 0 : delta[failRow + byte]!;
      const next = isEnd[child] || viaFail < 0 ? -1 : child * alphabet;
      delta[row + byte] = next;
      // An ASCII letter's edge is taken by its upper case too (the bytes are folded).
      if (byte >= 0x61 && byte <= 0x7a) delta[row + byte - 0x20] = next;
      if (next >= 0) {
        failRowOf[child] = viaFail;
        queue[queued++] = child;
      }
    }
  }
  return delta;
}
