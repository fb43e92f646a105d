// `headroom env`, run in-process (test/e2e: `eval "$(headroom env ...)"` and the signals it passes on).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { writeConfig } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

describe('headroom env', () => {
  const tricky = `it's a "test" with $HOME, \`ticks\`, back\\\\slash\nand a second line`;
  const file = writeConfig(
    `gpus:\n  - memory: 24GiB\nprocesses:\n  learner:\n    framework: jax\n    gpu_memory: 30%\n    env:\n      RUN_NOTE: ${JSON.stringify(tricky)}\n  actor:\n    framework: jax\n    gpu_memory: 10%\n    replicas: 2\n`,
  );

  test('replica k of actor is actor.k; json and dotenv formats', async () => {
    const json = await runHeadroom(['env', '-c', file, 'actor.1', '--format', 'json']);
    assert.equal(json.code, 0, json.stderr);
    const env = JSON.parse(json.stdout);
    assert.equal(env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.1000');
    assert.equal(env.HEADROOM_PROCESS, 'actor.1');
    const dotenv = await runHeadroom(['env', '-c', file, 'learner', '--format', 'dotenv']);
    assert.match(dotenv.stdout, /^XLA_PYTHON_CLIENT_PREALLOCATE=false$/m);
    assert.match(dotenv.stdout, /^RUN_NOTE="it's a \\"test\\"/m);
  });

  test('naming a replicated process, or an unknown one, is a usage error with the choices', async () => {
    const replicated = await runHeadroom(['env', '-c', file, 'actor']);
    assert.equal(replicated.code, 2);
    assert.match(replicated.stderr, /actor has 2 replicas; name one: actor\.0, actor\.1/);
    const unknown = await runHeadroom(['env', '-c', file, 'lerner']);
    assert.match(unknown.stderr, /did you mean "learner"\?/);
    assert.equal((await runHeadroom(['env', '-c', file, 'learner', '--format', 'toml'])).code, 2);
  });

  test('env NAME -- CMD runs CMD with the variables and passes its exit code through', async () => {
    const result = await runHeadroom([
      'env',
      '-c',
      file,
      'actor.0',
      '--',
      'sh',
      '-c',
      'printf "%s %s" "$XLA_PYTHON_CLIENT_MEM_FRACTION" "$CUDA_VISIBLE_DEVICES"; exit 7',
    ]);
    assert.equal(result.code, 7);
    assert.equal(result.stdout, '0.1000 0');
    const killed = await runHeadroom(['env', '-c', file, 'learner', '--', 'sh', '-c', 'kill -TERM $$']);
    assert.equal(killed.code, 128 + 15);
    const missing = await runHeadroom(['env', '-c', file, 'learner', '--', 'no-such-command-xyz']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot run no-such-command-xyz: command not found/);
  });

  test('an inherited XLA_CLIENT_MEM_FRACTION is removed from the command it runs', async () => {
    const result = await runHeadroom(
      ['env', '-c', file, 'learner', '--', 'sh', '-c', 'printf "%s" "${XLA_CLIENT_MEM_FRACTION-gone}"'],
      {
        env: { XLA_CLIENT_MEM_FRACTION: '0.9' },
      },
    );
    assert.equal(result.stdout, 'gone');
  });
});

describe('headroom env: the bootstrap', () => {
  const file = writeConfig(
    'gpus:\n  - index: 1\n    memory: 24GiB\nprocesses:\n  trainer:\n    framework: torch\n    gpu_memory: 25%\n  logger:\n    framework: torch\n    gpu_memory: 1GiB\n    enforce: warn\n',
  );

  test('a torch process: PYTHONPATH starts with the packaged bootstrap, and the comment says why', async () => {
    const { code, stdout, stderr } = await runHeadroom(['env', '-c', file, 'trainer'], {
      env: { PYTHONPATH: '/mine' },
    });
    assert.equal(code, 0, stderr);
    const bootstrap = join(repoRoot, 'python', 'headroom_boot');
    assert.ok(existsSync(join(bootstrap, 'sitecustomize.py')));
    assert.match(stdout, new RegExp(`^export PYTHONPATH=${bootstrap}:/mine$`, 'm'));
    assert.match(
      stdout,
      /^# PYTHONPATH starts with .*set_per_process_memory_fraction\(0\.2500\) when torch initialises CUDA/m,
    );
    assert.match(stdout, /^export CUDA_VISIBLE_DEVICES=1$/m);
    assert.match(stdout, /^export CUDA_DEVICE_ORDER=PCI_BUS_ID$/m);
    const json = JSON.parse((await runHeadroom(['env', '-c', file, 'trainer', '--format', 'json'])).stdout);
    assert.equal(json.HEADROOM_BOOT, 'torch-alloc,torch-cap,peaks');
  });

  test('enforce: warn: the bootstrap only adds allocator keys and records peaks; the plan says how to cap it by hand', async () => {
    const { stdout } = await runHeadroom(['env', '-c', file, 'logger']);
    assert.match(stdout, /^export HEADROOM_BOOT=torch-alloc,peaks$/m);
    assert.match(stdout, /^# .*at exit it records the framework's own peak GPU counters/m);
    assert.match(stdout, /^# .*adds expandable_segments:True \(torch >= 2\.1\) to PYTORCH_CUDA_ALLOC_CONF/m);
    assert.doesNotMatch(stdout, /set_per_process_memory_fraction/);
    const plan = JSON.parse((await runHeadroom(['plan', '-c', file, '--json'])).stdout);
    assert.deepEqual(
      plan.processes.map((p: { name: string; capBy: string }) => [p.name, p.capBy]),
      [
        ['trainer', 'bootstrap'],
        ['logger', 'watch'],
      ],
    );
    assert.ok(plan.findings.some((f: { code: string }) => f.code === 'torch-cap-in-process'));
  });
});
