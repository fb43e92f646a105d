// Issue 23, session 17 (causes): a batch of one shown in the log, with no figure of what the process
// holds (a bare device OOM, or PyTorch's message with only the request), reads as the step's other
// dimensions (the longest sequence, the resolution: pytorch/fixes.ts batchOfOneStepText), the model's
// state and another process as alternatives, and no fix lowers the batch. Where PyTorch's figures show
// its own tensors filling the card, a batch of one is still the model's state (round10-forms.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from './test-helpers/diagnose.js';

const lowersBatch = /\b(?:lower|halve|reduce)\b[^;]*\bbatch\b/i;

describe('a batch of one with no figure of the card', () => {
  test("PyTorch's message with only the request: the sequence, the model's state open", () => {
    const d = primary('  batch_size=1', 'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB...');
    assert.equal(d?.cause, 'batch_too_large');
    assert.match(d?.causeText ?? '', /batch of one/);
    const alternatives = (d?.causeAlternatives ?? []).map((a) => a.cause);
    assert.ok(alternatives.includes('model_state'));
    assert.ok(alternatives.includes('co_tenant'));
    assert.ok(d?.fixes.some((f) => /sequence length/.test(f)));
    assert.ok(!d?.fixes.some((f) => lowersBatch.test(f)));
  });
  test("a bare status in the user's words reads the same", () => {
    const d = primary('I still get CUDA out of memory with batch size 1 on the long files.');
    assert.equal(d?.kind, 'gpu_oom');
    assert.equal(d?.cause, 'batch_too_large');
    assert.ok(!d?.fixes.some((f) => lowersBatch.test(f)));
  });
  test('a small card the log states still decides first', () =>
    assert.equal(
      primary('Training on my 4GB GPU runs out of memory even at a batch size of 1.')?.cause,
      'device_too_small',
    ));
  test("PyTorch's own tensors filling the card: still the model's state", () =>
    assert.equal(
      primary(
        'with batch_size=1 it still fails:',
        'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.14 GiB (GPU 5; 31.75 GiB total capacity; 28.28 GiB already allocated; 1.95 GiB free; 28.28 GiB reserved in total by PyTorch)',
      )?.cause,
      'model_state',
    ));
  test('a batch of one the user says runs is not this', () =>
    assert.notEqual(
      primary(
        'I can train the model by cutting the batch size to 1.',
        'RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB...',
      )?.causeText?.includes('batch of one'),
      true,
    ));
});

describe("a batch of one under its frameworks' own names (log/evidence.ts batchSizeOne)", () => {
  const oom = 'RuntimeError: CUDA error: out of memory';
  for (const shown of [
    '--per_device_train_batch_size 1 \\',
    '"train_micro_batch_size_per_gpu": 1,',
    'data = dict(samples_per_gpu=1, workers_per_gpu=2)',
    'yolo train data=coco.yaml --batch 1',
    'python train.py --bs 1',
  ])
    test(`${shown}: no fix lowers the batch`, () => {
      const d = primary(shown, oom);
      assert.match(d?.causeText ?? '', /batch of one/);
      assert.ok(!d?.fixes.some((f) => lowersBatch.test(f)));
    });
  for (const shown of ['--per_device_eval_batch_size 1 \\', 'eval_batch_size=1', '--batch 16', 'abs=1'])
    test(`${shown}: not a training batch of one`, () =>
      assert.doesNotMatch(primary(shown, oom)?.causeText ?? '', /batch of one/));
});
