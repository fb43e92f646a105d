import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadSpecFile } from '../config/load.js';
import { GiB, proc, spec } from '../plan/test-helpers/builders.js';
import type { Spec } from '../plan/types.js';
import { launchSpecsFromPlan } from '../supervise/from-plan.js';
import { planSlurmJob } from './job-plan.js';
import { buildScript } from './script.js';
import { parseMarker } from './script-prelude.js';
import { testNodeType } from './test-helpers/node-type.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const temporary = mkdtempSync(join(tmpdir(), 'headroom-slurm-script-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

const nodeType = testNodeType({
  label: '1 x gpu, 100 shards per GPU, 8 cores, 8 GiB',
  nodes: ['n1'],
  memoryBytes: 8 * GiB,
});

function scriptFor(config: Spec, logDir?: string): string {
  const job = planSlurmJob({
    spec: config,
    nodeType,
    nodeCount: 1,
    inheritedEnv: { XLA_CLIENT_MEM_FRACTION: '0.9' },
    simulated: false,
  });
  const launches = launchSpecsFromPlan({ spec: config, plan: job.plan, baseEnv: {} });
  const script = {
    jobName: 'headroom-test',
    source: 'test.yaml',
    headroomVersion: '0.1.0',
    logDir,
    partition: 'gpu',
    time: '10',
  };
  return buildScript({ job, launches, script });
}

describe('the sbatch script', () => {
  test('seed 000: the allocation, and per step its shards, --mem, environment and command', async () => {
    const text = scriptFor(await loadSpecFile(join(root, 'examples', 'rl-isaac', 'headroom.yaml')));
    for (const line of [
      '#SBATCH --nodes=1',
      '#SBATCH --ntasks-per-node=3',
      '#SBATCH --gres=shard:100',
      '#SBATCH --partition=gpu',
      '#SBATCH --time=10',
    ])
      assert.ok(text.includes(`\n${line}\n`), line);
    assert.match(text, /no --mem: a process has no host_memory/);
    assert.match(text, /--relative=0 --cpus-per-task=1 --gres=shard:35 --mem=2048M/);
    assert.match(text, /export XLA_PYTHON_CLIENT_MEM_FRACTION=0\.3000\n/);
    // The plan's unset variables are unset; Slurm, not the plan, names the device.
    assert.match(text, /unset XLA_CLIENT_MEM_FRACTION\n/);
    assert.doesNotMatch(text, /CUDA_VISIBLE_DEVICES=/);
    assert.match(text, /headroom_start learner sim '' headroom_run_learner/);
    assert.match(text, /headroom_start sim '' '\^ready' headroom_run_sim/);
    assert.match(text, /headroom_logs="\$SLURM_SUBMIT_DIR\/headroom-\$SLURM_JOB_ID"/);
    const syntax = spawnSync('bash', ['-n'], { input: text, encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);
  });

  test('a process without a GPU asks for none and sees none; odd words are quoted', () => {
    const text = scriptFor(spec([proc('loader', { framework: 'none', command: "echo 'it''s' $HOME" })]));
    assert.match(text, /--gres=none --mem=0/);
    assert.match(text, /export CUDA_VISIBLE_DEVICES=''\n/);
    assert.match(text, /\/bin\/sh -c 'echo '\\''it'\\'''\\''s'\\'' \$HOME'/);
  });

  test('run by bash: start order, readiness, a dependency that is never ready, restarts', () => {
    // srun is faked (test/slurm/fake-srun.sh): this runs the script's own logic, with real bash.
    const bin = join(temporary, 'bin');
    mkdirSync(bin, { recursive: true });
    copyFileSync(join(root, 'test', 'slurm', 'fake-srun.sh'), join(bin, 'srun'));
    chmodSync(join(bin, 'srun'), 0o755);
    const counter = join(temporary, 'attempts');
    const config = spec(
      [
        proc('server', {
          framework: 'none',
          command: 'echo booting; echo listening on 8080; sleep 1',
          readyWhen: 'listening on \\d+',
        }),
        proc('client', {
          framework: 'none',
          command: 'echo "[$GREETING] [${CUDA_VISIBLE_DEVICES-unset}]"',
          env: { GREETING: "it's me" },
          dependsOn: ['server'],
        }),
        proc('broken', { framework: 'none', command: 'exit 3', readyWhen: '^never' }),
        proc('waiter', { framework: 'none', command: 'echo should not run', dependsOn: ['broken'] }),
        proc('flaky', {
          framework: 'none',
          command: `echo x >> ${counter}; [ $(wc -l < ${counter}) -ge 2 ]`,
          restart: 'on-failure',
          maxRestarts: 3,
        }),
      ],
      { gpus: [] },
    );
    const logs = join(temporary, 'logs');
    const result = spawnSync('bash', ['-c', scriptFor(config, logs)], {
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH}` },
      timeout: 30_000,
    });
    const markers = result.stdout.split('\n').flatMap((line) => parseMarker(line) ?? []);
    const find = (kind: string, name: string) => markers.find((m) => m.kind === kind && m.name === name);
    assert.ok(find('ready', 'server'), result.stdout);
    assert.deepEqual(find('not-started', 'waiter'), {
      kind: 'not-started',
      name: 'waiter',
      because: 'broken ended before it was ready',
    });
    assert.deepEqual(find('end', 'broken'), { kind: 'end', name: 'broken', attempt: 0, exitCode: 3 });
    assert.deepEqual(find('restart', 'flaky'), {
      kind: 'restart',
      name: 'flaky',
      attempt: 1,
      delaySeconds: 1,
    });
    assert.deepEqual(find('end', 'flaky'), { kind: 'end', name: 'flaky', attempt: 0, exitCode: 1 });
    assert.ok(
      markers.some((m) => m.kind === 'end' && m.name === 'flaky' && m.attempt === 1 && m.exitCode === 0),
    );
    // The client started after the server was ready, with its planned environment.
    assert.equal(readFileSync(join(logs, 'client.log'), 'utf8'), "[it's me] []\n");
    const order = markers
      .filter((m) => m.kind === 'ready' || m.kind === 'start')
      .map((m) => `${m.kind} ${m.name}`);
    assert.ok(order.indexOf('ready server') < order.indexOf('start client'), order.join(', '));
    // The job ends with the first failing step's code.
    assert.equal(result.status, 3);
  });
});
