// Children do not outlive a killed headroom (issue #22 item 10): SIGKILL the supervising process
// (a real one, running supervise()), and its keeper stops every process of the run (SIGTERM, SIGKILL
// after 2 s), grandchildren in their own sessions and cgroup members included, with an event in the
// record; with keepOnCrash they are left running, and the record says so. The tests wait for the
// keeper's event, not a time: under load its /proc scans take longer (how fast it is is not asserted).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { findOwnMemoryCgroup } from '../probe/host/cgroup-detect.js';
import { runnableSource } from '../test-helpers/runnable-source.js';
import { cgroupUnavailable, cleanUpRuns, MiB, program, survivors } from './test-helpers/supervised.js';

after(cleanUpRuns);

const driver = runnableSource(fileURLToPath(new URL('./test-helpers/driver.ts', import.meta.url)));
const noCgroup = cgroupUnavailable();

/** Starts a headroom (supervise in a process of its own) and resolves with it and its processes' PIDs once all have started. */
async function startHeadroom(runDir: string, keepOnCrash: boolean) {
  const processes = [
    // Each ignores SIGTERM and starts two grandchildren that do too, one in its own session.
    { name: 'a', command: program('ignore-term.mjs') },
    { name: 'b', command: program('ignore-term.mjs'), ...(noCgroup ? {} : { hostMemoryBytes: 512 * MiB }) },
  ];
  const config = { runDir, runId: `keeper-${process.pid}-${keepOnCrash}`, keepOnCrash, processes };
  // On the loader this file runs on (the suite's test build, or tsx).
  const headroom = spawn(process.execPath, [...process.execArgv, driver, JSON.stringify(config)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const pids = await new Promise<number[]>((resolve, reject) => {
    headroom.stdout.on('data', (chunk) => {
      output += String(chunk);
      const lines = [...output.matchAll(/^pids ([\d ]+)$/gm)];
      if (lines.length === 2) resolve(lines.flatMap((m) => m[1]!.split(' ').map(Number)));
    });
    headroom.once('exit', () => reject(new Error(`headroom ended first: ${output}`)));
  });
  return { headroom, pids };
}

/** The keeper's orphans-stopped event, once it has written it (the test's timeout ends a keeper that never does). */
async function keeperEvent(runDir: string): Promise<Record<string, unknown>> {
  for (;;) {
    const event = readEvents(runDir).find((e) => e.type === 'orphans-stopped');
    if (event) return event;
    await sleep(50);
  }
}

const readEvents = (runDir: string): Record<string, unknown>[] =>
  readFileSync(join(runDir, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('a SIGKILLed headroom', () => {
  test('leaves no process of its run running: its keeper stopped them and said so', {
    timeout: 60_000,
  }, async () => {
    const runDir = join(mkdtempSync(join(tmpdir(), 'headroom-keeper-')), 'run');
    const { headroom, pids } = await startHeadroom(runDir, false);
    try {
      assert.equal(pids.length, 6);
      headroom.kill('SIGKILL');
      // The keeper writes its event after its last SIGKILL round.
      const stopped = await keeperEvent(runDir);
      assert.deepEqual(survivors(pids), [], 'nothing of the run is left running');
      assert.equal(stopped.kept, false);
      assert.deepEqual([...(stopped.pids as number[])].sort(), [...pids].sort());
      assert.match(String(stopped.message), /ended without ending run .*its keeper stopped/);
    } finally {
      for (const pid of survivors(pids)) process.kill(pid, 'SIGKILL');
      rmSync(join(runDir, '..'), { recursive: true, force: true });
    }
  });

  test('with keepOnCrash its processes run on, and the record says they were kept', {
    timeout: 60_000,
  }, async () => {
    const runDir = join(mkdtempSync(join(tmpdir(), 'headroom-keeper-')), 'run');
    const { headroom, pids } = await startHeadroom(runDir, true);
    try {
      headroom.kill('SIGKILL');
      const kept = await keeperEvent(runDir);
      assert.equal(kept.kept, true);
      assert.deepEqual(survivors(pids).sort(), [...pids].sort(), 'all still running');
    } finally {
      for (const pid of survivors(pids)) process.kill(pid, 'SIGKILL');
      rmSync(join(runDir, '..'), { recursive: true, force: true });
      await removeGroupsOf(headroom.pid!);
    }
  });
});

// The kept processes' cgroup outlives them: removed here once they are gone.
async function removeGroupsOf(headroomPid: number): Promise<void> {
  const own = findOwnMemoryCgroup();
  if (!own.ok) return;
  for (const name of readdirSync(own.location.dir).filter((n) => n.startsWith(`headroom-${headroomPid}-`))) {
    for (let i = 0; i < 40; i++) {
      try {
        rmdirSync(join(own.location.dir, name));
        break;
      } catch {
        await sleep(50);
      }
    }
  }
}
