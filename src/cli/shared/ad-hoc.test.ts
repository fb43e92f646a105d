import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError } from '../../errors.js';
import { newRunId } from '../../run-record/run-id.js';
import { nameFromCommand, planAdHoc } from './ad-hoc.js';

const GiB = 1024 ** 3;
const context = { env: {}, cwd: process.cwd() };

describe('ad-hoc run', () => {
  test('names the process after its program', () => {
    assert.equal(nameFromCommand(['/usr/bin/python3.11', 'train.py']), 'python3-11');
    assert.equal(nameFromCommand(['./7zip']), 'p-7zip');
  });

  test('without --framework or --gpu-memory: no GPU planning, environment untouched, host limit kept', async () => {
    const { plan } = await planAdHoc(
      { argv: ['python', 'train.py'], hostMemoryBytes: 2 * GiB, stopGraceMs: 10_000 },
      context,
    );
    assert.deepEqual(plan.devices, []);
    assert.deepEqual(plan.processes[0]?.env, {});
    assert.equal(plan.processes[0]?.hostMemoryBytes, 2 * GiB);
  });

  test('--framework jax --gpu-memory 30% plans on the declared GPU and sets the JAX variables', async () => {
    const { plan } = await planAdHoc(
      {
        argv: ['python', 'train.py'],
        framework: 'jax',
        gpuMemory: '30%',
        gpu: ['24GiB'],
        stopGraceMs: 10_000,
      },
      context,
    );
    assert.equal(plan.processes[0]?.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal(plan.processes[0]?.device, 0);
  });

  test('a bad --gpu-memory is a usage error', async () => {
    await assert.rejects(planAdHoc({ argv: ['x'], gpuMemory: 'half', stopGraceMs: 0 }, context), UsageError);
  });
});

describe('run ids', () => {
  test('run ids sort by start time', () => {
    const id = newRunId(new Date('2025-01-02T03:04:05Z'));
    assert.match(id, /^20250102-030405-[0-9a-f]{12}$/);
  });
});
