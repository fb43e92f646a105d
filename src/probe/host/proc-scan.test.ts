import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { afterEach, describe, test } from 'node:test';
import { ProcScanner } from './proc-scan.js';
import { readProcessTable } from './proc-table.js';
import { type FixtureTree, makeFixtureTree, statLine } from './test-helpers/fixture-tree.js';

let tree: FixtureTree | undefined;
let scanner: ProcScanner | undefined;
afterEach(() => {
  scanner?.close();
  tree?.remove();
});

const pidsOf = (table: { pid: number }[]): number[] => table.map((s) => s.pid).sort((a, b) => a - b);
const startOf = (table: { pid: number; startTicks: number }[], pid: number) =>
  table.find((s) => s.pid === pid)?.startTicks;

describe('ProcScanner on a fixture /proc', () => {
  test('lists what readProcessTable lists, and rereads held files', () => {
    tree = makeFixtureTree({
      '1/stat': statLine({ pid: 1, ppid: 0 }),
      '10/stat': statLine({ pid: 10, ppid: 1 }),
      '11/stat': statLine({ pid: 11, ppid: 10, state: 'Z' }),
      'self/stat': statLine({ pid: 10, ppid: 1 }),
    });
    scanner = new ProcScanner({ procRoot: tree.root });
    assert.deepEqual(pidsOf(scanner.scan()), pidsOf(readProcessTable(tree.root)));
    assert.deepEqual(pidsOf(scanner.scan()), [1, 10]);
    assert.equal(scanner.heldCount, 3);
    tree.write('10/stat', statLine({ pid: 10, ppid: 1, minorFaults: 7 }));
    rmSync(tree.path('1'), { recursive: true });
    const table = scanner.scan();
    assert.deepEqual(pidsOf(table), [10]);
    assert.equal(table[0]?.minorFaults, 7);
    assert.equal(scanner.heldCount, 2, "a vanished process's file is closed");
  });

  // A /proc of this process's PID namespace (its `self`), with the kernel's PID cursor.
  function cursorTree(lastPid: number): FixtureTree {
    const fixture = makeFixtureTree({
      '10/stat': statLine({ pid: 10, ppid: 1, startTicks: 1 }),
      '20/stat': statLine({ pid: 20, ppid: 1, startTicks: 2 }),
      '30/stat': statLine({ pid: 30, ppid: 1, startTicks: 3 }),
      'sys/kernel/ns_last_pid': `${lastPid}\n`,
    });
    symlinkSync(String(process.pid), fixture.path('self'));
    return fixture;
  }

  test('rereads only watched PIDs and numbers the cursor handed out since', () => {
    tree = cursorTree(30);
    scanner = new ProcScanner({ procRoot: tree.root });
    const watched = new Set([10]);
    scanner.scan(watched);
    assert.equal(scanner.readCount, 3, 'the first scan reads everything');
    assert.deepEqual(pidsOf(scanner.scan(watched)), [10, 20, 30]);
    assert.equal(scanner.readCount, 1, 'then the watched one only');
    tree.write('40/stat', statLine({ pid: 40, ppid: 10, startTicks: 4 }));
    tree.write('sys/kernel/ns_last_pid', '40\n');
    assert.deepEqual(pidsOf(scanner.scan(watched)), [10, 20, 30, 40]);
    assert.equal(scanner.readCount, 2, 'a new number is read');
  });

  test('a number the cursor passed over, or any after it wrapped, is read again: its process may be new', () => {
    tree = cursorTree(30);
    scanner = new ProcScanner({ procRoot: tree.root });
    scanner.scan(new Set());
    // 30 ended and the cursor, moving 25 → 35, gave its number to a new process.
    tree.write('sys/kernel/ns_last_pid', '25\n');
    scanner.scan(new Set());
    tree.write('30/stat', statLine({ pid: 30, ppid: 20, startTicks: 9 }));
    tree.write('sys/kernel/ns_last_pid', '35\n');
    let table = scanner.scan(new Set());
    assert.equal(startOf(table, 30), 9);
    assert.equal(scanner.readCount, 1);
    // The cursor wrapped: every number may be a new process's.
    tree.write('20/stat', statLine({ pid: 20, ppid: 1, startTicks: 8 }));
    tree.write('sys/kernel/ns_last_pid', '12\n');
    table = scanner.scan(new Set());
    assert.equal(startOf(table, 20), 8);
    assert.equal(scanner.readCount, 3);
  });

  test('reads everything every fullScanEvery scans, without a cursor, and where /proc is not its own namespace', () => {
    tree = cursorTree(30);
    scanner = new ProcScanner({ procRoot: tree.root, fullScanEvery: 3 });
    const reads = [1, 2, 3, 4].map(() => {
      scanner?.scan(new Set());
      return scanner?.readCount;
    });
    assert.deepEqual(reads, [3, 0, 3, 0]);
    // A namespace handing out the lowest free number (ns_last_pid -1) has no cursor to trust.
    tree.write('sys/kernel/ns_last_pid', '-1\n');
    const lowestFree = new ProcScanner({ procRoot: tree.root });
    lowestFree.scan(new Set());
    lowestFree.scan(new Set());
    assert.equal(lowestFree.readCount, 3);
    lowestFree.close();
    rmSync(tree.path('self'));
    const foreign = new ProcScanner({ procRoot: tree.root });
    foreign.scan(new Set());
    foreign.scan(new Set());
    assert.equal(foreign.readCount, 3);
    foreign.close();
  });
});

describe('ProcScanner on this machine', () => {
  test('finds a new child, follows it while watched, and lets go of it once it ends', async () => {
    scanner = new ProcScanner();
    scanner.scan(new Set());
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid as number;
    let table = scanner.scan(new Set([pid]));
    assert.equal(table.find((s) => s.pid === pid)?.ppid, process.pid);
    table = scanner.scan(new Set([pid]));
    const held = scanner.heldCount;
    assert.ok(held >= 1);
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
    table = scanner.scan(new Set([pid]));
    assert.equal(
      table.find((s) => s.pid === pid),
      undefined,
    );
    assert.equal(scanner.heldCount, held - 1);
  });
});
