// A run's framework reports as its profile's doctor family's layer; one no family reads as `other`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Layer } from '../../doctor/types.js';
import { layerOfFramework } from './framework-layer.js';

test("a planned framework's layer comes from its profile's doctor family", () => {
  const cases: [string | undefined, Layer][] = [
    ['jax', 'jax'],
    ['torch', 'torch'],
    ['pytorch', 'torch'],
    ['tensorflow', 'tensorflow'],
    ['other', 'other'],
    ['none', 'other'],
    ['an-unknown-name', 'other'],
    [undefined, 'other'],
  ];
  for (const [framework, layer] of cases) assert.equal(layerOfFramework(framework), layer, String(framework));
});
