// Least squares, the linearity check and the predicted limit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fitLine, isLinear, predictLimit } from './linear-fit.js';

const MiB = 2 ** 20;
const line = (values: number[], base: number, perValue: number) =>
  values.map((value) => ({ value, bytes: base + perValue * value }));

describe('fitLine', () => {
  test('recovers a + b·value exactly from points on a line', () => {
    const model = fitLine(line([1, 8, 100], 300 * MiB, 2 * MiB))!;
    assert.ok(Math.abs(model.interceptBytes - 300 * MiB) < 1);
    assert.ok(Math.abs(model.slopeBytes - 2 * MiB) < 1e-6);
    assert.equal(model.rSquared, 1);
    assert.ok(model.maxResidualBytes < 1);
  });

  test('needs two distinct values', () => {
    assert.equal(fitLine([{ value: 4, bytes: 10 }]), undefined);
    assert.equal(
      fitLine([
        { value: 4, bytes: 10 },
        { value: 4, bytes: 12 },
      ]),
      undefined,
    );
  });

  test('least squares through noisy points', () => {
    const model = fitLine([
      { value: 0, bytes: 1 },
      { value: 1, bytes: 3 },
      { value: 2, bytes: 5 },
      { value: 3, bytes: 8 },
    ])!;
    assert.ok(Math.abs(model.slopeBytes - 2.3) < 1e-9);
    assert.ok(Math.abs(model.interceptBytes - 0.8) < 1e-9);
    assert.ok(model.rSquared > 0.98 && model.rSquared < 1);
  });
});

describe('isLinear', () => {
  test('trusts two points, checks three or more against the limit', () => {
    const limitBytes = 1024 * MiB;
    assert.equal(isLinear(fitLine(line([1, 2], 0, MiB))!, limitBytes), true);
    assert.equal(isLinear(fitLine(line([1, 50, 200], 100 * MiB, 4 * MiB))!, limitBytes), true);
    const curved = [1, 50, 100, 200].map((value) => ({
      value,
      bytes: 100 * MiB + (value * value * MiB) / 50,
    }));
    assert.equal(isLinear(fitLine(curved)!, limitBytes), false);
  });
});

describe('predictLimit', () => {
  test('the largest value the line keeps within the limit', () => {
    const model = fitLine(line([1, 10], 100 * MiB, 2 * MiB))!;
    assert.equal(predictLimit(model, 1024 * MiB), 462);
    assert.equal(predictLimit(model, 100 * MiB + 2 * MiB * 462), 462);
  });

  test('Infinity when memory does not grow with the value', () => {
    assert.equal(predictLimit(fitLine(line([1, 10], 100 * MiB, 0))!, 1024 * MiB), Number.POSITIVE_INFINITY);
  });
});

describe('isLinear: R² where the points span enough memory to mean something', () => {
  const limitBytes = 512 * MiB;
  test('points that grow but scatter around the line (R² under 0.9) are a poor fit', () => {
    const scattered = [
      { value: 10, bytes: 100 * MiB },
      { value: 20, bytes: 125 * MiB },
      { value: 30, bytes: 105 * MiB },
      { value: 40, bytes: 130 * MiB },
    ];
    const model = fitLine(scattered)!;
    assert.ok(model.rSquared < 0.9 && model.maxResidualBytes < 0.03 * limitBytes, JSON.stringify(model));
    assert.equal(isLinear(model, limitBytes), false);
  });

  test('a flat line (memory that does not grow) keeps its low R²: it still predicts', () => {
    const flat = [10, 20, 30, 40].map((value, i) => ({ value, bytes: 50 * MiB + (i % 2) * MiB }));
    const model = fitLine(flat)!;
    assert.ok(model.rSquared < 0.9);
    assert.equal(isLinear(model, limitBytes), true);
  });
});
