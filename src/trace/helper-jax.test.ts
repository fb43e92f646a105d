// The JAX trace helper (python/headroom_trace/trace_jax.py) with the real JAX 0.10.2 on CPU: XLA's
// memory analysis of the compiled step against the same step run on real arrays (its arguments and
// outputs counted; XLA's temporaries have no counter on the CPU backend, so they are only reported).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { HeadroomError } from '../errors.js';
import { repoRoot } from '../probe/gpu/test-helpers/shared.js';
import { frameworksPython, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { runTraceHelper, type TraceRequest } from './helper.js';

const examples = join(repoRoot, 'examples', 'trace');
const python = (): string => frameworksPython() ?? 'python3';
const request: TraceRequest = {
  framework: 'jax',
  cwd: examples,
  batchSize: 256,
  precision: 'fp32',
  optimizer: 'adamw',
  optimizerImpl: 'foreach',
  checkpointing: 'none',
  mode: 'check',
};

describe('JAX trace helper, real jax', { skip: skipUnlessFrameworks('jax') }, () => {
  test('an MLP + Adam step: arguments exact, outputs within 2% of the real step’s', async () => {
    const result = await runTraceHelper(python(), { ...request, module: 'jax_mlp:build' });
    const parts = result.parts as Record<string, number>;
    assert.equal(result.framework, 'jax');
    assert.match(String(result.version), /^0\.\d+/);
    assert.equal(parts.arguments, result.realArgumentBytes);
    const [outputs, real] = [parts.outputs ?? 0, result.realOutputBytes as number];
    assert.ok(Math.abs(outputs - real) / real <= 0.02, `outputs ${outputs} B, real ${real} B`);
    assert.equal(
      result.peakBytes,
      Object.values(parts).reduce((sum, bytes) => sum + bytes, 0),
    );
  });

  test('--trace-input: one shape:dtype per positional argument of a flat step', async () => {
    const result = await runTraceHelper(python(), {
      ...request,
      module: 'jax_mlp:sgd_step',
      inputs: ['w1=784,1024:float32', 'w2=1024,10:float32', 'x=256,784:float32', 'labels=256:int32'],
    });
    const parts = result.parts as Record<string, number>;
    assert.equal(parts.arguments, (784 * 1024 + 1024 * 10 + 256 * 784) * 4 + 256 * 4);
    assert.equal(parts.arguments, result.realArgumentBytes);
  });

  test('a malformed --trace-input is one line naming it', async () => {
    await assert.rejects(
      runTraceHelper(python(), {
        ...request,
        mode: 'trace',
        module: 'jax_mlp:sgd_step',
        inputs: ['w1=7x8:float32'],
      }),
      (error: HeadroomError) =>
        /^--trace-input w1=7x8:float32: expected name=shape:dtype/.test(error.message),
    );
  });
});
