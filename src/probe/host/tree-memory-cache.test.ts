import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type ProcessMemory,
  parseRollupFollow,
  parseSmapsRollup,
  readStatusCounters,
  type StatusCounters,
} from './proc-memory.js';
import { ProcScanner } from './proc-scan.js';
import {
  type CountedProcStat,
  indexByPid,
  readProcessTable,
  readProcStat,
  selectDescendants,
} from './proc-table.js';
import { Lines } from './test-helpers/child-lines.js';
import { sumTreeMemory, type TreeMemory } from './tree-memory.js';
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

/** A cache whose members status can follow (4 MiB of file PSS each), and the status each reads now. */
function followedCache(followMaxAgeMs = 2_000) {
  const read: number[] = [];
  const statusOf = new Map<number, StatusCounters>();
  const status = (pid: number, overrides: Partial<StatusCounters> = {}) =>
    statusOf.set(pid, {
      rssBytes: 16 * MiB,
      anonBytes: 6 * MiB,
      fileBytes: 10 * MiB,
      shmemBytes: 0,
      swapBytes: 0,
      ...overrides,
    });
  const cache = new TreeMemoryCache({
    followMaxAgeMs,
    readToFollow: (pid) => {
      read.push(pid);
      return {
        memory: { pid, rssBytes: 16 * MiB, pssBytes: 10 * MiB, swapBytes: 0, ownBytes: 6 * MiB },
        follow: { pssFileBytes: 4 * MiB },
      };
    },
    readStatus: (pid) => statusOf.get(pid),
  });
  return { cache, read, status };
}

