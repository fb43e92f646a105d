import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, test } from 'node:test';
import {
  addCgroupPid,
  createMemoryCgroup,
  type MemoryCgroup,
  readCgroupOomKills,
  readCgroupPeakBytes,
  readCgroupPids,
  readCgroupUsageBytes,
  removeCgroup,
} from './cgroup.js';
import { type CgroupLocation, findOwnMemoryCgroup } from './cgroup-detect.js';
import { type FixtureTree, makeFixtureTree } from './test-helpers/fixture-tree.js';

let tree: FixtureTree | undefined;
afterEach(() => tree?.remove());

const read = (path: string): string => readFileSync(path, 'utf8');

describe('v1 fixture', () => {
  test('sets memory.limit_in_bytes, and memsw when the hierarchy has it', () => {
    tree = makeFixtureTree({
      'own/memory.limit_in_bytes': '9223372036854771712',
      'own/memory.memsw.limit_in_bytes': '',
    });
    const parent: CgroupLocation = { version: 1, dir: tree.path('own') };
    const made = createMemoryCgroup({ parent, name: 'headroom-r1-learner', limitBytes: 64 * 1024 ** 2 });
    assert.ok(made.ok);
    assert.equal(read(tree.path('own/headroom-r1-learner/memory.limit_in_bytes')), String(64 * 1024 ** 2));
    assert.equal(
      read(tree.path('own/headroom-r1-learner/memory.memsw.limit_in_bytes')),
      String(64 * 1024 ** 2),
    );
  });

  test('without swap accounting only the memory limit is written; no limit writes nothing', () => {
    tree = makeFixtureTree({ 'own/memory.limit_in_bytes': '' });
    const parent: CgroupLocation = { version: 1, dir: tree.path('own') };
    assert.ok(createMemoryCgroup({ parent, name: 'a', limitBytes: 1000 }).ok);
    assert.equal(existsSync(tree.path('own/a/memory.memsw.limit_in_bytes')), false);
    assert.ok(createMemoryCgroup({ parent, name: 'b', limitBytes: null }).ok);
    assert.equal(existsSync(tree.path('own/b/memory.limit_in_bytes')), false);
  });

  test('reads members, usage, peak and the oom_kill count', () => {
    tree = makeFixtureTree({
      'g/cgroup.procs': '12\n34\n',
      'g/memory.usage_in_bytes': '4096\n',
      'g/memory.max_usage_in_bytes': '8192\n',
      'g/memory.oom_control': 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n',
    });
    const group = { version: 1 as const, dir: tree.path('g'), limitBytes: null };
    assert.deepEqual(readCgroupPids(group), [12, 34]);
    assert.equal(readCgroupUsageBytes(group), 4096);
    assert.equal(readCgroupPeakBytes(group), 8192);
    assert.equal(readCgroupOomKills(group), 2);
  });

  test('a group that cannot be made says why', () => {
    tree = makeFixtureTree();
    const made = createMemoryCgroup({
      parent: { version: 1, dir: tree.path('missing') },
      name: 'x',
      limitBytes: 1,
    });
    assert.equal(made.ok, false);
    assert.match(made.ok ? '' : made.reason, /cannot create cgroup .*ENOENT/);
  });
});

describe('v2 fixture', () => {
  test('sets memory.max and memory.swap.max=0 when the parent delegates memory', () => {
    tree = makeFixtureTree({ 'own/cgroup.subtree_control': 'cpu memory\n' });
    const made = createMemoryCgroup({
      parent: { version: 2, dir: tree.path('own') },
      name: 'g',
      limitBytes: 5000,
    });
    assert.ok(made.ok);
    assert.equal(read(tree.path('own/g/memory.max')), '5000');
    assert.equal(read(tree.path('own/g/memory.swap.max')), '0');
  });

  test('a parent that does not delegate memory (and refuses +memory) gives a reason', () => {
    tree = makeFixtureTree({ 'own/cgroup.subtree_control/EISDIR': '' }); // a directory: the write fails
    const made = createMemoryCgroup({
      parent: { version: 2, dir: tree.path('own') },
      name: 'g',
      limitBytes: 1,
    });
    assert.equal(made.ok, false);
    assert.match(made.ok ? '' : made.reason, /does not delegate the memory controller/);
    assert.equal(existsSync(tree.path('own/g')), false);
  });

  test('reads memory.current, memory.peak and memory.events oom_kill', () => {
    tree = makeFixtureTree({
      'g/memory.current': '100\n',
      'g/memory.peak': '300\n',
      'g/memory.events': 'low 0\nhigh 0\nmax 4\noom 1\noom_kill 1\noom_group_kill 0\n',
    });
    const group = { version: 2 as const, dir: tree.path('g'), limitBytes: 1 };
    assert.equal(readCgroupUsageBytes(group), 100);
    assert.equal(readCgroupPeakBytes(group), 300);
    assert.equal(readCgroupOomKills(group), 1);
  });

  test('a kernel without memory.peak gives null, and a removed group reads as empty', () => {
    tree = makeFixtureTree({ 'g/memory.current': '1\n' });
    const group = { version: 2 as const, dir: tree.path('g'), limitBytes: null };
    assert.equal(readCgroupPeakBytes(group), null);
    assert.equal(removeCgroup({ ...group, dir: tree.path('gone') }), undefined);
    assert.deepEqual(readCgroupPids({ ...group, dir: tree.path('gone') }), []);
  });
});

describe('the real cgroup headroom runs in', () => {
  let group: MemoryCgroup | undefined;
  afterEach(() => {
    if (group) removeCgroup(group);
  });

  test('makes a limited child group, moves a process in, reads it, removes the group', async (t) => {
    const own = findOwnMemoryCgroup();
    if (!own.ok) return t.skip(`no cgroup here: ${own.reason}`);
    const made = createMemoryCgroup({
      parent: own.location,
      name: `headroom-test-${process.pid}`,
      limitBytes: 256 * 1024 ** 2,
    });
    if (!made.ok) return t.skip(`cannot make a cgroup here: ${made.reason}`);
    group = made.group;
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      addCgroupPid(group, child.pid!);
      assert.deepEqual(readCgroupPids(group), [child.pid]);
      assert.equal(readCgroupOomKills(group), 0);
      assert.ok((readCgroupUsageBytes(group) ?? -1) >= 0);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    assert.equal(removeCgroup(group), undefined);
    assert.equal(existsSync(group.dir), false);
    group = undefined;
  });
});
