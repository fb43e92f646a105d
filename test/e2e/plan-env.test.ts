import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, runCli, writeConfig } from './cli.js';

const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
const GiB = 1024 ** 3;

describe('headroom plan', () => {
  test('seed 000 plans feasibly; --json keeps the contract', () => {
    const { code, stdout, stderr } = runCli(['plan', '-c', seed000, '--json']);
    assert.equal(code, 0, stderr);
    const plan = JSON.parse(stdout);
    assert.deepEqual(Object.keys(plan), ['devices', 'processes', 'findings']);
    assert.deepEqual(plan.devices[0], {
      index: 0,
      name: 'simulated GPU',
      simulated: true,
      totalBytes: 24 * GiB,
      usableBytes: 24 * GiB - 512 * 1024 ** 2,
      plannedBytes: 24 * GiB - 512 * 1024 ** 2,
    });
    const learner = plan.processes.find((p: { name: string }) => p.name === 'learner');
    assert.equal(learner.process, 'learner');
    assert.equal(learner.replica, null);
    assert.equal(learner.framework, 'jax');
    assert.equal(learner.device, 0);
    assert.equal(learner.fraction, learner.budgetBytes / (24 * GiB));
    assert.ok(Number.isInteger(learner.budgetBytes) && Number.isInteger(learner.overheadBytes));
    assert.equal(learner.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal(learner.env.XLA_PYTHON_CLIENT_PREALLOCATE, 'false');
    assert.equal(learner.env.JAX_PLATFORMS, 'cuda');
    for (const f of plan.findings) {
      for (const key of ['code', 'severity', 'message']) assert.equal(typeof f[key], 'string');
    }
  });

  test('the table shows budgets, overheads and the word simulated', () => {
    const { code, stdout } = runCli(['plan', '-c', seed000]);
    assert.equal(code, 0);
    assert.match(stdout, /simulated GPU/);
    assert.match(
      stdout,
      /learner\s+jax\s+0\s+7\.20\s+30\.0%\s+1\.00\s+env\s+XLA_PYTHON_CLIENT_MEM_FRACTION=0\.3000/,
    );
    assert.match(stdout, /sim\s+other\s+0\s+10\.90\s+45\.4%\s+1\.00\s+watch/);
    assert.match(stdout, /plan is feasible/);
    assert.doesNotMatch(stdout, /\u001b\[/, 'no colour when not on a TTY');
  });

  test('--gpu overrides the config; an overcommitted plan exits 1 and states the excess', () => {
    const fixed = writeConfig(
      'gpus:\n  - memory: 80GiB\nprocesses:\n  a:\n    framework: torch\n    gpu_memory: 6GiB\n  b:\n    framework: other\n    gpu_memory: 4GiB\n',
    );
    assert.equal(runCli(['plan', '-c', fixed]).code, 0);
    const { code, stdout } = runCli(['plan', '-c', fixed, '--gpu', '8GiB', '--json']);
    assert.equal(code, 1);
    const overcommit = JSON.parse(stdout).findings.find((f: { code: string }) => f.code === 'overcommit');
    assert.equal(overcommit.severity, 'error');
    assert.equal(overcommit.device, 0);
    // 6 + 4 GiB of budgets and 2 × 1 GiB of contexts against 8 GiB − 512 MiB usable.
    assert.equal(overcommit.facts.excessBytes, 4.5 * GiB);
    const text = runCli(['plan', '-c', fixed, '--gpu', '8GiB']);
    assert.equal(text.code, 1);
    assert.match(
      text.stdout,
      /error\s+overcommit\s+GPU 0 is overcommitted by 4\.50 GiB \(4831838208 bytes\)/,
    );
    assert.match(text.stdout, /plan is not feasible/);
  });

  test('a mistyped config exits 2 with file:line:col and the field, and no stack trace', () => {
    const file = writeConfig('processes:\n  learner:\n    framework: jax\n    gpu_memroy: 30%\n');
    const { code, stdout, stderr } = runCli(['plan', '-c', file, '--gpu', '24GiB']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(
      stderr,
      `headroom: ${file}:4:5: processes.learner.gpu_memroy: unknown key "gpu_memroy"; did you mean "gpu_memory"?\n`,
    );
  });

  test('run refuses a process without a command, pointing at where it is declared', () => {
    const file = writeConfig(
      'gpus:\n  - memory: 24GiB\n    simulated: true\nprocesses:\n  a:\n    framework: jax\n',
    );
    const { code, stderr } = runCli(['run', '-c', file]);
    assert.equal(code, 2);
    assert.match(
      stderr,
      new RegExp(`^headroom: ${file}:5:3: processes\\.a\\.command: a process needs a command`),
    );
  });

  test('no GPU declared, a missing file, a bad --gpu and an unknown flag all exit 2 with a hint, never a stack', () => {
    const noGpu = writeConfig('processes:\n  a:\n    framework: jax\n');
    const cases = [
      runCli(['plan', '-c', noGpu], { env: { HEADROOM_GPU: '' } }),
      runCli(['plan', '-c', '/nonexistent/headroom.yaml']),
      runCli(['plan', '-c', seed000, '--gpu', 'lots']),
      runCli(['plan', '--frobnicate']),
      runCli(['plna']),
    ];
    for (const result of cases) {
      assert.equal(result.code, 2, result.stderr);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }
    assert.match(cases[0]?.stderr ?? '', /hint: pass --gpu 24GiB/);
    assert.match(cases[1]?.stderr ?? '', /cannot read config \/nonexistent\/headroom\.yaml: no such file/);
    assert.match(cases[4]?.stderr ?? '', /Did you mean plan\?/);
  });

  test('HEADROOM_GPU declares simulated cards when nothing else does', () => {
    const file = writeConfig('processes:\n  a:\n    framework: jax\n    gpu_memory: 50%\n');
    const { code, stdout } = runCli(['plan', '-c', file, '--json'], { env: { HEADROOM_GPU: 'sim:80GiB' } });
    assert.equal(code, 0);
    assert.equal(JSON.parse(stdout).devices[0].simulated, true);
  });
});

describe('headroom env', () => {
  const tricky = `it's a "test" with $HOME, \`ticks\`, back\\\\slash\nand a second line`;
  const file = writeConfig(
    `gpus:\n  - memory: 24GiB\nprocesses:\n  learner:\n    framework: jax\n    gpu_memory: 30%\n    env:\n      RUN_NOTE: ${JSON.stringify(tricky)}\n  actor:\n    framework: jax\n    gpu_memory: 10%\n    replicas: 2\n`,
  );

  test('eval "$(headroom env ...)" reproduces every value exactly', () => {
    const script = `eval "$(node ${JSON.stringify(join(repoRoot, 'bin', 'headroom.js'))} env -c ${JSON.stringify(file)} learner)" && printf '%s\\0%s\\0%s' "$RUN_NOTE" "$XLA_PYTHON_CLIENT_MEM_FRACTION" "$XLA_PYTHON_CLIENT_PREALLOCATE"`;
    const output = execFileSync('/bin/sh', ['-c', script], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.deepEqual(output.split('\0'), [tricky, '0.3000', 'false']);
  });

  test('replica k of actor is actor.k; json and dotenv formats', () => {
    const json = runCli(['env', '-c', file, 'actor.1', '--format', 'json']);
    assert.equal(json.code, 0, json.stderr);
    const env = JSON.parse(json.stdout);
    assert.equal(env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.1000');
    assert.equal(env.HEADROOM_PROCESS, 'actor.1');
    const dotenv = runCli(['env', '-c', file, 'learner', '--format', 'dotenv']);
    assert.match(dotenv.stdout, /^XLA_PYTHON_CLIENT_PREALLOCATE=false$/m);
    assert.match(dotenv.stdout, /^RUN_NOTE="it's a \\"test\\"/m);
  });

  test('naming a replicated process, or an unknown one, is a usage error with the choices', () => {
    const replicated = runCli(['env', '-c', file, 'actor']);
    assert.equal(replicated.code, 2);
    assert.match(replicated.stderr, /actor has 2 replicas; name one: actor\.0, actor\.1/);
    const unknown = runCli(['env', '-c', file, 'lerner']);
    assert.match(unknown.stderr, /did you mean "learner"\?/);
    assert.equal(runCli(['env', '-c', file, 'learner', '--format', 'toml']).code, 2);
  });

  test('env NAME -- CMD runs CMD with the variables and passes its exit code through', () => {
    const result = runCli([
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
    const killed = runCli(['env', '-c', file, 'learner', '--', 'sh', '-c', 'kill -TERM $$']);
    assert.equal(killed.code, 128 + 15);
    const missing = runCli(['env', '-c', file, 'learner', '--', 'no-such-command-xyz']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot run no-such-command-xyz: command not found/);
  });

  test('an inherited XLA_CLIENT_MEM_FRACTION is removed from the command it runs', () => {
    const result = runCli(
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

  test('a torch process: PYTHONPATH starts with the packaged bootstrap, and the comment says why', () => {
    const { code, stdout, stderr } = runCli(['env', '-c', file, 'trainer'], { env: { PYTHONPATH: '/mine' } });
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
    const json = JSON.parse(runCli(['env', '-c', file, 'trainer', '--format', 'json']).stdout);
    assert.equal(json.HEADROOM_BOOT, 'torch-alloc,torch-cap');
  });

  test('enforce: warn: the bootstrap only adds allocator keys; the plan says how to cap it by hand', () => {
    const { stdout } = runCli(['env', '-c', file, 'logger']);
    assert.match(stdout, /^export HEADROOM_BOOT=torch-alloc$/m);
    assert.match(stdout, /^# .*adds expandable_segments:True \(torch >= 2\.1\) to PYTORCH_CUDA_ALLOC_CONF/m);
    assert.doesNotMatch(stdout, /set_per_process_memory_fraction/);
    const plan = JSON.parse(runCli(['plan', '-c', file, '--json']).stdout);
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

describe('headroom schema', () => {
  test('prints a JSON Schema that knows the config keys', () => {
    const { code, stdout } = runCli(['schema']);
    assert.equal(code, 0);
    const schema = JSON.parse(stdout);
    assert.equal(schema.title, 'headroom.yaml');
    assert.ok(schema.properties.processes);
    assert.deepEqual(Object.keys(schema.properties).sort(), [
      'context_overhead',
      'gpus',
      'processes',
      'reserve',
      'stop_grace',
    ]);
  });

  test('the bundled examples validate against the schema keys', () => {
    for (const example of ['rl-isaac', 'joblib-jax']) {
      const text = readFileSync(join(repoRoot, 'examples', example, 'headroom.yaml'), 'utf8');
      assert.ok(text.includes('processes:'));
      assert.equal(runCli(['plan', '-c', join(repoRoot, 'examples', example, 'headroom.yaml')]).code, 0);
    }
  });
});
