import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeGpuClients } from './gpu-clients.js';

const GiB = 1024 ** 3;

describe('describeGpuClients', () => {
  test('JAX clients that each read one fraction: the sum of what they may take, and the two fixes', () => {
    const { sentence, fix } = describeGpuClients({
      process: 'trainer',
      framework: 'jax',
      count: 3,
      plannedClients: 1,
      cap: { bytes: 36 * GiB, by: 'XLA_PYTHON_CLIENT_MEM_FRACTION=0.9000' },
      totalBytes: 40 * GiB,
      budgetBytes: 36 * GiB,
    });
    assert.equal(sentence, '3 JAX clients share one 90% fraction → 270% of the card');
    assert.match(
      fix,
      /^set gpu_clients: 3 for trainer in headroom\.yaml .*each then gets 30% of the card.*, or run them as replicas: 3$/,
    );
  });

  test('PyTorch says per-process fraction; TensorFlow a device limit; nothing capped, the budget', () => {
    const base = { process: 'p', count: 2, plannedClients: 1, totalBytes: 24 * GiB, budgetBytes: 12 * GiB };
    const cap = { bytes: 12 * GiB, by: 'x' };
    assert.equal(
      describeGpuClients({ ...base, framework: 'torch', cap }).sentence,
      '2 PyTorch clients share one 50% per-process fraction → 100% of the card',
    );
    assert.match(
      describeGpuClients({ ...base, framework: 'tensorflow', cap }).sentence,
      /one 12\.00 GiB device limit/,
    );
    assert.equal(
      describeGpuClients({ ...base, framework: 'other', cap: null }).sentence,
      '2 GPU clients share one 12.00 GiB budget, each with its own pool and CUDA context',
    );
  });
});
