// Causes read from what a log states, for the forms that missed on logs nobody had seen (issue 23
// item 5; heldout-25..36, session 25's table in the notes): a limit named as exceeded, other processes
// on the card told in words, the model being moved onto the device. Each excerpt is a real log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';

test('a memory limit named as exceeded is a limit put on the process, not a refused allocation (SUDO-AI-3D/zero123plus#2)', () => {
  const [d] = diagnoseText('It says "Memory limit exceeded".');
  assert.equal(d?.kind, 'host_oom');
  assert.equal(d?.cause, 'memory_limit');
  assert.deepEqual(
    d?.causeAlternatives?.map((a) => a.cause),
    ['memory_cap'],
  );
  // The machine's RAM is not what ran out: no "build it in chunks instead of holding it whole" alone.
  assert.match(d!.fixes[0]!, /^give it a larger limit where it runs/);
});

test('the words alone, "exceeded its memory limit", without a killer: the same', () => {
  const [d] = diagnoseText('Error: the worker exceeded its memory limit and could not allocate more');
  assert.equal(d?.cause, 'memory_limit');
});

test('"while the GPU was being used for other processes" puts the other processes first, the batch open (knaw-huc/loghi#47)', () => {
  const log = [
    'Today, however, while the GPU (NVIDIA RTX 3080 Ti) was being used for other processes, I encountered the following error.',
    'Traceback (most recent call last):',
    '  File "/src/loghi-htr/src/modes/utils.py", line 114, in process_batches',
    '    predictions: tf.Tensor = model.predict_on_batch(X)',
    '  File "/usr/local/lib/python3.10/dist-packages/tensorflow/python/eager/execute.py", line 53, in quick_execute',
    '    tensors = pywrap_tfe.TFE_Py_Execute(ctx._handle, device_name, op_name,',
    'tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'co_tenant');
  assert.ok(d?.causeAlternatives?.some((a) => a.cause === 'batch_too_large'));
  assert.match(d!.fixes[0]!, /nvidia-smi --query-compute-apps/);
});

test("a framework's own hint about other processes is not the user's words", () => {
  const [d] = diagnoseText(
    'tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor. If there are other process using the GPU, stop them.',
  );
  assert.notEqual(d?.cause, 'co_tenant');
});

test("Module.to's convert frame is the model being moved onto the card: model_state (ZichengDuan/TheChosenOne#18)", () => {
  const log = [
    ' File "/opt/saturncloud/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1143, in convert',
    '    return t.to(device, dtype if t.is_floating_point() or t.is_complex() else None, non_blocking)',
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 14.76 GiB total capacity; 13.90 GiB already allocated; 14.75 MiB free; 14.14 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.cause, 'model_state');
  assert.ok(!d!.fixes.some((f) => /lower the batch size/.test(f)), d!.fixes.join('\n'));
});

test("PyTorch's allocator warning in plain bytes: its free and total are read, and a request past the card is its shape (vrgamegirl19/VRGDG-SeedVR2-TensorRT-Studio#26)", () => {
  const log = [
    '[W831 09:18:45.000000000 CUDACachingAllocator.cpp:4079] memory allocation failed with OOM on device 0 while trying to allocate 38050725888 bytes (free: 11672748032, total: 25756696576).',
    'CUDA ONNX export ran out of memory; falling back to CPU export. This may take a while.',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.kind, 'gpu_oom');
  assert.equal(d?.facts.freeBytes, 11672748032);
  assert.equal(d?.facts.totalBytes, 25756696576);
  assert.equal(d?.cause, 'request_exceeds_device');
});

test('a /dev/shm the user states as ">10 GB" is not told to grow to 8g (discuss.pytorch.org/t/202773)', () => {
  const log = [
    "Sadly, this crashes for training on sufficiently large dataset due to exhaustion of shared memory (/dev/shm). If increasing /dev/shm size was the answer, I wouldn't be here.",
    '  • /dev/shm size is >10 GB',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.equal(d?.kind, 'shm');
  assert.ok(!d!.fixes.some((f) => /--shm-size=8g/.test(f)), d!.fixes.join('\n'));
  assert.ok(
    d!.fixes.some((f) => /already 9\.31 GiB/.test(f)),
    d!.fixes.join('\n'),
  );
});
