import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnosis } from '../types.js';
import { wrongFixes } from './wrong-fixes.js';

const suggesting = (fix: string) =>
  ({ fixes: [fix], facts: {}, cause: 'fragmentation', causeText: '' }) as unknown as Diagnosis;
const fix = 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True';

test("PyTorch's own hint wrapped inside a word is advice, not the setting applied", () => {
  const wrapped =
    'Of the allocated memory 91.23 GiB is allocated by PyTorch, and 2.41 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try s\n' +
    'etting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
  assert.deepEqual(wrongFixes(wrapped, suggesting(fix)), []);
  const wrappedAtSpace =
    'If reserved but unallocated memory is large try\nsetting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
  assert.deepEqual(wrongFixes(wrappedAtSpace, suggesting(fix)), []);
});

test('a setting the log shows applied is still judged already done, after a sentence or a blank line', () => {
  const applied = [
    'We try a few things. export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    'please help\n\nexport PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\npython train.py',
    'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py',
  ];
  for (const body of applied) assert.equal(wrongFixes(body, suggesting(fix)).length, 1, body);
});
