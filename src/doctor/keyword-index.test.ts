import assert from 'node:assert/strict';
import { test } from 'node:test';
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
