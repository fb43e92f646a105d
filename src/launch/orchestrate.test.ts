// The one orchestration against a backend written here (the interface is all it sees; the local and
// Slurm backends are run for real by src/supervise/ and test/slurm/): the record it writes, the order
// it drives the backend in, stops, a failing live view, a backend that fails to start.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runSummarySchema } from '../run-record/schema.js';
import { endedProcess } from '../run-record/test-helpers/process-summary.js';
import type { LaunchBackend, LaunchRun } from './backend.js';
import { realClock } from './clock.js';
import { orchestrate } from './orchestrate.js';
import type { ProcessSummary, SuperviseUpdate } from './types.js';

const root = mkdtempSync(join(tmpdir(), 'orchestrate-'));
after(() => rmSync(root, { recursive: true, force: true }));
let runs = 0;

/** A backend whose processes end as `endOrder` says once started; it notes every call. */
function scriptedBackend(options: {
  endOrder: ProcessSummary[];
  onStart?: (run: LaunchRun) => void;
  failStart?: Error;
}) {
  const calls: string[] = [];
  let stoppedWith: NodeJS.Signals | null = null;
  let release: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    release = resolve;
  });
  const backend: LaunchBackend<ProcessSummary, { backend: string }> = {
    attach: () => void calls.push('attach'),
    sample: () => {
      calls.push('sample');
      return { stop: async () => void calls.push('sample stopped') };
    },
    start: async (run) => {
      calls.push('start');
      if (options.failStart) throw options.failStart;
      options.onStart?.(run);
    },
    follow: async () => {
      calls.push('follow');
      if (options.onStart === undefined && options.endOrder.length === 0) await stopped;
      const processes = [...options.endOrder].sort((a, b) => a.name.localeCompare(b.name));
      return {
        processes,
        endOrder: options.endOrder,
        isStopped: stoppedWith !== null,
        extra: { backend: 'test' },
      };
    },
    stop: (signal) => {
      calls.push(`stop ${signal}`);
      stoppedWith = signal;
      release();
    },
    close: async () => void calls.push('close'),
  };
  return { backend, calls };
}

function runIn(name: string) {
  runs += 1;
  return { runDir: join(root, `${name}-${runs}`), runId: `${name}-${runs}` };
}

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('the record is written around the backend: run.json, plan.json, the verdicts, the first failure as exit code', async () => {
  const { runDir, runId } = runIn('record');
  const failed = endedProcess('actor', { reason: 'failed', exitCode: 3, because: 'exit code 3' });
  const { backend, calls } = scriptedBackend({
    endOrder: [endedProcess('learner'), failed],
    onStart: () => {},
  });
  const summary = await orchestrate({
    backend,
    runDir,
    runId,
    names: ['actor', 'learner'],
    origin: { kind: 'ad-hoc', argv: ['train'] },
    plan: { devices: [], processes: [] },
    clock: realClock,
    output: () => {},
  });
  assert.deepEqual(calls, ['attach', 'sample', 'start', 'follow', 'sample stopped', 'close']);
  assert.equal(summary.exitCode, 3, "the first process to fail gives the run's code");
  assert.deepEqual(
    summary.processes.map((p) => p.name),
    ['actor', 'learner'],
  );
  assert.equal(summary.backend, 'test', "the backend's own fields follow the processes");
  const written = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
  assert.equal(written.exitCode, 3);
  assert.deepEqual(JSON.parse(readFileSync(join(runDir, 'plan.json'), 'utf8')), {
    devices: [],
    processes: [],
  });
  const meta = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8'));
  assert.deepEqual(
    [meta.runId, meta.processes, meta.origin],
    [runId, ['actor', 'learner'], { kind: 'ad-hoc', argv: ['train'] }],
  );
});

test('a stop reaches the backend once, with the signal to forward, and the run is interrupted (130)', async () => {
  const { runDir, runId } = runIn('stop');
  const { backend, calls } = scriptedBackend({ endOrder: [] });
  const controller = new AbortController();
  const running = orchestrate({
    backend,
    runDir,
    runId,
    names: [],
    origin: null,
    clock: realClock,
    output: () => {},
    signal: controller.signal,
  });
  await new Promise((resolve) => setImmediate(resolve));
  controller.abort('SIGINT');
  controller.abort('SIGTERM');
  const summary = await running;
  assert.equal(summary.exitCode, 130);
  assert.deepEqual(
    calls.filter((c) => c.startsWith('stop')),
    ['stop SIGINT'],
  );
});

test('a live view that throws is cut off with a warning in events.jsonl, and the run goes on', async () => {
  const { runDir, runId } = runIn('view');
  const seen: SuperviseUpdate[] = [];
  const { backend } = scriptedBackend({
    endOrder: [endedProcess('learner')],
    onStart: (run) => {
      run.event('spawn', 'learner', 'started learner');
      run.event('ready', 'learner', 'ready');
    },
  });
  const summary = await orchestrate({
    backend,
    runDir,
    runId,
    names: ['learner'],
    origin: null,
    clock: realClock,
    output: (update) => {
      seen.push(update);
      throw new Error('the terminal went away');
    },
  });
  assert.equal(summary.exitCode, 0);
  assert.equal(seen.length, 1, 'nothing more is given to a renderer that threw');
  const events = lines(join(runDir, 'events.jsonl'));
  assert.deepEqual(
    events.map((e) => e.type),
    ['spawn', 'warning', 'ready'],
  );
  assert.match(String(events[1]?.message), /output callback failed.*the terminal went away/);
});

test('a backend that fails to start is still closed, its sampling stopped, and the error reaches the caller', async () => {
  const { runDir, runId } = runIn('fail');
  const { backend, calls } = scriptedBackend({
    endOrder: [],
    failStart: new Error('sbatch: error: invalid partition'),
  });
  await assert.rejects(
    orchestrate({
      backend,
      runDir,
      runId,
      names: ['learner'],
      origin: null,
      clock: realClock,
      output: () => {},
    }),
    /invalid partition/,
  );
  assert.deepEqual(calls, ['attach', 'sample', 'start', 'sample stopped', 'close']);
  assert.equal(existsSync(join(runDir, 'summary.json')), false, 'no summary for a run that never ran');
});
