// Issue 23 (session 16, causes): a device OOM whose message gives no figure of the card's fill, on a
// card the log states under a nominal 4 GB card's size, names the card (diagnose.ts
// mostLikelyOfFigureless; pytorch/numbers.ts smallCardBytes), also where the family's own guess was
// another process the log does not list; the user's own words blaming the batch keep the batch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { primary } from './test-helpers/diagnose.js';

const tfRefused =
  '2021-04-23 22:03:46.322761: I tensorflow/stream_executor/cuda/cuda_driver.cc:763] failed to allocate 2.08G (2234974208 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory';

test("TensorFlow's pool refused on a card the user states has 4 GB: the card, a larger card first", () => {
  const d = primary(tfRefused, tfRefused, 'I think cause of problem is 4GB memory of my NVIDIA card.');
  assert.equal(d?.cause, 'device_too_small');
  assert.match(d!.fixes[0]!, /GPU with more memory/);
  assert.ok(d!.causeAlternatives?.some((a) => a.cause === 'co_tenant'));
});

test("the same refusal with no card stated stays TensorFlow's reading (another process)", () => {
  assert.equal(primary(tfRefused, tfRefused)?.cause, 'co_tenant');
});

test('the same refusal on an 8 GB card the user states is no small card', () => {
  assert.equal(primary(tfRefused, 'it has 8GB memory on my NVIDIA card')?.cause, 'co_tenant');
});

test('a bare CUDA OOM on a stated 4 GB card whose batch the user blames stays the batch', () => {
  const d = primary(
    "A 256-wide batch of up-to-512-token sequences won't fit a 4 GB GPU, so `leann build` dies with `torch.OutOfMemoryError: CUDA out of memory` during the embedding pass.",
  );
  assert.equal(d?.kind, 'gpu_oom');
  assert.equal(d?.cause, 'batch_too_large');
});

test('a bare CUDA OOM on a stated 4 GB card with no word on the batch is the card', () => {
  const d = primary('torch.OutOfMemoryError: CUDA out of memory', 'I am running it on my 4 GB GPU.');
  assert.equal(d?.kind, 'gpu_oom');
  assert.equal(d?.cause, 'device_too_small');
});

test('a bad_alloc from a device allocator where the user says two kernels share the card: another process', () => {
  const d = primary(
    '[BUG] MemoryError: std::bad_alloc: CUDA error at: ../include/rmm/mr/device/cuda_memory_resource.hpp:68: cudaErrorMemoryAllocation out of memory',
    'it only comes up if I have 2 kernels running and I am using cudf in both',
  );
  assert.equal(d?.kind, 'gpu_oom');
  assert.equal(d?.cause, 'co_tenant');
  assert.match(d!.fixes[0]!, /nvidia-smi/);
});

test("a framework's boilerplate about other processes is not the user's word: the batch stays the most likely", () => {
  const d = primary(
    '[BUG] MemoryError: std::bad_alloc: CUDA error at: ../include/rmm/mr/device/cuda_memory_resource.hpp:68: cudaErrorMemoryAllocation out of memory',
    'If there are other process using the GPU, please stop them.',
  );
  assert.equal(d?.cause, 'batch_too_large');
});

test('two models loaded by the user are not two processes: the batch stays the most likely', () => {
  const d = primary(
    '[BUG] MemoryError: std::bad_alloc: CUDA error at: ../include/rmm/mr/device/cuda_memory_resource.hpp:68: cudaErrorMemoryAllocation out of memory',
    'I have 2 models loaded in the workflow.',
  );
  assert.equal(d?.cause, 'batch_too_large');
});

test("what is left on the card is not the card's size", () => {
  const d = primary(tfRefused, 'there is only 2GB memory on the GPU left');
  assert.equal(d?.cause, 'co_tenant');
});

test("a PyTorch message cut before PyTorch's own figures: its share is unknown, not zero, so no other process is named", () => {
  const d = primary(
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.24 GiB. GPU 0 has a total capacty of 39.42 GiB of which 3.14 GiB is free. Process 126936 has 36.29 GiB memor',
  );
  assert.equal(d?.cause, 'batch_too_large');
  assert.match(d!.causeText, /not what PyTorch holds/);
  assert.ok(d!.causeAlternatives?.some((a) => a.cause === 'co_tenant'));
  assert.ok(d!.fixes.some((f) => /nvidia-smi/.test(f)));
});

test('the same card with PyTorch holding little of it: the unlisted rest is another process', () => {
  const d = primary(
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.24 GiB (GPU 0; 39.42 GiB total capacity; 1.20 GiB already allocated; 3.14 GiB free; 1.50 GiB reserved in total by PyTorch)',
  );
  assert.equal(d?.cause, 'co_tenant');
});
