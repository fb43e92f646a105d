import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadSpecFile } from '../config/load.js';
import { GiB, MiB, proc, spec } from '../plan/test-helpers/builders.js';
import { planSlurmJob } from './job-plan.js';
import { cardBytesFromFeatures, groupNodeTypes } from './node-types.js';
import { shardsFor } from './shards.js';
import { testNodeType } from './test-helpers/node-type.js';

const codes = (findings: { code: string; severity: string }[]) =>
  findings.filter((f) => f.severity !== 'info').map((f) => f.code);
const seedFile = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'examples',
  'rl-isaac',
  'headroom.yaml',
);

describe('shards', () => {
  test('budget plus context, rounded up to whole shards of total/S, at least one', () => {
    assert.equal(shardsFor({ needBytes: 12 * GiB, cardBytes: 24 * GiB, shardsPerCard: 100 }), 50);
    assert.equal(shardsFor({ needBytes: 12 * GiB + 1, cardBytes: 24 * GiB, shardsPerCard: 100 }), 51);
    assert.equal(shardsFor({ needBytes: 1, cardBytes: 24 * GiB, shardsPerCard: 100 }), 1);
  });
});

describe('planSlurmJob', () => {
  test('seed 000 on one 24 GiB card: 50 + 35 + 15 shards fill its 100, each covering its budget and context', async () => {
    const seed = await loadSpecFile(seedFile);
    const job = planSlurmJob({
      spec: seed,
      nodeType: testNodeType(),
      nodeCount: 1,
      inheritedEnv: {},
      simulated: true,
    });
    assert.deepEqual(
      job.steps.map((s) => [s.name, s.node, s.gpu, s.memoryBytes]),
      [
        ['sim', 0, { kind: 'shards', shards: 50 }, null],
        ['learner', 0, { kind: 'shards', shards: 35 }, 2 * GiB],
        ['actor', 0, { kind: 'shards', shards: 15 }, 1 * GiB],
      ],
    );
    for (const step of job.steps) {
      const shards = step.gpu?.kind === 'shards' ? step.gpu.shards : 0;
      assert.ok(step.needBytes <= (shards * 24 * GiB) / 100, step.name);
    }
    assert.deepEqual(job.perNode, { tasks: 3, cpusPerTask: 1, wholeGpus: 0, shards: 100, memoryBytes: null });
    assert.deepEqual(codes(job.findings), ['no-enforceable-cap']);
  });

  test('rounding up past the card is an error that says by how much, not a silent overcommit', () => {
    // No reserve: the three shares fill the card exactly in bytes, and each rounds up.
    const tight = spec(
      [
        proc('a', { gpuMemory: { kind: 'fraction', fraction: 0.301 } }),
        proc('b', { gpuMemory: { kind: 'fraction', fraction: 0.301 } }),
        proc('c', { gpuMemory: { kind: 'rest' } }),
      ],
      { reserveBytes: 0, contextOverheadBytes: 0 },
    );
    const job = planSlurmJob({
      spec: tight,
      nodeType: testNodeType(),
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    const finding = job.findings.find((f) => f.code === 'slurm-shards-over');
    assert.ok(finding, JSON.stringify(job.findings));
    assert.equal(finding.facts?.availableShards, 100);
    assert.ok(Number(finding.facts?.shards) > 100);
  });

  test('a process whose share is the whole card takes it whole; sharing needs shards', () => {
    const alone = spec([proc('trainer', { framework: 'torch', gpuMemory: { kind: 'rest' } })]);
    const job = planSlurmJob({
      spec: alone,
      nodeType: testNodeType(),
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    assert.deepEqual(job.steps[0]?.gpu, { kind: 'whole' });
    assert.equal(job.perNode.wholeGpus, 1);
    const two = spec([proc('a', { gpuMemory: { kind: 'fraction', fraction: 0.4 } }), proc('b')]);
    const noShards = planSlurmJob({
      spec: two,
      nodeType: testNodeType({ shardsPerCard: null }),
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    assert.ok(codes(noShards.findings).includes('slurm-needs-shards'));
  });

  test("several nodes: the planner's first-fit decreasing places processes across them", () => {
    const three = spec([
      proc('big', { gpuMemory: { kind: 'bytes', bytes: 16 * GiB }, hostMemoryBytes: 4 * GiB }),
      proc('mid', { gpuMemory: { kind: 'bytes', bytes: 12 * GiB }, hostMemoryBytes: 2 * GiB }),
      proc('small', { gpuMemory: { kind: 'bytes', bytes: 6 * GiB }, hostMemoryBytes: 1 * GiB }),
    ]);
    const job = planSlurmJob({
      spec: three,
      nodeType: testNodeType(),
      nodeCount: 2,
      inheritedEnv: {},
      simulated: false,
    });
    assert.deepEqual(
      job.steps.map((s) => [s.name, s.node]),
      [
        ['big', 0],
        ['mid', 1],
        ['small', 0],
      ],
    );
    // sbatch's --mem and --gres are per node: the job asks for the larger node's needs.
    assert.equal(job.perNode.memoryBytes, 5 * GiB);
    assert.equal(job.perNode.tasks, 2);
    assert.deepEqual(codes(job.findings), []);
  });

  test('on a node of several GPUs: whole GPUs when each process has its own, else one shared GPU per node', () => {
    const fourGpus = testNodeType({ gpuCount: 4 });
    const alone = spec(
      Array.from({ length: 4 }, (_, k) =>
        proc(`rank${k}`, { framework: 'torch', gpuMemory: { kind: 'rest' } }),
      ),
    );
    const whole = planSlurmJob({
      spec: alone,
      nodeType: fourGpus,
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    assert.deepEqual(new Set(whole.steps.map((s) => JSON.stringify(s.gpu))), new Set(['{"kind":"whole"}']));
    assert.deepEqual(new Set(whole.steps.map((s) => s.card)), new Set([0, 1, 2, 3]));
    assert.equal(whole.perNode.wholeGpus, 4);
    assert.equal(whole.perNode.shards, 0);
    // Six processes at 30% need two cards; a job's shards on a node come from one, so two nodes.
    const six = spec(
      Array.from({ length: 6 }, (_, k) =>
        proc(`actor${k}`, { gpuMemory: { kind: 'fraction', fraction: 0.3 } }),
      ),
    );
    const oneNode = planSlurmJob({
      spec: six,
      nodeType: fourGpus,
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    assert.ok(codes(oneNode.findings).includes('overcommit'));
    assert.ok(oneNode.findings.some((f) => f.code === 'slurm-one-card-per-node'));
    const twoNodes = planSlurmJob({
      spec: six,
      nodeType: fourGpus,
      nodeCount: 2,
      inheritedEnv: {},
      simulated: false,
    });
    assert.deepEqual(codes(twoNodes.findings), []);
    assert.deepEqual(
      twoNodes.steps.map((s) => s.node),
      [0, 0, 0, 1, 1, 1],
    );
    assert.equal(twoNodes.perNode.wholeGpus, 0);
  });

  test('what a node type cannot give is an error: cores, memory, nodes, an unknown card size', () => {
    const hungry = spec([
      proc('a', { hostMemoryBytes: 100 * GiB, gpuMemory: { kind: 'bytes', bytes: 4 * GiB } }),
    ]);
    const job = planSlurmJob({
      spec: hungry,
      nodeType: testNodeType({ nodes: ['n1'] }),
      nodeCount: 2,
      inheritedEnv: {},
      simulated: false,
      cpusPerProcess: 16,
    });
    assert.deepEqual(codes(job.findings).sort(), [
      'slurm-cpus-over',
      'slurm-memory-over',
      'slurm-node-unused',
      'slurm-too-few-nodes',
    ]);
    const unknown = planSlurmJob({
      spec: hungry,
      nodeType: testNodeType({ cardBytes: null }),
      nodeCount: 1,
      inheritedEnv: {},
      simulated: false,
    });
    assert.ok(codes(unknown.findings).includes('slurm-card-size-unknown'));
  });
});

describe('node types', () => {
  test('card sizes from a gpumem_ feature; nodes alike are one type', () => {
    assert.deepEqual(cardBytesFromFeatures(['ib', 'gpumem_80GiB']), {
      bytes: 80 * GiB,
      feature: 'gpumem_80GiB',
    });
    assert.equal(cardBytesFromFeatures(['gpumem_80GB'])?.bytes, 80e9);
    assert.equal(cardBytesFromFeatures(['a100']), null);
    const node = {
      name: 'n1',
      state: 'IDLE',
      partitions: ['gpu'],
      cpuCount: 64,
      cpuAllocatedCount: 0,
      memoryBytes: 512 * GiB,
      memoryAllocatedBytes: 0,
      gres: [
        { name: 'gpu', type: 'a100', count: 4 },
        { name: 'shard', type: 'a100', count: 400 },
      ],
      features: ['gpumem_80GiB'],
    };
    const types = groupNodeTypes(
      [node, { ...node, name: 'n2' }, { ...node, name: 'n3', memoryBytes: 256 * MiB }],
      24 * GiB,
    );
    assert.equal(types.length, 2);
    assert.deepEqual(types[0]?.nodes, ['n1', 'n2']);
    assert.equal(types[0]?.shardsPerCard, 100);
    assert.equal(types[0]?.cardBytes, 80 * GiB); // the feature wins over a declaration
    assert.equal(types[0]?.cardBytesSource, 'feature');
    assert.equal(types[0]?.isShardTyped, true);
  });
});
