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
// table that stays in cache; the classifier reads each line found and decides. The table walk is one
// dependent load per byte, so a region is cut into four lanes walked side by side (measured on the
// bench log: about 1.7x the speed of one lane).
import { minimalKeywords } from './keyword-index.js';

const newline = 0x0a;
const alphabet = 256;
// More spellings than this for one keyword (many cased non-ASCII letters) and the automaton gives
// up on that keyword and reports every line, which is slow but never misses one.
const maxSpellings = 64;
const maxKeywordBytes = 12;
// Regions shorter than this are walked in one lane.
const minLaneBytes = 16 * 1024;

const canonicalCache = new Map<string, string>();

// ECMA-262 Canonicalize for a RegExp with the i flag and without u or v.
function canonicalize(ch: string): string {
  const upper = ch.toUpperCase();
  if (upper.length !== 1) return ch;
  return ch.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128 ? ch : upper;
}

// Every BMP character a case-insensitive RegExp takes for `ch` (itself included).
function caseVariants(ch: string): string[] {
  const canonical = canonicalize(ch);
  const cached = canonicalCache.get(canonical);
  if (cached !== undefined) return [...cached];
  let variants = '';
  for (let code = 128; code < 0x10000; code++) {
    const other = String.fromCharCode(code);
    if (canonicalize(other) === canonical) variants += other;
  }
  canonicalCache.set(canonical, variants);
  return [...variants];
}

// The spellings of a keyword as bytes (ASCII letters are folded later); undefined when too many.
function spellingsOf(keyword: string): Buffer[] | undefined {
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

const foldByte = (byte: number): number => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);

// Built automata by keyword set: every run attempt's reader and every doctor call start from the same set.
const built = new Map<string, KeywordAutomaton>();
const maxBuilt = 4;

/** Finds lines holding any of a set of keywords in raw bytes, as the classifier's trigger would in text. */
export class KeywordAutomaton {
  /** The automaton for `keywords`, built once and kept for the next caller (a few at most). */
  static for(keywords: readonly string[]): KeywordAutomaton {
    const key = keywords.join('\n');
    let automaton = built.get(key);
    if (automaton === undefined) {
      automaton = new KeywordAutomaton(keywords);
      if (built.size >= maxBuilt) built.delete(built.keys().next().value!);
      built.set(key, automaton);
    }
    return automaton;
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
   * bytes[from, to) that may hold one; `from` and `to` are line starts. Not for `isMatchingAll`.
   */
  collect(bytes: Buffer, from: number, to: number, ends: number[]): void {
    const quarter = (to - from) >> 2;
    if (quarter < minLaneBytes) {
      this.walk(bytes, from, 0, to, ends);
      return;
    }
    const at1 = lineStartAfter(bytes, from + quarter, to);
    const at2 = lineStartAfter(bytes, at1 + quarter, to);
    const at3 = lineStartAfter(bytes, at2 + quarter, to);
    const delta = this.delta;
    const ends0: number[] = [];
    const ends1: number[] = [];
    const ends2: number[] = [];
    const ends3: number[] = [];
    let i0 = from;
    let i1 = at1;
    let i2 = at2;
    let i3 = at3;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    while (i0 < at1 && i1 < at2 && i2 < at3 && i3 < to) {
      s0 = delta[s0 | bytes[i0]!]!;
      s1 = delta[s1 | bytes[i1]!]!;
      s2 = delta[s2 | bytes[i2]!]!;
      s3 = delta[s3 | bytes[i3]!]!;
      if ((s0 | s1 | s2 | s3) >= 0) {
        i0++;
        i1++;
        i2++;
        i3++;
        continue;
      }
      // A lane that found a keyword records it and goes on at its next line, from the root.
      if (s0 < 0) {
        i0 = found(bytes, i0, at1, ends0);
        s0 = 0;
      } else i0++;
      if (s1 < 0) {
        i1 = found(bytes, i1, at2, ends1);
        s1 = 0;
      } else i1++;
      if (s2 < 0) {
        i2 = found(bytes, i2, at3, ends2);
        s2 = 0;
      } else i2++;
      if (s3 < 0) {
        i3 = found(bytes, i3, to, ends3);
        s3 = 0;
      } else i3++;
    }
    this.walk(bytes, i0, s0, at1, ends0);
    this.walk(bytes, i1, s1, at2, ends1);
    this.walk(bytes, i2, s2, at3, ends2);
    this.walk(bytes, i3, s3, to, ends3);
    for (const lane of [ends0, ends1, ends2, ends3]) for (const end of lane) ends.push(end);
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

// Records a keyword ending at byte `at`; returns where the next line starts (or `to`).
function found(bytes: Buffer, at: number, to: number, ends: number[]): number {
  ends.push(at + 1);
  return lineStartAfter(bytes, at + 1, to);
}

// Where the line after the first newline at or past `at` starts (or `to`).
function lineStartAfter(bytes: Buffer, at: number, to: number): number {
  const newlineAt = bytes.indexOf(newline, at);
  return newlineAt < 0 || newlineAt >= to ? to : newlineAt + 1;
}

// The automaton as a dense table; goto edges from a trie, failure edges filled breadth first.
function buildDelta(spellings: readonly Buffer[]): Int32Array {
  const children: Map<number, number>[] = [new Map()];
  const isEnd: boolean[] = [false];
  for (const spelling of spellings) {
    let state = 0;
    for (const raw of spelling) {
      const byte = foldByte(raw);
      let next = children[state]!.get(byte);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        isEnd.push(false);
        children[state]!.set(byte, next);
      }
      state = next;
    }
    isEnd[state] = true;
  }
  const stateCount = children.length;
  const next = new Int32Array(stateCount * alphabet); // plain state numbers while building
  const fail = new Int32Array(stateCount);
  const queue: number[] = [0];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    for (let byte = 0; byte < alphabet; byte++) {
      const child = children[state]!.get(foldByte(byte));
      const viaFail = state === 0 ? 0 : next[fail[state]! * alphabet + byte]!;
      if (child === undefined) {
        next[state * alphabet + byte] = viaFail;
      } else {
        next[state * alphabet + byte] = child;
        if (byte === foldByte(byte)) {
          fail[child] = viaFail;
          isEnd[child] = isEnd[child]! || isEnd[viaFail]!;
          queue.push(child);
        }
      }
    }
  }
  const delta = new Int32Array(stateCount * alphabet);
  for (let i = 0; i < delta.length; i++) {
    const target = next[i]!;
    delta[i] = isEnd[target] ? -1 : target * alphabet;
  }
  // A newline ends the line: back to the root whatever was half matched.
  for (let state = 0; state < stateCount; state++) delta[state * alphabet + newline] = 0;
  return delta;
}
