// A paste that ends inside its failure line (cut-at-edge.ts): the last line completed where the cut
// word can be one thing, read at the log's end only; the near misses are the same words elsewhere.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { completedAtCut } from './cut-at-edge.js';
import { primary } from './test-helpers/diagnose.js';

describe('a failure line cut where the paste ends', () => {
  test("PyTorch's CUDA out-of-memory error cut after 'out of' is the device's", () => {
    // megvii-research/Sobolev_INRs#1 (test/corpus heldout-22): the traceback's last line as pasted.
    const found = primary(
      '    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass',
      'RuntimeError: CUDA out of',
      '```',
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.facts.cutAtEdge, true);
    assert.equal(found?.evidence.text, 'RuntimeError: CUDA out of');
  });

  test("an allocation call's failure cut inside 'failed' is the device allocator's", () => {
    // deepinsight/insightface#571 (test/corpus heldout-17): MXNet's pooled storage manager, cut.
    const found = primary(
      'RuntimeError: simple_bind error. Arguments:',
      'data: (1, 3, 112, 112)',
      '[13:36:17] src/storage/./pooled_storage_manager.h:143: cudaMalloc fai',
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.facts.cutAtEdge, true);
  });

  test('the completions are the runtimes’ own words, and only where the cut left enough', () => {
    assert.equal(completedAtCut('RuntimeError: HIP out of mem'), 'RuntimeError: HIP out of memory');
    assert.equal(completedAtCut('cudaMalloc(&p, n) fail'), 'cudaMalloc(&p, n) failed');
    assert.equal(completedAtCut('RuntimeError: CUDA out'), undefined);
    assert.equal(completedAtCut('cudaMalloc f'), undefined);
    assert.equal(completedAtCut('the job ran out of'), undefined);
  });

  test('the same words not at the end, or a wrap that goes on, are not completed', () => {
    assert.equal(primary('RuntimeError: CUDA out of', 'Traceback (most recent call last):')?.kind, undefined);
    // A wrapped message whose next piece holds the rest is read whole, with its figures.
    const whole = primary(
      'RuntimeError: CUDA out of',
      'memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity; 5.20 GiB already allocated; 8.00 MiB free; 5.30 GiB reserved in total by PyTorch)',
    );
    assert.equal(whole?.kind, 'gpu_oom');
    assert.equal(whole?.facts.cutAtEdge, undefined);
    assert.equal(whole?.facts.requestedBytes, 20 * 2 ** 20);
  });
});
