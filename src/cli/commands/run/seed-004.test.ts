// Seed 004 (issue #21): an ACT-like trainer with Debian's real python3-torch 1.13, DataLoader workers and a
// per-sample cache in __getitem__, run under --host-memory 480MiB in a real cgroup until the kernel kills a
// worker. The summary's host peak is the cgroup's (never above the limit), the sampled RSS and PSS are
// named as such, doctor gives one size per process per measure, and the kill's cause survives a log
// that never says it (torch < 2.1 prints nothing when headroom stops the tree first).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runSummarySchema } from '../../../run-record/schema.js';
import { cgroupUnavailable } from '../../../supervise/test-helpers/supervised.js';
import { pythonHas } from '../../../test-helpers/frameworks.js';
import { runHeadroom } from '../../test-helpers/run-in-process.js';

const MiB = 1024 ** 2;
const python = '/usr/bin/python3';
const trainer = fileURLToPath(new URL('../../../../test/programs/act_trainer.py', import.meta.url));
const hasTorch = pythonHas(python, 'torch');
const noCgroup = cgroupUnavailable();
const skip = !hasTorch
  ? `needs Debian's python3-torch at ${python} (apt-get install -y python3-torch libopenblas0)`
  : noCgroup
    ? `no cgroup can be made here: ${noCgroup}`
    : false;

describe('seed 004: the ACT trainer "Killed" under --host-memory 480MiB', { skip }, () => {
  const scratch = mkdtempSync(join(tmpdir(), 'headroom-seed-004-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const runDir = join(scratch, 'run');
  let ran: Awaited<ReturnType<typeof runHeadroom>>;

  before(async () => {
    ran = await runHeadroom(
      ['run', '--host-memory', '480MiB', '--run-dir', runDir, '--', python, trainer, '2', '50', 'quiet-main'],
      { cwd: scratch },
    );
  });

  test('the host peak is the cgroup own maximum, within the limit; RSS and PSS are named as sampled', () => {
    const summary = runSummarySchema.parse(JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')));
    const [p] = summary.processes;
    assert.equal(p?.reason, 'oom-killed', `${p?.because}\n${ran.stderr}`);
    // torch < 2.1 leaves its workers' names as the main's: a forked worker, or a DataLoader worker when
    // the log got to say so; either way a worker of the tree, named by PID, killed by the kernel.
    assert.ok(
      p.oomKills.some((kill) => kill.role === 'worker' && kill.source === 'kernel-log' && kill.pid !== null),
      JSON.stringify(p.oomKills),
    );
    assert.equal(p.peakHostSource, 'cgroup');
    assert.ok(p.peakHostBytes <= 480 * MiB, `${p.peakHostBytes / MiB} MiB`);
    assert.equal(p.peakHostBytes, p.peakCgroupBytes);
    assert.ok(
      p.sampledHost && p.sampledHost.rssBytes >= p.sampledHost.pssBytes,
      JSON.stringify(p.sampledHost),
    );
    assert.equal(p.sampledHost?.intervalMs, 500);
    const table = ran.stderr + ran.stdout;
    assert.match(table, /\b\d+(\.\d+)? MiB \(cgroup\)\s+480 MiB/);
    assert.match(
      table,
      /python3: host peak \S+ MiB \(cgroup\); sampled every 500 ms: Σ RSS \S+ MiB, Σ PSS \S+ MiB/,
    );
  });

  test('doctor RUN_DIR: one size per process per measure, each named', async () => {
    const doctor = await runHeadroom(['doctor', runDir]);
    assert.equal(doctor.code, 1, doctor.stderr);
    const text = doctor.stdout;
    assert.match(text, /peak host \d+(\.\d+)? MiB \(cgroup\)/);
    // The main process by its sampled PSS, once; each victim by the kernel's RSS, once.
    const main = [...text.matchAll(/the main process (\S+ \S+) (\w+)/g)].map((m) => `${m[1]} ${m[2]}`);
    // The main process's share is named where the last sample before the kill held workers; a kill
    // within the first sample interval (seen once at 1 s in) leaves only the tree's total to name.
    if (/worker\(s\) \S+ \S+ PSS/.test(text)) assert.ok(main.length >= 1, text);
    assert.ok([...new Set(main)].length <= 1, `one figure for the main process: ${main.join(' / ')}`);
    for (const figure of main) assert.match(figure, / PSS$/);
    const victims = [...text.matchAll(/pid (\d+) \([^)]*?, (RSS [\d.]+ \w+)\)/g)];
    assert.ok(victims.length >= 1, text);
    for (const [, pid] of victims) {
      const sizes = new Set(victims.filter((v) => v[1] === pid).map((v) => v[2]));
      assert.equal(sizes.size, 1, `pid ${pid}: ${[...sizes].join(' / ')}`);
    }
    assert.match(text, /the tree held \S+ MiB Σ PSS \+ swap/);
  });

  test("a log without torch's DataLoader line: the kernel's record still names the worker, with certainty", async () => {
    // The record as it is when headroom stops the tree before torch < 2.1 prints its line.
    const quiet = join(scratch, 'quiet');
    cpSync(runDir, quiet, { recursive: true });
    const log = join(quiet, 'logs', 'python3.log');
    const kept = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => !/DataLoader worker|exited unexpectedly|Traceback|^\s/.test(line));
    writeFileSync(log, kept.join('\n'));
    const doctor = await runHeadroom(['doctor', quiet, '--json']);
    const report = JSON.parse(doctor.stdout);
    const diagnosis = report.diagnoses?.[0] ?? report.targets?.[0]?.diagnoses?.[0];
    assert.ok(diagnosis, doctor.stdout);
    assert.equal(diagnosis.kind, 'host_oom');
    assert.equal(diagnosis.confidence, 'certain');
    assert.match(`${diagnosis.summary} ${diagnosis.causeText}`, /(DataLoader|forked) worker pid \d+/);
    assert.match(diagnosis.causeText, /host limit of 480 MiB/);
  });
});
