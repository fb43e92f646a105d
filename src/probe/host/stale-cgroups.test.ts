import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { scratchDir } from '../../test-helpers/scratch.js';
import type { ProcStat } from './proc-table.js';
import { sweepStaleCgroups } from './stale-cgroups.js';

const stat = (pid: number, ppid: number): ProcStat => ({
  pid,
  ppid,
  pgid: pid,
  comm: 'x',
  state: 'S',
  startTicks: 1,
});

test("groups of a dead headroom: empty ones removed, live processes reported; a live headroom's groups untouched", () => {
  const parent = scratchDir('cg');
  const group = (name: string, pids: number[]): void => {
    mkdirSync(join(parent, name));
    writeFileSync(join(parent, name, 'cgroup.procs'), pids.map((p) => `${p}\n`).join(''));
  };
  // A fixture directory stands in for cgroupfs, where rmdir of a group works despite its files.
  // 999 is a headroom that died; 100 is one still running (with a group empty between restarts).
  mkdirSync(join(parent, 'headroom-999-r1-old'));
  group('headroom-999-r1-orphan', [200, 201]);
  group('headroom-100-r2-live', [300]);
  mkdirSync(join(parent, 'headroom-100-r2-restarting'));
  group('headroom-probe-5', []);
  group('someone-else', []);
  const table = [stat(1, 0), stat(200, 1), stat(201, 200), stat(100, 1), stat(300, 100)];
  const result = sweepStaleCgroups({ version: 1, dir: parent }, table);
  assert.deepEqual(result.removedDirs, [join(parent, 'headroom-999-r1-old')]);
  assert.deepEqual(result.orphaned, [{ dir: join(parent, 'headroom-999-r1-orphan'), pids: [200, 201] }]);
});
