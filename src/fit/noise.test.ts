// The noise the search and the report use: scatter around the line, runs of one value, and for forked
// trials at least the address-space layout spread fresh processes show (ASLR).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressSpaceRoomFor } from './address-space.js';
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

test("the room under RLIMIT_AS: the assumed 1% floor, or the spread of the search's runs of one value where wider", () => {
  // Judged against RLIMIT_AS 1400 MiB less 14 MiB (the room the trials carried).
  const asLimit = [
    { resource: 'host' as const, limitBytes: 1386 * MiB, source: 'rlimit-as' as const, roomBytes: 14 * MiB },
  ];
  const at = (value: number, mib: number): Observation => ({
    value,
    isPass: true,
    isWithinMargin: true,
    peakBytes: { host: mib * MiB, gpu: null },
  });
  // No value ran twice (guided at margin 0): the floor, and it says so.
  assert.deepEqual(addressSpaceRoomFor([at(1, 870), at(105, 1363), at(111, 1381)], asLimit), {
    fraction: 0.01,
    source: 'assumed',
  });
  // Two runs of 111 spread 10 MiB (0.71% of 1400 MiB): under the floor, still the floor.
  assert.equal(addressSpaceRoomFor([at(111, 1371), at(111, 1381)], asLimit).source, 'assumed');
  // 28 MiB apart (2% of RLIMIT_AS, not of what is left under it): measured.
  assert.deepEqual(addressSpaceRoomFor([at(111, 1353), at(105, 1363), at(111, 1381)], asLimit), {
    fraction: 0.02,
    source: 'measured',
  });
  // Not under an address-space limit: nothing to measure against, the floor.
  assert.equal(addressSpaceRoomFor([at(111, 1353), at(111, 1381)], limits).source, 'assumed');
});
