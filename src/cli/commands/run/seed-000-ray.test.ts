// Seed 000 on a real Ray cluster (Ray 2.58, two nodes on this machine, each declaring one GPU backed by
// a simulated card of its own): `headroom run --on ray` starts an actor per process with num_gpus from
// its bytes on the node of its card, each child with the environment a local run gives, samples from
// both nodes, verdicts through the one judge; `doctor RUN_DIR` and `report` read the record. One
// cluster for the file (started once: it is the slow part).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestCluster, type TestRayCluster } from '../../../launch/ray/test-helpers/ray-cluster.js';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { skipUnlessFrameworks } from '../../../test-helpers/frameworks.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const skip = skipUnlessFrameworks('ray');
const workload = (name: string) => JSON.stringify(join(repoRoot, 'examples', 'workloads', name));
const dumpEnv = JSON.stringify(join(repoRoot, 'src', 'launch', 'ray', 'test-helpers', 'dump-env.mjs'));

/** Seed 000 (examples/rl-isaac) on two cards: isaac alone on card 0, the JAX learner and actor on card 1. */
function seedConfig(o: { learnerStep: string; extra?: string }): string {
  const jax = (step: string) =>
    `[node, ${dumpEnv}, node, ${workload('fake-jax.mjs')}, --steps, '4', --step, ${step}, --interval-ms, '300', --host-per-step, 1MiB]`;
  return [
    'gpus:',
    '  - memory: 24GiB',
    '    simulated: true',
    '  - index: 1',
    '    memory: 24GiB',
    '    simulated: true',
    'reserve: 512MiB',
    'context_overhead: 1GiB',
    'processes:',
    '  isaac:',
    `    command: [node, ${dumpEnv}, node, ${workload('fake-sim.mjs')}, --gpu-memory, 4GiB, --host-memory, 16MiB, --duration-ms, '2500']`,
    '    framework: other',
    '    gpu_memory: rest',
    '    gpu: 0',
    '    enforce: warn',
    '    ready_when: ^ready',
    '  learner:',
    `    command: ${jax(o.learnerStep)}`,
    '    framework: jax',
    '    gpu_memory: 30%',
    '    gpu: 1',
    '    depends_on: [isaac]',
    '  actor:',
    `    command: ${jax('256MiB')}`,
    '    framework: jax',
    '    gpu_memory: 10%',
    '    gpu: 1',
    '    depends_on: [isaac]',
    o.extra ?? '',
    '',
  ].join('\n');
}

interface Ended {
  name: string;
  reason: string;
  because: string;
  cause: { kind: string } | null;
  ray: { nodeId: string; pid: number; numGpus: number; cudaVisibleDevices: string | null };
}

