// Whether a line ends in the first part of a keyword, as a wrap leaves it ("CUDA out of mem" before
// "ory"), with the case folding of a case-insensitive RegExp (ECMA-262 Canonicalize, as the trigger
// and keyword-automaton.ts fold). The keywords' first parts are filed by their last three characters
// (fewer than minKeywordHeadChars): a line's last three find the few that may end it (for most
// lines, none), each then compared whole. A few thousand short strings, built once per keyword set.

import {
  builtPerKeywordSet,
  keptKeywordSets,
  minimalKeywords,
  minKeywordHeadChars,
} from '../keyword-index.js';
import { canonicalize } from './keyword-automaton.js';

/**
 * A test for a line that ends in the first `minKeywordHeadChars` or more characters of one of
 * `keywords` but not all of it (keyword-automaton.ts reports the same lines in bytes). Built once
 * per keyword set.
 */
export const tailTriggerOf = builtPerKeywordSet(keptKeywordSets, buildTailTrigger);

// A character as a case-insensitive RegExp without the u flag compares it.
function foldCode(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code;
  return canonicalize(text[i]!).charCodeAt(0);
}

function fold(text: string): string {
  return String.fromCharCode(...Array.from({ length: text.length }, (_, i) => foldCode(text, i)));
}

// The last three characters of a text, folded, as one number (each below 2^16).
function endKey(text: string): number {
  const n = text.length;
  return (foldCode(text, n - 3) * 0x10000 + foldCode(text, n - 2)) * 0x10000 + foldCode(text, n - 1);
}

function buildTailTrigger(keywords: readonly string[]): (line: string) => boolean {
  const headsByEnd = new Map<number, string[]>();
  for (const keyword of minimalKeywords(keywords)) {
    const folded = fold(keyword);
    for (let n = minKeywordHeadChars; n < folded.length; n++) {
      const head = folded.slice(0, n);
      const end = endKey(head);
      const heads = headsByEnd.get(end);
      if (heads === undefined) headsByEnd.set(end, [head]);
      else if (!heads.includes(head)) heads.push(head);
    }
  }
  return (line) => {
    if (line.length < minKeywordHeadChars) return false;
    const heads = headsByEnd.get(endKey(line));
    if (heads === undefined) return false;
    return heads.some((head) => head.length <= line.length && fold(line.slice(-head.length)) === head);
  };
}
