// The noise the search and the report use: scatter around the line, runs of one value, and for forked
// trials at least the address-space layout spread fresh processes show (ASLR).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateNoise, forkedLayoutNoise } from './noise.js';
import type { Observation } from './types.js';

const MiB = 2 ** 20;
const limits = [{ resource: 'host' as const, limitBytes: 1400 * MiB }];
// Forks' address-space peaks on an exact line (one layout draw): no scatter, no repeats.
const forks = (isForked: boolean): Observation[] =>
  [1, 40, 100, 110].map((value) => ({
    value,
    isPass: true,
    isWithinMargin: true,
    peakBytes: { host: (600 + 4 * value) * MiB, gpu: null },
    ...(isForked ? { isForked: true } : {}),
  }));

test("forked trials' noise is at least the layout spread of fresh processes; among the forks themselves it is not", () => {
  assert.deepEqual(estimateNoise(forks(true), limits), { fraction: forkedLayoutNoise, source: 'layout' });
  assert.deepEqual(estimateNoise(forks(true), limits, { isLayoutIncluded: false }), {
    fraction: 0.01,
    source: 'assumed',
  });
  assert.deepEqual(estimateNoise(forks(false), limits), { fraction: 0.01, source: 'assumed' });
  // A GPU budget alone: the host layout says nothing about it.
  const gpu = [{ resource: 'gpu' as const, limitBytes: 1400 * MiB }];
  assert.equal(estimateNoise(forks(true), gpu).source, 'assumed');
});

test('a spread seen among the trials larger than the layout floor stands', () => {
  const scattered = forks(true).map((o, i) => ({
    ...o,
    peakBytes: { host: (o.peakBytes.host ?? 0) + (i % 2 === 0 ? 40 : -40) * MiB, gpu: null },
  }));
  const noise = estimateNoise(scattered, limits);
  assert.equal(noise.source, 'residuals');
  assert.ok(noise.fraction > forkedLayoutNoise, String(noise.fraction));
});
