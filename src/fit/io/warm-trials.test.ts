// Warm starts with real processes under a real cgroup: the next trials' Python processes start before
// their value is known, wait at the bootstrap's gate after the script's imports (charged to their own
// trial's cgroup), and run with the value once the search gives it; their records read like a cold
// trial's; the ones the search never needs are stopped and removed; a warm start that dies at the gate
// leaves its value to a cold trial.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { cgroupUnavailable, survivors } from '../../supervise/test-helpers/supervised.js';
import { createTrialRunner } from './run-trial.js';

const MiB = 2 ** 20;
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-warm-'));
const noCgroup = cgroupUnavailable();
const noPython = spawnSync('python3', ['--version']).status === 0 ? undefined : 'no python3 on PATH';
after(() => rmSync(scratch, { recursive: true, force: true }));

// The import holds `HEAVY_MIB` (the start-up a warm trial takes ahead); the batch holds batch MiB more.
writeFileSync(
  join(scratch, 'heavy.py'),
  'import os\nHELD = b"x" * (int(os.environ.get("HEAVY_MIB", "24")) * 2**20)\n',
);
writeFileSync(
  join(scratch, 'train.py'),
  `"""Memory grows with --batch on top of an import."""
import argparse
import time
import heavy

parser = argparse.ArgumentParser()
parser.add_argument("--batch", type=int, required=True)
args = parser.parse_args()
held = b"y" * (args.batch * 2**20)
for step in range(3):
    time.sleep(0.2)
    print(f"step {step + 1}/3 batch {args.batch}", flush=True)
`,
);

function runner(runsDir: string, heavyMiB: number) {
  return createTrialRunner({
    launch: {
      name: 'train',
      command: ['python3', join(scratch, 'train.py'), '--batch', '{batch}'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PYTHONPATH: scratch, HEAVY_MIB: String(heavyMiB) },
      hostMemoryBytes: 160 * MiB,
      gpuBudgetBytes: null,
      restart: 'no',
      maxRestarts: 0,
      dependsOn: [],
      enforce: 'warn',
    },
    variable: 'batch',
    gpuProbe: noGpuProbe,
    runsDir,
    runIdPrefix: `fitwarm${process.pid}-${readdirSync(scratch).length}`,
    limits: [{ resource: 'host', limitBytes: 160 * MiB }],
    marginFraction: 0,
    stopGraceMs: 1000,
    sampleIntervalMs: 100,
    isFullTrials: false,
    warmDepth: 2,
  });
}

const spawnedPids = (runDir: string): number[] =>
  readFileSync(join(runDir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"spawn"'))
    .map((line) => JSON.parse(line).pid as number);

describe('warm starts', { skip: noCgroup ?? noPython }, () => {
  test('the next trials wait at the gate, then run with their value; unused ones are stopped and removed', async () => {
    const runsDir = join(scratch, 'fit-1');
    const run = runner(runsDir, 24);
    const first = await run(8, 1);
    assert.equal(first.warmStart, undefined);
    // Trials 2 and 3 started while trial 1 ran, and waited at the gate after `import heavy`.
    const second = await run(32, 2);
    const third = await run(400, 3);
    await run.close();
    assert.equal(run.warmStartProblem(), null);
    assert.deepEqual([second.ok, second.reason], [true, 'exited'], second.because);
    assert.ok((second.warmStart?.warmedSeconds ?? -1) >= 0, JSON.stringify(second));
    // The import's memory is charged to the trial's own cgroup, as in a cold start: 24 + 32 MiB at least.
    assert.ok((second.peakHostBytes ?? 0) >= 56 * MiB, `peak ${second.peakHostBytes}`);
    assert.deepEqual([third.ok, third.outcome, third.reason], [false, 'memory', 'oom-killed'], third.because);
    // A warm trial's record reads like a cold one's: its name, its value, the argv it ran with.
    assert.equal(second.runDir, join(runsDir, 'trial-02-batch-32'));
    const meta = JSON.parse(readFileSync(join(second.runDir ?? '', 'run.json'), 'utf8'));
    assert.deepEqual(meta.origin, { kind: 'fit-trial', variable: 'batch', value: 32 });
    const summary = JSON.parse(readFileSync(join(second.runDir ?? '', 'summary.json'), 'utf8'));
    assert.equal(summary.runDir, second.runDir);
    const spawn = readFileSync(join(second.runDir ?? '', 'events.jsonl'), 'utf8')
      .split('\n')
      .find((line) => line.includes('"type":"spawn"'));
    assert.deepEqual(JSON.parse(spawn ?? '{}').argv.slice(-2), ['--batch', '32']);
    assert.ok(readFileSync(join(second.runDir ?? '', 'logs', 'train.log'), 'utf8').includes('batch 32'));
    // Trials 4 and 5 warmed up for nothing: stopped, and their records removed.
    assert.deepEqual(readdirSync(runsDir).sort(), [
      'trial-01-batch-8',
      'trial-02-batch-32',
      'trial-03-batch-400',
    ]);
    const pids = ['trial-01-batch-8', 'trial-02-batch-32', 'trial-03-batch-400'].flatMap((d) =>
      spawnedPids(join(runsDir, d)),
    );
    assert.deepEqual(survivors(pids), []);
  });

  test('a warm start that dies at the gate (its imports alone are too big) leaves its value to a cold trial', async () => {
    const runsDir = join(scratch, 'fit-2');
    // 200 MiB at import under a 160 MiB limit: every process is OOM-killed while importing.
    const run = runner(runsDir, 200);
    const first = await run(1, 1);
    // Trial 2 started warm during trial 1; its record is whole once its process has ended.
    const warmSummary = join(runsDir, 'trial-02-batch-warm', 'summary.json');
    while (!existsSync(warmSummary)) await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await run(2, 2);
    await run.close();
    assert.deepEqual([first.outcome, second.outcome], ['memory', 'memory']);
    assert.equal(second.warmStart, undefined, 'the value ran cold');
    assert.match(run.warmStartProblem() ?? '', /trial 2's warm start ended before its value was given/);
    assert.deepEqual(readdirSync(runsDir).sort(), ['trial-01-batch-1', 'trial-02-batch-2']);
  });
});
