// The plan's engine pass: each engine's knob from its budget on its own base, filled into its placeholders
// and its environment, with the findings; a process that is no engine gets {budget_bytes} only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type EnginePassInstance, planEngines } from './engine-plan.js';
import { sglangKnob } from './sglang.js';
import { tensorrtLlmKnob } from './tensorrt-llm.js';
import { vllmKnob } from './vllm.js';

const GiB = 1024 ** 3;
const engines = [
  { label: 'vLLM', knob: vllmKnob },
  { label: 'SGLang', knob: sglangKnob },
  { label: 'TensorRT-LLM', knob: tensorrtLlmKnob },
];
const engineOf = (framework: string) =>
  ({ vllm: engines[0], sglang: engines[1], 'tensorrt-llm': engines[2] })[framework];

function instance(name: string, framework: string, budgetGiB: number): EnginePassInstance {
  return {
    name,
    process: name,
    framework,
    device: 0,
    budgetBytes: budgetGiB * GiB,
    overheadBytes: GiB,
    env: {},
    capNote: '',
    capBy: 'watch',
  };
}

test('seed 000 with a vLLM actor: a JAX learner and vLLM on one 24 GiB card', () => {
  const { instances, findings } = planEngines({
    instances: [instance('learner', 'jax', 7), instance('actor', 'vllm', 6)],
    processes: [
      {
        name: 'learner',
        dependsOn: [],
        readyWhen: undefined,
        command: 'python train.py --budget {budget_bytes}',
      },
      {
        name: 'actor',
        dependsOn: [],
        readyWhen: undefined,
        command: ['vllm', 'serve', 'm', '--gpu-memory-utilization', '{gpu_memory_utilization}'],
      },
    ],
    devices: [{ index: 0, totalBytes: 24 * GiB }],
    engineOf,
    engines,
  });
  const [learner, actor] = instances;
  assert.deepEqual(learner?.placeholders, { budget_bytes: String(7 * GiB) });
  assert.equal(learner?.engineFlag, undefined);
  assert.deepEqual(actor?.placeholders, { budget_bytes: String(6 * GiB), gpu_memory_utilization: '0.2500' });
  assert.equal(actor?.env.HEADROOM_GPU_MEMORY_UTILIZATION, '0.2500');
  assert.deepEqual(actor?.engineFlag, {
    flag: '--gpu-memory-utilization',
    placeholder: '{gpu_memory_utilization}',
    value: '0.2500',
    base: 'total',
    baseBytes: 24 * GiB,
    grantedBytes: 6 * GiB,
    startsAfter: [],
  });
  assert.deepEqual(
    findings,
    [],
    "vLLM's share is of the total: start order does not matter, and its flag is the placeholder",
  );
});

test('TensorRT-LLM after a learner: its fraction is of what the learner leaves, and the plan says so', () => {
  const { instances, findings } = planEngines({
    instances: [instance('learner', 'jax', 10), instance('gen', 'tensorrt-llm', 6)],
    processes: [
      { name: 'learner', dependsOn: [], readyWhen: '^step 1', command: undefined },
      {
        name: 'gen',
        dependsOn: ['learner'],
        readyWhen: undefined,
        command: 'trtllm-serve m --kv_cache_free_gpu_memory_fraction {free_gpu_memory_fraction}',
      },
    ],
    devices: [{ index: 0, totalBytes: 24 * GiB }],
    engineOf,
    engines,
  });
  // 24 GiB − its own context − the learner's 10 GiB and context = 12 GiB free when it starts.
  assert.equal(instances[1]?.engineFlag?.value, '0.5000');
  assert.deepEqual(instances[1]?.engineFlag?.startsAfter, ['learner']);
  assert.equal(instances[0]?.placeholders, undefined, 'no placeholder, no engine: nothing added');
  assert.deepEqual(
    findings.map((f) => f.code),
    ['engine-start-order', 'engine-outside-knob'],
  );
});

test('an engine without its flag, and a placeholder in a process that is no engine, are findings', () => {
  const { findings } = planEngines({
    instances: [instance('gen', 'sglang', 6), instance('learner', 'jax', 6)],
    processes: [
      {
        name: 'gen',
        dependsOn: [],
        readyWhen: undefined,
        command: 'python -m sglang.launch_server --model-path m',
      },
      {
        name: 'learner',
        dependsOn: [],
        readyWhen: undefined,
        command: 'python train.py {gpu_memory_utilization}',
      },
    ],
    devices: [{ index: 0, totalBytes: 24 * GiB }],
    engineOf,
    engines,
  });
  assert.deepEqual(
    findings.map((f) => [f.code, f.severity, f.process]),
    [
      ['engine-flag-missing', 'error', 'gen'],
      ['engine-start-order', 'info', 'gen'],
      ['engine-start-unordered', 'warning', 'gen'],
      ['engine-outside-knob', 'info', 'gen'],
      ['placeholder-unfilled', 'error', 'learner'],
    ],
  );
});

test('{free_gpu_memory_fraction:SIZE}: the command says what TensorRT-LLM holds outside its fraction, and the plan leaves it out', () => {
  const { instances, findings } = planEngines({
    instances: [instance('gen', 'tensorrt-llm', 8), instance('chat', 'vllm', 4)],
    processes: [
      {
        name: 'gen',
        dependsOn: [],
        readyWhen: undefined,
        command: 'trtllm-serve m --free_gpu_memory_fraction {free_gpu_memory_fraction:4GiB}',
      },
      {
        name: 'chat',
        dependsOn: ['gen'],
        readyWhen: undefined,
        command: 'vllm serve m --gpu-memory-utilization {gpu_memory_utilization:1GiB}',
      },
    ],
    devices: [{ index: 0, totalBytes: 24 * GiB }],
    engineOf,
    engines,
  });
  // 23 GiB free when it starts, less 4 GiB of weights and buffers: (8 − 4) / 19.
  assert.equal(instances[0]?.placeholders?.['free_gpu_memory_fraction:4GiB'], '0.2105');
  assert.equal(instances[0]?.engineFlag?.value, '0.2105');
  assert.ok(!findings.some((f) => f.code === 'engine-outside-knob' && f.process === 'gen'));
  assert.equal(findings.filter((f) => f.process === 'chat').length, 1, 'reported once');
  const vllmArgument = findings.find((f) => f.process === 'chat');
  assert.deepEqual([vllmArgument?.code, vllmArgument?.severity], ['placeholder-argument', 'error']);
  assert.match(vllmArgument?.message ?? '', /vLLM's flag covers all it holds but its context/);
});
