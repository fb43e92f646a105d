// Still rising when stopped: the last quarter of the samples against the peak before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRisingMemory, type MemorySample } from './memory-trend.js';

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
