import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isInfeasible, plan } from './plan.js';
import { GiB, gpu, MiB, proc, spec } from './test-helpers/builders.js';
import type { Finding, Plan } from './types.js';

const none = {};
const codes = (p: Plan): string[] => p.findings.map((f) => f.code);
const find = (p: Plan, code: string): Finding | undefined => p.findings.find((f) => f.code === code);
const byName = (p: Plan, name: string) => {
  const found = p.processes.find((x) => x.name === name);
  assert.ok(found, `no process ${name}`);
  return found;
};

describe('seed 000: Isaac Sim (rest), JAX learner 30%, JAX actor 10% on one 24 GiB card', () => {
  const seed = spec([
    proc('sim', { framework: 'other', gpuMemory: { kind: 'rest' } }),
    proc('learner', { gpuMemory: { kind: 'fraction', fraction: 0.3 } }),
    proc('actor', { gpuMemory: { kind: 'fraction', fraction: 0.1 } }),
  ]);
  const result = plan(seed, { devices: [gpu()], inheritedEnv: none });
  const total = 24 * GiB;

  test('each JAX process gets its fraction of total, exactly as JAX parses it', () => {
    const learner = byName(result, 'learner');
    const actor = byName(result, 'actor');
    assert.equal(learner.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal(actor.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.1000');
    assert.equal(learner.budgetBytes, Math.floor(0.3 * total));
    assert.equal(actor.budgetBytes, Math.floor(0.1 * total));
    for (const p of [learner, actor]) {
      assert.equal(p.env.XLA_PYTHON_CLIENT_PREALLOCATE, 'false');
      assert.equal(p.env.JAX_PLATFORMS, 'cuda');
      assert.equal(p.env.CUDA_VISIBLE_DEVICES, '0');
      assert.equal(p.fraction, p.budgetBytes / total);
      assert.equal('XLA_CLIENT_MEM_FRACTION' in p.env, false);
    }
  });

  test('the sim gets what remains after every overhead and the reserve', () => {
    const sim = byName(result, 'sim');
    const expected = total - 512 * MiB - 3 * 512 * MiB - Math.floor(0.3 * total) - Math.floor(0.1 * total);
    assert.equal(sim.budgetBytes, expected);
    assert.equal(sim.env.CUDA_VISIBLE_DEVICES, '0');
    assert.equal(sim.env.XLA_PYTHON_CLIENT_MEM_FRACTION, undefined);
  });

  test('overheads are counted per process and the device adds up', () => {
    assert.ok(result.processes.every((p) => p.overheadBytes === 512 * MiB));
    const [device] = result.devices;
    assert.equal(device?.usableBytes, total - 512 * MiB);
    assert.equal(device?.plannedBytes, device?.usableBytes);
    assert.equal(isInfeasible(result), false);
    assert.deepEqual(codes(result), ['no-enforceable-cap']);
  });
});

describe('overcommit', () => {
  test('states the excess per device in bytes and fails the plan', () => {
    const result = plan(
      spec([
        proc('a', { gpuMemory: { kind: 'bytes', bytes: 16 * GiB } }),
        proc('b', { gpuMemory: { kind: 'bytes', bytes: 8 * GiB }, framework: 'torch' }),
      ]),
      { devices: [gpu()], inheritedEnv: none },
    );
    // 16 GiB (JAX-rounded) + 8 GiB + 2 contexts, against 23.5 GiB usable.
    const planned = byName(result, 'a').budgetBytes + 8 * GiB + 2 * 512 * MiB;
    const overcommit = find(result, 'overcommit');
    assert.equal(overcommit?.severity, 'error');
    assert.equal(overcommit?.device, 0);
    assert.equal(overcommit?.facts?.excessBytes, planned - (24 * GiB - 512 * MiB));
    assert.match(overcommit?.message ?? '', /overcommitted by 1\.\d\d GiB \(\d+ bytes\)/);
    assert.equal(isInfeasible(result), true);
  });

  test('each device reports its own excess', () => {
    const result = plan(
      spec([
        proc('a', { gpu: 0, framework: 'other', gpuMemory: { kind: 'bytes', bytes: 30 * GiB } }),
        proc('b', { gpu: 1, framework: 'other', gpuMemory: { kind: 'bytes', bytes: 25 * GiB } }),
      ]),
      { devices: [gpu(), gpu({ index: 1 })], inheritedEnv: none },
    );
    const excess = result.findings
      .filter((f) => f.code === 'overcommit')
      .map((f) => [f.device, f.facts?.excessBytes]);
    assert.deepEqual(excess, [
      [0, 30 * GiB + 512 * MiB - (24 * GiB - 512 * MiB)],
      [1, 25 * GiB + 512 * MiB - (24 * GiB - 512 * MiB)],
    ]);
  });
});

describe('placement over several GPUs', () => {
  const bytes = (n: number) => ({ kind: 'bytes', bytes: n * GiB }) as const;
  test('first-fit decreasing: the biggest budgets choose first', () => {
    const result = plan(
      spec(
        [
          proc('small', { framework: 'other', gpuMemory: bytes(6) }),
          proc('big', { framework: 'other', gpuMemory: bytes(16) }),
          proc('mid', { framework: 'other', gpuMemory: bytes(8) }),
          proc('large', { framework: 'other', gpuMemory: bytes(12) }),
        ],
        { contextOverheadBytes: 512 * MiB },
      ),
      { devices: [gpu(), gpu({ index: 1 })], inheritedEnv: none },
    );
    // 16 → GPU0 (7 GiB left), 12 → GPU1 (11 left), 8 → GPU1 (2.5 left), 6 → GPU0.
    assert.deepEqual(
      result.processes.map((p) => [p.name, p.device]),
      [
        ['small', 0],
        ['big', 0],
        ['mid', 1],
        ['large', 1],
      ],
    );
    assert.equal(isInfeasible(result), false);
  });

  test('pinned processes stay put; rest goes where the share is biggest', () => {
    const result = plan(
      spec([
        proc('pinned', { framework: 'other', gpu: 1, gpuMemory: bytes(20) }),
        proc('flex', { framework: 'other', gpuMemory: { kind: 'rest' } }),
      ]),
      { devices: [gpu(), gpu({ index: 1 })], inheritedEnv: none },
    );
    assert.equal(byName(result, 'pinned').device, 1);
    assert.equal(byName(result, 'flex').device, 0);
    assert.equal(byName(result, 'flex').budgetBytes, 24 * GiB - 512 * MiB - 512 * MiB);
  });

  test('a pin to a missing device is an error', () => {
    const result = plan(spec([proc('x', { gpu: 3, gpuMemory: bytes(1) })]), {
      devices: [gpu()],
      inheritedEnv: none,
    });
    assert.equal(find(result, 'unknown-device')?.severity, 'error');
    assert.equal(byName(result, 'x').device, null);
  });

  test('one GPU at index 1: CUDA_DEVICE_ORDER=PCI_BUS_ID, or CUDA would count it fastest-first', () => {
    const result = plan(spec([proc('x', { framework: 'torch', gpuMemory: bytes(1) })]), {
      devices: [gpu({ index: 1 })],
      inheritedEnv: none,
    });
    assert.deepEqual(
      [byName(result, 'x').env.CUDA_VISIBLE_DEVICES, byName(result, 'x').env.CUDA_DEVICE_ORDER],
      ['1', 'PCI_BUS_ID'],
    );
    const single = plan(spec([proc('y', { gpuMemory: bytes(1) })]), { devices: [gpu()], inheritedEnv: none });
    assert.equal(byName(single, 'y').env.CUDA_DEVICE_ORDER, 'PCI_BUS_ID');
  });

  test('CUDA numbers devices by PCI bus only when told; a UUID is unambiguous', () => {
    const twoCards = [gpu(), gpu({ index: 1 })];
    const indexed = plan(spec([proc('x', { gpu: 1, gpuMemory: bytes(1) })]), {
      devices: twoCards,
      inheritedEnv: none,
    });
    assert.equal(byName(indexed, 'x').env.CUDA_VISIBLE_DEVICES, '1');
    assert.equal(byName(indexed, 'x').env.CUDA_DEVICE_ORDER, 'PCI_BUS_ID');
    const withUuid = [gpu(), gpu({ index: 1, uuid: 'GPU-abc' })];
    const byUuid = plan(spec([proc('x', { gpu: 1, gpuMemory: bytes(1) })]), {
      devices: withUuid,
      inheritedEnv: none,
    });
    assert.equal(byName(byUuid, 'x').env.CUDA_VISIBLE_DEVICES, 'GPU-abc');
    assert.equal(byName(byUuid, 'x').env.CUDA_DEVICE_ORDER, undefined);
  });
});

describe('budgets', () => {
  test('replicas are named process.k from 0; rest shares equally', () => {
    const result = plan(spec([proc('actor', { replicas: 3 })]), { devices: [gpu()], inheritedEnv: none });
    assert.deepEqual(
      result.processes.map((p) => [p.name, p.process, p.replica]),
      [
        ['actor.0', 'actor', 0],
        ['actor.1', 'actor', 1],
        ['actor.2', 'actor', 2],
      ],
    );
    const share = (24 * GiB - 512 * MiB - 3 * 512 * MiB) / 3;
    for (const p of result.processes) {
      assert.ok(
        p.budgetBytes <= share && share - p.budgetBytes < 24 * GiB * 1e-4,
        `${p.budgetBytes} vs ${share}`,
      );
    }
  });

  test('gpu_clients: N: each client is told budget / N (fraction, budget bytes), and N contexts are paid', () => {
    const result = plan(
      spec([
        proc('trainer', { framework: 'jax', gpuMemory: { kind: 'fraction', fraction: 0.9 }, gpuClients: 3 }),
      ]),
      {
        devices: [gpu({ totalBytes: 40 * GiB })],
        inheritedEnv: none,
      },
    );
    const trainer = byName(result, 'trainer');
    assert.equal(trainer.gpuClients, 3);
    assert.equal(trainer.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
    assert.equal(trainer.env.HEADROOM_GPU_FRACTION, '0.3000');
    assert.equal(trainer.env.HEADROOM_GPU_BUDGET_BYTES, String(Math.floor(0.3 * 40 * GiB)));
    assert.equal(trainer.env.HEADROOM_GPU_CLIENTS, '3');
    assert.equal(trainer.budgetBytes, 3 * Math.floor(0.3 * 40 * GiB));
    assert.equal(trainer.overheadBytes, 3 * 512 * MiB, 'three contexts');
    assert.match(trainer.capNote, /per client, each of 3 GPU clients/);
  });

  test('a process without replicas has replica null and its own name', () => {
    const result = plan(spec([proc('learner')]), { devices: [gpu()], inheritedEnv: none });
    assert.deepEqual(
      [byName(result, 'learner').replica, byName(result, 'learner').process],
      [null, 'learner'],
    );
  });

  test('rest with nothing left is an error; a tiny budget a warning', () => {
    const result = plan(
      spec([
        proc('hog', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 23 * GiB } }),
        proc('starved', { framework: 'other', gpuMemory: { kind: 'rest' } }),
        proc('tiny', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 100 * MiB } }),
      ]),
      { devices: [gpu({ totalBytes: 48 * GiB })], inheritedEnv: none },
    );
    assert.equal(find(result, 'budget-too-small')?.process, 'tiny');
    const crowded = plan(
      spec([
        proc('hog', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 23 * GiB } }),
        proc('starved', { framework: 'other', gpuMemory: { kind: 'rest' } }),
      ]),
      { devices: [gpu()], inheritedEnv: none },
    );
    assert.equal(find(crowded, 'budget-empty')?.process, 'starved');
    assert.equal(byName(crowded, 'starved').budgetBytes, 0);
  });

  test('a JAX byte budget is floored to what a 4-decimal fraction can express', () => {
    const result = plan(spec([proc('j', { gpuMemory: { kind: 'bytes', bytes: 5 * GiB } })]), {
      devices: [gpu()],
      inheritedEnv: none,
    });
    const j = byName(result, 'j');
    assert.equal(j.env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.2083');
    assert.equal(j.budgetBytes, Math.floor(0.2083 * 24 * GiB));
    assert.ok(j.budgetBytes <= 5 * GiB);
  });

  test('framework none gets no device and every GPU hidden', () => {
    const result = plan(spec([proc('loader', { framework: 'none' })]), {
      devices: [gpu()],
      inheritedEnv: none,
    });
    const loader = byName(result, 'loader');
    assert.deepEqual([loader.device, loader.budgetBytes, loader.overheadBytes], [null, 0, 0]);
    assert.deepEqual(loader.env, { CUDA_VISIBLE_DEVICES: '', HEADROOM_PROCESS: 'loader' });
    assert.equal(result.devices[0]?.plannedBytes, 0);
  });

  test('host-only processes plan with no GPU at all, and are told their host limit', () => {
    const result = plan(spec([proc('loader', { framework: 'none', hostMemoryBytes: 2 * GiB })]), {
      devices: [],
      inheritedEnv: none,
    });
    assert.deepEqual(result.findings, []);
    assert.deepEqual(byName(result, 'loader').env, {
      CUDA_VISIBLE_DEVICES: '',
      HEADROOM_PROCESS: 'loader',
      HEADROOM_HOST_MEMORY_BYTES: String(2 * GiB),
    });
  });
});

