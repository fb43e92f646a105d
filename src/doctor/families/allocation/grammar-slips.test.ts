// The grammar's words with one typist's slip undone (grammar-slips.ts), and the words that are no slip.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnoseText } from '../../diagnose-text.js';
import { isOneSlipFrom } from '../one-slip.js';
import { withGrammarSlipsUndone } from './grammar-slips.js';

describe('one slip in the grammar’s own words', () => {
  test('lost, added, replaced and swapped letters are respelt', () => {
    assert.equal(withGrammarSlipsUndone('failded to alocate memroy'), 'failed to allocate memory');
    assert.equal(withGrammarSlipsUndone('allcoation faield'), 'allocation failed');
  });
  test('the words’ own forms, English words one slip away and a lost first letter stay', () => {
    const kept = 'allocated allocator failure filed foiled allocute memos emory ailed llocate';
    assert.equal(withGrammarSlipsUndone(kept), kept);
    assert.ok(!isOneSlipFrom('alocaet', 'allocate'), 'two slips are not one');
  });
  test('ONNX Runtime Web’s message retyped with a slip reads as the allocation failure it is', () => {
    const d = diagnoseText(
      'it will fail with "Can\'t create a session.failded to allocate a buffer of size 23200850"',
    )[0];
    assert.equal(d?.kind, 'host_oom');
    assert.equal(d?.facts.requestedBytes, 23200850);
  });
  test('a slipped phrase in a question or a hint is still no report', () => {
    assert.equal(diagnoseText('Could it be that it failded to allocate memory?')[0]?.kind ?? 'none', 'none');
    assert.equal(diagnoseText('If the allocation faield, lower the batch size.')[0]?.kind ?? 'none', 'none');
  });
});
