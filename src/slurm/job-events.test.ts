// A Slurm run writes what doctor's classifier made of each step's log into the record (diagnoses.jsonl),
// as a local run does, from a real recorded framework log: the same diagnoses doctor gets reading it.
import assert from 'node:assert/strict';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { diagnoseStream } from '../doctor/io/read-log.js';
import { realClock } from '../launch/clock.js';
import { attemptDiagnosesSchema } from '../run-record/schema.js';
import { openRunRecord } from '../run-record/writer.js';
import { simpleLaunchSpec } from '../supervise/launch-spec.js';
import type { SlurmCommands } from './commands.js';
import { JobEvents } from './job-events.js';

const recorded = fileURLToPath(
  new URL('../../test/framework-logs/cpu/torch-2.13-dataloader-worker-killed.txt', import.meta.url),
);
// The log as the process printed it: below the fixture's header.
const printed = readFileSync(recorded, 'utf8').split('\n---\n').slice(1).join('\n---\n');
const root = mkdtempSync(join(tmpdir(), 'job-events-'));
after(() => rmSync(root, { recursive: true, force: true }));

const noSlurm: SlurmCommands = {
  run: async (command) => {
    throw new Error(`${command} is not asked for here`);
  },
};

test("each step's log classified once the job ended, as doctor classifies it; a restarted one is left to the log", async () => {
  const runDir = join(root, 'run');
  const record = openRunRecord(runDir, {
    runId: 'run',
    startedAt: new Date().toISOString(),
    headroomPid: process.pid,
    headroomStartTicks: null,
    headroomVersion: 'test',
    processes: ['learner', 'actor'],
    origin: null,
  });
  const launches = [simpleLaunchSpec('learner', ['python3']), simpleLaunchSpec('actor', ['python3'])];
  const events = new JobEvents({
    launches,
    record,
    batchLogPath: join(runDir, 'slurm', 'batch.log'),
    commands: noSlurm,
    clock: realClock,
    emit: () => {},
  });
  for (const name of ['learner', 'actor']) writeFileSync(record.logPath(name), printed);
  events.markers.get('actor')!.restarts = 1;
  for (const launch of launches) events.recordDiagnoses(launch.name);
  record.close();
  const path = join(runDir, 'diagnoses.jsonl');
  assert.equal(existsSync(path), true);
  const entries = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => attemptDiagnosesSchema.parse(JSON.parse(line)));
  assert.deepEqual(
    entries.map((e) => [e.process, e.attempt, e.skippedBytes]),
    [['learner', 1, 0]],
  );
  const read = await diagnoseStream(createReadStream(join(runDir, 'logs', 'learner.log')));
  assert.equal(entries[0]?.lineCount, read.lineCount);
  assert.deepEqual(entries[0]?.diagnoses, JSON.parse(JSON.stringify(read.diagnoses)));
  assert.equal(entries[0]?.diagnoses[0]?.kind, 'host_oom', "the fixture's own label");
});
