// doctor's leak finding judges host memory like fit does: on the tree's own memory where the record
// has it (ownBytes), so a PSS that climbs on file-backed pages alone is no leak.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunView } from '../run/types.js';
import { findMemoryClimbs } from './memory-climb.js';

const MiB = 2 ** 20;

// One process sampled every 200 ms: its PSS climbing 10 MiB a sample, its own memory as given.
function runWith(own: (i: number) => number | undefined): RunView {
  const series = Array.from({ length: 12 }, (_, i) => {
    const ownMiB = own(i);
    return {
      timeMs: i * 200,
      hostBytes: (100 + 10 * i) * MiB,
      ...(ownMiB === undefined ? {} : { ownBytes: ownMiB * MiB }),
      gpuBytes: null,
      members: [],
    };
  });
  return { origin: null, processes: [{ name: 'trainer', series }] } as unknown as RunView;
}

test('a PSS that climbs while the own memory holds (file pages mapped, or a neighbour sharing them exited): no leak', () => {
  assert.deepEqual(findMemoryClimbs(runWith(() => 90)), []);
});

test('own memory that climbs for the whole run: a leak, at its own rate', () => {
  const [finding] = findMemoryClimbs(runWith((i) => 90 + 5 * i));
  assert.equal(finding?.code, 'memory-leak');
  assert.equal(finding?.facts?.bytesPerSecond, 25 * MiB);
});

test('a record without the own memory (written before it): judged on PSS as before', () => {
  const [finding] = findMemoryClimbs(runWith(() => undefined));
  assert.equal(finding?.facts?.bytesPerSecond, 50 * MiB);
});
