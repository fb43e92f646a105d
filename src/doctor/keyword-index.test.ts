import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logFactRules, logRules } from './families/index.js';
import { KeywordIndex, triggerOf } from './keyword-index.js';

test('the keyword index finds every rule whose keyword occurs, overlapping or contained, in rule order', () => {
  const a = { name: 'a', keywords: ['out of memory'] };
  const b = { name: 'b', keywords: ['cuda out of memory'] };
  const c = { name: 'c', keywords: ['memory usage'] };
  const d = { name: 'd', keywords: ['absent'] };
  const index = new KeywordIndex([a, b, c, d]);
  // "cuda out of memory" contains "out of memory"; "memory usage" overlaps the end of it.
  assert.deepEqual(
    index.find('cuda out of memory usage').map((r) => r.name),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(index.find('nothing here'), []);
  assert.ok(triggerOf(index.keywords).test('CUDA Out Of Memory'));
  assert.ok(!triggerOf([]).test('anything'));
});

test('the index finds exactly the rules one of whose keywords the text holds (every rule list, random texts)', () => {
  let seed = 3;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  const lists: (readonly { keywords: readonly string[] }[])[] = [logRules, logFactRules];
  for (const rules of lists) {
    const index = new KeywordIndex(rules);
    const keywords = index.keywords;
    for (let round = 0; round < 3000; round++) {
      let text = '';
      while (text.length < next() * 120) {
        const keyword = keywords[Math.floor(next() * keywords.length)]!;
        text += next() < 0.3 ? keyword.slice(Math.floor(next() * keyword.length)) : ' ';
        text += next() < 0.3 ? keyword.slice(0, Math.floor(next() * (keyword.length + 1))) : 'é';
      }
      const expected = rules.filter((r) => r.keywords.some((k) => text.includes(k)));
      assert.deepEqual(index.find(text), expected, text);
    }
  }
});