describe('per-framework environment', () => {
  const run = (p: ReturnType<typeof proc>, inheritedEnv: Record<string, string> = {}) =>
    plan(spec([p]), { devices: [gpu()], inheritedEnv });

  test('torch: the cap and its allocator keys are decided per release (details in torch-env.test.ts)', () => {
    const result = run(proc('t', { framework: 'torch', gpuMemory: { kind: 'fraction', fraction: 0.5 } }));
    const t = byName(result, 't');
    assert.equal(t.env.HEADROOM_GPU_FRACTION, '0.5000');
    assert.equal(t.capBy, 'bootstrap');
    assert.equal(find(result, 'no-enforceable-cap'), undefined);
    assert.equal(find(result, 'torch-cap-in-process'), undefined);
  });

  test('tensorflow: allow growth exactly "true", the limit through the bootstrap, else a warning', () => {
    const tf = proc('tf', { framework: 'tensorflow', gpuMemory: { kind: 'bytes', bytes: 4 * GiB } });
    const capped = run(tf);
    assert.equal(byName(capped, 'tf').env.TF_FORCE_GPU_ALLOW_GROWTH, 'true');
    assert.equal(byName(capped, 'tf').env.HEADROOM_BOOT, 'tf-cap,peaks');
    assert.equal(byName(capped, 'tf').capBy, 'bootstrap');
    assert.equal(find(capped, 'no-enforceable-cap'), undefined);
    const noBootstrap = plan(spec([tf]), { devices: [gpu()], inheritedEnv: none, bootstrapDir: null });
    assert.equal(byName(noBootstrap, 'tf').capBy, 'watch');
    assert.match(find(noBootstrap, 'no-enforceable-cap')?.message ?? '', /memory_limit=4096/);
  });

  test('jax: preallocate: true keeps preallocation; two on one card are a warning', () => {
    const result = plan(
      spec([
        proc('a', { preallocate: true, gpuMemory: { kind: 'fraction', fraction: 0.2 } }),
        proc('b', { preallocate: true, gpuMemory: { kind: 'fraction', fraction: 0.2 } }),
      ]),
      { devices: [gpu()], inheritedEnv: none },
    );
    assert.equal(byName(result, 'a').env.XLA_PYTHON_CLIENT_PREALLOCATE, 'true');
    assert.equal(find(result, 'jax-preallocate-shared')?.severity, 'warning');
  });

  test('config env that agrees with the plan passes; one that disagrees is an error, not overwritten silently', () => {
    const agree = run(
      proc('j', {
        gpuMemory: { kind: 'fraction', fraction: 0.3 },
        env: { XLA_PYTHON_CLIENT_MEM_FRACTION: '.3', WANDB_MODE: 'offline' },
      }),
    );
    assert.deepEqual(codes(agree), []);
    assert.equal(byName(agree, 'j').env.WANDB_MODE, 'offline');
    const disagree = run(
      proc('j', {
        gpuMemory: { kind: 'fraction', fraction: 0.3 },
        env: { XLA_PYTHON_CLIENT_MEM_FRACTION: '0.5' },
      }),
    );
    const conflict = find(disagree, 'env-conflicts-plan');
    assert.equal(conflict?.severity, 'error');
    assert.match(
      conflict?.message ?? '',
      /0\.5 disagrees with the plan's XLA_PYTHON_CLIENT_MEM_FRACTION=0\.3000/,
    );
  });

  test('malformed values written in the config are errors', () => {
    const cases: [string, Record<string, string>, string][] = [
      ['jax', { XLA_PYTHON_CLIENT_PREALLOCATE: 'FALSE' }, 'reads "FALSE" as true'],
      ['jax', { XLA_PYTHON_CLIENT_MEM_FRACTION: '30%' }, 'not a number'],
      ['tensorflow', { TF_FORCE_GPU_ALLOW_GROWTH: '1' }, 'ignores "1"'],
    ];
    for (const [framework, env, text] of cases) {
      const result = run(proc('p', { framework: framework as 'jax', env }));
      const finding = find(result, 'env-malformed');
      assert.equal(finding?.severity, 'error', JSON.stringify(env));
      assert.ok(finding?.message.includes(text), finding?.message);
    }
    const both = run(proc('p', { env: { XLA_CLIENT_MEM_FRACTION: '0.2' } }));
    assert.equal(find(both, 'env-both-fraction-names')?.severity, 'error');
  });
});

