import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../../test-helpers/diagnose.js';
import {
  batchCutPercent,
  contextMaxBytes,
  contradictionOf,
  isCoTenant,
  isDeviceTooSmall,
  isFragmentation,
  selfByArithmetic,
} from './numbers.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

// Each numeric precondition of a PyTorch cause, on both sides of its boundary (issue 17).
describe('PyTorch cause preconditions at their boundaries', () => {
  test('fragmentation: reserved-unallocated at least twice the request', () => {
    const base = { requestedBytes: 100 * MiB, freeBytes: 0 };
    assert.equal(isFragmentation({ ...base, unallocatedBytes: 200 * MiB }), true);
    assert.equal(isFragmentation({ ...base, unallocatedBytes: 200 * MiB - 1 }), false);
  });

  test('fragmentation: the stranded cache is at least a tenth of the card', () => {
    const base = { requestedBytes: 100 * MiB, freeBytes: 0, totalBytes: 10_000 * MiB };
    assert.equal(isFragmentation({ ...base, unallocatedBytes: 1000 * MiB }), true);
    assert.equal(isFragmentation({ ...base, unallocatedBytes: 1000 * MiB - 1 }), false);
  });

  test('fragmentation: never when returning the cache could not fit the request', () => {
    // The 31.47 GiB card of the corpus: 12.73 free + 9.35 stranded < 22.78 requested.
    assert.equal(
      isFragmentation({ requestedBytes: 22.78 * GiB, freeBytes: 12.73 * GiB, unallocatedBytes: 9.35 * GiB }),
      false,
    );
    assert.equal(isFragmentation({ requestedBytes: 10 * MiB, freeBytes: 0, unallocatedBytes: 0 }), false);
  });

  test('co-tenant: other processes hold more than the shortfall', () => {
    assert.equal(isCoTenant({ otherBytes: 251 * MiB, shortfallBytes: 250 * MiB }), true);
    assert.equal(isCoTenant({ otherBytes: 250 * MiB, shortfallBytes: 250 * MiB }), false);
    assert.equal(isCoTenant({ otherBytes: 10 * GiB, shortfallBytes: 0 }), false);
  });

  test('card too small: a nominal 4 GB card or under, a context-sized overhead at most, no other process, no large request', () => {
    const r = { requestedBytes: 20 * MiB };
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 1000 * MiB, outsideBytes: 400 * MiB, otherBytes: 0 }),
      true,
    );
    // A nominal 4 GB card is one class whatever it reports (3.81 GiB, 3.95 GiB, 4.00 GiB); a 6 GB one is not.
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 3.81 * GiB, outsideBytes: 300 * MiB, otherBytes: 0 }),
      true,
    );
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 4 * GiB, outsideBytes: 300 * MiB, otherBytes: 0 }),
      true,
    );
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 4.1 * GiB, outsideBytes: 300 * MiB, otherBytes: 0 }),
      false,
    );
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 6 * GiB, outsideBytes: 300 * MiB, otherBytes: 0 }),
      false,
    );
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 2 * GiB, outsideBytes: 300 * MiB, otherBytes: 1 }),
      false,
    );
    // One request a fifth of the card or more is the step's own input, not the card's fixed part.
    assert.equal(
      isDeviceTooSmall({
        requestedBytes: 0.8 * GiB,
        totalBytes: 4 * GiB,
        outsideBytes: 300 * MiB,
        otherBytes: 0,
      }),
      false,
    );
    // More than a context's worth is other processes, not a small card.
    assert.equal(
      isDeviceTooSmall({ ...r, totalBytes: 3 * GiB, outsideBytes: contextMaxBytes + 1, otherBytes: 0 }),
      false,
    );
  });

  test('batch share is shortfall ÷ allocated, rounded up, at least 1%', () => {
    assert.equal(batchCutPercent(1.75 * GiB, 22.41 * GiB), 8);
    assert.equal(batchCutPercent(10 * MiB, 1000 * MiB), 1);
    assert.equal(batchCutPercent(10 * MiB + 1, 1000 * MiB), 2);
    assert.equal(batchCutPercent(1, 100 * GiB), 1);
  });

  test('a listed PID is this process only when the list accounts for all used memory and one entry alone holds PyTorch', () => {
    const holders = [
      { pid: 1, bytes: 14.91 * GiB, isSelf: false },
      { pid: 2, bytes: 29.07 * GiB, isSelf: false },
    ];
    const numbers = { totalBytes: 95.22 * GiB, freeBytes: 51.23 * GiB, reservedBytes: 28.64 * GiB };
    assert.equal(selfByArithmetic(holders, numbers)?.pid, 2);
    // 1 GiB of used memory the list does not explain: it might be this process, unlisted.
    assert.equal(selfByArithmetic(holders, { ...numbers, freeBytes: 50.23 * GiB }), undefined);
    // Two entries large enough: the message does not say which.
    assert.equal(
      selfByArithmetic([holders[1]!, { pid: 3, bytes: 29 * GiB, isSelf: false }], {
        ...numbers,
        freeBytes: 37.14 * GiB,
      }),
      undefined,
    );
  });

  test('numbers that contradict each other (1% slack for rounding)', () => {
    assert.equal(
      contradictionOf({ totalBytes: 8 * GiB, allocatedBytes: 8.08 * GiB, reservedBytes: 8.08 * GiB }),
      undefined,
    );
    assert.match(
      contradictionOf({ totalBytes: 8 * GiB, allocatedBytes: 8.09 * GiB, reservedBytes: 8.09 * GiB }) ?? '',
      /allocated on a GPU of 8\.00 GiB/,
    );
    assert.match(
      contradictionOf({ totalBytes: 8 * GiB, freeBytes: 4 * GiB, reservedBytes: 4.1 * GiB }) ?? '',
      /free plus/,
    );
  });
});