describe('between smaps_rollup reads, status follows members whose anonymous pages are all their own', () => {
  test('a member that faulted: its RSS and anonymous pages from status, its file pages from the last read', () => {
    const { cache, read, status } = followedCache();
    status(1);
    status(2);
    cache.read([1, 2], byPid(stat(1), stat(2)), 0);
    status(2, { rssBytes: 18 * MiB, anonBytes: 8 * MiB });
    const memory = cache.read([1, 2], byPid(stat(1), stat(2, { minorFaults: 99 })), 200);
    assert.deepEqual(read, [1, 2], 'no smaps_rollup read');
    assert.equal(cache.followCount, 2);
    assert.deepEqual(memory.processes[1], {
      pid: 2,
      rssBytes: 18 * MiB,
      pssBytes: 12 * MiB,
      swapBytes: 0,
      ownBytes: 8 * MiB,
    });
    assert.equal(memory.hostBytes, 22 * MiB);
    assert.equal(memory.ownBytes, 14 * MiB);
    cache.read([1, 2], byPid(stat(1), stat(2, { minorFaults: 99 })), 400);
    assert.equal(cache.followCount, 2, 'then reused while no counter moves');
  });

  test('read again where a file page, swap or shmem moved, a member joined, or followMaxAgeMs passed', () => {
    const { cache, read, status } = followedCache(1_000);
    status(1);
    status(2);
    const faulted = (n: number) => byPid(stat(1, { minorFaults: n }), stat(2));
    cache.read([1], faulted(0), 0);
    status(1, { fileBytes: 11 * MiB });
    cache.read([1], faulted(1), 10);
    assert.deepEqual(read, [1, 1], 'RssFile moved');
    status(1, { fileBytes: 11 * MiB, swapBytes: MiB });
    cache.read([1], faulted(2), 20);
    assert.deepEqual(read, [1, 1, 1], 'VmSwap moved');
    status(1, { fileBytes: 11 * MiB, swapBytes: MiB, shmemBytes: MiB });
    cache.read([1], faulted(3), 30);
    assert.deepEqual(read, [1, 1, 1, 1], 'shmem mapped');
    status(1, { fileBytes: 11 * MiB, swapBytes: MiB });
    cache.read([1], faulted(4), 40);
    assert.deepEqual(read, [1, 1, 1, 1], 'followed again');
    cache.read([1, 2], faulted(5), 50);
    assert.deepEqual(read, [1, 1, 1, 1, 1, 2], 'a member joined');
    cache.read([1, 2], faulted(6), 60);
    assert.deepEqual(read, [1, 1, 1, 1, 1, 2], 'followed');
    cache.read([1, 2], faulted(7), 1_050);
    assert.deepEqual(read, [1, 1, 1, 1, 1, 2, 1, 2], 'followMaxAgeMs after the last read');
  });

  test('never a member with a shared anonymous page (copy-on-write) or shmem at its last read', () => {
    const rollup = (anon: number, pssAnon: number, shmem: number) =>
      `Rss: 900 kB\nPss: 600 kB\nPss_Anon: ${pssAnon} kB\nPss_File: 300 kB\nPss_Shmem: ${shmem} kB\nAnonymous: ${anon} kB\n`;
    assert.deepEqual(parseRollupFollow(rollup(300, 300, 0)), { pssFileBytes: 300 * 1024 });
    assert.equal(parseRollupFollow(rollup(400, 300, 0)), undefined);
    assert.equal(parseRollupFollow(rollup(300, 300, 8)), undefined);
    assert.equal(parseRollupFollow('Rss: 900 kB\nPss: 600 kB\n'), undefined, 'a kernel before 5.3');
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

// A member's smaps_rollup, read once: the reading the cache keeps (the production parser) and, from the
// same text, the PSS of its anonymous pages.
interface Rollup {
  memory: ProcessMemory;
  anonPssBytes: number;
}

function readRollup(pid: number): Rollup | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1');
  } catch {
    return undefined; // it ended
  }
  const memory = parseSmapsRollup(text);
  // Pss_Anon: Linux 5.3 (ee2ad71b0756, "mm: smaps: split PSS into components"; fs/proc/task_mmu.c).
  const anon = /^Pss_Anon:\s+(\d+) kB$/m.exec(text);
  assert.ok(memory && anon, `/proc/${pid}/smaps_rollup without Rss or Pss_Anon:\n${text}`);
  return { memory: { pid, ...memory }, anonPssBytes: Number(anon[1]) * 1024 };
}

// What the tree alone decides of its memory, member by member: RSS and swap (its own page tables) and
// the PSS of its anonymous pages (python3 was exec'd, the children forked from it: no process outside
// the tree maps them). The rest of PSS is file pages (libc, libpython) split with every process of the
// host that maps them: it moves whenever one starts or ends anywhere, which no counter of the tree
// shows, so the cache does not promise it between reads (maxAgeMs bounds it; tree-memory-cache.ts) and
// no two reads at different times agree on it to the byte (a loaded suite saw 17 KiB between two).
const owned = (rollups: Iterable<Rollup>): string[] =>
  [...rollups]
    .map(
      ({ memory, anonPssBytes }) =>
        `${memory.pid}: RSS ${memory.rssBytes}, swap ${memory.swapBytes}, anonymous PSS ${anonPssBytes}`,
    )
    .sort();

describe('on a real copy-on-write tree, what the tree holds equals a full smaps_rollup read', () => {
  const childCount = 5;
  const sharedMiB = 32;
  let tree: ChildProcess | undefined;
  let lines: Lines;
  let rootPid = 0;
  let childPids: number[] = [];
  const scanner = new ProcScanner();
  let watched = new Set<number>();

  // Until every member sleeps (in signal.pause: a member preempted mid-work is runnable) with counters
  // that held still since the last look: a member printed its line just before its last steps.
  const untilResting = async (): Promise<void> => {
    let last = '';
    await lines.until(() => {
      const table = readProcessTable();
      const members = [rootPid, ...selectDescendants(table, rootPid)].map((pid) =>
        indexByPid(table).get(pid),
      );
      const counters = members
        .map(
          (s) => `${s?.pid}:${s?.state}:${s?.minorFaults}:${s?.majorFaults}:${s?.vsizeBytes}:${s?.rssPages}`,
        )
        .join();
      const isResting =
        counters === last &&
        members.length === childPids.length + 1 &&
        members.every((s) => s?.state === 'S');
      last = counters;
      return isResting;
    });
  };

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
    await untilResting();
  });

  after(() => {
    scanner.close();
    if (tree?.pid) process.kill(-tree.pid, 'SIGKILL');
  });

  // A cache as the sampler makes one, whose reads of smaps_rollup are kept (the latest per member).
  const recordingCache = () => {
    const reads = new Map<number, Rollup>();
    const cache = new TreeMemoryCache({
      readMemory: (pid) => {
        const rollup = readRollup(pid);
        if (rollup) reads.set(pid, rollup);
        else reads.delete(pid);
        return rollup?.memory;
      },
    });
    return { cache, reads };
  };
  // What the sampler does each tick: scan (tree members read afresh), find the tree, read its memory.
  const sample = (cache: TreeMemoryCache): TreeMemory => {
    const table = scanner.scan(watched);
    const pids = [rootPid, ...selectDescendants(table, rootPid)];
    watched = new Set(pids);
    return cache.read(pids, indexByPid(table), Date.now());
  };
  const members = () => [rootPid, ...childPids].sort((a, b) => a - b);
  // The cache's answer is the sum of its last reads of the members; what those reads say the tree holds
  // is what a full read says now (the tree rests: nothing of its own moves in between).
  const assertMatchesFullRead = (memory: TreeMemory, reads: ReadonlyMap<number, Rollup>): void => {
    const pids = memory.processes.map((p) => p.pid);
    assert.deepEqual(
      [...pids].sort((a, b) => a - b),
      members(),
      'every member, and only they',
    );
    const lastReads = pids.map((pid) => reads.get(pid) as Rollup);
    assert.deepEqual(memory, sumTreeMemory(lastReads.map((r) => r.memory)), 'the sum of its last reads');
    const full = members().flatMap((pid) => readRollup(pid) ?? []);
    assert.deepEqual(owned(lastReads), owned(full), 'what a full read says the tree holds');
  };
  const anonPssOf = (reads: ReadonlyMap<number, Rollup>, pid: number): number =>
    reads.get(pid)?.anonPssBytes ?? Number.NaN;

  test('a quiet tree: read once, then reused, and still what a full read says', (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const { cache, reads } = recordingCache();
    sample(cache);
    const memory = sample(cache);
    assert.equal(cache.readCount, childCount + 1, 'one read per member, none on the second sample');
    assertMatchesFullRead(memory, reads);
  });

  test("a child's copy-on-write raises its parent's PSS, with no fault of the parent: all are read again", async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const { cache, reads } = recordingCache();
    sample(cache);
    const parentAnonPss = anonPssOf(reads, rootPid);
    const parentFaults = indexByPid(scanner.scan(watched)).get(rootPid)?.minorFaults;
    const child = childPids[0] as number;
    process.kill(child, 'SIGUSR1');
    await lines.next(new RegExp(`^written ${child}$`));
    await untilResting();
    const readsBefore = cache.readCount;
    const memory = sample(cache);
    assert.equal(cache.readCount - readsBefore, childCount + 1, 'every member read again');
    assert.equal(indexByPid(scanner.scan(watched)).get(rootPid)?.minorFaults, parentFaults);
    // The parent shared the buffer with all its children; now with one fewer: at least this much more
    // (more where the child's handler copied other pages too), less under a KiB: smaps_rollup rounds
    // each read down to whole KiB.
    const raisedBytes = (sharedMiB * MiB) / (childCount * (childCount + 1));
    const rise = anonPssOf(reads, rootPid) - parentAnonPss;
    assert.ok(
      rise >= raisedBytes - 1024,
      `parent's anonymous PSS rose ${rise} bytes, at least ${raisedBytes}`,
    );
    assertMatchesFullRead(memory, reads);
  });

  test('a child that ends leaves its share to the others: the tree is read again', async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const { cache, reads } = recordingCache();
    sample(cache);
    const victim = childPids.pop() as number;
    process.kill(victim, 'SIGKILL');
    // The parent ignores SIGCHLD, so the kernel reaps it: wait for its /proc entry to go.
    for (let polls = 0; readProcStat(victim) !== undefined; polls++) {
      if (polls > 500) assert.fail(`pid ${victim} never ended`);
      await lines.quiet(10);
    }
    await untilResting();
    const readsBefore = cache.readCount;
    const memory = sample(cache);
    assert.equal(cache.readCount - readsBefore, childPids.length + 1, 'every member read again');
    assertMatchesFullRead(memory, reads);
  });
});

