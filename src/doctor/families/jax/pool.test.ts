import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose } from '../../test-helpers/diagnose.js';
import { maxJaxPoolFraction } from '../explain-types.js';
import { defaultFraction, poolAdvice } from './pool.js';

const GiB = 1024 ** 3;

describe("JAX's default fraction by version and era (FACTS Q2)", () => {
  test('0.9 of free before jaxlib 0.4.1, 0.9 of total until 0.4.4, unknown 0.4.4–0.4.6, 0.75 from 0.4.7', () => {
    assert.deepEqual(defaultFraction({ jaxlibVersion: '0.4.0' }), {
      fraction: 0.9,
      isOfFree: true,
      source: 'jaxlib 0.4.0',
    });
    assert.equal(defaultFraction({ jaxlibVersion: '0.4.1' })?.isOfFree, false);
    assert.equal(defaultFraction({ jaxlibVersion: '0.4.3' })?.fraction, 0.9);
    assert.equal(defaultFraction({ jaxlibVersion: '0.4.4' }), undefined);
    assert.equal(defaultFraction({ jaxlibVersion: '0.4.7' })?.fraction, 0.75);
    assert.equal(defaultFraction({ jaxlibVersion: '0.10.0' })?.fraction, 0.75);
  });

  test('without a version, the bundled XLA path gives the era', () => {
    assert.equal(defaultFraction({ jaxEra: 'org_tensorflow' })?.fraction, 0.9);
    assert.equal(defaultFraction({ jaxEra: 'openxla' })?.fraction, 0.75);
    assert.equal(defaultFraction({}), undefined);
  });
});

describe('a fraction only when the need fits under it and it is above the current one', () => {
  const pool = 18 * GiB; // 0.75 of a 24 GiB card
  const era = { jaxEra: 'openxla' };

  test('a need that fits under 0.9 of the card: a fraction just above it', () => {
    const advice = poolAdvice({ totalAllocationBytes: 20 * GiB, limitBytes: pool }, era);
    assert.equal(advice.totalBytes, 24 * GiB);
    assert.equal(advice.suggestedFraction, 0.88); // 20 × 1.05 / 24 = 0.875 → 0.88
  });

  test('a need above 0.9 of the card: no fraction, the times-pool instead', () => {
    const fits = poolAdvice({ totalAllocationBytes: 20.57 * GiB, limitBytes: pool }, era);
    assert.ok(fits.suggestedFraction !== undefined && fits.suggestedFraction <= maxJaxPoolFraction);
    const over = poolAdvice({ totalAllocationBytes: 20.58 * GiB, limitBytes: pool }, era);
    assert.equal(over.suggestedFraction, undefined);
    assert.ok(Math.abs(over.timesPool! - 20.58 / 18) < 1e-9);
  });

  test('never at or below the current fraction', () => {
    const advice = poolAdvice({ totalAllocationBytes: 17 * GiB, limitBytes: pool }, era);
    assert.equal(advice.suggestedFraction, undefined); // 17 × 1.05 / 24 = 0.744 < 0.75
    const set = poolAdvice(
      { totalAllocationBytes: 20 * GiB, limitBytes: 21.6 * GiB },
      { memFractionSetting: '0.9' },
    );
    assert.equal(set.suggestedFraction, undefined);
  });

  test('before jaxlib 0.4.1 the pool was 0.9 of free memory: no card size, no fraction', () => {
    const advice = poolAdvice(
      { totalAllocationBytes: 10 * GiB, limitBytes: pool },
      { jaxlibVersion: '0.3.25' },
    );
    assert.equal(advice.totalBytes, undefined);
    assert.equal(advice.suggestedFraction, undefined);
  });
});

describe('JAX causes from whole logs', () => {
  test('a program several times the pool is program_too_large, with no fraction', () => {
    const d = mustDiagnose(
      "W external/xla/xla/service/hlo_rematerialization.cc:2202] Can't reduce memory use below 23.81GiB (25567444992 bytes) by rematerialization; only reduced to 86.14GiB (92489619062 bytes), down from 95.71GiB (102770769072 bytes) originally",
      'E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2593] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 92198188384 bytes.',
    );
    assert.equal(d.cause, 'program_too_large');
    assert.match(d.causeText, /3\.6× the 23\.81 GiB/);
    assert.ok(!d.fixes.some((f) => f.includes('MEM_FRACTION')));
  });

  test('a program that fits under a larger fraction gets it, only when JAX is the front end', () => {
    const lines = [
      'XLA backend allocating 19327352832 bytes on device 0 for BFCAllocator.', // 18 GiB = 0.75 of 24 GiB
      'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.',
      'W external/xla/xla/tsl/framework/bfc_allocator.cc:1] Allocator (GPU_0_bfc) ran out of memory trying to allocate 4.44GiB (rounded to 4770354232)requested by op ',
      '                 total allocation:   20.00GiB',
    ];
    const d = mustDiagnose(...lines);
    assert.ok(
      d.fixes.some((f) => /XLA_PYTHON_CLIENT_MEM_FRACTION=0\.88/.test(f)),
      d.fixes.join('\n'),
    );
  });

  test('a library failing outside the pool: preallocation off, never batch, never a larger fraction', () => {
    const d = mustDiagnose(
      'jaxlib.xla_extension.XlaRuntimeError: INTERNAL: CustomCall failed: jaxlib/cuda/cusolver_kernels.cc:79: operation cudaMemcpyAsync(buffers[1], buffers[0], 16, cudaMemcpyDeviceToDevice, stream) failed: out of memory',
    );
    assert.equal(d.cause, 'outside_pool');
    assert.match(d.fixes[0]!, /XLA_PYTHON_CLIENT_PREALLOCATE=false/);
    assert.ok(!d.fixes.some((f) => /batch|MEM_FRACTION=0\.9/.test(f)), d.fixes.join('\n'));
  });
});
