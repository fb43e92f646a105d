// A pool's share the log itself sets below the framework's default is a cap already set (session
// 20, log/evidence.ts poolShareShown): it stays open as memory_cap beside the work, and decides the
// cause where PyTorch's own figures show the card had room. A share at or above the default, or a
// message's advice to set one, is no cap.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { wrongFixes } from './test-helpers/wrong-fixes.js';

const jaxOom =
  'jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 2147483648 bytes.';
const tfOom =
  '2019-01-01 12:00:00.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:267] Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.50GiB.  Current allocation summary follows.';
const torchRoom =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 12.00 GiB is free. Of the allocated memory 9.50 GiB is allocated by PyTorch, and 100.00 MiB is reserved by PyTorch but unallocated.';

const alternatives = (...lines: string[]) =>
  (diagnoseText(lines.join('\n'))[0]?.causeAlternatives ?? []).map((a) => a.cause);

test('JAX and TensorFlow: a share set below the default leaves the cap open beside the work', () => {
  for (const shown of [
    'export XLA_PYTHON_CLIENT_MEM_FRACTION=.30',
    "os.environ['XLA_PYTHON_CLIENT_MEM_FRACTION'] = '0.5'",
  ])
    assert.ok(alternatives(shown, jaxOom).includes('memory_cap'), shown);
  assert.ok(
    alternatives('config.gpu_options.per_process_gpu_memory_fraction = 0.3', tfOom).includes('memory_cap'),
  );
});

test('look-alikes: the default or above, or advice to set it, is no cap', () => {
  for (const shown of [
    'export XLA_PYTHON_CLIENT_MEM_FRACTION=.95',
    'XLA_PYTHON_CLIENT_MEM_FRACTION=0.75',
    'try setting XLA_PYTHON_CLIENT_MEM_FRACTION=.5 to share the GPU',
  ])
    assert.ok(!alternatives(shown, jaxOom).includes('memory_cap'), shown);
  assert.ok(!alternatives('per_process_gpu_memory_fraction = 1.0', tfOom).includes('memory_cap'));
});

test('PyTorch: a fraction the log sets, and figures showing the card had room, name the cap', () => {
  const text = `torch.cuda.set_per_process_memory_fraction(0.5)\n${torchRoom}`;
  const [d] = diagnoseText(text);
  assert.equal(d?.cause, 'memory_cap');
  assert.match(d?.fixes.join('\n') ?? '', /set_per_process_memory_fraction\(0\.(?:5[5-9]|[6-9]\d)\)/);
  assert.deepEqual(wrongFixes(text, d), []);
  // Without it the same figures show no shortage.
  assert.equal(diagnoseText(torchRoom)[0]?.cause, 'unknown');
});
