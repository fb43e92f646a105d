import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { findOwnMemoryCgroup, parseCgroupMounts, parseProcCgroup } from './cgroup-detect.js';
import { type FixtureTree, makeFixtureTree } from './test-helpers/fixture-tree.js';

const v1Mountinfo = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');
const v2Mountinfo = '30 23 0:26 / /sys/fs/cgroup rw,nosuid shared:4 - cgroup2 cgroup2 rw,nsdelegate\n';

let tree: FixtureTree | undefined;
afterEach(() => tree?.remove());

describe('parsers', () => {
  test('/proc/self/cgroup: the v1 memory path and the v2 path', () => {
    const text = '9:name=systemd:/\n4:memory:/process_api/abc\n3:cpu,cpuacct:/\n0::/user.slice\n';
    assert.deepEqual(parseProcCgroup(text), { v1MemoryPath: '/process_api/abc', v2Path: '/user.slice' });
  });

  test('mountinfo: cgroup mounts with their root, mount point and super options', () => {
    const mounts = parseCgroupMounts(v1Mountinfo);
    assert.deepEqual(
      mounts.map((m) => [m.fsType, m.mountPoint]),
      [
        ['cgroup', '/sys/fs/cgroup/memory'],
        ['cgroup2', '/sys/fs/cgroup/unified'],
      ],
    );
    assert.ok(mounts[0]?.superOptions.includes('memory'));
  });
});

describe('findOwnMemoryCgroup', () => {
  test('v1: the memory hierarchy wins on a hybrid host, rebased onto cgroupRoot', () => {
    tree = makeFixtureTree({
      'proc/self/cgroup': '4:memory:/process_api/abc\n0::/\n',
      'proc/self/mountinfo': v1Mountinfo,
    });
    const found = findOwnMemoryCgroup({ procRoot: tree.path('proc'), cgroupRoot: tree.path('cg') });
    assert.deepEqual(found, {
      ok: true,
      location: { version: 1, dir: tree.path('cg/memory/process_api/abc') },
    });
  });

  test('v1 in a cgroup namespace: the path is relative to the mount root', () => {
    tree = makeFixtureTree({
      'proc/self/cgroup': '4:memory:/docker/123/job\n',
      'proc/self/mountinfo': '35 31 0:32 /docker/123 /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n',
    });
    const found = findOwnMemoryCgroup({ procRoot: tree.path('proc'), cgroupRoot: tree.path('cg') });
    assert.deepEqual(found, { ok: true, location: { version: 1, dir: tree.path('cg/memory/job') } });
  });

  test('v2: found when the own cgroup has the memory controller', () => {
    tree = makeFixtureTree({
      'proc/self/cgroup': '0::/user.slice/job\n',
      'proc/self/mountinfo': v2Mountinfo,
      'cg/user.slice/job/cgroup.controllers': 'cpu io memory pids\n',
    });
    const found = findOwnMemoryCgroup({ procRoot: tree.path('proc'), cgroupRoot: tree.path('cg') });
    assert.deepEqual(found, { ok: true, location: { version: 2, dir: tree.path('cg/user.slice/job') } });
  });

  test('v2 without the memory controller: a reason, not a location', () => {
    tree = makeFixtureTree({
      'proc/self/cgroup': '0::/\n',
      'proc/self/mountinfo': v2Mountinfo,
      'cg/cgroup.controllers': 'cpu io\n',
    });
    const found = findOwnMemoryCgroup({ procRoot: tree.path('proc'), cgroupRoot: tree.path('cg') });
    assert.equal(found.ok, false);
    assert.match(found.ok ? '' : found.reason, /no memory controller/);
  });

  test('no cgroup mount at all, or no /proc: a reason', () => {
    tree = makeFixtureTree({ 'proc/self/cgroup': '0::/\n', 'proc/self/mountinfo': '' });
    assert.equal(findOwnMemoryCgroup({ procRoot: tree.path('proc') }).ok, false);
    assert.equal(findOwnMemoryCgroup({ procRoot: tree.path('nothing') }).ok, false);
  });
});
