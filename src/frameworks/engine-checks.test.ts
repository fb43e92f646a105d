// The plan's findings for engine commands: the flag missing, contradicting the plan, or written as a
// placeholder; what a free-memory engine's share rests on; placeholders a process gets no value for.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  checkEngineFlag,
  checkEngineStart,
  checkPlaceholders,
  type EngineInstance,
} from './engine-checks.js';
import { knobValue } from './engine-knob.js';
import type { StartNeighbours } from './engine-start.js';
import { sglangKnob } from './sglang.js';
import { tensorrtLlmKnob } from './tensorrt-llm.js';
import { vllmKnob } from './vllm.js';

const GiB = 1024 ** 3;

function vllm(command: string | string[]): EngineInstance {
  const input = { budgetBytes: 6 * GiB, totalBytes: 24 * GiB, freeAtStartBytes: 23 * GiB };
  return {
    name: 'actor',
    label: 'vLLM',
    device: 0,
    budgetBytes: 6 * GiB,
    command,
    knob: vllmKnob,
    value: knobValue(vllmKnob, input),
  };
}

test('the placeholder, or the variable in a shell command, is what the plan wants: no finding', () => {
  assert.deepEqual(
    checkEngineFlag(vllm(['vllm', 'serve', 'm', '--gpu-memory-utilization', '{gpu_memory_utilization}'])),
    [],
  );
  assert.deepEqual(
    checkEngineFlag(vllm('vllm serve m --gpu-memory-utilization=$HEADROOM_GPU_MEMORY_UTILIZATION')),
    [],
  );
  assert.deepEqual(
    checkEngineFlag(vllm('vllm serve m --gpu-memory-utilization 0.25')),
    [],
    'the very value the plan computed',
  );
});

test('no flag: the finding names it, with what the default would take', () => {
  const [finding] = checkEngineFlag(vllm('vllm serve m'));
  assert.equal(finding?.code, 'engine-flag-missing');
  assert.equal(finding?.severity, 'error', '0.92 of 24 GiB is far over a 6 GiB budget');
  assert.match(
    finding?.message ?? '',
    /runs without --gpu-memory-utilization, so it takes its default 0\.92 of the card's total memory, about 22\.08 GiB against a budget of 6\.00 GiB; write --gpu-memory-utilization \{gpu_memory_utilization\} in its command: the plan fills in 0\.2500/,
  );
});

test('a hard-coded value that contradicts the plan: an error above it, a warning below it', () => {
  const [over] = checkEngineFlag(vllm(['vllm', 'serve', 'm', '--gpu_memory_utilization=0.9']));
  assert.equal(over?.code, 'engine-flag-contradicts-plan');
  assert.equal(over?.severity, 'error');
  assert.match(
    over?.message ?? '',
    /--gpu-memory-utilization 0\.9 in its command contradicts the plan's 0\.2500/,
  );
  const [under] = checkEngineFlag(vllm('vllm serve m --gpu-memory 0.1'));
  assert.equal(under?.severity, 'warning');
  assert.equal(
    checkEngineFlag(vllm('vllm serve m --gpu-memory-utilization $FRACTION'))[0]?.code,
    'engine-flag-unchecked',
  );
});

test('an engine sized from free memory: the plan says what it counted as held, what it could not order, and who may not hold yet', () => {
  const value = knobValue(tensorrtLlmKnob, {
    budgetBytes: 6 * GiB,
    totalBytes: 24 * GiB,
    freeAtStartBytes: 12 * GiB,
  });
  const engine: EngineInstance = {
    name: 'gen',
    label: 'TensorRT-LLM',
    device: 0,
    budgetBytes: 6 * GiB,
    command: 'trtllm-serve m --free_gpu_memory_fraction {free_gpu_memory_fraction}',
    knob: tensorrtLlmKnob,
    value,
  };
  const learner = {
    name: 'learner',
    process: 'learner',
    device: 0,
    budgetBytes: 10 * GiB,
    overheadBytes: GiB,
  };
  const neighbours: StartNeighbours = {
    before: [{ ...learner, hasReadyWhen: false }],
    unordered: [{ name: 'eval', process: 'eval', device: 0, budgetBytes: GiB, overheadBytes: GiB }],
    heldBeforeBytes: 11 * GiB,
    freeAtStartBytes: 12 * GiB,
  };
  const findings = checkEngineStart(engine, neighbours);
  assert.deepEqual(
    findings.map((f) => [f.code, f.severity]),
    [
      ['engine-start-order', 'info'],
      ['engine-start-unordered', 'warning'],
      ['engine-start-before-ready', 'warning'],
      ['engine-outside-knob', 'info'],
    ],
  );
  assert.match(
    findings[0]?.message ?? '',
    /--kv_cache_free_gpu_memory_fraction 0\.5000 is a fraction of the memory free after its weights and buffers, planned as 12\.00 GiB: the plan counts learner \(11\.00 GiB\) as held by then/,
  );
  assert.deepEqual(
    checkEngineStart(vllm('x'), neighbours),
    [],
    "vLLM's share is of the total: order does not change it",
  );
  assert.equal(
    checkEngineStart({ ...engine, knob: sglangKnob }, { ...neighbours, unordered: [], before: [] }).length,
    2,
  );
});

test('a placeholder the process has no value for is an error that names whose flag it is', () => {
  const [finding] = checkPlaceholders({
    name: 'learner',
    framework: 'jax',
    command: 'python train.py --frac {mem_fraction_static} --bytes {budget_bytes}',
    values: { budget_bytes: '1' },
    owners: { mem_fraction_static: 'SGLang' },
  });
  assert.equal(finding?.code, 'placeholder-unfilled');
  assert.match(
    finding?.message ?? '',
    /\{mem_fraction_static\} in its command is SGLang's flag value; a jax process is not planned one/,
  );
});
