// `headroom plan` and `headroom schema`, run in-process through the same dispatcher as the CLI
// (test/e2e keeps the built CLI's streams, exit codes and terminal behaviour).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { writeConfig } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
const GiB = 1024 ** 3;

describe('headroom plan', () => {
  test('seed 000 plans feasibly; --json keeps the contract', async () => {
    const { code, stdout, stderr } = await runHeadroom(['plan', '-c', seed000, '--json']);
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

  test('the table shows budgets, overheads and the word simulated', async () => {
    const { code, stdout } = await runHeadroom(['plan', '-c', seed000]);
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

  test('--gpu overrides the config; an overcommitted plan exits 1 and states the excess', async () => {
    const fixed = writeConfig(
      'gpus:\n  - memory: 80GiB\nprocesses:\n  a:\n    framework: torch\n    gpu_memory: 6GiB\n  b:\n    framework: other\n    gpu_memory: 4GiB\n',
    );
    assert.equal((await runHeadroom(['plan', '-c', fixed])).code, 0);
    const { code, stdout } = await runHeadroom(['plan', '-c', fixed, '--gpu', '8GiB', '--json']);
    assert.equal(code, 1);
    const overcommit = JSON.parse(stdout).findings.find((f: { code: string }) => f.code === 'overcommit');
    assert.equal(overcommit.severity, 'error');
    assert.equal(overcommit.device, 0);
    // 6 + 4 GiB of budgets and 2 × 1 GiB of contexts against 8 GiB − 512 MiB usable.
    assert.equal(overcommit.facts.excessBytes, 4.5 * GiB);
    const text = await runHeadroom(['plan', '-c', fixed, '--gpu', '8GiB']);
    assert.equal(text.code, 1);
    assert.match(
      text.stdout,
      /error\s+overcommit\s+GPU 0 is overcommitted by 4\.50 GiB \(4831838208 bytes\)/,
    );
    assert.match(text.stdout, /plan is not feasible/);
  });

  test('run refuses a process without a command, pointing at where it is declared', async () => {
    const file = writeConfig(
      'gpus:\n  - memory: 24GiB\n    simulated: true\nprocesses:\n  a:\n    framework: jax\n',
    );
    const { code, stderr } = await runHeadroom(['run', '-c', file]);
    assert.equal(code, 2);
    assert.match(
      stderr,
      new RegExp(`^headroom: ${file}:5:3: processes\\.a\\.command: a process needs a command`),
    );
  });

  test('no GPU declared, a missing file, a bad --gpu and an unknown flag all exit 2 with a hint, never a stack', async () => {
    const noGpu = writeConfig('processes:\n  a:\n    framework: jax\n');
    const cases = [
      await runHeadroom(['plan', '-c', noGpu], { env: { HEADROOM_GPU: '' } }),
      await runHeadroom(['plan', '-c', '/nonexistent/headroom.yaml']),
      await runHeadroom(['plan', '-c', seed000, '--gpu', 'lots']),
      await runHeadroom(['plan', '--frobnicate']),
      await runHeadroom(['plna']),
    ];
    for (const result of cases) {
      assert.equal(result.code, 2, result.stderr);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    }
    assert.match(cases[0]?.stderr ?? '', /hint: pass --gpu 24GiB/);
    assert.match(cases[1]?.stderr ?? '', /cannot read config \/nonexistent\/headroom\.yaml: no such file/);
    assert.match(cases[4]?.stderr ?? '', /Did you mean plan\?/);
  });

  test('HEADROOM_GPU declares simulated cards when nothing else does', async () => {
    const file = writeConfig('processes:\n  a:\n    framework: jax\n    gpu_memory: 50%\n');
    const { code, stdout } = await runHeadroom(['plan', '-c', file, '--json'], {
      env: { HEADROOM_GPU: 'sim:80GiB' },
    });
    assert.equal(code, 0);
    assert.equal(JSON.parse(stdout).devices[0].simulated, true);
  });
});

describe('headroom schema', () => {
  test('prints a JSON Schema that knows the config keys', async () => {
    const { code, stdout } = await runHeadroom(['schema']);
    assert.equal(code, 0);
    const schema = JSON.parse(stdout);
    assert.equal(schema.title, 'headroom.yaml');
    assert.ok(schema.properties.processes);
    assert.deepEqual(Object.keys(schema.properties).sort(), [
      'context_overhead',
      'gpus',
      'processes',
      'ray',
      'reserve',
      'stop_grace',
    ]);
  });

  test('the bundled examples validate against the schema keys', async () => {
    for (const example of ['rl-isaac', 'joblib-jax']) {
      const text = readFileSync(join(repoRoot, 'examples', example, 'headroom.yaml'), 'utf8');
      assert.ok(text.includes('processes:'));
      assert.equal(
        (await runHeadroom(['plan', '-c', join(repoRoot, 'examples', example, 'headroom.yaml')])).code,
        0,
      );
    }
  });
});
