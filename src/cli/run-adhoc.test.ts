import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../errors.js';
import { newRunId, parseDurationMs } from './run.js';
import { nameFromCommand, planAdHoc } from './run-adhoc.js';

const GiB = 1024 ** 3;

describe('ad-hoc run', () => {
  test('names the process after its program', () => {
    assert.equal(nameFromCommand(['/usr/bin/python3.11', 'train.py']), 'python3-11');
    assert.equal(nameFromCommand(['./7zip']), 'p-7zip');
  });

  test('without --framework or --gpu-memory: no GPU planning, environment untouched, host limit kept', async () => {
    const { plan } = await planAdHoc(['python', 'train.py'], { hostMemory: '2GiB' }, 10_000);
    assert.deepEqual(plan.devices, []);
    assert.deepEqual(plan.processes[0]?.env, {});
    assert.equal(plan.processes[0]?.hostMemoryBytes, 2 * GiB);
  });

  test('--framework jax --gpu-memory 30% plans on the declared GPU and sets the JAX variables', async () => {
    const { plan } = await planAdHoc(
      ['python', 'train.py'],
      { framework: 'jax', gpuMemory: '30%', gpu: ['24GiB'] },
      10_000,
    );
    assert.equal(plan.processes[0]?.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal(plan.processes[0]?.device, 0);
  });

  test('bad flag values are usage errors', async () => {
    await assert.rejects(planAdHoc(['x'], { hostMemory: 'lots' }, 0), UsageError);
    await assert.rejects(planAdHoc(['x'], { gpuMemory: 'half' }, 0), UsageError);
    await assert.rejects(planAdHoc(['x'], { framework: 'mxnet' }, 0), UsageError);
  });
});

describe('run flags', () => {
  test('durations: ms, s, m, or plain seconds', () => {
    assert.deepEqual(['500ms', '10s', '2m', '1.5'].map(parseDurationMs), [500, 10_000, 120_000, 1500]);
    assert.throws(() => parseDurationMs('soon'), UsageError);
  });

  test('run ids sort by start time', () => {
    const id = newRunId(new Date('2025-01-02T03:04:05Z'));
    assert.match(id, /^20250102-030405-[0-9a-f]{12}$/);
  });
});
