// Still rising when stopped: the last quarter of the samples against the peak before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findLeak, findRisingMemory, type MemorySample } from './memory-trend.js';

const MiB = 2 ** 20;
const host = (mibs: number[]): MemorySample[] =>
  mibs.map((mib, i) => ({ atMs: i * 200, hostBytes: mib * MiB, gpuBytes: null }));

test('memory that grows to the end is rising, by how much over the last part', () => {
  const rising = findRisingMemory(host([100, 110, 120, 130, 140, 150, 160, 170]));
  assert.deepEqual(rising, { resource: 'host', risingBytes: 20 * MiB, windowSeconds: 0.4 });
});

test('memory that rose early and then held is settled, jitter included', () => {
  assert.equal(findRisingMemory(host([50, 200, 300, 300, 301, 300, 300, 301])), null);
});

test('too few samples say nothing', () => {
  assert.equal(findRisingMemory(host([100, 200, 300])), null);
});

test('the GPU counts too', () => {
  const samples = [1, 2, 3, 4, 5, 6].map((n, i) => ({
    atMs: i * 200,
    hostBytes: 50 * MiB,
    gpuBytes: n * 1024 * MiB,
  }));
  assert.equal(findRisingMemory(samples)?.resource, 'gpu');
});

test('memory that climbs for the whole trial at a steady rate is a leak, with its rate after start-up', () => {
  // 10 MiB every 200 ms sample: 50 MiB/s.
  const leak = findLeak(host([100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210]));
  assert.equal(leak?.resource, 'host');
  assert.equal(leak?.bytesPerSecond, 50 * MiB);
  assert.equal(leak?.seconds, 2.2);
  assert.ok((leak?.risingBytes ?? 0) >= 80 * MiB, JSON.stringify(leak));
});

test('memory that levels off is no leak, even while still rising a little at the end', () => {
  // Fast, then slower and slower: the last quarter rises less than half the mean rise.
  assert.equal(findLeak(host([100, 160, 200, 230, 250, 262, 270, 275, 278, 280, 281, 282])), null);
  // Up at start-up, then flat: settled.
  assert.equal(findLeak(host([50, 200, 300, 300, 301, 300, 300, 301, 300, 300])), null);
  // A step at the end only: rising, not climbing for the whole trial.
  assert.equal(findLeak(host([100, 100, 100, 100, 100, 100, 100, 100, 140, 180])), null);
  assert.ok(findRisingMemory(host([100, 100, 100, 100, 100, 100, 100, 100, 140, 180])));
});

test('a leak needs enough samples to tell', () => {
  assert.equal(findLeak(host([100, 110, 120, 130, 140, 150])), null);
});

test("host memory's trend is its own memory's where sampled: PSS rising on file-backed pages alone is settled", () => {
  // PSS climbs to the end (file pages mapped, or a neighbour sharing its libraries exited); its own
  // memory (anonymous + shmem + swap) held.
  const pss = [100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210];
  const samples = pss.map((mib, i) => ({
    atMs: i * 200,
    hostBytes: mib * MiB,
    ownHostBytes: 90 * MiB,
    gpuBytes: null,
  }));
  assert.equal(findRisingMemory(samples), null);
  assert.equal(findLeak(samples), null);
  // Its own memory climbing is rising, and a leak, by its own figures.
  const growing = pss.map((mib, i) => ({
    atMs: i * 200,
    hostBytes: 300 * MiB,
    ownHostBytes: mib * MiB,
    gpuBytes: null,
  }));
  assert.deepEqual(findRisingMemory(growing), {
    resource: 'host',
    risingBytes: 30 * MiB,
    windowSeconds: 0.6,
  });
  assert.equal(findLeak(growing)?.bytesPerSecond, 50 * MiB);
});
