import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mustDiagnose, primary } from '../../test-helpers/diagnose.js';
import { tensorBytes } from './rules.js';

describe('TensorFlow out of memory', () => {
  test('tensor bytes from shape and DataTypeString', () => {
    assert.equal(tensorBytes('16,112,112,147', 'float'), 118013952);
    assert.equal(tensorBytes('', 'float'), 4);
    assert.equal(tensorBytes('2,3', 'half'), 12);
    assert.equal(tensorBytes('2,3', 'variant'), undefined);
  });

  test('OOM when allocating tensor: shape, type, device, allocator, and the node from the next line', () => {
    const d = mustDiagnose(
      'ResourceExhaustedError: 2 root error(s) found.',
      '  (0) Resource exhausted: OOM when allocating tensor with shape[16,112,112,147] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc',
      '\t [[{{node resnet_v1_50/conv1/ExtractImagePatches}}]]',
    );
    assert.equal(d.code, 'tf-oom-allocating-tensor');
    assert.equal(d.framework, 'tensorflow');
    assert.equal(d.facts.shape, '[16,112,112,147]');
    assert.equal(d.facts.requestedBytes, 118013952);
    assert.equal(d.facts.device, 0);
    assert.equal(d.facts.allocator, 'GPU_0_bfc');
    assert.equal(d.facts.node, 'resnet_v1_50/conv1/ExtractImagePatches');
    assert.match(d.fixes[0]!, /leading dimension is 16/);
  });

  test('the older "tensor of shape" wording, device from the node line', () => {
    const d = mustDiagnose(
      'ResourceExhaustedError (see above for traceback): OOM when allocating tensor of shape [563354,256] and type float',
      '\t [[Node: embeddings/Adam/Initializer/zeros = Const[dtype=DT_FLOAT, _device="/job:localhost/replica:0/task:0/device:GPU:1"]()]]',
    );
    assert.equal(d.facts.shape, '[563354,256]');
    assert.equal(d.facts.device, 1);
  });

  test('ResourceExhaustedError alone is still a TensorFlow GPU OOM', () => {
    assert.equal(
      primary('tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory')
        ?.kind,
      'gpu_oom',
    );
  });
});