describe('the inherited environment', () => {
  const jaxPlan = (inheritedEnv: Record<string, string>) =>
    plan(spec([proc('j', { gpuMemory: { kind: 'fraction', fraction: 0.3 } })]), {
      devices: [gpu()],
      inheritedEnv,
    });

  test('PREALLOCATE=FALSE or no is flagged: JAX reads them as true', () => {
    for (const value of ['FALSE', 'no', 'off']) {
      const finding = find(jaxPlan({ XLA_PYTHON_CLIENT_PREALLOCATE: value }), 'env-malformed');
      assert.equal(finding?.severity, 'warning');
      assert.match(finding?.message ?? '', /reads ".*" as true/);
    }
    assert.equal(find(jaxPlan({ XLA_PYTHON_CLIENT_PREALLOCATE: 'false' }), 'env-malformed'), undefined);
  });

  test('a fraction written 30% is flagged', () => {
    assert.ok(find(jaxPlan({ XLA_PYTHON_CLIENT_MEM_FRACTION: '30%' }), 'env-malformed'));
    assert.ok(find(jaxPlan({ XLA_PYTHON_CLIENT_MEM_FRACTION: '1.5' }), 'env-malformed'));
  });

  test('both fraction names: flagged, and the new name is removed from the child', () => {
    const result = jaxPlan({ XLA_CLIENT_MEM_FRACTION: '0.5', XLA_PYTHON_CLIENT_MEM_FRACTION: '0.5' });
    assert.ok(find(result, 'env-both-fraction-names'));
    assert.deepEqual(byName(result, 'j').unsetEnv, ['XLA_CLIENT_MEM_FRACTION']);
  });

  test('an uncapped JAX allocator is flagged', () => {
    assert.ok(find(jaxPlan({ XLA_PYTHON_CLIENT_ALLOCATOR: 'platform' }), 'jax-allocator-uncapped'));
    assert.equal(find(jaxPlan({ XLA_PYTHON_CLIENT_ALLOCATOR: 'bfc' }), 'jax-allocator-uncapped'), undefined);
  });

  test('TF growth "1" and both torch configs are flagged only where such a process runs', () => {
    const tf = plan(spec([proc('tf', { framework: 'tensorflow' })]), {
      devices: [gpu()],
      inheritedEnv: { TF_FORCE_GPU_ALLOW_GROWTH: '1' },
    });
    assert.ok(find(tf, 'env-malformed'));
    assert.equal(find(jaxPlan({ TF_FORCE_GPU_ALLOW_GROWTH: '1' }), 'env-malformed'), undefined);
    const torch = plan(spec([proc('t', { framework: 'torch' })]), {
      devices: [gpu()],
      inheritedEnv: { PYTORCH_ALLOC_CONF: 'a:b', PYTORCH_CUDA_ALLOC_CONF: 'c:d' },
    });
    assert.ok(find(torch, 'env-both-torch-conf'));
  });

  test('findings list errors before warnings before info', () => {
    const result = plan(
      spec([
        proc('t', { framework: 'torch' }),
        proc('o', { framework: 'other', gpuMemory: { kind: 'bytes', bytes: 40 * GiB } }),
      ]),
      { devices: [gpu()], inheritedEnv: none },
    );
    const order = result.findings.map((f) => f.severity);
    assert.deepEqual(
      order,
      [...order].sort(
        (a, b) => ['error', 'warning', 'info'].indexOf(a) - ['error', 'warning', 'info'].indexOf(b),
      ),
    );
    assert.equal(order[0], 'error');
  });
});

