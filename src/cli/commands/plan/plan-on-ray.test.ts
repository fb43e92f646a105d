// `headroom plan --on ray` in-process, on clusters declared in the config (ray: nodes:); the live
// cluster read is src/ray/cluster.test.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { writeConfig } from '../../../test-helpers/scratch.js';
import { rayPlanSchema } from '../../schemas/ray.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const GiB = 1024 ** 3;

// Seed 000's three roles with two declared one-card nodes.
const seed000OnTwoNodes = (nodes: string): string => `
context_overhead: 1GiB
processes:
  sim: { command: [sleep, '1'], framework: other, gpu_memory: rest, host_memory: 256MiB }
  learner: { command: [sleep, '1'], framework: jax, gpu_memory: 30%, host_memory: 2GiB }
  actor: { command: [sleep, '1'], framework: jax, gpu_memory: 10%, host_memory: 1GiB }
ray:
  nodes:
${nodes}
`;

const twoNodes = `    - { name: gpu-a, address: 10.0.0.1, cpus: 4, memory: 16GiB, gpus: 1, gpu_memory: 24GiB }
    - { name: gpu-b, address: 10.0.0.2, cpus: 4, memory: 16GiB, gpus: 1, gpu_memory: 24GiB }`;

describe('headroom plan --on ray', () => {
  test('names the node each process goes to, its num_gpus and why; --json keeps its schema', async () => {
    const config = writeConfig(seed000OnTwoNodes(twoNodes));
    const text = await runHeadroom(['plan', '--on', 'ray', '-c', config], { env: { RAY_ADDRESS: '' } });
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Ray cluster declared in the config \(ray: nodes:\), 2 nodes/);
    assert.match(
      text.stdout,
      /learner\s+10\.0\.0\.1\s+0\s+0\.3417\s+8\.20 GiB\s+1\s+2\.00 GiB\s+headroom-gpu-a-gpu0\[0\]\s+GPU 0 of 10\.0\.0\.1, shared with actor/,
    );
    assert.match(
      text.stdout,
      /sim\s+10\.0\.0\.2\s+0\s+1\s+23\.50 GiB\s+1\s+256 MiB\s+-\s+GPU 0 of 10\.0\.0\.2 whole/,
    );
    assert.match(text.stdout, /plan is feasible/);

    const json = await runHeadroom(['plan', '--on', 'ray', '-c', config, '--json'], {
      env: { RAY_ADDRESS: '' },
    });
    assert.equal(json.code, 0, json.stderr);
    const data = rayPlanSchema.parse(JSON.parse(json.stdout));
    assert.equal(data.on, 'ray');
    assert.equal(data.cluster.source, 'declared');
    const learner = data.processes.find((p) => p.name === 'learner');
    assert.equal(learner?.nodeId, 'gpu-a');
    assert.equal(learner?.numGpus, 0.3417);
    assert.equal(learner?.memoryBytes, 2 * GiB);
    assert.deepEqual(data.placementGroups[0]?.processes, ['learner', 'actor']);
  });

  test("the README's declared cluster plans as it says", async () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### On a Ray cluster'));
    const declared = /```yaml\n(ray:\n[\s\S]*?)```/.exec(section)?.[1];
    assert.ok(declared, 'the section has a ray: block');
    const config = writeConfig(
      `processes:\n  learner: { command: [sleep, '1'], framework: jax, gpu_memory: 30%, host_memory: 8GiB }\n  loader: { command: [sleep, '1'], framework: none, host_memory: 100GiB }\n${declared}`,
    );
    const { code, stdout, stderr } = await runHeadroom(['plan', '--on', 'ray', '-c', config], {
      env: { RAY_ADDRESS: '' },
    });
    assert.equal(code, 0, stderr);
    assert.match(stdout, /learner\s+10\.0\.0\.1\s+0\s+0\.3417/);
    assert.match(
      stdout,
      /loader\s+cpu-a\s+-\s+0\s+-\s+1\s+100\.00 GiB\s+-\s+no GPU: the first node with 1 CPU and 100\.00 GiB memory free/,
    );
  });

  test('a plan that does not fit exits 1 and says which resource on which node is short', async () => {
    const config = writeConfig(
      seed000OnTwoNodes(
        `    - { name: gpu-a, address: 10.0.0.1, cpus: 1, memory: 2GiB, gpus: 1, gpu_memory: 24GiB }`,
      ),
    );
    const { code, stdout } = await runHeadroom(['plan', '--on', 'ray', '-c', config], {
      env: { RAY_ADDRESS: '' },
    });
    assert.equal(code, 1);
    assert.match(stdout, /ray-cpu-short\s+node 10\.0\.0\.1 is short of CPUs: sim, learner, actor ask for 3/);
    assert.match(
      stdout,
      /ray-memory-short\s+node 10\.0\.0\.1 is short of memory: the host_memory of sim, learner, actor adds up to 3\.25 GiB, Ray's memory resource there is 2\.00 GiB/,
    );
    assert.match(stdout, /plan is not feasible: 2 errors/);
  });

  test('without an address or declared nodes it starts nothing and says what to give (exit 2)', async () => {
    const config = writeConfig(
      'processes:\n  learner: { command: [sleep, "1"], framework: jax, gpu_memory: 30% }\n',
    );
    const { code, stderr } = await runHeadroom(['plan', '--on', 'ray', '-c', config], {
      env: { RAY_ADDRESS: '' },
    });
    assert.equal(code, 2);
    assert.match(
      stderr,
      /plan --on ray needs a cluster: no --address, no ray: address or ray: nodes: in .*headroom\.yaml, and no RAY_ADDRESS/,
    );
    assert.match(stderr, /headroom starts no cluster/);
  });

  test('a declared node with GPUs of unknown memory is a config error with file, line and field', async () => {
    const config = writeConfig(
      seed000OnTwoNodes(`    - name: gpu-a\n      cpus: 4\n      memory: 16GiB\n      gpus: 2`),
    );
    const { code, stderr } = await runHeadroom(['plan', '--on', 'ray', '-c', config], {
      env: { RAY_ADDRESS: '' },
    });
    assert.equal(code, 2);
    assert.match(
      stderr,
      /headroom\.yaml:\d+:\d+: ray\.nodes\[0\]\.gpus: node gpu-a has 2 GPUs of unknown memory: give gpu_memory/,
    );
  });
});
