// The Slurm backend's job script gives each step the run's markers, as a local run gives its children
// (HEADROOM_RUN, HEADROOM_PEAKS_FILE through launch/run-markers.ts): the script the backend writes at
// attach is run by real bash, srun faked (test/slurm/fake-srun.sh), and the step prints what it got.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { realClock } from '../launch/clock.js';
import { markerNames } from '../plan/child-env.js';
import { GiB, proc, spec } from '../plan/test-helpers/builders.js';
import { eventSink, openRunRecord } from '../run-record/writer.js';
import { launchSpecsFromPlan } from '../supervise/from-plan.js';
import { slurmBackend } from './backend.js';
import type { SlurmCommands } from './commands.js';
import { planSlurmJob } from './job-plan.js';
import { testNodeType } from './test-helpers/node-type.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const temporary = mkdtempSync(join(tmpdir(), 'headroom-slurm-backend-'));
after(() => rmSync(temporary, { recursive: true, force: true }));

// Nothing is submitted here: attach writes the script, and a command asked of Slurm fails the test.
const noSlurm: SlurmCommands = {
  run: async (command) => assert.fail(`${command} was called`),
};

test('each step of the job script gets HEADROOM_RUN and HEADROOM_PEAKS_FILE, as a local child does', async () => {
  const config = spec(
    [
      proc('step', {
        framework: 'none',
        command: `echo "run=$${markerNames.run} peaks=$${markerNames.peaksFile} process=$${markerNames.process}"`,
      }),
    ],
    { gpus: [] },
  );
  const job = planSlurmJob({
    spec: config,
    nodeType: testNodeType({
      label: '8 cores, 8 GiB',
      nodes: ['n1'],
      gpuCount: 0,
      shardsPerCard: null,
      cardBytes: null,
      memoryBytes: 8 * GiB,
    }),
    nodeCount: 1,
    inheritedEnv: {},
    simulated: false,
  });
  const runDir = join(temporary, 'run');
  const runId = 'slurm-markers-test';
  const record = openRunRecord(runDir, {
    runId,
    startedAt: new Date().toISOString(),
    headroomPid: process.pid,
    headroomStartTicks: null,
    headroomVersion: '0.0.0',
    processes: ['step'],
    origin: null,
  });
  const backend = slurmBackend({
    runDir,
    runId,
    job,
    launches: launchSpecsFromPlan({ spec: config, plan: job.plan, baseEnv: {} }),
    script: { jobName: 'headroom-test', source: 'test.yaml', headroomVersion: '0.0.0' },
    commands: noSlurm,
    output: () => {},
  });
  const run = {
    record,
    clock: realClock,
    emit: () => {},
    event: eventSink({ record, clock: realClock, emit: () => {} }),
  };
  try {
    backend.attach(run);
    const script = readFileSync(join(runDir, 'slurm', 'job.sbatch'), 'utf8');
    assert.match(script, new RegExp(`export ${markerNames.run}=${runId}\\n`));
    assert.ok(script.includes(`export ${markerNames.peaksFile}=${record.peaksPath}\n`), script);
    // The script as sbatch would run it, srun faked: the step's own output says what it saw.
    const bin = join(temporary, 'bin');
    mkdirSync(bin, { recursive: true });
    copyFileSync(join(root, 'test', 'slurm', 'fake-srun.sh'), join(bin, 'srun'));
    chmodSync(join(bin, 'srun'), 0o755);
    const result = spawnSync('bash', [join(runDir, 'slurm', 'job.sbatch')], {
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH}` },
      timeout: 30_000,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(
      readFileSync(record.logPath('step'), 'utf8'),
      `run=${runId} peaks=${record.peaksPath} process=step\n`,
    );
  } finally {
    await backend.close();
    record.close();
  }
});
