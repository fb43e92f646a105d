// doctor on the inference engines' own start-up refusals: each stand-in (examples/workloads/fake_*.py) is
// made to fail on a simulated card, and what it printed (the engine's text from its source) is diagnosed
// as that engine's kind, with its figures and fixes that name the engine's flag and headroom's placeholder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newSimDir, startWorkload } from '../../probe/gpu/test-helpers/workloads.js';
import { diagnoseText } from '../diagnose-text.js';
import { mustDiagnose } from '../test-helpers/diagnose.js';

const GiB = 1024 ** 3;
const card = () => ({ HEADROOM_GPU: 'sim:24GiB', HEADROOM_SIM_DIR: newSimDir() });

async function failingOutput(script: string, args: string[], env = card()) {
  const ended = await startWorkload(script, args, env).ended;
  assert.equal(ended.code, 1, ended.stderr);
  return `${ended.stdout}${ended.stderr}`;
}

test('vLLM refusing to start for lack of free memory: what was free, and the utilization that would have started', async () => {
  const env = card();
  const holder = startWorkload(
    'fake_vllm.py',
    ['serve', 'm', '--gpu-memory-utilization', '0.6', '--hold-ms', '-1'],
    env,
  );
  await holder.waitFor(/startup complete/);
  const log = await failingOutput('fake_vllm.py', ['serve', 'm', '--gpu-memory-utilization', '0.5'], env);
  holder.child.kill('SIGTERM');
  await holder.ended;
  const d = mustDiagnose(...log.split('\n'));
  assert.equal(d.code, 'vllm-free-memory-at-startup');
  assert.deepEqual([d.kind, d.framework, d.cause, d.confidence], ['gpu_oom', 'vllm', 'co_tenant', 'certain']);
  assert.equal(d.facts.utilization, 0.5);
  assert.equal(d.facts.totalBytes, 24 * GiB);
  assert.match(d.fixes[0] ?? '', /--gpu-memory-utilization \{gpu_memory_utilization\}/);
  assert.match(d.fixes[1] ?? '', /^lower --gpu-memory-utilization to 0\.37 or less$/);
});

test("vLLM's refusal as a multiprocess worker prints it (a real log's prefix) is read the same", () => {
  const d = mustDiagnose(
    '(Worker pid=147074) ERROR 08-18 20:42:54 [multiproc_executor.py:901] ValueError: Free memory on device cuda:0 (52.81/95.01 GiB) on startup is less than desired GPU memory utilization (0.9, 85.51 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.',
  );
  assert.equal(d.code, 'vllm-free-memory-at-startup');
  assert.deepEqual([d.facts.device, d.facts.freeBytes], ['cuda:0', Math.round(52.81 * GiB)]);
  assert.match(d.fixes[1] ?? '', /to 0\.55 or less/);
});

test("vLLM's KV cache that does not fit its share stays the allocation family's kv-cache-too-small", async () => {
  const log = await failingOutput('fake_vllm.py', [
    'serve',
    'm',
    '--gpu-memory-utilization',
    '0.1',
    '--weights',
    '2GiB',
  ]);
  assert.equal(mustDiagnose(...log.split('\n')).code, 'kv-cache-too-small');
});

test('SGLang\'s "Not enough memory": its static fraction is of what was free when it started', async () => {
  const log = await failingOutput('fake_sglang.py', ['--mem-fraction-static', '0.05']);
  const d = mustDiagnose(...log.split('\n'));
  assert.deepEqual(
    [d.code, d.kind, d.framework, d.cause],
    ['sglang-not-enough-memory', 'gpu_oom', 'sglang', 'memory_cap'],
  );
  assert.match(d.fixes[0] ?? '', /--mem-fraction-static \{mem_fraction_static\}/);
});

test("TensorRT-LLM's executor that could not create a component: which one, and how much was free before it", async () => {
  const log = await failingOutput('fake_trtllm.py', ['m', '--weights', '30GiB']);
  const d = diagnoseText(log.split('\n')).find((x) => x.framework === 'tensorrt-llm');
  assert.ok(d, log);
  assert.equal(d.code, 'tensorrt-llm-executor-oom');
  assert.deepEqual([d.facts.component, d.facts.totalBytes], ['Model', 24 * GiB]);
  assert.equal(d.cause, 'model_state');
  const kv = mustDiagnose(
    '[TRT-LLM] [RANK 1] [E] Failed to initialize executor on rank 1: Executor creation failed due to insufficient GPU memory.',
    '',
    'The following component could not be created: KV cache',
    'Total GPU memory (GiB): 140.06',
    'Free GPU memory before component creation attempt (GiB): 108.86',
  );
  assert.deepEqual([kv.facts.component, kv.cause], ['KV cache', 'co_tenant']);
  assert.equal(kv.fixes[0], 'lower --kv_cache_free_gpu_memory_fraction');
  assert.match(kv.fixes[1] ?? '', /\{free_gpu_memory_fraction\}/);
});
