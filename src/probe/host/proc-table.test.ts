import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import {
  isForkedWithoutExec,
  parseProcStat,
  readProcessTable,
  selectDescendants,
  selectGroup,
} from './proc-table.js';
import { type FixtureTree, makeFixtureTree, statLine } from './test-helpers/fixture-tree.js';

let tree: FixtureTree | undefined;
afterEach(() => tree?.remove());

describe('parseProcStat', () => {
  test('reads ppid, pgid and start ticks after a comm holding spaces and parentheses', () => {
    const stat = parseProcStat(
      statLine({ pid: 42, comm: 'my (weird) proc', ppid: 7, pgid: 40, startTicks: 123 }),
    );
    assert.deepEqual(stat, {
      pid: 42,
      comm: 'my (weird) proc',
      state: 'S',
      ppid: 7,
      pgid: 40,
      startTicks: 123,
      flags: 0x400000,
      minorFaults: 0,
      majorFaults: 0,
      vsizeBytes: 0,
      rssPages: 0,
    });
  });

  test('reads the fault, address-space and resident counters of a line this kernel printed', () => {
    // /proc/PID/stat of `head` as Linux 6.18 printed it (fields past rss cut, majflt 0 made 2 to pin it).
    const stat = parseProcStat(
      '9193 (head) R 9187 9187 21308 0 -1 4194304 103 0 2 0 0 0 0 0 20 0 1 0 769451 2998272 419 18446744073709551615 94863011422208\n',
    );
    assert.deepEqual(
      stat && [
        stat.ppid,
        stat.minorFaults,
        stat.majorFaults,
        stat.startTicks,
        stat.vsizeBytes,
        stat.rssPages,
      ],
      [9187, 103, 2, 769451, 2998272, 419],
    );
  });

  test('rejects text that is not a stat line', () => {
    assert.equal(parseProcStat('garbage'), undefined);
  });
});

describe('readProcessTable', () => {
  test('lists live processes, skipping zombies, non-PID entries and unreadable ones', () => {
    tree = makeFixtureTree({
      '1/stat': statLine({ pid: 1, ppid: 0 }),
      '10/stat': statLine({ pid: 10, ppid: 1 }),
      '11/stat': statLine({ pid: 11, ppid: 10, state: 'Z' }),
      'self/stat': statLine({ pid: 10, ppid: 1 }),
      meminfo: 'MemTotal: 1 kB\n',
    });
    tree.write('12/status', 'Name: vanished\n'); // its stat is gone: it ended mid-scan
    assert.deepEqual(
      readProcessTable(tree.root)
        .map((s) => s.pid)
        .sort(),
      [1, 10],
    );
  });
});

describe('isForkedWithoutExec', () => {
  test("reads PF_FORKNOEXEC from a zombie's flags: a fork that never exec'd, or one that did", () => {
    // The flags (field 9) a Python fork child's zombie and a `sleep` child's zombie showed on Linux 6.x.
    const zombie = (pid: number, flags: number) =>
      `${pid} (python3) Z 10 10 10 0 -1 ${flags} 0 0 0 0 0 0 0 0 20 0 1 0 ${1000 + pid} 0 0\n`;
    tree = makeFixtureTree({ '20/stat': zombie(20, 0x40804c), '21/stat': zombie(21, 0x40800c) });
    assert.equal(isForkedWithoutExec(20, tree.root), true);
    assert.equal(isForkedWithoutExec(21, tree.root), false);
    assert.equal(isForkedWithoutExec(22, tree.root), undefined);
  });
});

describe('selectDescendants and selectGroup', () => {
  const table = [
    { pid: 100, ppid: 1, pgid: 100 },
    { pid: 101, ppid: 100, pgid: 100 },
    { pid: 102, ppid: 101, pgid: 100 },
    { pid: 103, ppid: 101, pgid: 103 }, // setsid'ed grandchild
    { pid: 104, ppid: 1, pgid: 100 }, // reparented to init, still in the group
    { pid: 200, ppid: 1, pgid: 200 },
  ].map((s) => ({ ...s, comm: 'x', state: 'S', startTicks: s.pid }));

  test('finds children and grandchildren through ppid links', () => {
    assert.deepEqual(selectDescendants(table, 100).sort(), [101, 102, 103]);
  });

  test('finds the members of a process group, reparented ones included', () => {
    assert.deepEqual(selectGroup(table, 100).sort(), [100, 101, 102, 104]);
  });
});
