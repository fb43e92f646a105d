// fit's default host limit: what is available less a reserve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultHostLimit } from './default-limit.js';

const GiB = 2 ** 30;

test('10% of the memory is kept back, at least 1 GiB', () => {
  assert.deepEqual(defaultHostLimit({ availableBytes: 20 * GiB, totalBytes: 24 * GiB }), {
    limitBytes: 20 * GiB - Math.floor(2.4 * GiB),
    reserveBytes: Math.floor(2.4 * GiB),
  });
  assert.equal(defaultHostLimit({ availableBytes: 6 * GiB, totalBytes: 8 * GiB }).reserveBytes, GiB);
});

test('never more than half of what is available', () => {
  assert.deepEqual(defaultHostLimit({ availableBytes: GiB, totalBytes: 64 * GiB }), {
    limitBytes: GiB / 2,
    reserveBytes: GiB / 2,
  });
});
