import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editDistance, findNearMiss, suggestNearest } from './suggest.js';

test('edit distance counts insertions, deletions, substitutions and swapped neighbours', () => {
  assert.equal(editDistance('gpu_memory', 'gpu_memory'), 0);
  assert.equal(editDistance('gpu_memroy', 'gpu_memory'), 1);
  assert.equal(editDistance('XLA_PYTHON_CLIENT_PERELLOCLACE', 'XLA_PYTHON_CLIENT_PREALLOCATE'), 4);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('suggests the nearest key for a typo, and nothing for an unrelated word', () => {
  const keys = ['command', 'framework', 'gpu_memory', 'host_memory', 'replicas'];
  assert.equal(suggestNearest('gpu_mem', keys), 'gpu_memory');
  assert.equal(suggestNearest('framwork', keys), 'framework');
  assert.equal(suggestNearest('gpu-memory', keys), 'gpu_memory');
  assert.equal(suggestNearest('replica', keys), 'replicas');
  assert.equal(suggestNearest('banana', keys), undefined);
});

test('a near miss of an exact name: a slip or two per name, case-only slips, and nothing for strangers', () => {
  const names = [
    'XLA_PYTHON_CLIENT_PREALLOCATE',
    'XLA_PYTHON_CLIENT_MEM_FRACTION',
    'JAX_PLATFORMS',
    'CUDA_HOME',
  ];
  assert.equal(findNearMiss('XLA_PYTHON_CLIENT_PERELLOCLACE', names)?.name, 'XLA_PYTHON_CLIENT_PREALLOCATE');
  assert.equal(findNearMiss('JAX_PLATFORM', names)?.name, 'JAX_PLATFORMS');
  assert.deepEqual(findNearMiss('jax_platforms', names), {
    name: 'JAX_PLATFORMS',
    distance: 0,
    isCaseOnly: true,
  });
  assert.equal(findNearMiss('JAX_PLATFORMS', names), undefined);
  // A short name allows one slip: CUDA_HOME's neighbours are other tools' names.
  assert.equal(findNearMiss('CONDA_HOME', names), undefined);
  assert.equal(findNearMiss('XLA_PYTHON_CLIENT_MEM_FRACTION_LEARNER', names), undefined);
});
