// Fixes never repeat what the log shows done (issue 23 item 5): a setting the log shows applied
// drops the fix that would apply it again; a message's own advice to set it does not count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalValue, settingShown, settingsShown } from './settings.js';
import { mustDiagnose } from './test-helpers/diagnose.js';

// PyTorch 2.1+ (c10/cuda/CUDACachingAllocator.cpp), fragmentation by its own figures.
const fragmented =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 23.68 GiB of which 512.00 MiB is free. Including non-PyTorch memory, this process has 23.16 GiB memory in use. Of the allocated memory 15.00 GiB is allocated by PyTorch, and 7.50 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';

test('the message advising a setting is not the setting applied', () => {
  assert.equal(settingShown(fragmented), undefined);
  assert.match(mustDiagnose(fragmented).fixes.join('\n'), /PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True/);
});

test('a setting the log shows exported drops the fix that sets it again', () => {
  const exported = 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True';
  assert.deepEqual(settingShown(exported), {
    name: 'pytorch_cuda_alloc_conf',
    value: 'expandable_segments:true',
  });
  const d = mustDiagnose(exported, fragmented);
  assert.equal(d.cause, 'fragmentation');
  assert.ok(!d.fixes.some((f) => /expandable_segments:True/.test(f)), d.fixes.join('\n'));
  assert.ok(d.fixes.length > 0);
});

test('values compare as written or as booleans', () => {
  assert.equal(canonicalValue('True'), 'true');
  assert.equal(canonicalValue('1'), 'true');
  assert.equal(canonicalValue('false,'), 'false');
  assert.deepEqual(settingShown('XLA_PYTHON_CLIENT_PREALLOCATE=false python train.py'), {
    name: 'xla_python_client_preallocate',
    value: 'false',
  });
  assert.deepEqual(settingShown('DataLoader(dataset, num_workers=0)'), {
    name: 'num_workers',
    value: 'false',
  });
});

test('an NCCL failure under NCCL_DEBUG=INFO already is not told to rerun with it', () => {
  // NCCL's docs (env.html#nccl-debug): INFO prints debug information; values compare case-insensitively.
  const timeout =
    '[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=49, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800561 milliseconds before timing out.';
  assert.match(mustDiagnose(timeout).fixes.join('\n'), /NCCL_DEBUG=INFO/);
  const shown = mustDiagnose('export NCCL_DEBUG=info', timeout);
  assert.ok(!shown.fixes.some((f) => /NCCL_DEBUG=INFO/.test(f)), shown.fixes.join('\n'));
});

test('an engine argument as a flag is the same setting, and a command line shows every one it gives', () => {
  // vllm-project/vllm#17238 (heldout-7): `vllm serve ... --max-model-len 4096` was told to lower
  // --max-model-len with no value, as if it were not given.
  const line =
    'vllm serve Qwen2.5-32B --tensor-parallel-size 2 --gpu-memory-utilization 0.9 --max-model-len 4096 --enforce-eager';
  assert.deepEqual(settingsShown(line), [
    { name: 'gpu_memory_utilization', value: '0.9' },
    { name: 'max_model_len', value: '4096' },
  ]);
  assert.deepEqual(settingShown('LLM(model, max_model_len=8192)'), { name: 'max_model_len', value: '8192' });
  assert.deepEqual(settingsShown('docker run --shm-size=8g image'), [{ name: '--shm-size', value: '8g' }]);
  assert.deepEqual(settingsShown('try lowering --max-model-len 2048'), []);
});