describe('run --on ray: seed 000 on a two-node Ray cluster', { skip }, () => {
  let cluster: TestRayCluster;
  before(async () => {
    cluster = await startTestCluster();
  });
  after(async () => {
    await cluster?.stop();
  });

  async function runOnRay(config: string, label: string, args: string[] = []) {
    const dir = scratchDir(label);
    const file = join(dir, 'headroom.yaml');
    writeFileSync(file, config);
    const runDir = join(dir, 'run');
    const envDir = join(dir, 'env-ray');
    mkdirSync(envDir);
    const env = { HEADROOM_SIM_DIR: join(dir, 'sim'), HEADROOM_TEST_ENV_DIR: envDir };
    const run = await runHeadroom(
      [
        'run',
        '-c',
        file,
        '--on',
        'ray',
        '--address',
        cluster.address,
        '--python',
        cluster.python,
        '--run-dir',
        runDir,
        ...args,
      ],
      { env },
    );
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as { processes: Ended[] };
    const ended = Object.fromEntries(summary.processes.map((p) => [p.name, p]));
    return { dir, file, runDir, envDir, env, run, ended };
  }

  test("three roles placed by bytes, each child with a local run's environment, every step exited, samples from both nodes, doctor and report read it", async () => {
    const seed = await runOnRay(seedConfig({ learnerStep: '512MiB' }), 'ray-seed-000');
    const { ended, run } = seed;
    for (const name of ['isaac', 'learner', 'actor'])
      assert.equal(
        ended[name]?.reason,
        'exited',
        `${name}: ${ended[name]?.because}\n${run.stdout}\n${run.stderr}`,
      );
    assert.equal(run.code, 0);
    // num_gpus from bytes (budget + context over the card, rounded up): learner 30% of 24 GiB + 1 GiB.
    assert.equal(ended.learner?.ray.numGpus, Math.ceil(((0.3 * 24 + 1) / 24) * 10_000) / 10_000);
    assert.equal(ended.actor?.ray.numGpus, Math.ceil(((0.1 * 24 + 1) / 24) * 10_000) / 10_000);
    // isaac alone on card 0's node; learner and actor share card 1 on the other node.
    const ids = cluster.nodes.map((n) => n.nodeId);
    assert.ok(ids.includes(ended.isaac!.ray.nodeId));
    assert.ok(ids.includes(ended.learner!.ray.nodeId));
    assert.notEqual(ended.isaac?.ray.nodeId, ended.learner?.ray.nodeId);
    assert.equal(ended.actor?.ray.nodeId, ended.learner?.ray.nodeId);
    // Samples from both nodes, with the simulated cards' bytes.
    const samples = readFileSync(join(seed.runDir, 'samples.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { processes: Record<string, { node: string; gpuBytes: number | null }> },
      );
    const nodesSeen = new Set(samples.flatMap((s) => Object.values(s.processes).map((p) => p.node)));
    assert.deepEqual([...nodesSeen].sort(), [...ids].sort());
    assert.ok(
      samples.some((s) => (s.processes.isaac?.gpuBytes ?? 0) >= 4 * 2 ** 30),
      "isaac held its 4 GiB on node 0's card",
    );
    // Each child's environment is a local run's, but for what Ray and the run decide: the card Ray gave
    // (CUDA_VISIBLE_DEVICES), the node's simulated card, and the run's own id and peaks file.
    const local = join(seed.dir, 'env-local');
    mkdirSync(local);
    const localRun = await runHeadroom(['run', '-c', seed.file, '--run-dir', join(seed.dir, 'local-run')], {
      env: { ...seed.env, HEADROOM_TEST_ENV_DIR: local },
    });
    assert.equal(localRun.code, 0, localRun.stderr);
    const perRun = [
      'CUDA_VISIBLE_DEVICES',
      'HEADROOM_SIM_DIR',
      'HEADROOM_RUN',
      'HEADROOM_PEAKS_FILE',
      'HEADROOM_TEST_ENV_DIR',
    ];
    for (const name of ['isaac', 'learner', 'actor']) {
      const read = (dir: string) => {
        const all = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Record<string, string>;
        return Object.fromEntries(Object.entries(all).filter(([key]) => !perRun.includes(key)));
      };
      assert.deepEqual(read(seed.envDir), read(local), `${name}'s environment on Ray and locally`);
      const onRay = JSON.parse(readFileSync(join(seed.envDir, `${name}.json`), 'utf8')) as Record<
        string,
        string
      >;
      assert.equal(onRay.CUDA_VISIBLE_DEVICES, '0', 'the card Ray gave its actor');
      const node = cluster.nodes.find((n) => n.nodeId === ended[name]?.ray.nodeId);
      assert.equal(onRay.HEADROOM_SIM_DIR, node?.simDir, "the node's own simulated card");
    }
    const doctor = await runHeadroom(['doctor', seed.runDir, '--json'], { env: seed.env });
    assert.ok(doctor.code === 0 || doctor.code === 1, doctor.stderr);
    assert.ok(JSON.parse(doctor.stdout), 'doctor RUN_DIR reads the Ray run');
    const report = await runHeadroom(['report', seed.runDir, '-o', join(seed.dir, 'report.html')], {
      env: seed.env,
    });
    assert.equal(report.code, 0, report.stderr);
  });

  test('a learner out of its JAX cap on Ray is gpu-oom "own cap"; an infeasible process names the short resource', async () => {
    const extra = [
      '  replay:',
      "    command: [node, -e, '0']",
      '    framework: none',
      '    host_memory: 8GiB',
    ].join('\n');
    const seed = await runOnRay(seedConfig({ learnerStep: '3GiB', extra }), 'ray-seed-000-cap');
    const { ended, run } = seed;
    assert.equal(ended.learner?.reason, 'gpu-oom', `${ended.learner?.because}\n${run.stderr}`);
    assert.equal(ended.learner?.cause?.kind, 'own-cap');
    assert.match(ended.learner!.because, /^own cap: learner asked for 3\.00 GiB/);
    assert.equal(ended.replay?.reason, 'failed');
    assert.match(
      ended.replay!.because,
      /infeasible: Ray can never place it: needs memory 8\.00 GiB, and the most any node has is 2\.00 GiB/,
    );
    // Every failure names its node and PID in the record.
    const events = readFileSync(join(seed.runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const exit = events.find((e) => e.type === 'exit' && e.process === 'learner');
    assert.equal(exit?.nodeId, ended.learner?.ray.nodeId);
    assert.match(String(exit?.message), /learner ended: gpu-oom/);
    assert.equal(typeof exit?.pid, 'number');
    assert.equal(exit?.role, 'learner');
    assert.ok(existsSync(join(seed.runDir, 'ray', 'spec.json')));
    assert.ok(readdirSync(join(seed.runDir, 'logs')).includes('learner.log'));
  });
});