describe('PyTorch causes from whole messages', () => {
  test('"this process has 0 bytes" below what PyTorch reserves is NVML not matching the process', () => {
    const d = mustDiagnose(
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 5 has a total capacity of 23.43 GiB of which 210.06 MiB is free. Including non-PyTorch memory, this process has 0 bytes memory in use. Of the allocated memory 22.41 GiB is allocated by PyTorch, and 206.09 MiB is reserved by PyTorch but unallocated.',
    );
    assert.equal(d.cause, 'batch_too_large');
    assert.match(d.causeText, /NVML failing to match the process/);
  });

  test('stray contexts of other ranks: set_device', () => {
    const d = mustDiagnose(
      '[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 572.00 MiB. GPU 0 has a total capacity of 39.49 GiB of which 321.31 MiB is free. Process 11 has 414.00 MiB memory in use. Including non-PyTorch memory, this process has 37.46 GiB memory in use. Process 12 has 414.00 MiB memory in use. Of the allocated memory 36.04 GiB is allocated by PyTorch, and 321.37 MiB is reserved by PyTorch but unallocated.',
    );
    assert.equal(d.cause, 'co_tenant');
    assert.match(d.fixes[0]!, /torch\.cuda\.set_device\(local_rank\)/);
  });

  test('a memory_summary table alone: reserved against allocated decides', () => {
    const table = (allocatedMb: number, reservedMb: number, nonReleasableMb: number) => [
      '|            CUDA OOMs: 2            |        cudaMalloc retries: 3         |',
      `| Allocated memory      |   ${allocatedMb} MB |   ${allocatedMb} MB |   14505 GB |   14490 GB |`,
      `| GPU reserved memory   |   ${reservedMb} MB |   ${reservedMb} MB |   14505 GB |   14490 GB |`,
      `| Non-releasable memory |   ${nonReleasableMb} MB |   ${nonReleasableMb} MB |   14505 GB |   14490 GB |`,
    ];
    const fragmented = mustDiagnose(...table(8000, 10000, 2000));
    assert.equal(fragmented.kind, 'gpu_oom');
    assert.equal(fragmented.facts.oomCount, 2);
    assert.equal(fragmented.facts.summaryAllocatedBytes, 8000 * MiB);
    assert.equal(fragmented.cause, 'fragmentation');
    assert.equal(mustDiagnose(...table(8000, 10000, 1999)).cause, 'batch_too_large');
  });
});
