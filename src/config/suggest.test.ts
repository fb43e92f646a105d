import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, suggestNearest } from './suggest.js';

test('edit distance counts insertions, deletions and substitutions', () => {
  assert.equal(editDistance('gpu_memory', 'gpu_memory'), 0);
  assert.equal(editDistance('gpu_memroy', 'gpu_memory'), 2);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('suggests the nearest key for a typo, and nothing for an unrelated word', () => {
  const keys = ['command', 'framework', 'gpu_memory', 'host_memory', 'replicas'];
  assert.equal(suggestNearest('gpu_mem', keys), 'gpu_memory');
  assert.equal(suggestNearest('framwork', keys), 'framework');
  assert.equal(suggestNearest('gpu-memory', keys), 'gpu_memory');
  assert.equal(suggestNearest('replica', keys), 'replicas');
  assert.equal(suggestNearest('banana', keys), undefined);
});