describe('on a real lone process, status follows what a full read says', () => {
  let lone: ChildProcess | undefined;
  let lines: Lines;
  let pid = 0;

  before(async () => {
    if (pythonMissing) return;
    const script = fileURLToPath(new URL('./test-helpers/cow-tree.py', import.meta.url));
    lone = spawn('python3', [script, '8', '0'], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    lines = new Lines(lone);
    pid = Number((await lines.next(/^parent (\d+)$/))[1]);
  });

  after(() => {
    if (lone?.pid) process.kill(-lone.pid, 'SIGKILL');
  });

  // Until it sleeps (in signal.pause) with counters that held still since the last look.
  const untilResting = async (): Promise<void> => {
    let last = '';
    await lines.until(() => {
      const s = readProcStat(pid);
      const counters = `${s?.state}:${s?.minorFaults}:${s?.majorFaults}:${s?.vsizeBytes}:${s?.rssPages}`;
      const isResting = counters === last && s?.state === 'S';
      last = counters;
      return isResting;
    });
  };
  const written = async (): Promise<void> => {
    lines.forget(`written ${pid}`);
    process.kill(pid, 'SIGUSR1');
    await lines.next(new RegExp(`^written ${pid}$`));
    await untilResting();
  };

  test('1 MiB more of its own: no smaps_rollup read, and its RSS, swap and anonymous PSS as a full read says', async (t) => {
    if (pythonMissing) return t.skip(pythonMissing);
    const cache = new TreeMemoryCache();
    const sample = () => cache.read([pid], indexByPid(readProcessTable()), Date.now());
    await untilResting();
    sample();
    // The first write may fault in code of the handler's (file pages: a read again); the second writes
    // only 1 MiB more.
    await written();
    sample();
    const readsBefore = cache.readCount;
    const before = sample().ownBytes;
    await written();
    const memory = sample();
    assert.equal(cache.readCount, readsBefore, 'no smaps_rollup read');
    assert.ok(cache.followCount > 0);
    assert.ok(memory.ownBytes >= before + MiB, `own ${before} -> ${memory.ownBytes}`);
    const full = readRollup(pid) as Rollup;
    const [followed] = memory.processes as [ProcessMemory];
    assert.deepEqual(
      { rssBytes: followed.rssBytes, swapBytes: followed.swapBytes, anonPssBytes: followed.ownBytes },
      { rssBytes: full.memory.rssBytes, swapBytes: full.memory.swapBytes, anonPssBytes: full.anonPssBytes },
    );
    assert.deepEqual(readStatusCounters(pid)?.anonBytes, followed.ownBytes);
  });
});
