// The lists of known names against the real frameworks where a CPU build can say: every JAX_* name is
// a flag the installed JAX reads from the environment (jax/_src/config.py reads os.getenv(NAME.upper())).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { cpuBounded, hangBackstopMs } from '../../test-helpers/cpu-limit.js';
import { frameworksPython, skipUnlessFrameworks } from '../../test-helpers/frameworks.js';
import { knownVariableLists, knownVariableNames } from './known-names.js';

test('every name is listed once, each list with its source', () => {
  assert.equal(new Set(knownVariableNames).size, knownVariableNames.length);
  for (const list of knownVariableLists) assert.ok(list.source.length > 0, list.reader);
});

test('every JAX_* name is a flag of the real JAX 0.10', { skip: skipUnlessFrameworks('jax') }, () => {
  const script = 'import jax, json; print(json.dumps(sorted(n.upper() for n in jax.config.values)))';
  // Bounded by its CPU time, not the wall clock that load stretches (test-helpers/cpu-limit.ts).
  const result = spawnSync(...cpuBounded(60, frameworksPython()!, ['-c', script]), {
    encoding: 'utf8',
    timeout: hangBackstopMs,
  });
  assert.equal(result.status, 0, result.stderr);
  const flags = new Set(JSON.parse(result.stdout) as string[]);
  const jaxNames = knownVariableNames.filter((name) => name.startsWith('JAX_'));
  assert.ok(jaxNames.length >= 8);
  assert.deepEqual(
    jaxNames.filter((name) => !flags.has(name)),
    [],
  );
});
