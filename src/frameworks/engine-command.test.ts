// Placeholders filled in a command, and an engine's flag found the way its parser reads it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandWords, fillPlaceholders, flagValues, placeholdersIn } from './engine-command.js';
import { sglangKnob } from './sglang.js';
import { tensorrtLlmKnob } from './tensorrt-llm.js';
import { vllmKnob } from './vllm.js';

test('fillPlaceholders fills argv words and shell strings alike, and leaves what it has no value for', () => {
  const values = { gpu_memory_utilization: '0.2916', budget_bytes: '7516192768' };
  assert.deepEqual(
    fillPlaceholders(
      ['vllm', 'serve', 'm', '--gpu-memory-utilization={gpu_memory_utilization}', '{budget_bytes}'],
      values,
    ),
    ['vllm', 'serve', 'm', '--gpu-memory-utilization=0.2916', '7516192768'],
  );
  assert.equal(
    fillPlaceholders(
      'vllm serve m --gpu-memory-utilization {gpu_memory_utilization} {mem_fraction_static} {other}',
      values,
    ),
    'vllm serve m --gpu-memory-utilization 0.2916 {mem_fraction_static} {other}',
  );
  assert.deepEqual(placeholdersIn('a {budget_bytes} {budget_bytes} {mem_fraction_static} {x}'), [
    'budget_bytes',
    'mem_fraction_static',
  ]);
});

test('commandWords splits a shell string as far as flags go: quotes removed, expansions kept', () => {
  assert.deepEqual(
    commandWords(`vllm serve "my model" --gpu-memory-utilization '0.3' --x=$HEADROOM_X \\ --y`),
    ['vllm', 'serve', 'my model', '--gpu-memory-utilization', '0.3', '--x=$HEADROOM_X', ' --y'],
  );
});

test("flagValues reads each engine's flag as its parser does: vLLM's underscores and abbreviations, SGLang's abbreviations, both TensorRT-LLM spellings", () => {
  const words = (text: string) => commandWords(text);
  assert.deepEqual(
    flagValues(words('vllm serve m --gpu_memory_utilization=0.5 --gpu-memory 0.4'), vllmKnob.spelling),
    ['0.5', '0.4'],
  );
  assert.deepEqual(
    flagValues(words('vllm serve m --gpu 0.5 --gpu-memory-utilizationX 0.1'), vllmKnob.spelling),
    [],
    'too short or not a prefix',
  );
  assert.deepEqual(flagValues(words('python -m sglang.launch_server --mem-frac 0.7'), sglangKnob.spelling), [
    '0.7',
  ]);
  assert.deepEqual(
    flagValues(words('python -m sglang.launch_server --mem_fraction_static 0.7'), sglangKnob.spelling),
    [],
    'plain argparse has no underscores',
  );
  assert.deepEqual(
    flagValues(
      words(
        'trtllm-serve m --free_gpu_memory_fraction 0.3 --kv_cache_free_gpu_memory_fraction=0.4 --free_gpu 0.1',
      ),
      tensorrtLlmKnob.spelling,
    ),
    ['0.3', '0.4'],
    'click takes no abbreviations',
  );
});
