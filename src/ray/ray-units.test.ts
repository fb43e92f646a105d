import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bytesOfUnits, gpuUnitsFor, numGpusForUnits, rayUnitsOf } from './ray-units.js';

const GiB = 1024 ** 3;

test('Ray truncates a quantity to 1/10000 units, so 0.0003 is 2 units (fixed_point.h)', () => {
  assert.equal(rayUnitsOf(0.0003), 2);
  assert.equal(rayUnitsOf(0.5), 5000);
  assert.equal(rayUnitsOf(1), 10_000);
});

test('the num_gpus asked for reserves every unit needed and at most one more, for each of the 10000', () => {
  let nudged = 0;
  for (let units = 1; units <= 10_000; units++) {
    const asked = numGpusForUnits(units);
    const reserved = rayUnitsOf(asked);
    assert.ok(
      reserved >= units && reserved <= units + 1,
      `${units} units: asked ${asked}, Ray reserves ${reserved}`,
    );
    assert.equal(Number(asked.toFixed(4)), asked, `${asked} has at most four decimals`);
    if (reserved > units) nudged += 1;
  }
  // The 573 fractions Ray would truncate a unit short are asked one unit up.
  assert.equal(nudged, 573);
  assert.equal(numGpusForUnits(3), 0.0004);
  assert.equal(numGpusForUnits(10_000), 1);
});

test('units are rounded up from bytes: one byte over a unit takes the next one', () => {
  const card = 24 * GiB;
  assert.equal(gpuUnitsFor(card * 0.3, card), 3000);
  assert.equal(gpuUnitsFor(card * 0.3 + 1, card), 3001);
  assert.equal(gpuUnitsFor(1, card), 1);
  assert.equal(gpuUnitsFor(0, card), 0);
  assert.equal(gpuUnitsFor(card, card), 10_000);
  // What the units stand for always holds the need.
  for (const need of [1, 123_456_789, 7 * GiB + 3, card - 1]) {
    assert.ok(bytesOfUnits(gpuUnitsFor(need, card), card) >= need - 1);
  }
});
