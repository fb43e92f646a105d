// The README's estimate section ("#### The spec's keys") is the spec's reference for users: every key the
// schema accepts is named there with an example, and seed 003's trajectory buffer beside the model's
// activations (issue #25 item 5) is a spec that runs as shown.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { estimate } from './estimate.js';
import { parseEstimateSpec } from './load.js';
import { estimateSchema } from './schema.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const start = readme.indexOf("#### The spec's keys");
const section = readme.slice(start, readme.indexOf('#### ', start + 5));

/** Every key path of the spec's JSON Schema (objects, arrays' items, unions), e.g. model.lora.variant. */
function keyPaths(node: unknown, prefix = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const schema = node as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const own = Object.entries(properties).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...keyPaths(child, `${prefix}${key}.`),
  ]);
  const nested = ['items', 'anyOf', 'oneOf', 'additionalProperties'].flatMap((key) => {
    const child = schema[key];
    return Array.isArray(child) ? child.flatMap((c) => keyPaths(c, prefix)) : keyPaths(child, prefix);
  });
  return [...own, ...nested];
}

test("the README's spec-keys table names every key the schema accepts, each in an example or by name", () => {
  assert.ok(start >= 0, 'README.md has a "#### The spec\'s keys" section');
  const paths = [...new Set(keyPaths(z.toJSONSchema(estimateSchema, { io: 'input' })))];
  assert.ok(paths.length > 200, `${paths.length} keys`);
  const missing = paths.filter((path) => {
    const key = path.split('.').at(-1) ?? path;
    return (
      !section.includes(`${key}:`) && !section.includes(`\`${key}\``) && !section.includes(`\`${path}\``)
    );
  });
  assert.deepEqual(missing, [], 'add a row (or an example) to the README table for each');
});

test("seed 003's trajectory buffer beside the model's activations, as the README shows it, runs", () => {
  const at = section.indexOf('Seed 003');
  const block = /```yaml\n([\s\S]*?)```/.exec(section.slice(at))?.[1];
  assert.ok(at >= 0 && block, 'the README shows seed 003 as a yaml block in the spec-keys section');
  const breakdown = estimate(parseEstimateSpec(block, 'README.md'));
  const part = (name: string) => breakdown.gpu.components.find((c) => c.name === name);
  // The model's activations from model.transformer (not a "not estimated" part) and the buffer as a tensor.
  assert.ok((part('activations')?.bytes ?? 0) > 0, 'the activations come from model.transformer');
  assert.equal(part('trajectories')?.bytes, 50 * 2 * 4 * 263 * 196 * 4, 'T × [B·G, 263, 1, 196] float32');
  assert.ok(!(breakdown.notEstimated ?? []).some((n) => n.part === 'activations'));
});
