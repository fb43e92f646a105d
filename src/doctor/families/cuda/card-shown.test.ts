// A library that could not start beside nvidia-smi's figures showing the card full (issue 23 item 4):
// memory, read from the table; and the near misses. The failure lines are TensorFlow's stream executor's
// as XLA printed them in test/corpus/heldout-43/gpu_oom-sokrypton-colabfold-134-b.txt, whose reporter
// retold nvidia-smi's cell; the table row is nvidia-smi's own Memory-Usage column.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const cublasInit =
  '2022-01-03 18:31:28.622213: E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_blas.cc:232] failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED';
const smiRow = (used: number, total: number) =>
  `| N/A   45C    P2    60W / 320W |  ${used}MiB / ${total}MiB |      3%      Default |`;

describe('a library that could not start, the card shown full', () => {
  test("the reporter's retelling of nvidia-smi's cell decides it as memory, said as weaker evidence", () => {
    const found = primary(
      'Running nvidia-smi shows that 9772MiB /  9995MiB are allocated immediately after running colabfold_batch.',
      cublasInit,
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.match(found?.summary ?? '', /nvidia-smi's figures .* nearly full \(223 MiB free at most\)/);
    assert.match(found?.summary ?? '', /would confirm/);
  });

  test("nvidia-smi's table row, on every card shown", () => {
    assert.equal(primary(smiRow(23900, 24576), smiRow(24000, 24576), cublasInit)?.kind, 'gpu_oom');
  });
});

describe('near misses', () => {
  test('without figures it stays "can\'t tell"', () => {
    assert.equal(primary(cublasInit)?.kind, 'none');
  });

  test('one card full and another with room: the failing one is not known', () => {
    assert.equal(primary(smiRow(23900, 24576), smiRow(500, 24576), cublasInit)?.kind, 'none');
  });

  test('a card shown with room is no evidence either way (nvidia-smi often runs after the crash)', () => {
    const found = primary(smiRow(300, 24576), cublasInit);
    assert.equal(found?.kind, 'none');
    assert.match(found?.summary ?? '', /no memory figures/);
  });

  test("a download's progress in MiB is not the card", () => {
    assert.equal(primary('Downloading weights 9990MiB / 9995MiB', cublasInit)?.kind, 'none');
  });
});
