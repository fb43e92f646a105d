// Seed 001 as a user runs it: `headroom run --framework jax --gpu-memory 90% -- python train.py`, where
// train.py runs three trainings with real joblib (Parallel(n_jobs=3)) and each is a JAX client on the
// simulated card (test/programs/joblib_jax_train.py: no GPU here, so each training is the bundled
// JAX-like workload). headroom checks the script before launch, names the three clients when they
// appear on the card, and doctor says what to set; with `gpu_clients: 3` each client is told a third.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { frameworksPython, skipUnlessFrameworks } from '../../../test-helpers/frameworks.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const script = join(repoRoot, 'test', 'programs', 'joblib_jax_train.py');
const skip = skipUnlessFrameworks('joblib', 'jax');
const GiB = 1024 ** 3;

interface Diagnosed {
  process: string;
  code: string;
  causeText: string;
  fixes: string[];
}

describe('seed 001: GPU clients inside one planned process', () => {
  test('three joblib workers, each a JAX client: named live, checked before launch, and told by doctor', {
    skip,
  }, async () => {
    const dir = scratchDir('seed-001');
    const runDir = join(dir, 'run');
    const env = { HEADROOM_SIM_DIR: join(dir, 'sim') };
    const run = await runHeadroom(
      [
        'run',
        '--framework',
        'jax',
        '--gpu-memory',
        '90%',
        '--gpu',
        'sim:40GiB',
        '--run-dir',
        runDir,
        '--',
        frameworksPython()!,
        script,
        '2GiB',
        '10',
      ],
      { env, cwd: dir },
    );
    // Before launch: doctor's script check of train.py, in the environment the run gives it.
    assert.match(run.stdout, /Script check of \S*joblib_jax_train\.py \(python\)/, run.stdout);
    assert.match(run.stdout, /joblib_jax_train\.py:\d+: /);
    // While it runs: the three clients, by pid and role, and what to set.
    assert.match(
      run.stdout,
      /headroom \| python: 3 processes of its tree hold GPU memory: pid \d+ \(child of joblib worker \d+, [\d.]+ [KMG]iB\), pid \d+ \(child of joblib worker \d+, [\d.]+ [KMG]iB\), pid \d+ \(child of joblib worker \d+, [\d.]+ [KMG]iB\); 3 JAX clients share one 90% fraction → 270% of the card: set gpu_clients: 3 for python in headroom\.yaml \(--gpu-clients 3 with run -- CMD\).*, or run them as replicas: 3/,
      run.stdout,
    );
    const events = readFileSync(join(runDir, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; count?: number; clients?: unknown[] });
    const seen = events.filter((e) => e.type === 'gpu-clients').at(-1);
    assert.equal(seen?.count, 3);
    assert.equal(seen?.clients?.length, 3);
    // doctor RUN_DIR: the same sentence and fix, from the record.
    const doctor = await runHeadroom(['doctor', runDir, '--json'], { env });
    const diagnoses = (JSON.parse(doctor.stdout) as { diagnoses: Diagnosed[] }).diagnoses;
    const clients = diagnoses.find((d) => d.code === 'run-gpu-clients');
    assert.match(clients!.causeText, /3 JAX clients share one 90% fraction → 270% of the card/);
    assert.match(clients!.fixes[0]!, /^set gpu_clients: 3 for python .*, or run them as replicas: 3$/);
    const text = await runHeadroom(['doctor', runDir], { env });
    assert.match(text.stdout, /3 JAX clients share one 90% fraction → 270% of the card/);
  });

  test('without Python: three JAX-like clients in one node tree are named, and doctor says what to set', async () => {
    const dir = scratchDir('seed-001-node');
    const file = join(dir, 'headroom.yaml');
    const pool = join(repoRoot, 'test', 'programs', 'jax-clients.mjs');
    writeFileSync(
      file,
      [
        'gpus:',
        '  - memory: 40GiB',
        '    simulated: true',
        'processes:',
        '  trainer:',
        `    command: [node, ${JSON.stringify(pool)}, '3', 2GiB, '8']`,
        '    framework: jax',
        '    gpu_memory: 90%',
        '',
      ].join('\n'),
    );
    const runDir = join(dir, 'run');
    const env = { HEADROOM_SIM_DIR: join(dir, 'sim') };
    const run = await runHeadroom(['run', '-c', file, '--run-dir', runDir], { env });
    // A client counts once it holds any bytes: under load the sample may catch one with its context only.
    assert.match(
      run.stdout,
      /trainer: 3 processes of its tree hold GPU memory: pid \d+ \(child of the main process \d+, [\d.]+ [KMG]iB\), .*; 3 JAX clients share one 90% fraction → 270% of the card: set gpu_clients: 3 for trainer/,
      run.stdout,
    );
    const doctor = await runHeadroom(['doctor', runDir, '--json'], { env });
    const diagnoses = (JSON.parse(doctor.stdout) as { diagnoses: Diagnosed[] }).diagnoses;
    assert.match(
      diagnoses.find((d) => d.code === 'run-gpu-clients')!.causeText,
      /3 JAX clients share one 90% fraction → 270% of the card/,
    );
    // 3 × 16 GiB cannot fit on 40 GiB: a client ran out on the full card, and the gpu_clients fix comes first.
    const oom = diagnoses.find((d) => d.process === 'trainer' && d.code !== 'run-gpu-clients');
    assert.match(oom!.fixes[0]!, /^set gpu_clients: 3 for trainer/);
  });

  test('gpu_clients: 3: each client’s environment carries a third of the budget; the plan counts three contexts', {
    skip,
  }, async () => {
    const dir = scratchDir('seed-001-clients');
    const clientEnvDir = join(dir, 'clients');
    const file = join(dir, 'headroom.yaml');
    writeFileSync(
      file,
      [
        'gpus:',
        '  - memory: 40GiB',
        '    simulated: true',
        'processes:',
        '  trainer:',
        `    command: [${JSON.stringify(frameworksPython())}, ${JSON.stringify(script)}, 2GiB, '3']`,
        '    framework: jax',
        '    gpu_memory: 90%',
        '    gpu_clients: 3',
        '',
      ].join('\n'),
    );
    mkdirSync(clientEnvDir);
    const runDir = join(dir, 'run');
    const run = await runHeadroom(['run', '-c', file, '--run-dir', runDir], {
      env: { HEADROOM_SIM_DIR: join(dir, 'sim'), CLIENT_ENV_DIR: clientEnvDir },
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    // What each joblib worker was given, as it wrote it down.
    const seen = readdirSync(clientEnvDir).map(
      (name) => JSON.parse(readFileSync(join(clientEnvDir, name), 'utf8')) as Record<string, string>,
    );
    assert.equal(seen.length, 3);
    const third = String(Math.floor(0.3 * 40 * GiB));
    for (const env of seen) {
      assert.equal(env.XLA_PYTHON_CLIENT_MEM_FRACTION, '0.3000');
      assert.equal(env.HEADROOM_GPU_FRACTION, '0.3000');
      assert.equal(env.HEADROOM_GPU_BUDGET_BYTES, third);
      assert.equal(env.HEADROOM_GPU_CLIENTS, '3');
    }
    const plan = JSON.parse(readFileSync(join(runDir, 'plan.json'), 'utf8'));
    assert.equal(plan.processes[0].gpuClients, 3);
    assert.equal(plan.processes[0].overheadBytes, 3 * GiB, 'three CUDA contexts');
    assert.equal(plan.processes[0].budgetBytes, 3 * Math.floor(0.3 * 40 * GiB));
    // Three clients were planned: none is reported as unplanned.
    assert.doesNotMatch(readFileSync(join(runDir, 'events.jsonl'), 'utf8'), /"type":"gpu-clients"/);
  });
});
