// Reading a run record tolerantly, whole and while it is written.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runSampleSchema } from '../run-record/index.js';
import { markOf } from './event-marks.js';
import { followRecord } from './follow-record.js';
import { JsonlTail } from './jsonl-tail.js';
import { parseSample } from './parse-record.js';
import { findLatestRun, readRecord } from './read-record.js';
import type { RecordUpdate } from './record-types.js';

const scratch = mkdtempSync(join(tmpdir(), 'headroom-observe-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;
const newDir = (): string => {
  const dir = join(scratch, `run-${++count}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

const sample = (time: string, gpuBytes: number) =>
  JSON.stringify({ time, processes: { learner: { pid: 7, hostBytes: 10, gpuBytes, futureField: 1 } } });

test('a tail takes a line only once its newline is written, and keeps characters whole', () => {
  const path = join(newDir(), 'x.jsonl');
  const tail = new JsonlTail(path);
  assert.deepEqual(tail.readLines(), [], 'no file yet');
  const text = Buffer.from('{"a":"é"}\n{"b":');
  // Split inside the two-byte é: the first read must not decode half a character.
  writeFileSync(path, text.subarray(0, 7));
  assert.deepEqual(tail.readLines(), []);
  appendFileSync(path, text.subarray(7));
  assert.deepEqual(tail.readLines(), ['{"a":"é"}']);
  assert.equal(tail.rest(), '{"b":');
  appendFileSync(path, '2}\n');
  assert.deepEqual(tail.readLines(), ['{"b":2}']);
  writeFileSync(path, '{"c":3}\n'); // replaced by a shorter file: read from the start
  assert.deepEqual(tail.readLines(), ['{"c":3}']);
});

test('a record cut short by a crash is read as far as it goes; unknown fields are kept', async () => {
  const dir = newDir();
  writeFileSync(
    join(dir, 'samples.jsonl'),
    `${sample('2026-01-01T00:00:01Z', 5)}\n{"time":"2026-01-01T00:00:0`,
  );
  writeFileSync(
    join(dir, 'events.jsonl'),
    '{"time":"2026-01-01T00:00:00Z","type":"spawn","process":"learner","message":"started","pid":7}\nnot json\n',
  );
  writeFileSync(join(dir, 'summary.json'), '{"runId": "r", "processes": [');
  const record = await readRecord(dir);
  assert.equal(record.samples.length, 1);
  assert.equal(record.samples[0]?.processes.learner?.futureField, 1);
  assert.equal(record.events[0]?.pid, 7);
  assert.equal(record.plan, null);
  assert.equal(record.summary, null, 'a half-written summary.json is no summary');
  assert.deepEqual(
    record.problems.map((problem) => problem.replace(`${dir}/`, '')),
    [
      'summary.json: cannot be read as JSON (Unexpected end of JSON input)',
      'summary.json is damaged: the record is incomplete',
      'samples.jsonl: the last line was cut short (headroom stopped while writing it)',
      'events.jsonl: the last line was cut short (headroom stopped while writing it)',
    ],
  );
});

test('following a record: the plan, then events before samples, then the summary once', () => {
  const dir = newDir();
  const updates: RecordUpdate[] = [];
  const follower = followRecord({ runDir: dir, onUpdate: (u) => updates.push(u), pollMs: 60_000 });
  try {
    assert.equal(updates.length, 0);
    writeFileSync(
      join(dir, 'plan.json'),
      JSON.stringify({ devices: [], processes: [{ name: 'learner', device: null }] }),
    );
    writeFileSync(join(dir, 'samples.jsonl'), `${sample('2026-01-01T00:00:01Z', 5)}\n`);
    writeFileSync(
      join(dir, 'events.jsonl'),
      '{"time":"2026-01-01T00:00:00Z","type":"spawn","message":"m"}\n',
    );
    follower.poll();
    assert.deepEqual(
      updates.map((u) => u.kind),
      ['plan', 'event', 'sample'],
    );
    appendFileSync(join(dir, 'samples.jsonl'), sample('2026-01-01T00:00:02Z', 6));
    follower.poll();
    assert.equal(updates.length, 3, 'a sample without its newline waits');
    appendFileSync(join(dir, 'samples.jsonl'), '\n');
    writeFileSync(
      join(dir, 'summary.json'),
      JSON.stringify({ runId: 'r', processes: [{ name: 'learner' }] }),
    );
    follower.poll();
    follower.poll();
    assert.deepEqual(
      updates.slice(3).map((u) => u.kind),
      ['sample', 'summary'],
    );
  } finally {
    follower.stop();
  }
});

test('the latest run is the one whose plan was written last', async () => {
  const runs = newDir();
  assert.equal(findLatestRun(join(runs, 'none')), undefined);
  for (const name of ['b-older', 'a-newer']) {
    mkdirSync(join(runs, name));
    writeFileSync(join(runs, name, 'plan.json'), '{}');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  mkdirSync(join(runs, 'not-a-run'));
  assert.equal(findLatestRun(runs), join(runs, 'a-newer'));
});

test('event marks: a host oom and a future oom-kill are both OOM kills', () => {
  assert.equal(markOf({ type: 'oom', kind: 'host' }), 'oom-kill');
  assert.equal(markOf({ type: 'oom-kill' }), 'oom-kill');
  assert.equal(markOf({ type: 'oom', kind: 'gpu' }), 'gpu-oom');
  assert.equal(markOf({ type: 'exit', reason: 'gpu-oom' }), 'gpu-oom');
  assert.equal(markOf({ type: 'exit', reason: 'exited' }), 'exit');
  assert.equal(markOf({ type: 'gpu-over-budget' }), 'budget-exceeded');
  assert.equal(markOf({ type: 'limit' }), 'other');
});

test("a sample line is kept as written: what runSampleSchema's parse gives where it accepts it, the line itself where a newer headroom's is rejected", () => {
  const accepted = {
    time: '2026-01-01T00:00:00.000Z',
    processes: {
      learner: {
        pid: 7,
        pids: 2,
        rssBytes: 10,
        pssBytes: 8,
        swapBytes: 0,
        hostBytes: 8,
        ownBytes: 6,
        cgroupBytes: null,
        gpuBytes: 4,
        gpuClients: 1,
        members: [{ pid: 7, role: 'main', rssBytes: 10, pssBytes: 8, futureField: 'kept' }],
        ranks: [{ rank: 0, localRank: null, pid: 7, hostBytes: 8 }],
        node: 'n1',
      },
    },
    gpus: [{ index: 0, uuid: 'GPU-1', usedBytes: 4, totalBytes: 16 }],
    futureField: 1,
  };
  const { timeMs, ...kept } = parseSample(JSON.parse(JSON.stringify(accepted)))!;
  assert.equal(timeMs, Date.parse(accepted.time));
  // The schema has no defaults or transforms: were one added, this says the reader must use its output.
  assert.deepEqual(kept, runSampleSchema.parse(JSON.parse(JSON.stringify(accepted))));
  const newer = { time: accepted.time, processes: { learner: { hostBytes: 'a newer unit' } } };
  assert.equal(runSampleSchema.safeParse(newer).success, false);
  assert.deepEqual(parseSample(newer), { ...newer, timeMs });
  for (const line of [
    null,
    [],
    { time: accepted.time },
    { time: accepted.time, processes: [] },
    { processes: {} },
  ])
    assert.equal(parseSample(line), null, JSON.stringify(line));
});
