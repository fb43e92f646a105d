// Every command's --json output, made for real in-process, is exactly what its schema declares: parsing
// it keeps every field (an undeclared one would be stripped) and changes no value. And `headroom schema
// --json-output NAME` prints each schema as JSON Schema. This is what keeps the published schemas and
// the contracts from drifting apart. (serve's one line: src/cli/commands/serve/serve.test.ts.)
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { z } from 'zod';
import { repoRoot } from '../../probe/gpu/test-helpers/shared.js';
import { newSimDir, startWorkload } from '../../probe/gpu/test-helpers/workloads.js';
import { cgroupUnavailable } from '../../supervise/test-helpers/supervised.js';
import { scratchDir } from '../../test-helpers/scratch.js';
import { runHeadroom } from '../test-helpers/run-in-process.js';
import { loadOutputSchema, type OutputSchemaName, outputSchemaNames } from './index.js';

const seed = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
const grpo = join(repoRoot, 'examples', 'grpo', 'estimate.yaml');
const grow = join(repoRoot, 'examples', 'fit', 'grow.mjs');
const steps = join(repoRoot, 'test', 'programs', 'steps.mjs');
const scratch = scratchDir('contracts');
const torchOom =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 22.78 GiB. GPU 0 has a total capacity of 31.47 GiB of which 12.73 GiB is free. Including non-PyTorch memory, this process has 18.73 GiB memory in use. Of the allocated memory 9.08 GiB is allocated by PyTorch, and 9.35 GiB is reserved by PyTorch but unallocated.';

/** Parses `output` with the command's schema: nothing may be dropped or changed. */
async function assertMatches(name: OutputSchemaName, output: unknown): Promise<void> {
  const schema: z.ZodType = await loadOutputSchema(name);
  const parsed = schema.safeParse(output);
  assert.ok(parsed.success, `${name}: ${parsed.error?.message}`);
  assert.deepEqual(parsed.data, output, `${name}: a field the schema does not declare`);
}

async function jsonOf(args: string[], env: Record<string, string> = {}): Promise<unknown> {
  const { code, stdout, stderr } = await runHeadroom(args, { env, cwd: scratch });
  assert.ok(code !== 2 && code !== 70, `${args.join(' ')}: exit ${code}: ${stderr}`);
  return JSON.parse(stdout);
}

