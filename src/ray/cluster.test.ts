// Reading a Ray cluster: the probe's answer turned into nodes (pure), then one real Ray 2.58 head node
// (ray start, its own temp dir and ports) read by the probe, planned on by `plan --on ray`, and the
// placement handed to Ray as run --on ray would: Ray accepts every request, the actors that share a
// card get the same CUDA_VISIBLE_DEVICES, and the GPU Ray has left is exactly what the units say.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runHeadroom } from '../cli/test-helpers/run-in-process.js';
import { EnvironmentError, HeadroomError } from '../errors.js';
import { repoRoot } from '../probe/gpu/test-helpers/shared.js';
import { frameworksPython, pythonHas, skipUnlessFrameworks } from '../test-helpers/frameworks.js';
import { type ProbedRayCluster, probeRayCluster, toRayCluster } from './cluster.js';
import { type RayHead, startRayHead } from './test-helpers/ray-head.js';
import type { RayPlacement } from './types.js';

const GiB = 1024 ** 3;
const headId = 'a'.repeat(56);
const workerId = 'b'.repeat(56);

// The shape the probe prints (field names as ray.nodes() gives them), for two nodes on one machine.
const probed = (gpuProbe: ProbedRayCluster['nodes'][number]['gpu_probe']): ProbedRayCluster => ({
  ray_version: '2.58.0',
  cluster_resources: {},
  nodes: [
    {
      id: workerId,
      address: '127.0.0.1',
      hostname: 'vm',
      resources: {
        CPU: 2,
        GPU: 2,
        memory: 8.5e9,
        object_store_memory: 1e9,
        'node:127.0.0.1': 1,
        'accelerator_type:A10G': 1,
      },
      labels: { 'ray.io/node-id': workerId },
      gpu_probe: gpuProbe,
    },
    {
      id: headId,
      address: '127.0.0.1',
      hostname: 'vm',
      resources: { CPU: 4, memory: 17_577_492_890, 'node:__internal_head__': 1, 'node:127.0.0.1': 1 },
      labels: { 'ray.io/node-id': headId },
      gpu_probe: null,
    },
  ],
});

describe('toRayCluster', () => {
  test("nodes with Ray's resources: head first, custom resources kept, cards from nvidia-smi", () => {
    const smi = '0, GPU-1, NVIDIA A10G, 23028\n1, GPU-2, NVIDIA A10G, 23028\n';
    const cluster = toRayCluster({
      probed: probed({ smi, headroom_gpu: null }),
      address: 'auto',
      declared: undefined,
    });
    assert.deepEqual(
      cluster.nodes.map((n) => [n.id, n.isHead, n.cpus, n.memoryBytes]),
      [
        [headId, true, 4, 17_577_492_890],
        [workerId, false, 2, 8_500_000_000],
      ],
    );
    assert.deepEqual(cluster.nodes[1]?.resources, { 'accelerator_type:A10G': 1 });
    assert.equal(cluster.takenResources, undefined);
    const busy = toRayCluster({
      probed: {
        ...probed({ smi, headroom_gpu: null }),
        cluster_resources: { CPU: 6, GPU: 2, memory: 26e9 },
        available_resources: { CPU: 6, GPU: 1.5, memory: 25e9 },
      },
      address: 'auto',
      declared: undefined,
    });
    assert.deepEqual(busy.takenResources, { GPU: 0.5, memory: 1e9 });
    assert.deepEqual(
      cluster.nodes[1]?.gpus.map((g) => [g.index, g.totalBytes, g.source]),
      [
        [0, 23_028 * 1024 ** 2, 'nvidia-smi'],
        [1, 23_028 * 1024 ** 2, 'nvidia-smi'],
      ],
    );
  });

  test('a simulated card from the node’s HEADROOM_GPU, and declared cards winning over the probe', () => {
    const sim = toRayCluster({
      probed: probed({ smi: null, headroom_gpu: 'sim:24GiB' }),
      address: 'auto',
      declared: undefined,
    });
    assert.deepEqual(
      sim.nodes[1]?.gpus.map((g) => [g.totalBytes, g.simulated, g.source]),
      [
        [24 * GiB, true, 'HEADROOM_GPU'],
        [24 * GiB, true, 'HEADROOM_GPU'],
      ],
    );
    const declared = toRayCluster({
      probed: probed(null),
      address: 'auto',
      declared: {
        devices: [{ index: 0, name: 'declared GPU 0', totalBytes: 80 * GiB, simulated: false }],
        source: 'flag',
      },
    });
    assert.deepEqual(
      declared.nodes[1]?.gpus.map((g) => [g.totalBytes, g.source]),
      [
        [80 * GiB, 'flag'],
        [80 * GiB, 'flag'],
      ],
    );
  });

  test('GPUs of unknown size name the node and what to pass (exit 2)', () => {
    assert.throws(
      () =>
        toRayCluster({
          probed: probed({ smi: null, headroom_gpu: null }),
          address: 'auto',
          declared: undefined,
        }),
      (error: unknown) =>
        error instanceof EnvironmentError &&
        /unknown on node 127\.0\.0\.1 \(bbbbbbbb\): it has no nvidia-smi and no HEADROOM_GPU/.test(
          error.message,
        ) &&
        /--gpu 24GiB/.test(error.hint ?? ''),
    );
  });
});

