// `headroom schema estimate`: the estimate spec's JSON Schema, checked against every example spec
// (each key the examples write is one the schema names, at every depth).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  additionalProperties?: Schema | boolean;
};

// The keys of `value` the schema does not name, as paths.
function unknownKeys(value: unknown, schema: Schema, path: string): string[] {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) {
    const each = choices.map((choice) => unknownKeys(value, choice, path));
    return each.find((keys) => keys.length === 0) ?? each[0] ?? [];
  }
  if (Array.isArray(value)) {
    return schema.items ? value.flatMap((item, i) => unknownKeys(item, schema.items!, `${path}[${i}]`)) : [];
  }
  if (value === null || typeof value !== 'object' || !schema.properties) return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const child = schema.properties?.[key];
    if (!child) return schema.additionalProperties === false ? [`${path}.${key}`] : [];
    return unknownKeys(inner, child, `${path}.${key}`);
  });
}

const estimateSpecs = (): string[] =>
  readdirSync(join(repoRoot, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(repoRoot, 'examples', dir.name))
        .filter((name) => name.endsWith('.yaml'))
        .map((name) => join(repoRoot, 'examples', dir.name, name)),
    )
    .filter((file) => /^(model|training|tensors):/m.test(readFileSync(file, 'utf8')));

describe('headroom schema estimate', () => {
  test("prints the spec's JSON Schema: vars, model, training, parallel, tensors, host, cuda", async () => {
    const { code, stdout } = await runHeadroom(['schema', 'estimate']);
    assert.equal(code, 0);
    const schema = JSON.parse(stdout);
    assert.equal(schema.title, 'headroom estimate spec');
    for (const key of ['vars', 'model', 'training', 'parallel', 'tensors', 'host', 'cuda']) {
      assert.ok(schema.properties[key], key);
    }
    assert.equal(schema.additionalProperties, false);
  });

  test('every key of every example estimate spec is in the schema', async () => {
    const schema = JSON.parse((await runHeadroom(['schema', 'estimate'])).stdout) as Schema;
    const specs = estimateSpecs();
    assert.ok(specs.length >= 4, specs.join(', '));
    for (const file of specs) {
      assert.deepEqual(unknownKeys(parse(readFileSync(file, 'utf8')), schema, ''), [], file);
    }
    // A misspelt key is found: the check can fail.
    assert.deepEqual(unknownKeys({ training: { batch_sise: 4 } }, schema, ''), ['.training.batch_sise']);
  });

  test('an unknown kind is one line, exit 2', async () => {
    const { code, stderr } = await runHeadroom(['schema', 'estimat']);
    assert.equal(code, 2);
    assert.match(stderr, /schema: no file kind "estimat"; config or estimate/);
  });
});