describe('--json outputs match their schemas', () => {
  test('plan (local, --on slurm and --on ray), env, slurm script, ray script', async () => {
    await assertMatches('plan', await jsonOf(['plan', '-c', seed, '--json']));
    await assertMatches('plan', await jsonOf(['plan', '-c', seed, '--gpu', '4GiB', '--json']));
    await assertMatches(
      'plan',
      await jsonOf(['plan', '--on', 'slurm', '-c', seed, '--shards', '100', '--json']),
    );
    await assertMatches(
      'plan',
      await jsonOf(['plan', '--on', 'slurm', '-c', seed, '--shards', '10', '--json']),
    );
    // --on ray on a cluster declared in the config (the live one: src/ray/cluster.test.ts), fitting and not.
    const rayConfig = (cpus: number): string => {
      const file = join(scratch, `ray-${cpus}.yaml`);
      writeFileSync(
        file,
        `processes:\n  learner: { command: [sleep, '1'], framework: jax, gpu_memory: 30%, host_memory: 1GiB }\n  actor: { command: [sleep, '1'], framework: jax, gpu_memory: 10%, replicas: 2 }\n  loader: { command: [sleep, '1'], framework: none, host_memory: 1GiB }\nray:\n  nodes:\n    - { name: a, cpus: ${cpus}, memory: 8GiB, gpus: 1, gpu_memory: 24GiB, resources: { 'accelerator_type:A10G': 1 } }\n`,
      );
      return file;
    };
    for (const cpus of [4, 1])
      await assertMatches(
        'plan',
        await jsonOf(['plan', '--on', 'ray', '-c', rayConfig(cpus), '--json'], { RAY_ADDRESS: '' }),
      );
    await assertMatches('env', await jsonOf(['env', '-c', seed, 'learner', '--json']));
    await assertMatches(
      'slurm-script',
      await jsonOf(['slurm', 'script', '-c', seed, '--shards', '100', '--json']),
    );
    await assertMatches(
      'ray-script',
      await jsonOf(['ray', 'script', '-c', rayConfig(4), '--json'], { RAY_ADDRESS: '' }),
    );
  });

  test('init (from commands after --) and completion (a script, and --processes)', async () => {
    const cwd = join(scratch, 'init');
    mkdirSync(cwd, { recursive: true });
    const { code, stdout } = await runHeadroom(
      ['init', '--gpu', 'a100-40gb', '--json', '--', 'python', 'train.py'],
      { cwd },
    );
    assert.equal(code, 0);
    await assertMatches('init', JSON.parse(stdout));
    await assertMatches('completion', await jsonOf(['completion', 'bash', '--json']));
    await assertMatches('completion', await jsonOf(['completion', '--processes', '-c', seed, '--json']));
  });

  test('estimate, with every optional part', async () => {
    await assertMatches('estimate', await jsonOf(['estimate', '-c', grpo, '--json']));
    const full = ['-c', grpo, '--budget', '24GiB', '--host-budget', '64GiB', '--solve', 'B'];
    await assertMatches(
      'estimate',
      await jsonOf(['estimate', ...full, '--gpu-counts', '1,2', '--grad-accumulation-target', '8', '--json']),
    );
    await assertMatches(
      'estimate',
      await jsonOf(['estimate', '--params', '335M', '--batch-size', '4', '--json']),
    );
  });

  test('gpus and watch on a simulated card with a process on it, with budgets; watch without a backend', async () => {
    const env = { HEADROOM_SIM_DIR: newSimDir(), HEADROOM_GPU: 'sim:24GiB' };
    const sim = startWorkload('fake-sim.mjs', ['--gpu-memory', '2GiB', '--host-memory', '16MiB'], {
      ...env,
      HEADROOM_PROCESS: 'sim',
    });
    try {
      await sim.waitFor(/ready/);
      await assertMatches('gpus', await jsonOf(['gpus', '--gpu', 'sim:24GiB', '--json'], env));
      await assertMatches('gpus', await jsonOf(['gpus', '--gpu', 'sim:24GiB', '-c', seed, '--json'], env));
      const line = await jsonOf(['watch', '--gpu', 'sim:24GiB', '-c', seed, '--json', '--count', '1'], env);
      await assertMatches('watch', line);
    } finally {
      sim.child.kill('SIGKILL');
    }
    const noBackend = {
      HEADROOM_NVML_LIBRARY: '/nonexistent/libnvidia-ml.so.1',
      PATH: '/nonexistent',
      HEADROOM_GPU: '',
    };
    await assertMatches('watch', await jsonOf(['watch', '--json', '--count', '1'], noBackend));
  });

  test('run, report and doctor (log, run, script, environment)', async () => {
    const runDir = join(scratch, 'run');
    await assertMatches(
      'run',
      await jsonOf([
        'run',
        '--json',
        '--run-dir',
        runDir,
        '--',
        process.execPath,
        steps,
        'print:ok',
        'exit:3',
      ]),
    );
    await assertMatches('report', await jsonOf(['report', runDir, '--json']));
    const log = join(scratch, 'train.log');
    writeFileSync(log, `${torchOom}\n`);
    const script = join(scratch, 'train.py');
    writeFileSync(
      script,
      'import jax.numpy as jnp\nimport os\nx = jnp.zeros(3)\nos.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"\n',
    );
    await assertMatches('doctor', await jsonOf(['doctor', log, '--json']));
    await assertMatches('doctor', await jsonOf(['doctor', runDir, '--json']));
    await assertMatches('doctor', await jsonOf(['doctor', script, '--json']));
    await assertMatches(
      'doctor',
      await jsonOf(['doctor', '--env', '--json'], { XLA_PYTHON_CLIENT_PREALLOCATE: 'FALSE' }),
    );
  });

  test('doctor on a run OOM-killed at its host limit (others at failure, OOM kills, failure cause)', async (t) => {
    const noCgroup = cgroupUnavailable();
    if (noCgroup) return t.skip(`no memory cgroup here: ${noCgroup}`);
    const runDir = join(scratch, 'host-oom');
    const allocate = join(repoRoot, 'test', 'programs', 'allocate.mjs');
    await jsonOf([
      'run',
      '--json',
      '--run-dir',
      runDir,
      '--host-memory',
      '64MiB',
      '--',
      process.execPath,
      allocate,
      '256',
    ]);
    const output = await jsonOf(['doctor', runDir, '--json']);
    const [diagnosis] = (output as { diagnoses: Record<string, unknown>[] }).diagnoses;
    assert.deepEqual(
      ['othersAtFailure', 'oomKills', 'failureCause'].filter((field) => diagnosis?.[field] === undefined),
      [],
      JSON.stringify(output),
    );
    await assertMatches('doctor', output);
  });

  test('fit, over trials that pass, run out of GPU memory and fail otherwise', async () => {
    const quick = ['--steps', '1', '--step-ms', '50'];
    const workload = [
      '--',
      process.execPath,
      grow,
      '--batch',
      '{batch}',
      '--on',
      'gpu',
      '--base',
      '512MiB',
      '--per-item',
      '300MiB',
      ...quick,
    ];
    const env = { HEADROOM_SIM_DIR: newSimDir() };
    const args = ['fit', '--json', '--gpu', 'sim:2GiB', '--strategy', 'power', '--effective', '64'];
    await assertMatches(
      'fit',
      await jsonOf([...args, '--run-dir', join(scratch, 'fit-1'), ...workload], env),
    );
    const crash = ['--', process.execPath, grow, '--batch', '{batch}', '--crash-at', '2', ...quick];
    const failed = await runHeadroom([...args, '--run-dir', join(scratch, 'fit-2'), ...crash], {
      env,
      cwd: scratch,
    });
    assert.equal(failed.code, 2);
    await assertMatches('fit', JSON.parse(failed.stdout));
  });
});

test('schema --json-output prints a JSON Schema for every command; schema alone, headroom.yaml', async () => {
  for (const name of outputSchemaNames) {
    const { code, stdout } = await runHeadroom(['schema', '--json-output', name]);
    assert.equal(code, 0, name);
    const schema = JSON.parse(stdout);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', name);
    assert.match(schema.title, /^headroom /, name);
    assert.doesNotMatch(stdout, /"additionalProperties": false/, `${name}: fields may be added`);
  }
  assert.equal(JSON.parse((await runHeadroom(['schema'])).stdout).title, 'headroom.yaml');
  const unknown = await runHeadroom(['schema', '--json-output', 'nope']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--json-output nope: expected one of plan, env, estimate/);
});
