// The Slurm run's sampler against fake Slurm commands: sstat's rows become a sample keyed by process,
// peaks are kept, an ended step costs one sample, and stopping kills an sstat that does not answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunRecord } from '../run-record/writer.js';
import { simpleLaunchSpec } from '../supervise/launch-spec.js';
import { SlurmCommandError, type SlurmCommands } from './commands.js';
import { JobEvents } from './job-events.js';
import { sampleSteps, startStepSampling } from './step-sampler.js';

const KiB = 1024;

function setUp(commands: SlurmCommands) {
  const samples: unknown[] = [];
  const events: unknown[] = [];
  const record = {
    appendSample: (sample: unknown) => samples.push(sample),
    appendEvent: (event: unknown) => events.push(event),
  } as unknown as RunRecord;
  const clock = {
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    monotonicMs: () => 0,
    sleep: async () => {},
  };
  const jobEvents = new JobEvents({
    launches: [simpleLaunchSpec('learner', ['true']), simpleLaunchSpec('actor', ['true'])],
    record,
    batchLogPath: '/nonexistent/batch.log',
    commands,
    clock,
    emit: () => {},
  });
  jobEvents.setRunning([
    { stepId: '7.0', name: 'learner' },
    { stepId: '7.1', name: 'actor' },
    { stepId: '7.2', name: 'not-ours' },
  ]);
  return { samples, events, record, clock, jobEvents };
}

test("sstat's rows become one sample keyed by process name, and the peaks keep the largest", async () => {
  const asked: string[][] = [];
  let rows = ['7.0|2048K|cpu=00:00:01,gres/gpumem=1024M,mem=1024K', '7.1|512K|cpu=00:00:01,mem=256K'];
  const commands: SlurmCommands = {
    run: async (_command, args) => {
      asked.push([...args]);
      return rows.join('\n');
    },
  };
  const { samples, record, clock, jobEvents } = setUp(commands);
  assert.equal(await sampleSteps({ commands, events: jobEvents, record, clock }), true);
  assert.deepEqual(asked[0]?.slice(0, 2), ['-j', '7.0,7.1'], "only headroom's steps are asked for");
  assert.deepEqual(samples, [
    {
      time: '2026-01-01T00:00:00.000Z',
      processes: {
        learner: { rssBytes: 1024 * KiB, hostBytes: 1024 * KiB, gpuBytes: 1024 ** 3 },
        actor: { rssBytes: 256 * KiB, hostBytes: 256 * KiB, gpuBytes: null },
      },
    },
  ]);
  rows = ['7.0|2048K|cpu=00:00:02,mem=512K'];
  await sampleSteps({ commands, events: jobEvents, record, clock });
  assert.equal(jobEvents.sampledPeaks.get('learner'), 2048 * KiB, 'MaxRSS counts toward the peak');
  assert.equal(jobEvents.sampledGpuPeaks.get('learner'), 1024 ** 3);
});

test('a step jobacct_gather has not polled yet (0 bytes) is left out of the sample, not recorded as holding nothing', async () => {
  // Seen on the real Slurm (test/slurm): a step just started reads mem=0 and MaxRSS 0 until its first poll.
  const rows = ['7.0|2048K|cpu=00:00:01,mem=1024K', '7.1|0|cpu=00:00:00,mem=0'];
  const commands: SlurmCommands = { run: async () => rows.join('\n') };
  const { samples, record, clock, jobEvents } = setUp(commands);
  assert.equal(await sampleSteps({ commands, events: jobEvents, record, clock }), true);
  assert.deepEqual(Object.keys((samples[0] as { processes: object }).processes), ['learner']);
  assert.equal(jobEvents.sampledPeaks.get('actor'), undefined);
});

test('a step that ended since squeue listed it costs one sample, not the run', async () => {
  const commands: SlurmCommands = {
    run: async (command, args) => {
      throw new SlurmCommandError(command, args, 'sstat: error: StepId=7.0 not found running.');
    },
  };
  const { samples, record, clock, jobEvents } = setUp(commands);
  assert.equal(await sampleSteps({ commands, events: jobEvents, record, clock }), false);
  assert.deepEqual(samples, []);
});

test('stopping kills an sstat that does not answer, and nothing is written after', async () => {
  let killed = false;
  let asked!: () => void;
  const isAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const commands: SlurmCommands = {
    run: (command, args, signal) =>
      new Promise((_resolve, reject) => {
        asked();
        signal?.addEventListener('abort', () => {
          killed = true;
          reject(new SlurmCommandError(command, args, 'The operation was aborted'));
        });
      }),
  };
  const { samples, events, record, clock, jobEvents } = setUp(commands);
  const sampler = startStepSampling({ commands, events: jobEvents, record, clock, everyMs: 1 });
  await isAsked;
  await sampler.stop();
  assert.equal(killed, true);
  assert.deepEqual(samples, []);
  assert.deepEqual(events, [], 'no warning for a stop');
});
