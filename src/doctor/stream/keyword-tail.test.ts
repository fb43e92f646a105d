// The tail trigger against its definition: a case-insensitive RegExp (no u flag) of every keyword's
// first minKeywordHeadChars or more characters, anchored at the line's end, over random lines whose
// ends are keyword pieces with their case flipped and characters that fold oddly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logFactRules, logRules } from '../families/index.js';
import { KeywordIndex, minimalKeywords, minKeywordHeadChars } from '../keyword-index.js';
import { tailTriggerOf } from './keyword-tail.js';

const keywords = [...new KeywordIndex(logRules).keywords, ...new KeywordIndex(logFactRules).keywords];
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const definition = new RegExp(
  `(?:${minimalKeywords(keywords)
    .flatMap((k) =>
      Array.from({ length: Math.max(0, k.length - minKeywordHeadChars) }, (_, i) =>
        k.slice(0, minKeywordHeadChars + i),
      ),
    )
    .map(escapeRegExp)
    .join('|')})$`,
  'i',
);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

test('a line ends in a keyword’s first part exactly when the RegExp says so', () => {
  const endsInKeywordHead = tailTriggerOf(keywords);
  const next = random(3);
  const odd = ['ſ', 'K', 'İ', 'ı', 'ß', 'µ', 'é', '已', '杀', '死', '殺', '\t', '\r', ' '];
  let heads = 0;
  for (let i = 0; i < 20_000; i++) {
    let line = String.fromCharCode(
      ...Array.from({ length: Math.floor(next() * 40) }, () => 32 + Math.floor(next() * 95)),
    );
    if (next() < 0.2) line += odd[Math.floor(next() * odd.length)];
    const keyword = keywords[Math.floor(next() * keywords.length)]!;
    const piece = keyword.slice(0, 1 + Math.floor(next() * keyword.length));
    line += [...piece].map((c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
    if (next() < 0.2) line += odd[Math.floor(next() * odd.length)];
    const expected = definition.test(line);
    assert.equal(endsInKeywordHead(line), expected, JSON.stringify(line));
    if (expected) heads += 1;
  }
  assert.ok(heads > 2000, `lines that end in a keyword's first part: ${heads} (the test tests something)`);
  // "out of memory" is no minimal keyword since the reporter's-account reading keys on "out of"
  // (families/prose/reporter-account.ts): a line ending "out of mem" holds that whole keyword already.
  assert.ok(endsInKeywordHead('torch.OutOfMemoryEr'));
  assert.ok(!minimalKeywords(keywords).includes('out of memory'), 'the whole keyword "out of" is in it');
  // A wrap's cut inside "memory" is still a head: of host/memory-at-ceiling.ts's "memory usage".
  assert.ok(endsInKeywordHead('RuntimeError: CUDA out of mem'));
  assert.ok(!endsInKeywordHead('Killed'), 'a whole keyword is the trigger’s');
  assert.ok(!endsInKeywordHead('the process was kil'), 'three characters are too few');
});
