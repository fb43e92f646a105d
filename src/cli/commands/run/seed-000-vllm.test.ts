// Seed 000 with a vLLM actor (examples/rl-vllm, the file itself): the simulator, a JAX learner at 30% and vLLM at 6 GiB on
// one simulated 24 GiB card, real child processes (fake_vllm.py parses vLLM's flag and sizes its memory
// as vLLM does). The plan computes --gpu-memory-utilization from the budget and fills it into the
// command; `env` prints it; `run` runs all three side by side. A hard-coded utilization that contradicts
// the plan is an error finding, and forced to run, vLLM refuses to start in its own words, which
// `doctor RUN_DIR` reads as vLLM's kind.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../../../probe/gpu/test-helpers/shared.js';
import { scratchDir } from '../../../test-helpers/scratch.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const GiB = 1024 ** 3;
const example = join(repoRoot, 'examples', 'rl-vllm', 'headroom.yaml');

/** examples/rl-vllm/headroom.yaml in a scratch directory, with the actor's flag written as given. */
function writeConfig(utilization: string) {
  const dir = scratchDir('seed-000-vllm');
  const file = join(dir, 'headroom.yaml');
  const text = readFileSync(example, 'utf8')
    .replaceAll('../workloads/', `${join(repoRoot, 'examples', 'workloads')}/`)
    .replaceAll('"{gpu_memory_utilization}"', JSON.stringify(utilization));
  writeFileSync(file, text);
  return { dir, file, env: { HEADROOM_SIM_DIR: join(dir, 'sim') } };
}

interface PlannedJson {
  processes: {
    name: string;
    capBy: string;
    placeholders?: Record<string, string>;
    engineFlag?: { value: string; base: string; grantedBytes: number };
  }[];
  findings: { code: string; severity: string; process?: string; message: string }[];
}

describe('seed 000 with a vLLM actor beside a JAX learner', () => {
  test('plans the utilization from the budget, prints it, fills it in and runs all three on the card', async () => {
    const { dir, file, env } = writeConfig('{gpu_memory_utilization}');
    const plan = await runHeadroom(['plan', '-c', file, '--json'], { env });
    assert.equal(plan.code, 0, plan.stderr);
    const planned = JSON.parse(plan.stdout) as PlannedJson;
    const actor = planned.processes.find((p) => p.name === 'actor');
    assert.equal(actor?.capBy, 'flag');
    assert.deepEqual(actor?.engineFlag && [actor.engineFlag.value, actor.engineFlag.base], [
      '0.2500',
      'total',
    ]);
    assert.equal(actor?.placeholders?.gpu_memory_utilization, '0.2500');
    assert.deepEqual(
      planned.findings.filter((f) => f.code.startsWith('engine-')),
      [],
      'the flag is the placeholder, and vLLM is of the total',
    );
    const shown = await runHeadroom(['env', '-c', file, 'actor'], { env });
    assert.match(shown.stdout, /HEADROOM_GPU_MEMORY_UTILIZATION=['"]?0\.2500/);
    const filled = await runHeadroom(
      [
        'env',
        '-c',
        file,
        'actor',
        '--',
        'python3',
        '-c',
        'import sys; print(sys.argv[1:])',
        '{gpu_memory_utilization}',
        '{budget_bytes}',
      ],
      { env },
    );
    assert.match(
      filled.stdout,
      /\['0\.2500', '6442450944'\]/,
      'env NAME -- CMD fills the placeholders of CMD',
    );

    const runDir = join(dir, 'run');
    const run = await runHeadroom(['run', '-c', file, '--run-dir', runDir], { env });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as {
      processes: { name: string; reason: string; peakGpuBytes: number | null }[];
    };
    assert.deepEqual(
      summary.processes.map((p) => [p.name, p.reason]),
      [
        ['sim', 'exited'],
        ['learner', 'exited'],
        ['actor', 'exited'],
      ],
    );
    // vLLM got 0.25 × 24 GiB: 3 GiB of weights, 0.5 GiB of activations, 2.5 GiB of KV cache.
    const log = readFileSync(join(runDir, 'logs', 'actor.log'), 'utf8');
    assert.match(log, /Available KV cache memory: 2\.5 GiB/);
    const peak = summary.processes.find((p) => p.name === 'actor')?.peakGpuBytes ?? 0;
    assert.ok(peak <= 6 * GiB + GiB, `vLLM held ${peak} B: its budget and its context at most`);
  });

  test('a hard-coded 0.9 contradicts the plan; forced, vLLM refuses to start and doctor says why', async () => {
    const { dir, file, env } = writeConfig('0.9');
    const plan = await runHeadroom(['plan', '-c', file, '--json'], { env });
    assert.equal(plan.code, 1);
    const finding = (JSON.parse(plan.stdout) as PlannedJson).findings.find((f) => f.process === 'actor');
    assert.deepEqual([finding?.code, finding?.severity], ['engine-flag-contradicts-plan', 'error']);
    assert.match(
      finding?.message ?? '',
      /--gpu-memory-utilization 0\.9 in its command contradicts the plan's 0\.2500/,
    );

    const runDir = join(dir, 'run');
    await runHeadroom(['run', '-c', file, '--run-dir', runDir, '--force'], { env });
    const doctor = await runHeadroom(['doctor', runDir, '--json'], { env });
    const diagnoses = (
      JSON.parse(doctor.stdout) as {
        diagnoses: { process?: string; code: string; framework: string; fixes: string[] }[];
      }
    ).diagnoses;
    const refused = diagnoses.find((d) => d.process === 'actor' && d.code === 'vllm-free-memory-at-startup');
    assert.ok(refused, doctor.stdout);
    assert.equal(refused.framework, 'vllm');
    assert.match(refused.fixes.join('\n'), /\{gpu_memory_utilization\}/);
  });
});
