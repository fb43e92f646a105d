// An allocator's objectless "Failed to allocate." (issue 23 item 4): read as the device's where the
// log names a device, "can't tell" where it names none, and the near misses it must not read. The
// allocator's lines are nnabla's own strings (sony/nnabla src/nbla/memory/allocator.cpp
// Allocator::alloc_retry); the function names are nnabla-ext-cuda's implementation classes
// (<Function>Cuda, <Function>CudaCudnn); LLVM's is llvm/lib/Support/ErrorHandling.cpp's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { primary } from '../../test-helpers/diagnose.js';

const retrying = 'Failed to allocate. Freeing memory cache and retrying.';
const final = 'Failed to allocate again.';

describe("an allocator's terse failure", () => {
  test('after its retry, beside the device functions that ran, is the device memory', () => {
    const found = primary(
      retrying,
      final,
      'Error during forward propagation:',
      '  ConvolutionCudaCudnn',
      '  ReLUCuda <-- ERROR',
    );
    assert.equal(found?.kind, 'gpu_oom');
    assert.equal(found?.code, 'terse-allocation-failure');
    assert.equal(found?.evidence.text, final);
    assert.match(found?.summary ?? '', /without what or how much/);
  });

  test('a device named on the lines before it decides the side too', () => {
    const found = primary(
      '2021-03-01 10:00:00,000 [nnabla][INFO]: Initializing CUDA extension...',
      retrying,
      final,
    );
    assert.equal(found?.kind, 'gpu_oom');
  });

  test('under a log prefix and an exception name', () => {
    assert.equal(primary('[nnabla][ERROR]: Failed to allocate again.', 'device: cuda:0')?.kind, 'gpu_oom');
    const context =
      "Context(backend=['cudnn:float', 'cuda:float', 'cpu:float'], array_class='CudaCachedArray', device_id='0')";
    assert.equal(primary(context, 'RuntimeError: Failed to allocate.')?.kind, 'gpu_oom');
  });

  test('where the log names no device, doctor says it cannot tell whose memory', () => {
    const found = primary('epoch 3 iter 100 loss 0.33', retrying, final);
    assert.equal(found?.kind, 'none');
    assert.match(found?.summary ?? '', /can't tell/);
  });

  test("the host's words beside it make it the host's", () => {
    assert.equal(primary('MemoryError: Unable to allocate.')?.kind, 'host_oom');
  });

  test('a line that ends at "to allocate" is a wrap\'s cut, left for the whole message once joined', () => {
    // heldout-23 openvino-37617 wrapped at 80 columns (textwrap) inside its quoted OpenVINO error.
    const wrapped = [
      '`accuracy_checker`/dataset pipeline as a factor — same `Failed to allocate',
      '131550175360 bytes of memory` error at `cpu_memory.cpp:257`.',
    ];
    assert.equal(primary(...wrapped)?.kind, 'host_oom');
  });
});

describe('near misses', () => {
  test('a retry that then succeeded (no second line) is no failure', () => {
    assert.equal(primary('  ConvolutionCudaCudnn', retrying, 'epoch 4 iter 0 loss 0.31'), undefined);
  });

  test('a question, a hint, a warning', () => {
    assert.equal(primary('Why do I get Failed to allocate again.? on cuda:0'), undefined);
    assert.equal(primary('Failed to allocate again? cuda:0'), undefined);
    assert.equal(primary('If you see "Failed to allocate again." on CUDA, lower the batch size.'), undefined);
    assert.equal(primary('WARNING: Failed to allocate. CUDA graphs disabled.'), undefined);
  });

  test('an allocation of something else, named, is not this reading', () => {
    assert.equal(primary('Failed to allocate port 29500 on cuda host'), undefined);
  });

  test('LLVM\'s bare "Allocation failed" is the compiler\'s host heap, not read here', () => {
    const found = primary('LLVM ERROR: out of memory', 'Allocation failed', 'cuda:0');
    assert.notEqual(found?.code, 'terse-allocation-failure');
  });
});
