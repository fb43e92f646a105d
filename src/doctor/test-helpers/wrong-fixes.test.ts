import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Diagnosis } from '../types.js';
import { wrongFixes } from './wrong-fixes.js';

const suggesting = (fix: string) =>
  ({ fixes: [fix], facts: {}, cause: 'fragmentation', causeText: '' }) as unknown as Diagnosis;
const fix = 'export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True';

test("PyTorch's own hint wrapped inside a word is advice, not the setting applied", () => {
  const wrapped =
    'Of the allocated memory 91.23 GiB is allocated by PyTorch, and 2.41 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try s\n' +
    'etting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
  assert.deepEqual(wrongFixes(wrapped, suggesting(fix)), []);
  const wrappedAtSpace =
    'If reserved but unallocated memory is large try\nsetting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.';
  assert.deepEqual(wrongFixes(wrappedAtSpace, suggesting(fix)), []);
});

test('a setting the log shows applied is still judged already done, after a sentence or a blank line', () => {
  const applied = [
    'We try a few things. export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True',
    'please help\n\nexport PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\npython train.py',
    'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py',
  ];
  for (const body of applied) assert.equal(wrongFixes(body, suggesting(fix)).length, 1, body);
});

test("the judge: an engine's share raised to what the log gives it already, in any spelling, is a repeat", () => {
  const raise = 'let vLLM use more of the GPU: gpu_memory_utilization=0.95 (now its default 0.9)';
  for (const body of [
    'serve -gmu .97 --port 1',
    'vllm serve m --gpu-memory-utilization 0.95',
    'LLM(gpu_memory_utilization=0.98)',
  ])
    assert.equal(wrongFixes(body, suggesting(raise)).length, 1, body);
  for (const body of [
    'serve -gmu .9',
    'vllm serve m --gpu-memory-utilization 0.8',
    "Try increasing 'gpu_memory_utilization' 0.99",
  ])
    assert.deepEqual(wrongFixes(body, suggesting(raise)), [], body);
});

test('the judge: sharding "across GPUs" or "a quantized checkpoint" where the log shards or quantizes already', () => {
  const shard =
    'or make the weights smaller per GPU: tensor_parallel_size across GPUs, a quantized checkpoint, or a smaller model';
  assert.equal(wrongFixes('python -m vllm serve m -tp 2', suggesting(shard)).length, 1);
  assert.equal(wrongFixes('python -m vllm serve m -q awq', suggesting(shard)).length, 1);
  assert.equal(wrongFixes('vllm serve Qwen2.5-32B-Instruct-INT8-W8A16', suggesting(shard)).length, 1);
  assert.deepEqual(wrongFixes('python -m vllm serve m -tp 1', suggesting(shard)), []);
  const acknowledged =
    'or make the weights smaller per GPU: tensor_parallel_size across more than the 2 GPUs it uses, or a smaller model (the weights are awq-quantized already)';
  assert.deepEqual(wrongFixes('vllm serve m -tp 2 -q awq', suggesting(acknowledged)), []);
});

test('the judge: a /dev/shm size stated in words, a lower bound included, makes a smaller --shm-size a repeat', () => {
  const fix = 'docker: docker run --shm-size=8g ... (or --ipc=host)';
  assert.equal(wrongFixes('  • /dev/shm size is >10 GB', suggesting(fix)).length, 1);
  assert.deepEqual(wrongFixes('  • /dev/shm size is 64 MB', suggesting(fix)), []);
});
