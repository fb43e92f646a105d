import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../errors.js';
import { parseGpuFlags } from './gpu-flags.js';

const GiB = 1024 ** 3;

test('one size declares one real card', () => {
  assert.deepEqual(parseGpuFlags(['24GiB']), [
    { index: 0, name: 'declared GPU 0', totalBytes: 24 * GiB, simulated: false },
  ]);
});

test('NxSIZE declares N cards, numbered across repeated flags', () => {
  const devices = parseGpuFlags(['2x80GiB', '40GB']);
  assert.deepEqual(
    devices.map((d) => [d.index, d.totalBytes]),
    [
      [0, 80 * GiB],
      [1, 80 * GiB],
      [2, 40e9],
    ],
  );
});

test('sim: marks simulated cards, and comma lists work (HEADROOM_GPU form)', () => {
  const devices = parseGpuFlags(['sim:24GiB,sim:2x80GiB']);
  assert.equal(devices.length, 3);
  assert.ok(devices.every((d) => d.simulated && d.name === 'simulated GPU'));
});

test('malformed values are usage errors that name the flag and value', () => {
  for (const bad of ['lots', '0GiB', 'sim:', '24 parsecs', '0x24GiB']) {
    assert.throws(
      () => parseGpuFlags([bad]),
      (e: unknown) => e instanceof UsageError && e.message.includes(bad),
    );
  }
});
