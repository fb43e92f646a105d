import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GiB, MiB, proc, spec } from '../plan/test-helpers/builders.js';
import type { ProcessSpec, Spec } from '../plan/types.js';
import { placeOnRay, rayUnitsOf } from './placement.js';
import type { RayCluster, RayNode, RayPlacement } from './types.js';

function node(id: string, overrides: Partial<RayNode> & { cards?: number[] } = {}): RayNode {
  const { cards = [24 * GiB], ...rest } = overrides;
  return {
    id: id.padEnd(56, '0'),
    address: `host-${id}`,
    isHead: false,
    cpus: 8,
    memoryBytes: 32 * GiB,
    gpus: cards.map((totalBytes, index) => ({
      index,
      totalBytes,
      name: 'simulated GPU',
      simulated: true,
      source: 'flag' as const,
    })),
    resources: {},
    ...rest,
  };
}

const cluster = (...nodes: RayNode[]): RayCluster => ({ address: 'auto', source: 'live', nodes });

// Seed 000: Isaac Sim (rest), a JAX learner (30%) and a JAX actor (10%), 1 GiB contexts.
const seed000 = (): Spec =>
  spec(
    [
      proc('sim', { framework: 'other', gpuMemory: { kind: 'rest' }, hostMemoryBytes: 256 * MiB }),
      proc('learner', { gpuMemory: { kind: 'fraction', fraction: 0.3 }, hostMemoryBytes: 2 * GiB }),
      proc('actor', { gpuMemory: { kind: 'fraction', fraction: 0.1 }, hostMemoryBytes: 1 * GiB }),
    ],
    { contextOverheadBytes: GiB },
  );

const place = (s: Spec, c: RayCluster, cpusPerProcess?: number): RayPlacement =>
  placeOnRay({ spec: s, cluster: c, inheritedEnv: {}, bootstrapDir: null, cpusPerProcess });

const entry = (placement: RayPlacement, name: string) => {
  const found = placement.processes.find((p) => p.name === name);
  assert.ok(found, `${name} is placed`);
  return found;
};

// What the claim "Ray never packs more than the bytes allow" means, checked on any placement.
function assertNeverOverPacked(placement: RayPlacement): void {
  for (const p of placement.processes.filter((q) => q.gpu !== null)) {
    const card = placement.cluster.nodes.find((n) => n.id === p.nodeId)?.gpus.find((g) => g.index === p.gpu);
    assert.ok(card);
    assert.equal(p.gpuUnits, rayUnitsOf(p.numGpus), `${p.name}: gpuUnits is what Ray reserves`);
    assert.ok(p.numGpus > 0 && p.numGpus <= 1, `${p.name}: Ray takes a fraction of one card, never above 1`);
    if (p.needBytes <= card.totalBytes)
      assert.ok(p.gpuUnits * card.totalBytes >= p.needBytes * 10_000, `${p.name}: its units hold its bytes`);
  }
  if (placement.fits)
    for (const n of placement.nodes)
      for (const g of n.gpus) assert.ok(g.units <= 10_000, `${n.id} GPU ${g.index}`);
}

