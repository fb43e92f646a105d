import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ProcessMemory } from './proc-memory.js';
import { ProcScanner } from './proc-scan.js';
import {
  type CountedProcStat,
  indexByPid,
  readProcessTable,
  readProcStat,
  selectDescendants,
} from './proc-table.js';
import { Lines } from './test-helpers/child-lines.js';
import { readTreeMemory, type TreeMemory } from './tree-memory.js';
import { TreeMemoryCache } from './tree-memory-cache.js';

const MiB = 1024 ** 2;

const stat = (pid: number, overrides: Partial<CountedProcStat> = {}): CountedProcStat => ({
  pid,
  comm: 'x',
  state: 'S',
  ppid: 1,
  pgid: pid,
  startTicks: 100,
  minorFaults: 10,
  majorFaults: 0,
  vsizeBytes: 1000,
  rssPages: 5,
  ...overrides,
});
const byPid = (...stats: CountedProcStat[]) => new Map(stats.map((s) => [s.pid, s]));

/** A cache over a fake reader that says who was read. */
function fakeCache(maxAgeMs = 30_000) {
  const read: number[] = [];
  const cache = new TreeMemoryCache({
    maxAgeMs,
    readMemory: (pid): ProcessMemory => {
      read.push(pid);
      return { pid, rssBytes: 10 * MiB, pssBytes: 4 * MiB, swapBytes: 0 };
    },
  });
  return { cache, read };
}

describe('when smaps_rollup is read again', () => {
  test('not while no member moved; every member once one faulted', () => {
    const { cache, read } = fakeCache();
    cache.read([1, 2], byPid(stat(1), stat(2)), 0);
    const quiet = cache.read([1, 2], byPid(stat(1), stat(2)), 1000);
    assert.deepEqual(read, [1, 2]);
    assert.equal(quiet.pssBytes, 8 * MiB);
    cache.read([1, 2], byPid(stat(1), stat(2, { minorFaults: 11 })), 2000);
    assert.deepEqual(read, [1, 2, 1, 2], 'its relatives too: PSS divides shared pages among them');
  });

  test('a PID reused by a new process is read again, though its counters match', () => {
    const { cache, read } = fakeCache();
    cache.read([1], byPid(stat(1)), 0);
    cache.read([1], byPid(stat(1, { startTicks: 200 })), 1000);
    assert.deepEqual(read, [1, 1]);
  });

  test('a member joining or leaving, or moving its address space, rereads the tree', () => {
    const { cache, read } = fakeCache();
    cache.read([1], byPid(stat(1), stat(2)), 0);
    cache.read([1, 2], byPid(stat(1), stat(2)), 1);
    cache.read([1], byPid(stat(1), stat(2)), 2);
    cache.read([1], byPid(stat(1, { vsizeBytes: 2000 })), 3);
    cache.read([1], byPid(stat(1, { vsizeBytes: 2000, rssPages: 6 })), 4);
    cache.read([1], byPid(stat(1, { vsizeBytes: 2000, rssPages: 6, majorFaults: 1 })), 5);
    assert.deepEqual(read, [1, 1, 2, 1, 1, 1, 1]);
  });

  test('a member without a stat line (it ended mid-sample) is read again next time', () => {
    const { cache, read } = fakeCache();
    cache.read([1, 2], byPid(stat(1)), 0);
    cache.read([1, 2], byPid(stat(1)), 1);
    assert.deepEqual(read, [1, 2, 1, 2]);
  });

  test('everything after maxAgeMs, for what the counters cannot see (sharers outside the tree)', () => {
    const { cache, read } = fakeCache(10_000);
    cache.read([1], byPid(stat(1)), 0);
    cache.read([1], byPid(stat(1)), 9_999);
    cache.read([1], byPid(stat(1)), 10_000);
    assert.deepEqual(read, [1, 1]);
  });
});

