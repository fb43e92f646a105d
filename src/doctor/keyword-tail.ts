// Whether a line ends in the first part of a keyword, as a wrap leaves it ("CUDA out of mem" before
// "ory"): the line's last characters walked backwards through a trie of the keywords' first parts,
// reversed, with the case folding of a case-insensitive RegExp (ECMA-262 Canonicalize, as the
// trigger and keyword-automaton.ts fold). A few steps per line: most lines end in no keyword's part.
import { canonicalize } from './keyword-automaton.js';
import { minimalKeywords, minKeywordHeadChars } from './keyword-index.js';

interface TailNode {
  next: Map<number, TailNode>;
  isHead: boolean;
}

// Tests built by keyword set: every classifier starts from the same set and retires facts alike.
const built = new Map<string, (line: string) => boolean>();
const maxBuilt = 16;

/**
 * A test for a line that ends in the first `minKeywordHeadChars` or more characters of one of
 * `keywords` but not all of it (keyword-automaton.ts reports the same lines in bytes).
 */
export function tailTriggerOf(keywords: readonly string[]): (line: string) => boolean {
  const key = keywords.join('\n');
  let test = built.get(key);
  if (test === undefined) {
    test = buildTailTrigger(keywords);
    if (built.size >= maxBuilt) built.delete(built.keys().next().value!);
    built.set(key, test);
  }
  return test;
}

// A character as a case-insensitive RegExp without the u flag compares it.
function foldedCode(code: number): number {
  if (code < 128) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code;
  return canonicalize(String.fromCharCode(code)).charCodeAt(0);
}

function buildTailTrigger(keywords: readonly string[]): (line: string) => boolean {
  const root: TailNode = { next: new Map(), isHead: false };
  let longest = 0;
  for (const keyword of minimalKeywords(keywords)) {
    for (let n = minKeywordHeadChars; n < keyword.length; n++) {
      let node = root;
      for (let i = n - 1; i >= 0; i--) {
        const code = foldedCode(keyword.charCodeAt(i));
        let child = node.next.get(code);
        if (child === undefined) {
          child = { next: new Map(), isHead: false };
          node.next.set(code, child);
        }
        node = child;
      }
      node.isHead = true;
    }
    longest = Math.max(longest, keyword.length);
  }
  return (line) => {
    let node: TailNode | undefined = root;
    for (let i = line.length - 1; i >= 0 && i >= line.length - longest; i--) {
      node = node.next.get(foldedCode(line.charCodeAt(i)));
      if (node === undefined) return false;
      if (node.isHead) return true;
    }
    return false;
  };
}
