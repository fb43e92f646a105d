// Free memory that covers a request only within the card's last blocks is no room (session 20,
// pytorch/numbers.ts isFullToLastBlocks): the card is full, and its fill decides the cause as for a
// request above what is free. Free far past the request still shows no shortage.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { isFullToLastBlocks } from './families/pytorch/numbers.js';
import { wrongFixes } from './test-helpers/wrong-fixes.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

test('the bound: under 2% of the card past the request', () => {
  const totalBytes = 10 * GiB;
  assert.equal(isFullToLastBlocks({ requestedBytes: 20 * MiB, freeBytes: 20 * MiB, totalBytes }), true);
  assert.equal(isFullToLastBlocks({ requestedBytes: 20 * MiB, freeBytes: 200 * MiB, totalBytes }), true);
  assert.equal(isFullToLastBlocks({ requestedBytes: 20 * MiB, freeBytes: 230 * MiB, totalBytes }), false);
  // Below the request is a shortage already; no total, no card to take a share of.
  assert.equal(isFullToLastBlocks({ requestedBytes: 20 * MiB, freeBytes: 10 * MiB, totalBytes }), false);
  assert.equal(isFullToLastBlocks({ requestedBytes: 20 * MiB, freeBytes: 21 * MiB }), false);
});

// The same figures in each vendor's spelling of PyTorch's message (CUDA and ROCm 2.1+, the
// pre-2.1 form that XPU builds print): who fills the card decides, and no fix is wrong on its face.
const cases = [
  {
    name: 'CUDA 2.1+: another process holds 46 GiB of a 47.5 GiB card',
    text: 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 MiB. GPU 0 has a total capacity of 47.54 GiB of which 4.90 MiB is free. Of the allocated memory 192.00 MiB is allocated by PyTorch, and 478.00 MiB is reserved by PyTorch but unallocated.',
    cause: 'co_tenant',
  },
  {
    name: "ROCm 2.1+: PyTorch's own 9.7 GiB fill a 10.9 GiB card",
    text: 'torch.OutOfMemoryError: HIP out of memory. Tried to allocate 24.00 MiB. GPU 0 has a total capacity of 10.89 GiB of which 25.60 MiB is free. Of the allocated memory 9.69 GiB is allocated by PyTorch, and 40.00 MiB is reserved by PyTorch but unallocated.',
    cause: 'batch_too_large',
  },
  {
    name: 'pre-2.1 form: PyTorch holds 5.4 GiB of 7.9 GiB, 1.91 GiB free for 1.91 GiB',
    text: 'RuntimeError: XPU out of memory. Tried to allocate 1.91 GiB (GPU 0; 7.93 GiB total capacity; 5.33 GiB already allocated; 1.91 GiB free; 5.36 GiB reserved in total by PyTorch)',
    cause: 'batch_too_large',
  },
] as const;

for (const c of cases)
  test(c.name, () => {
    const [d] = diagnoseText(c.text);
    assert.equal(d?.cause, c.cause, d?.causeText);
    assert.match(d?.causeText ?? '', /last blocks/);
    assert.deepEqual(wrongFixes(c.text, d), []);
  });

test('look-alike: 37 GiB free for a 128 MiB request shows no shortage, and no cause says the card is full', () => {
  const text =
    'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 128.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 37.02 GiB is free. Of the allocated memory 40.10 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.';
  const [d] = diagnoseText(text);
  assert.equal(d?.cause, 'unknown');
  assert.deepEqual(wrongFixes(text, d), []);
});
