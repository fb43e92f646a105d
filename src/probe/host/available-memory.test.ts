// MemAvailable from a fixture /proc, and headroom's own cgroup limit when it is the smaller.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { parseMeminfo, readAvailableMemory } from './available-memory.js';
import { type FixtureTree, makeFixtureTree } from './test-helpers/fixture-tree.js';

const meminfo = 'MemTotal:       24684092 kB\nMemFree:        21600212 kB\nMemAvailable:   23662352 kB\n';
const v1Mountinfo = '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n';
let tree: FixtureTree | undefined;
afterEach(() => tree?.remove());

test('meminfo: total and available in bytes', () => {
  assert.deepEqual(parseMeminfo(meminfo), { totalBytes: 24684092 * 1024, availableBytes: 23662352 * 1024 });
  assert.equal(parseMeminfo('MemTotal: 1 kB\n'), undefined, 'kernels before 3.14 have no MemAvailable');
});

test('the machine when its own cgroup has no limit (v1 writes a huge number)', () => {
  tree = makeFixtureTree({
    'proc/meminfo': meminfo,
    'proc/self/cgroup': '4:memory:/job\n',
    'proc/self/mountinfo': v1Mountinfo,
    'sys/fs/cgroup/memory/job/memory.limit_in_bytes': '9223372036854771712\n',
    'sys/fs/cgroup/memory/job/memory.usage_in_bytes': '104857600\n',
  });
  const available = readAvailableMemory({
    procRoot: tree.path('proc'),
    cgroupRoot: tree.path('sys/fs/cgroup'),
  });
  assert.deepEqual(available, {
    totalBytes: 24684092 * 1024,
    availableBytes: 23662352 * 1024,
    source: 'meminfo',
  });
});

test("a container's limit less what it holds, when that is smaller", () => {
  tree = makeFixtureTree({
    'proc/meminfo': meminfo,
    'proc/self/cgroup': '4:memory:/job\n',
    'proc/self/mountinfo': v1Mountinfo,
    'sys/fs/cgroup/memory/job/memory.limit_in_bytes': String(8 * 2 ** 30),
    'sys/fs/cgroup/memory/job/memory.usage_in_bytes': String(2 ** 30),
  });
  const available = readAvailableMemory({
    procRoot: tree.path('proc'),
    cgroupRoot: tree.path('sys/fs/cgroup'),
  });
  assert.deepEqual(available, { totalBytes: 8 * 2 ** 30, availableBytes: 7 * 2 ** 30, source: 'cgroup' });
});

test('undefined when /proc/meminfo cannot be read', () => {
  tree = makeFixtureTree({});
  assert.equal(readAvailableMemory({ procRoot: tree.path('proc') }), undefined);
});