describe('placeOnRay', () => {
  test('seed 000 on two one-card nodes: learner and actor share a card in one group, the sim takes the other whole', () => {
    const a = node('a');
    const b = node('b');
    const placement = place(seed000(), cluster(a, b));
    assert.equal(placement.fits, true, JSON.stringify(placement.findings));
    const learner = entry(placement, 'learner');
    const actor = entry(placement, 'actor');
    const sim = entry(placement, 'sim');
    assert.equal(learner.nodeId, a.id);
    assert.equal(actor.nodeId, a.id);
    assert.equal(sim.nodeId, b.id);
    // (30% of 24 GiB + 1 GiB) / 24 GiB = 0.341666… → 0.3417; (2.4 + 1) / 24 = 0.141666… → 0.1417.
    assert.equal(learner.numGpus, 0.3417);
    assert.equal(actor.numGpus, 0.1417);
    assert.equal(learner.needBytes, Math.floor(0.3 * 24 * GiB) + GiB);
    assert.equal(sim.numGpus, 1);
    assert.match(sim.reason, /whole/);
    assert.equal(learner.memoryBytes, 2 * GiB);
    assert.equal(learner.numCpus, 1);
    // One placement group, one bundle holding both actors' whole requests, pinned to node a.
    assert.equal(placement.placementGroups.length, 1);
    const [group] = placement.placementGroups;
    assert.deepEqual(group?.processes, ['learner', 'actor']);
    assert.equal(group?.strategy, 'STRICT_PACK');
    assert.deepEqual(group?.bundles, [{ GPU: 0.4834, CPU: 2, memory: 3 * GiB }]);
    assert.deepEqual(group?.bundleLabelSelector, [{ 'ray.io/node-id': a.id }]);
    assert.equal(learner.placementGroup, group?.name);
    assert.equal(learner.bundleIndex, 0);
    assert.equal(sim.placementGroup, null);
    assert.match(learner.reason, /GPU 0 of host-a, shared with actor/);
    // The planner counts node b's card as device 1; on node b it is card 0, and the plan says so.
    assert.equal(placement.plan.processes.find((p) => p.name === 'sim')?.device, 1);
    assert.equal(placement.plan.processes.find((p) => p.name === 'sim')?.env.CUDA_VISIBLE_DEVICES, '0');
    assertNeverOverPacked(placement);
  });

  test('fractions are rounded up, and 0.0003 is asked as 0.0004 so Ray does not truncate it away', () => {
    const card = 10_000 * 1024 * 1024; // 10000 MiB: a MiB is exactly one unit
    const s = spec([proc('tiny', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 2 * MiB + 1 } })], {
      contextOverheadBytes: 0,
    });
    const placement = place(s, cluster(node('a', { cards: [card] })));
    const tiny = entry(placement, 'tiny');
    // 2 MiB + 1 byte needs 3 units; 0.0003 would reserve 2 (Ray truncates), so 0.0004 is asked.
    assert.equal(tiny.numGpus, 0.0004);
    assert.ok(tiny.gpuUnits >= 3);
    assertNeverOverPacked(placement);
  });

  test('shares that fit in bytes but add up to more than one card after rounding are an error', () => {
    // Three equal `rest` shares of a card that 3 does not divide: each is 3334 units, 10002 in all.
    const s = spec(
      ['a', 'b', 'c'].map((n) => proc(n, { framework: 'other', gpuMemory: { kind: 'rest' } })),
      { reserveBytes: 0, contextOverheadBytes: 0 },
    );
    const placement = place(s, cluster(node('a', { cards: [24 * GiB + 1] })));
    assert.equal(placement.fits, false);
    const finding = placement.findings.find((f) => f.code === 'ray-gpu-units');
    assert.ok(finding, JSON.stringify(placement.findings));
    assert.match(
      finding.message,
      /GPU 0 of node host-a: the num_gpus of a, b, c.*add up to 1\.000[2-9] of the card/,
    );
  });

  test('a card too small names the node, the card and by how much', () => {
    const s = spec([proc('big', { gpuMemory: { kind: 'bytes', bytes: 12 * GiB } })]);
    const placement = place(s, cluster(node('a', { cards: [8 * GiB] }), node('bb', { cards: [8 * GiB] })));
    assert.equal(placement.fits, false);
    const finding = placement.findings.find((f) => f.code === 'ray-gpu-short');
    assert.ok(finding);
    assert.match(finding.message, /^GPU 0 of node host-a is short by 5\.00 GiB .*big need 12\.50 GiB/);
    assert.equal(finding.facts?.resource, 'GPU');
    // The planner's own device finding is restated per node, not printed twice.
    assert.equal(placement.findings.filter((f) => f.code === 'overcommit').length, 0);
  });

  test('a cluster without GPUs says the GPU resource is short, and who needs one', () => {
    const placement = place(seed000(), cluster(node('a', { cards: [] })));
    assert.equal(placement.fits, false);
    const finding = placement.findings.find((f) => f.code === 'ray-gpu-short');
    assert.match(
      finding?.message ?? '',
      /sim, learner, actor need a GPU, and no node of the cluster has one/,
    );
    assert.equal(entry(placement, 'learner').nodeId, null);
    assert.equal(entry(placement, 'learner').reason, 'needs a GPU, and the plan has no card for it');
  });

  test('too few CPUs or too little memory on the chosen node names the node and the resource', () => {
    const small = node('a', { cpus: 2, memoryBytes: 2 * GiB });
    const placement = place(seed000(), cluster(small, node('b')));
    assert.equal(placement.fits, false);
    const memory = placement.findings.find((f) => f.code === 'ray-memory-short');
    assert.match(
      memory?.message ?? '',
      /^node host-a is short of memory: the host_memory of learner, actor adds up to 3\.00 GiB, Ray's memory resource there is 2\.00 GiB/,
    );
    assert.equal(memory?.facts?.node, small.id);
    const cpus = place(seed000(), cluster(node('a', { cpus: 1 }), node('b')), 1).findings.find(
      (f) => f.code === 'ray-cpu-short',
    );
    assert.match(
      cpus?.message ?? '',
      /^node host-a is short of CPUs: learner, actor ask for 2 \(num_cpus 1 each\), Ray's CPU resource there is 1/,
    );
  });

  test('a cluster in use is a warning: the plan counts its nodes empty', () => {
    const busy: RayCluster = {
      ...cluster(node('a'), node('b')),
      takenResources: { GPU: 0.5, memory: 2 * GiB },
    };
    const placement = place(seed000(), busy);
    assert.equal(placement.fits, true);
    const finding = placement.findings.find((f) => f.code === 'ray-cluster-busy');
    assert.equal(finding?.severity, 'warning');
    assert.match(finding?.message ?? '', /other work holds 0\.5 GPU, 2\.00 GiB of memory now/);
    assert.equal(
      place(seed000(), cluster(node('a'))).findings.some((f) => f.code === 'ray-cluster-busy'),
      false,
    );
  });

  test('nodes that share an address are told apart by their id', () => {
    const a = node('aaaaaaaa', { address: '127.0.0.1' });
    const b = node('bbbbbbbb', { address: '127.0.0.1' });
    const placement = place(seed000(), cluster(a, b));
    assert.match(entry(placement, 'learner').reason, /of 127\.0\.0\.1 \(aaaaaaaa\)/);
  });

  test('a process without a GPU goes to the first node with its CPUs and memory free', () => {
    const processes: ProcessSpec[] = [
      proc('learner', { gpuMemory: { kind: 'fraction', fraction: 0.5 }, hostMemoryBytes: 6 * GiB }),
      proc('loader', { framework: 'none', hostMemoryBytes: 4 * GiB }),
    ];
    const a = node('a', { memoryBytes: 8 * GiB });
    const b = node('b', { cards: [], memoryBytes: 8 * GiB });
    const placement = place(spec(processes), cluster(a, b));
    assert.equal(placement.fits, true, JSON.stringify(placement.findings));
    const loader = entry(placement, 'loader');
    assert.equal(loader.nodeId, b.id);
    assert.equal(loader.numGpus, 0);
    assert.match(loader.reason, /no GPU: the first node with 1 CPU and 4\.00 GiB memory free/);
    assert.equal(placement.nodes.find((n) => n.id === b.id)?.memoryAskedBytes, 4 * GiB);
  });

  test('replicas are placed one by one, and a pinned gpu: counts the cluster’s cards node by node', () => {
    const s = spec([
      proc('actor', { gpuMemory: { kind: 'fraction', fraction: 0.2 }, replicas: 2 }),
      proc('learner', { gpuMemory: { kind: 'fraction', fraction: 0.5 }, gpu: 1 }),
    ]);
    const a = node('a');
    const b = node('b');
    const placement = place(s, cluster(a, b));
    assert.equal(entry(placement, 'learner').nodeId, b.id);
    assert.deepEqual(
      placement.processes.filter((p) => p.process === 'actor').map((p) => p.replica),
      [0, 1],
    );
    assertNeverOverPacked(placement);
  });

  test('never over-packed: random plans on random clusters', () => {
    let seed = 27;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let fitting = 0;
    for (let round = 0; round < 200; round++) {
      const nodes = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, n) =>
        node(`n${n}`, {
          cards: Array.from(
            { length: Math.floor(next() * 3) },
            () => (8 + Math.floor(next() * 72)) * GiB + Math.floor(next() * MiB),
          ),
        }),
      );
      const processes = Array.from({ length: 1 + Math.floor(next() * 5) }, (_, k) =>
        proc(`p${k}`, {
          gpuMemory:
            next() < 0.3 ? { kind: 'rest' } : { kind: 'bytes', bytes: Math.floor(next() * 30 * GiB) + MiB },
          ...(next() < 0.3 ? { replicas: 2 } : {}),
        }),
      );
      const placement = place(spec(processes), cluster(...nodes));
      assertNeverOverPacked(placement);
      if (placement.fits) fitting += 1;
    }
    // Both kinds are exercised: plans that fit (Σ units ≤ 1 per card checked) and plans that do not.
    assert.ok(fitting > 40 && fitting < 160, `${fitting} of 200 fit`);
  });
});
