import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toJson } from './output.js';

test('toJson writes byte counts as integers, an absurd one too, and leaves strings as they were', () => {
  const value = {
    requestedBytes: 100_000_000_000_000_000_000 * 2 ** 30,
    totalBytes: 25_769_803_776,
    note: '"x:1e+29"',
  };
  const text = toJson(value);
  assert.match(text, /"requestedBytes": 107374182400000000000000000000,/);
  assert.doesNotMatch(text, /: -?\d(?:\.\d+)?e\+\d/, 'no number in exponent form');
  assert.deepEqual(JSON.parse(text), value);
  // Below 1e21 the output is JSON.stringify's, byte for byte.
  const small = { a: 1, b: [2.5, -3], c: 'd', e: Number.MAX_SAFE_INTEGER };
  assert.equal(toJson(small), `${JSON.stringify(small, null, 2)}\n`);
});
