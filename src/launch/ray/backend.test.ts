// The Ray backend's reading of its driver's end, with a stand-in driver (a shell script given as the
// cluster's Python) that prints the events a real one would and then ends: a process whose end the
// driver never said fails the run, whatever the driver's own exit code, and a line on the events pipe
// that is not an event is said, never dropped in silence (CI, 2026-11-28: an `exit` glued behind Ray's
// "(raylet) A worker died ..." text was dropped and `headroom run` exited 0).
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { simpleLaunchSpec } from '../../supervise/launch-spec.js';
import { scratchDir } from '../../test-helpers/scratch.js';
import type { LaunchSpec } from '../types.js';
import { runOnRay } from './backend.js';

const launch = (name: string): LaunchSpec => simpleLaunchSpec(name, ['sleep', '300'], { env: {} });

const request = { numGpus: 0, numCpus: 1, memoryBytes: null, nodeId: null, placementGroup: null };

const node = { node_id: 'a27fd2158b12ef9a104b9f093d04f9b673bbf255', node_ip: '192.0.2.2', hostname: 'vm' };
const start = (name: string, pid: number) =>
  JSON.stringify({
    event: 'start',
    name,
    attempt: 0,
    pid,
    ...node,
    cuda_visible_devices: null,
    cgroup: null,
    cgroup_problem: null,
  });
const exit = (name: string, pid: number) =>
  JSON.stringify({
    event: 'exit',
    name,
    attempt: 0,
    pid,
    node,
    ray_error: null,
    exit_code: 0,
    signal: null,
    spawn_error: null,
  });
const done = JSON.stringify({ event: 'done', stopped: false, leftovers: [], nodes_swept: [] });

/** Runs two processes under a stand-in driver that prints `lines`, then exits with `code` or dies of SIGKILL. */
async function runWithDriver(lines: string[], code: number | 'SIGKILL') {
  const dir = scratchDir('ray-backend');
  const driver = join(dir, 'driver.sh');
  writeFileSync(
    driver,
    `#!/bin/sh\ncat <<'EOF'\n${lines.join('\n')}\nEOF\n${code === 'SIGKILL' ? 'kill -KILL $$' : `exit ${code}`}\n`,
  );
  chmodSync(driver, 0o755);
  const runDir = join(dir, 'run');
  const summary = await runOnRay({
    runDir,
    runId: 'ray-backend-test',
    launches: [launch('first'), launch('second')],
    requests: new Map([
      ['first', request],
      ['second', request],
    ]),
    address: null,
    stopGraceMs: 1000,
    python: driver,
    output: () => {},
  });
  const events = readFileSync(join(runDir, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; message: string });
  return { summary, events, runDir };
}

test('a process the driver never said the end of fails the run, its line naming how the driver ended', async () => {
  // The driver said `done` (its loop ended) and exited 0, but `second`'s end never reached headroom.
  const { summary, runDir } = await runWithDriver(
    [start('first', 101), start('second', 102), exit('first', 101), done],
    0,
  );
  const [first, second] = summary.processes;
  assert.equal(first?.reason, 'exited');
  assert.equal(second?.reason, 'failed');
  assert.equal(
    second?.because,
    `the Ray driver exited with code 0 before it said how this process ended; see ${join(runDir, 'ray', 'driver.log')}`,
  );
  assert.equal(summary.exitCode, 1);
});

test('a driver killed before any end: every process fails, each line names the signal', async () => {
  const { summary, events } = await runWithDriver([start('first', 101), start('second', 102)], 'SIGKILL');
  for (const process of summary.processes) {
    assert.equal(process.reason, 'failed');
    assert.match(
      process.because,
      /^the Ray driver was killed by SIGKILL before it said how this process ended/,
    );
  }
  assert.equal(summary.exitCode, 1);
  assert.ok(
    events.some(
      (e) =>
        e.type === 'warning' && /the Ray driver was killed by SIGKILL before the run ended/.test(e.message),
    ),
  );
});

test('a line on the events pipe that is not an event is said in events.jsonl, and the run still fails', async () => {
  const glued = `\u001b[33m(raylet)\u001b[0m A worker died or was killed while executing a task.${exit('second', 102)}`;
  const { summary, events } = await runWithDriver(
    [start('first', 101), start('second', 102), exit('first', 101), glued, done],
    0,
  );
  assert.equal(summary.processes[1]?.reason, 'failed');
  assert.equal(summary.exitCode, 1);
  const warning = events.find(
    (e) => e.type === 'warning' && e.message.startsWith('the Ray driver printed a line that is not an event'),
  );
  assert.match(warning?.message ?? '', /\(raylet\)\S* A worker died/);
});