describe('probeRayCluster', () => {
  const systemHasRay = pythonHas('/usr/bin/python3', 'ray');
  test('a Python without ray, or none at all, is one line that names --python', {
    skip: systemHasRay && "Debian's python3 has ray here",
  }, async () => {
    const rejectsWith = async (python: string, pattern: RegExp): Promise<void> => {
      await assert.rejects(
        probeRayCluster({ address: '127.0.0.1:1', python, env: process.env, probeGpus: false }),
        (error: unknown) =>
          error instanceof HeadroomError &&
          error.exitCode === 2 &&
          pattern.test(error.message) &&
          /--python PATH/.test(error.hint ?? ''),
      );
    };
    await rejectsWith('/usr/bin/python3', /^\/usr\/bin\/python3 cannot import ray/);
    await rejectsWith('/nonexistent/python3', /^--python \/nonexistent\/python3: no such interpreter/);
  });
});

const skip = skipUnlessFrameworks('ray');

describe('a real Ray head node', { skip }, () => {
  let head: RayHead | undefined;
  const python = (): string => frameworksPython() ?? 'python3';

  before(async () => {
    // One declared GPU backed by a simulated 24 GiB card (what the node's tasks see in HEADROOM_GPU).
    head = await startRayHead({
      python: python(),
      numGpus: 1,
      numCpus: 4,
      env: { HEADROOM_GPU: 'sim:24GiB' },
    });
  });
  after(async () => {
    await head?.stop();
  });

  test('the probe reads its node, resources and simulated card; a wrong address is one line', async () => {
    assert.ok(head);
    const answer = await probeRayCluster({
      address: head.address,
      python: python(),
      env: process.env,
      probeGpus: true,
    });
    assert.equal(answer.ray_version, '2.58.0');
    const cluster = toRayCluster({ probed: answer, address: head.address, declared: undefined });
    assert.equal(cluster.nodes.length, 1);
    const [node] = cluster.nodes;
    assert.match(node?.id ?? '', /^[0-9a-f]{56}$/);
    assert.equal(node?.isHead, true);
    assert.equal(node?.cpus, 4);
    assert.ok((node?.memoryBytes ?? 0) > 0);
    assert.deepEqual(
      node?.gpus.map((g) => [g.totalBytes, g.simulated, g.source]),
      [[24 * GiB, true, 'HEADROOM_GPU']],
    );

    await assert.rejects(
      probeRayCluster({
        address: '127.0.0.1:1',
        python: python(),
        env: process.env,
        probeGpus: false,
        timeoutMs: 60_000,
      }),
      /no Ray cluster at 127\.0\.0\.1:1/,
    );
  });

  test('plan --on ray --address places seed 000 on it, and Ray takes the placement as planned', async () => {
    assert.ok(head);
    const seed000 = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
    const { code, stdout, stderr } = await runHeadroom([
      'plan',
      '--on',
      'ray',
      '--address',
      head.address,
      '--python',
      python(),
      '-c',
      seed000,
      '--json',
    ]);
    assert.equal(code, 0, stderr);
    const placement = JSON.parse(stdout) as RayPlacement;
    assert.equal(placement.cluster.source, 'live');
    const nodeId = placement.cluster.nodes[0]?.id;
    assert.deepEqual(
      placement.processes.map((p) => [p.name, p.nodeId, p.gpu]),
      [
        ['sim', nodeId, 0],
        ['learner', nodeId, 0],
        ['actor', nodeId, 0],
      ],
    );
    assert.deepEqual(
      placement.placementGroups.map((g) => g.processes),
      [['sim', 'learner', 'actor']],
    );

    // What run --on ray does with it (types.ts): the group, then each actor in its bundle.
    const script = `
import json, os, sys, time, ray
from ray.util.placement_group import placement_group
from ray.util.scheduling_strategies import PlacementGroupSchedulingStrategy
placement = json.loads(sys.argv[2])
ray.init(address=sys.argv[1], logging_level="ERROR", log_to_driver=False)
groups = {}
for g in placement["placementGroups"]:
    groups[g["name"]] = placement_group(g["bundles"], strategy=g["strategy"], bundle_label_selector=g["bundleLabelSelector"], name=g["name"])
    ray.get(groups[g["name"]].ready(), timeout=60)
@ray.remote
class Role:
    def visible(self): return os.environ.get("CUDA_VISIBLE_DEVICES")
actors = [Role.options(num_gpus=p["numGpus"], num_cpus=p["numCpus"], memory=p["memoryBytes"],
    scheduling_strategy=PlacementGroupSchedulingStrategy(groups[p["placementGroup"]], placement_group_bundle_index=p["bundleIndex"])).remote()
    for p in placement["processes"]]
visible = ray.get([a.visible.remote() for a in actors], timeout=120)
# Ray's view of free resources lags the allocation; wait for the group's reservation to show.
for _ in range(40):
    left = ray.available_resources().get("GPU", 0)
    if left < 1: break
    time.sleep(0.25)
print(json.dumps({"visible": visible, "gpuLeft": left}))
ray.shutdown()
`;
    const run = spawnSync(python(), ['-c', script, head.address, stdout], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    assert.equal(run.status, 0, run.stderr.slice(-3000));
    const answer = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as {
      visible: string[];
      gpuLeft: number;
    };
    assert.deepEqual(answer.visible, ['0', '0', '0']);
    const units = placement.processes.reduce((sum, p) => sum + p.gpuUnits, 0);
    assert.ok(units <= 10_000);
    // Exactly the planned units are reserved: none lost to Ray's truncation, none over the card.
    assert.equal(Math.round(answer.gpuLeft * 10_000), 10_000 - units);
  });
});
