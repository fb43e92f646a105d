// Issue 23, session 17 (alternatives): one request of at least half the card (its total, or the size
// the log states) leaves the request's own shape open beside the batch (cause-alternatives.ts
// requestHalfOfCard); a request well under half of it does not.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from './test-helpers/diagnose.js';

const alternativesOf = (...lines: string[]) =>
  (primary(...lines)?.causeAlternatives ?? []).map((a) => a.cause);

describe('a request of half the card or more', () => {
  test('on a card the log states: the shape is an alternative (a request past what the card gives one allocation puts it first: causes-batch-first.test.ts)', () =>
    assert.ok(
      alternativesOf(
        'On a 16G GPU, this crashes with',
        "Faiss assertion 'cudaMalloc(p, size) == cudaSuccess' failed in void faiss::gpu::allocMemorySpace(faiss::gpu::MemorySpace, void**, size_t) at utils/MemorySpace.cpp:20; details: Failed to cudaMalloc 10000000000 bytes",
      ).includes('request_exceeds_device'),
    ));
  test("on the message's own total: the shape is an alternative", () =>
    assert.ok(
      alternativesOf(
        'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 6.00 GiB (GPU 0; 10.76 GiB total capacity; 3.10 GiB already allocated; 5.90 GiB free; 3.20 GiB reserved in total by PyTorch)',
      ).includes('request_exceeds_device'),
    ));
  test('a request well under half of it: not', () =>
    assert.ok(
      !alternativesOf(
        'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 23.65 GiB total capacity; 20.12 GiB already allocated; 1.10 GiB free; 21.40 GiB reserved in total by PyTorch)',
      ).includes('request_exceeds_device'),
    ));
});

test("a device's single-allocation limit, OpenVINO's words: the request's shape, no Level Zero setting", () => {
  const d = primary(
    '[GPU] Exceeded max size of memory object allocation: requested 32095728896 bytes, but max alloc size supported by device is 25055051776 bytes.',
  );
  assert.equal(d?.cause, 'request_exceeds_device');
  assert.ok(!(d?.fixes ?? []).some((f) => /UR_L0_ENABLE_RELAXED_ALLOCATION_LIMITS/.test(f)));
});
