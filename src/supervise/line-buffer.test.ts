import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findGpuOomSignature } from './gpu-oom-signatures.js';
import { LineBuffer } from './line-buffer.js';

describe('LineBuffer', () => {
  test('yields whole lines only, joining a line split across chunks', () => {
    const lines = new LineBuffer();
    assert.equal(lines.push(Buffer.from('one\ntw')), 'one\n');
    assert.equal(lines.push(Buffer.from('o')), '');
    assert.equal(lines.push(Buffer.from('\nthree\nfo')), 'two\nthree\n');
    assert.equal(lines.flush(), 'fo\n');
    assert.equal(lines.flush(), '');
  });

  test('never splits a multi-byte character: lines are cut at newlines only', () => {
    const lines = new LineBuffer();
    const text = Buffer.from('héllo wörld\n');
    assert.equal(lines.push(text.subarray(0, 2)) + lines.push(text.subarray(2)), 'héllo wörld\n');
  });

  test('a pending line and several new ones decode correctly, multi-byte characters included', () => {
    const lines = new LineBuffer();
    assert.equal(lines.push(Buffer.from('ab')), '');
    assert.equal(lines.push(Buffer.from('ç\nhé\nwö\nrest')), 'abç\nhé\nwö\n');
    assert.equal(lines.flush(), 'rest\n');
  });

  test('the chunk may be reused after push', () => {
    const lines = new LineBuffer();
    const chunk = Buffer.from('abc');
    lines.push(chunk);
    chunk.fill(0x78);
    assert.equal(lines.push(Buffer.from('\n')), 'abc\n');
  });

  test('cuts a line that grows past the maximum', () => {
    const lines = new LineBuffer(4);
    assert.equal(lines.push(Buffer.from('abcdef')), 'abcdef\n');
  });
});

describe('findGpuOomSignature', () => {
  test('recognises each framework message', () => {
    const samples = [
      ['torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB', 'torch'],
      [
        'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1024 bytes.',
        'jax',
      ],
      [
        'ResourceExhaustedError: OOM when allocating tensor with shape[32,1024,1024] and type float',
        'tensorflow',
      ],
      ['RuntimeError: CUDA error: cudaErrorMemoryAllocation', 'cuda'],
      ['RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`', 'cublas'],
    ];
    for (const [line, framework] of samples)
      assert.equal(findGpuOomSignature(line!)?.framework, framework, line);
  });

  test('ignores ordinary lines', () => {
    assert.equal(findGpuOomSignature('epoch 3 loss 0.12\n'), undefined);
  });
});
