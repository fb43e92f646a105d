// An inference engine's settings the log shows already (issue 23 item 5: a fix never tells the user to
// do what the log shows done): its share of the card in any spelling (aphrodite-engine's -gmu .97),
// its weights sharded (-tp N) or quantized (-q gptq, a checkpoint named ...-INT8-W8A16). Real excerpts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diagnoseText } from './diagnose-text.js';
import { wrongFixes } from './test-helpers/wrong-fixes.js';

// dphnAI/sonar#362 (aphrodite-engine, a vLLM fork; 2x RTX 3090), as pasted.
const aphrodite = [
  '`',
  './runtime.sh python -m aphrodite.endpoints.openai.api_server --model /media/x/nvme_1/models/Midnight-Miqu-70B-v1.5_GPTQ32G -q gptq --dtype float16 -tp 2 --port 5069 --tokenizer-mode auto --max-model-len 16000 -gmu .97 --disable-log-stats',
  '`',
  "ValueError: The model's max seq len (16000) is larger than the maximum number of tokens that can be stored in KV cache (96). Try increasing 'gpu_memory_utilization' or decreasing 'max_model_len' when initializing the engine",
].join('\n');

// vllm-project/vllm#17238, the command and the engine's refusal.
const vllmInt8 = [
  'vllm serve Qwen2.5-32B-Instruct-INT8-W8A16 --tensor-parallel-size 2 --gpu-memory-utilization 0.9 --max-model-len 4096 --enforce-eager',
  'ERROR 04-27 11:08:32 [core.py:340] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
].join('\n');

test('aphrodite -gmu .97: the share is read, and no fix raises it to 0.95 or repeats -tp 2 and -q gptq', () => {
  const [d] = diagnoseText(aphrodite);
  assert.equal(d?.cause, 'memory_cap');
  assert.match(d!.causeText, /gpu_memory_utilization \(0\.97\)/);
  assert.ok(!d!.fixes.some((f) => /gpu_memory_utilization=0\.95/.test(f)), d!.fixes.join('\n'));
  assert.ok(
    d!.fixes.some((f) =>
      f.startsWith(
        'or make the weights smaller per GPU: tensor_parallel_size across more than the 2 GPUs it uses, or a smaller model (the weights are gptq-quantized already)',
      ),
    ),
    d!.fixes.join('\n'),
  );
  assert.deepEqual(wrongFixes(aphrodite, d), []);
});

test('a checkpoint named quantized, sharded over 2 GPUs, run eager: none of the three proposed again', () => {
  const [d] = diagnoseText(vllmInt8);
  const text = d!.fixes.join('\n');
  assert.match(
    text,
    /tensor_parallel_size across more than the 2 GPUs it uses, or a smaller model \(the weights are int8-quantized already\)/,
  );
  assert.doesNotMatch(text, /a quantized checkpoint|enforce_eager=True/);
  assert.deepEqual(wrongFixes(vllmInt8, d), []);
});

test('pip install -q bitsandbytes is no quantized engine, and -tp 1 shards nothing', () => {
  const log = [
    'pip install -q bitsandbytes',
    'vllm serve meta-llama/Llama-3-8B -tp 1',
    'ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.',
  ].join('\n');
  const [d] = diagnoseText(log);
  assert.match(
    d!.fixes.join('\n'),
    /tensor_parallel_size across GPUs, a quantized checkpoint, or a smaller model/,
  );
});
