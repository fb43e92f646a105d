import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, UsageError } from '../errors.js';
import { plan } from '../plan/plan.js';
import { GiB, gpu, proc, spec } from '../plan/test-helpers/builders.js';
import { launchSpecsFromPlan } from './from-plan.js';

const rlSpec = spec([
  proc('sim', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 8 * GiB }, readyWhen: 'listening' }),
  proc('learner', {
    command: 'python train.py',
    gpuMemory: { kind: 'fraction', fraction: 0.3 },
    hostMemoryBytes: 16 * GiB,
    restart: 'on-failure',
    dependsOn: ['sim'],
  }),
  proc('actor', { framework: 'none', replicas: 2, dependsOn: ['learner'], enforce: 'kill' }),
]);
const baseEnv = { PATH: '/usr/bin', XLA_CLIENT_MEM_FRACTION: '0.9', UNSET: undefined };
const rlPlan = plan(rlSpec, { devices: [gpu()], inheritedEnv: baseEnv });

describe('launchSpecsFromPlan', () => {
  test('one launch spec per instance, with the plan env over the inherited one', () => {
    const specs = launchSpecsFromPlan({ spec: rlSpec, plan: rlPlan, baseEnv });
    assert.deepEqual(
      specs.map((s) => s.name),
      rlPlan.processes.map((p) => p.name),
    );
    assert.equal(specs.length, 4);
    const learner = specs.find((s) => s.name === 'learner')!;
    assert.equal(learner.command, 'python train.py');
    assert.equal(learner.env.PATH, '/usr/bin');
    assert.equal(learner.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal('XLA_CLIENT_MEM_FRACTION' in learner.env, false, 'the plan unsets the contradicting name');
    assert.equal('UNSET' in learner.env, false);
    assert.equal(learner.hostMemoryBytes, 16 * GiB);
    assert.equal(learner.restart, 'on-failure');
    assert.ok((learner.gpuBudgetBytes ?? 0) > 0);
  });

  test('depends_on on a replicated process waits for each replica; no GPU means no GPU budget', () => {
    const withActorDeps = spec([
      ...rlSpec.processes,
      proc('logger', { framework: 'none', dependsOn: ['actor'] }),
    ]);
    const specs = launchSpecsFromPlan({
      spec: withActorDeps,
      plan: plan(withActorDeps, { devices: [gpu()], inheritedEnv: {} }),
      baseEnv,
    });
    const logger = specs.find((s) => s.name === 'logger')!;
    const actors = specs.filter((s) => s.name.startsWith('actor')).map((s) => s.name);
    assert.equal(actors.length, 2);
    assert.deepEqual(logger.dependsOn, actors);
    assert.equal(logger.gpuBudgetBytes, null);
  });

  test('--only keeps instances by process or instance name and drops dependencies left out', () => {
    const specs = launchSpecsFromPlan({ spec: rlSpec, plan: rlPlan, baseEnv, only: ['learner'] });
    assert.deepEqual(
      specs.map((s) => [s.name, s.dependsOn]),
      [['learner', []]],
    );
    assert.throws(
      () => launchSpecsFromPlan({ spec: rlSpec, plan: rlPlan, baseEnv, only: ['ghost'] }),
      UsageError,
    );
  });

  test('a process without a command cannot be launched', () => {
    const noCommand = spec([proc('x', { command: undefined, framework: 'none' })]);
    const noCommandPlan = plan(noCommand, { devices: [gpu()], inheritedEnv: {} });
    assert.throws(() => launchSpecsFromPlan({ spec: noCommand, plan: noCommandPlan, baseEnv }), ConfigError);
  });
});