// A real tree: a Python parent holding 32 MiB it wrote, and three forked children sharing them.
const pythonMissing = (() => {
  try {
    execFileSync('python3', ['-c', 'import os'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'no python3 here to fork a copy-on-write tree';
  }
})();

describe('on a real copy-on-write tree, totals equal a full smaps_rollup read', () => {
  const childCount = 5;
  const sharedMiB = 32;
  let tree: ChildProcess | undefined;
  let lines: Lines;
  let rootPid = 0;
  let childPids: number[] = [];
  const scanner = new ProcScanner();
  let watched = new Set<number>();

  before(async () => {
    if (pythonMissing) return;
    const script = fileURLToPath(new URL('./test-helpers/cow-tree.py', import.meta.url));
    tree = spawn('python3', [script, String(sharedMiB), String(childCount)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    lines = new Lines(tree);
    rootPid = Number((await lines.next(/^parent (\d+)$/))[1]);
    const children = () => lines.seen.flatMap((line) => /^child (\d+)$/.exec(line)?.[1] ?? []);
    await lines.until(() => children().length === childCount);
    childPids = children().map(Number);
    // Printing "parent" and "child" comes just before they sleep: wait until their counters rest.
    let last = '';
    await lines.until(() => {
      const table = readProcessTable();
      const counters = [rootPid, ...selectDescendants(table, rootPid)].map((pid) => {
        const s = indexByPid(table).get(pid);
        return `${pid}:${s?.minorFaults}:${s?.majorFaults}:${s?.vsizeBytes}:${s?.rssPages}`;
      });
      const isResting = counters.join() === last && counters.length === childCount + 1;
      last = counters.join();
      return isResting;
    });
  });

  after(() => {
    scanner.close();
    if (tree?.pid) process.kill(-tree.pid, 'SIGKILL');
  });

  // What the sampler does each tick: scan (tree members read afresh), find the tree, read its memory.
  const sample = (cache: TreeMemoryCache): TreeMemory => {
    const table = scanner.scan(watched);
    const pids = [rootPid, ...selectDescendants(table, rootPid)];
    watched = new Set(pids);
    return cache.read(pids, indexByPid(table), Date.now());
  };
  const pssOf = (memory: TreeMemory, pid: number): number =>
    memory.processes.find((p) => p.pid === pid)?.pssBytes ?? Number.NaN;
  const totals = (m: TreeMemory): string =>
    `${m.processes.length} processes, RSS ${m.rssBytes}, PSS ${m.pssBytes}, swap ${m.swapBytes}`;

  // Processes starting and ending elsewhere on the host change how many share a library page, and
  // so a member's PSS by a few bytes. A sample is compared with full reads just before and after it;
  // an attempt where those disagree with each other, or with the sample, is tried again after a new
  // event. An error of the cache repeats in every attempt, so it fails; noise does not repeat.
  async function untilExact(options: {
    /** Makes something happen before attempt `index`; false when nothing is left to try. */
    cause: (index: number) => Promise<boolean>;
    /** The sample to compare, or why this attempt cannot be compared (then it is tried again). */
    take: () => TreeMemory | string | undefined;
    pids: () => readonly number[];
  }): Promise<void> {
    const misses: string[] = [];
    for (let index = 0; index < 10 && (await options.cause(index)); index++) {
      const first = readTreeMemory(options.pids());
      const memory = options.take();
      const full = readTreeMemory(options.pids());
      if (typeof memory === 'string') misses.push(memory);
      if (typeof memory !== 'object') continue;
      if (totals(first) === totals(full) && totals(memory) === totals(full)) return;
      misses.push(`sampled ${totals(memory)}; full reads ${totals(first)} then ${totals(full)}`);
    }
    assert.fail(`no attempt matched a full read:\n${misses.join('\n')}`);
  }

  test('a quiet tree: read once, then reused, and still what a full read says', async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    await untilExact({
      cause: async () => true,
      take: () => {
        const cache = new TreeMemoryCache();
        sample(cache);
        const memory = sample(cache);
        // One read per member and no more, unless a member moved in between (then try again).
        return cache.readCount === childCount + 1 ? memory : undefined;
      },
      pids: () => [...watched],
    });
  });

  test("a child's copy-on-write raises its parent's PSS, with no fault of the parent: all are read again", async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const cache = new TreeMemoryCache();
    const first = sample(cache);
    const parentFaults = indexByPid(scanner.scan(watched)).get(rootPid)?.minorFaults;
    // The parent shared the buffer with all its children; now with one fewer.
    const raisedBytes = (sharedMiB * MiB) / (childCount * (childCount + 1));
    await untilExact({
      cause: async (index) => {
        const child = childPids[index % childCount] as number;
        process.kill(child, 'SIGUSR1');
        await lines.next(new RegExp(`^written ${child}$`));
        lines.forget(`written ${child}`);
        return true;
      },
      take: () => {
        const readsBefore = cache.readCount;
        const memory = sample(cache);
        assert.equal(cache.readCount - readsBefore, childCount + 1, 'every member read again');
        assert.equal(indexByPid(scanner.scan(watched)).get(rootPid)?.minorFaults, parentFaults);
        // The kernel's PSS of the parent may lag a child's copy (seen once on a loaded machine); the
        // next child's copy raises it further, so a short rise is tried again, not a failure.
        if (pssOf(memory, rootPid) < pssOf(first, rootPid) + raisedBytes * 0.9)
          return `parent PSS ${pssOf(first, rootPid) / MiB} → ${pssOf(memory, rootPid) / MiB} MiB`;
        return memory;
      },
      pids: () => [...watched],
    });
  });

  test('a child that ends leaves its share to the others: the tree is read again', async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const cache = new TreeMemoryCache();
    sample(cache);
    await untilExact({
      cause: async () => {
        const victim = childPids.pop();
        if (victim === undefined) return false;
        process.kill(victim, 'SIGKILL');
        // The parent ignores SIGCHLD, so the kernel reaps it: wait for its /proc entry to go.
        for (let polls = 0; readProcStat(victim) !== undefined; polls++) {
          if (polls > 500) assert.fail(`pid ${victim} never ended`);
          await lines.quiet(10);
        }
        return true;
      },
      take: () => {
        const readsBefore = cache.readCount;
        const memory = sample(cache);
        assert.equal(cache.readCount - readsBefore, childPids.length + 1, 'every member read again');
        return memory;
      },
      pids: () => [rootPid, ...childPids],
    });
  });
});
