// The example workloads on simulated cards behave like the frameworks they stand for (FACTS.md Q1, Q2, Q8,
// Q9): JAX's fraction of total and its preallocation switch, PyTorch's cap, and each framework's OOM text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSimProbe } from './sim-backend.js';
import { newSimDir, startWorkload } from './test-helpers/workloads.js';

const GiB = 1024 ** 3;
const fast = ['--interval-ms', '1', '--host-per-step', '1MiB', '--context', '0'];

function simCard(spec = 'sim:10GiB') {
  const probe = createSimProbe({ spec, env: { HEADROOM_SIM_DIR: newSimDir() } });
  return { probe, env: probe.childEnv };
}

test('fake-jax preallocates 75% of total at the first step unless PREALLOCATE is exactly false, False or 0', async () => {
  for (const [value, isPreallocated] of [
    [undefined, true],
    ['FALSE', true],
    ['no', true],
    ['false', false],
    ['0', false],
  ] as const) {
    const { probe, env } = simCard();
    const jax = startWorkload(
      'fake-jax.mjs',
      ['--step', '1GiB', '--steps', '1', '--hold-ms', '-1', ...fast],
      {
        ...env,
        ...(value === undefined ? {} : { XLA_PYTHON_CLIENT_PREALLOCATE: value }),
      },
    );
    await jax.waitFor(/done/);
    const claimed = (await probe.snapshot()).processes[0]?.usedBytes;
    jax.child.kill('SIGTERM');
    await jax.ended;
    assert.equal(claimed, isPreallocated ? Math.floor(10 * GiB * 0.75) : GiB, `PREALLOCATE=${value}`);
  }
});

test('fake-jax: the fraction caps the pool without preallocation too, and the OOM is XLA RESOURCE_EXHAUSTED', async () => {
  const { env } = simCard();
  const jax = startWorkload('fake-jax.mjs', ['--step', '1GiB', '--steps', '5', ...fast], {
    ...env,
    XLA_PYTHON_CLIENT_PREALLOCATE: 'false',
    XLA_PYTHON_CLIENT_MEM_FRACTION: '.3',
  });
  const ended = await jax.ended;
  assert.equal(ended.code, 1);
  assert.match(ended.stdout, /step 3\/5/);
  assert.doesNotMatch(ended.stdout, /step 4\/5/);
  assert.match(
    ended.stderr,
    /jaxlib\.xla_extension\.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1073741824 bytes\./,
  );
});

test('fake-jax: both fraction names set is the ValueError jaxlib raises', async () => {
  const { env } = simCard();
  const ended = await startWorkload('fake-jax.mjs', ['--steps', '1', ...fast], {
    ...env,
    XLA_CLIENT_MEM_FRACTION: '.3',
    XLA_PYTHON_CLIENT_MEM_FRACTION: '.3',
  }).ended;
  assert.equal(ended.code, 1);
  assert.match(
    ended.stderr,
    /ValueError: XLA_CLIENT_MEM_FRACTION is specified together with XLA_PYTHON_CLIENT_MEM_FRACTION/,
  );
});

test('fake-torch on a crowded card fails with PyTorch 2.x text naming the other process', async () => {
  const { env } = simCard();
  const sim = startWorkload(
    'fake-sim.mjs',
    ['--gpu-memory', '7.5GiB', '--context', '0', '--host-memory', '1MiB'],
    env,
  );
  await sim.waitFor(/ready/);
  const ended = await startWorkload('fake-torch.mjs', ['--step', '1GiB', '--steps', '5', ...fast], env).ended;
  sim.child.kill('SIGTERM');
  await sim.ended;
  assert.equal(ended.code, 1);
  assert.match(
    ended.stderr,
    new RegExp(
      `torch\\.OutOfMemoryError: CUDA out of memory\\. Tried to allocate 1024\\.00 MiB\\. GPU 0 has a total capacity of 10\\.00 GiB of which 512\\.00 MiB is free\\. Process ${sim.child.pid} has 7\\.50 GiB memory in use\\. Including non-PyTorch memory, this process has 2\\.00 GiB memory in use\\.`,
    ),
  );
});

test('fake-torch with a per-process fraction stops at it; CUDA_VISIBLE_DEVICES picks the card', async () => {
  const { probe, env } = simCard('sim:4GiB,sim:10GiB');
  const torch = startWorkload(
    'fake-torch.mjs',
    ['--step', '512MiB', '--steps', '8', '--fraction', '0.2', ...fast],
    { ...env, CUDA_VISIBLE_DEVICES: '1' },
  );
  const ended = await torch.ended;
  assert.equal(ended.code, 1);
  assert.match(ended.stdout, /step 4\/8: 2\.00 GiB reserved/);
  assert.match(ended.stderr, /Tried to allocate 512\.00 MiB\. GPU 0 has a total capacity of 10\.00 GiB/);
  assert.deepEqual((await probe.snapshot()).processes, []);
  const hidden = await startWorkload('fake-torch.mjs', ['--steps', '1', ...fast], {
    ...env,
    CUDA_VISIBLE_DEVICES: '',
  }).ended;
  assert.match(hidden.stderr, /no CUDA-capable device is detected/);
});