// Found by fast-check in src/properties.test.ts: a 256 MiB card under the 512 MiB reserve planned
// "-256 MiB usable" and a JAX fraction of 0.0000.
describe('a card no larger than the reserve', () => {
  const result = plan(spec([proc('a', {})]), {
    devices: [gpu({ totalBytes: 256 * MiB })],
    inheritedEnv: none,
  });

  test('has nothing usable, never a negative size, and the plan says why', () => {
    assert.equal(result.devices[0]?.usableBytes, 0);
    const covered = find(result, 'reserve-covers-device');
    assert.equal(covered?.severity, 'error');
    assert.deepEqual(covered?.facts, { totalBytes: 256 * MiB, reserveBytes: 512 * MiB });
    assert.match(covered?.message ?? '', /GPU 0 has 256 MiB in all, no more than the 512 MiB .*reserve/);
    assert.equal(find(result, 'overcommit'), undefined, 'said once, not again as an overcommit');
    assert.equal(isInfeasible(result), true);
  });

  test('a card just above the reserve is planned as before', () => {
    const above = plan(spec([proc('a', {})]), {
      devices: [gpu({ totalBytes: 2 * GiB })],
      inheritedEnv: none,
    });
    assert.equal(above.devices[0]?.usableBytes, 2 * GiB - 512 * MiB);
    assert.equal(find(above, 'reserve-covers-device'), undefined);
  });
});
