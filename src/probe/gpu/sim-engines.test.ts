// The inference-engine stand-ins (examples/workloads/fake_*.py) on simulated cards: they read their flags the
// way vLLM, SGLang and TensorRT-LLM do, size their memory on each engine's own base, share the card with the
// Node workloads through one protocol, and fail with each engine's own words when given too little.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimProbe } from './sim-backend.js';
import { newSimDir, startWorkload } from './test-helpers/workloads.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;
const quiet = ['--context', '256MiB'];

function simCard(spec = 'sim:24GiB') {
  const probe = createSimProbe({ spec, env: { HEADROOM_SIM_DIR: newSimDir() } });
  return { probe, env: probe.childEnv };
}

async function heldBytes(probe: ReturnType<typeof simCard>['probe'], pid: number | undefined) {
  return (await probe.snapshot()).processes.find((p) => p.pid === pid)?.usedBytes;
}

test('fake_vllm holds its context plus ceil(total × utilization), with the flag written as vLLM reads it', async () => {
  for (const flag of [
    ['--gpu-memory-utilization', '0.25'],
    ['--gpu_memory_utilization=0.25'],
    ['--gpu-memory', '0.25'],
  ]) {
    const { probe, env } = simCard();
    const vllm = startWorkload('fake_vllm.py', ['serve', 'm', ...flag, ...quiet], env);
    await vllm.waitFor(/Application startup complete/);
    assert.equal(
      await heldBytes(probe, vllm.child.pid),
      256 * MiB + Math.ceil(24 * GiB * 0.25),
      flag.join(' '),
    );
    vllm.child.kill('SIGTERM');
    await vllm.ended;
    assert.equal((await probe.snapshot()).processes.length, 0, 'the claim is freed when it is stopped');
  }
});

test('fake_vllm refuses to start when a Node workload leaves less free than utilization × total', async () => {
  const { env } = simCard();
  const jax = startWorkload(
    'fake-jax.mjs',
    [
      '--step',
      '12GiB',
      '--steps',
      '1',
      '--hold-ms',
      '-1',
      '--interval-ms',
      '1',
      '--host-per-step',
      '1MiB',
      '--context',
      '0',
    ],
    {
      ...env,
      XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
      XLA_PYTHON_CLIENT_MEM_FRACTION: '0.6',
    },
  );
  await jax.waitFor(/done/);
  const vllm = await startWorkload(
    'fake_vllm.py',
    ['serve', 'm', '--gpu-memory-utilization', '0.5', ...quiet],
    env,
  ).ended;
  jax.child.kill('SIGTERM');
  await jax.ended;
  assert.equal(vllm.code, 1);
  assert.match(
    vllm.stderr,
    /ValueError: Free memory on device cuda:0 \(11\.75\/24\.0 GiB\) on startup is less than desired GPU memory utilization \(0\.5, 12\.0 GiB\)\. Decrease GPU memory utilization or reduce GPU memory used by other processes\./,
  );
});

test("fake_vllm: too small a share is vLLM's KV-cache error, and its range is CacheConfig's (0, 1]", async () => {
  const { env } = simCard();
  const none = await startWorkload(
    'fake_vllm.py',
    ['serve', 'm', '--gpu-memory-utilization', '0.1', '--weights', '2GiB', ...quiet],
    env,
  ).ended;
  assert.match(
    none.stderr,
    /ValueError: No available memory for the cache blocks\. Try increasing `gpu_memory_utilization`/,
  );
  const short = await startWorkload(
    'fake_vllm.py',
    ['serve', 'm', '--gpu-memory-utilization', '0.12', '--max-model-len', '100000', ...quiet],
    env,
  ).ended;
  assert.match(
    short.stderr,
    /To serve at least one request with the model's max seq len \(100000\), \(12\.21 GiB KV cache is needed, which is larger than the available KV cache memory \(0\.38 GiB\)/,
  );
  const over = await startWorkload('fake_vllm.py', ['serve', 'm', '--gpu-memory-utilization', '1.5'], env)
    .ended;
  assert.match(
    over.stderr,
    /Input should be less than or equal to 1 \[type=less_than_equal, input_value=1\.5/,
  );
  for (const ended of [none, short, over]) assert.equal(ended.code, 1);
});

test('fake_sglang: weights + KV cache are the static fraction of what was free at its start; activations come on top', async () => {
  const { probe, env } = simCard();
  const sglang = startWorkload(
    'fake_sglang.py',
    [
      '--mem-frac',
      '0.5',
      '--weights',
      '2GiB',
      '--activation',
      '1GiB',
      '--kv-bytes-per-token',
      '1MiB',
      '--hold-ms',
      '-1',
      ...quiet,
    ],
    env,
  );
  await sglang.waitFor(/ready to roll/);
  const held = await heldBytes(probe, sglang.child.pid);
  sglang.child.kill('SIGTERM');
  await sglang.ended;
  const freeAtStart = 24 * GiB - 256 * MiB;
  const staticBytes = Math.floor((freeAtStart * 0.5) / MiB) * MiB;
  assert.equal(held, 256 * MiB + staticBytes + GiB);
  const small = await startWorkload('fake_sglang.py', ['--mem-fraction-static', '0.05', ...quiet], env).ended;
  assert.equal(small.code, 1);
  assert.match(
    small.stderr,
    /RuntimeError: Not enough memory\. Please try to increase --mem-fraction-static\./,
  );
});

test("fake_trtllm: the KV cache is the fraction of what is free after its weights; a component that does not fit is explained in TensorRT-LLM's words", async () => {
  const { probe, env } = simCard();
  const trt = startWorkload(
    'fake_trtllm.py',
    [
      'm',
      '--free_gpu_memory_fraction',
      '0.5',
      '--weights',
      '2GiB',
      '--activation',
      '1GiB',
      '--hold-ms',
      '-1',
      ...quiet,
    ],
    env,
  );
  await trt.waitFor(/Application startup complete/);
  const held = await heldBytes(probe, trt.child.pid);
  trt.child.kill('SIGTERM');
  await trt.ended;
  const loaded = 256 * MiB + 3 * GiB;
  assert.equal(held, loaded + Math.floor((24 * GiB - loaded) * 0.5));
  const big = await startWorkload('fake_trtllm.py', ['m', '--weights', '30GiB', ...quiet], env).ended;
  assert.equal(big.code, 1);
  assert.match(
    big.stderr,
    /Executor creation failed due to insufficient GPU memory\.\n\nThe following component could not be created: Model\nTotal GPU memory \(GiB\): 24\.00\n/,
  );
  const range = await startWorkload(
    'fake_trtllm.py',
    ['m', '--kv_cache_free_gpu_memory_fraction', '1.2'],
    env,
  ).ended;
  assert.match(range.stderr, /kv_cache_config\.free_gpu_memory_fraction must be a float between 0 and 1/);
});
