// The whole path of an exact peak through `headroom run`: the plan gives each JAX, PyTorch and TensorFlow
// process the bootstrap with `peaks`, the supervisor names the run's peaks.jsonl, the exit hook appends
// the framework's counters, and the summary presents them (source framework) over the samples. Real
// Python and real processes; the frameworks are the stubs (test/bootstrap/stubs), standing in for a GPU.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runHeadroom } from '../../src/cli/test-helpers/run-in-process.js';
import { runSummarySchema } from '../../src/run-record/schema.js';
import { findPython, makeStubSite, noPythonMessage } from './python.js';

const python = findPython();
const GiB = 1024 ** 3;

// 8 GiB for 150 ms, then 1 GiB for 1.2 s: the samples (every 500 ms) see the 1 GiB at most.
const spike = (framework: string, allocate: string) =>
  [
    `import time, ${framework}`,
    `allocate = ${allocate}`,
    'big = allocate(8 * 1024**3)',
    'time.sleep(0.15)',
    'del big',
    'small = allocate(1024**3)',
    'time.sleep(1.2)',
  ].join('; ');

describe('exact peaks through headroom run', { skip: python === undefined ? noPythonMessage : false }, () => {
  test('torch, JAX and TensorFlow each holding 8 GiB for 150 ms: 8 GiB, source framework', async () => {
    const stubs = makeStubSite({
      version: '2.4.1',
      known_keys: ['expandable_segments', 'max_split_size_mb'],
    });
    const dir = join(stubs.dir, '..');
    const config = join(dir, 'headroom.yaml');
    const processes = {
      torch: spike('torch', 'lambda n: torch.empty(n, device="cuda")'),
      jax: spike('jax', 'jax.zeros'),
      tf: spike('tensorflow as tf', 'tf.zeros'),
    };
    const framework = { torch: 'torch', jax: 'jax', tf: 'tensorflow' } as const;
    writeFileSync(
      config,
      [
        // Two 24 GiB cards (the stubs' size): a 10 GiB budget is a fraction of 24 GiB, as each stub counts it.
        'gpus:',
        '  - memory: 24GiB',
        '    simulated: true',
        '  - memory: 24GiB',
        '    simulated: true',
        'processes:',
        ...Object.entries(processes).flatMap(([name, code]) => [
          `  ${name}:`,
          `    command: [${JSON.stringify(python)}, "-c", ${JSON.stringify(code)}]`,
          `    framework: ${framework[name as keyof typeof framework]}`,
          '    gpu_memory: 10GiB',
          `    env: { PYTHONPATH: ${JSON.stringify(stubs.dir)}, PYTHONDONTWRITEBYTECODE: "1" }`,
        ]),
        '',
      ].join('\n'),
    );
    const runDir = join(dir, 'run');
    const ran = await runHeadroom(['run', '-c', config, '--run-dir', runDir], {
      cwd: dir,
      env: { HEADROOM_SIM_DIR: join(dir, 'sim') },
    });
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    const summary = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
    for (const name of Object.keys(processes)) {
      const p = summary.processes.find((q) => q.name === name);
      assert.deepEqual(
        [p?.peakGpuBytes, p?.peakGpuSource, p?.exactPeaks?.[0]?.framework],
        [8 * GiB, 'framework', framework[name as keyof typeof framework]],
        name,
      );
    }
    assert.match(ran.stdout + ran.stderr, /torch\s.*8\.00 GiB \(framework\)/);
  });
});
