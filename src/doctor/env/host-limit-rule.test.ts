// doctor --env on what host_memory becomes: nothing where a cgroup can be made; the watchdog, and the way
// to a kernel limit, where none can.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostLimitFindings } from './host-limit-rule.js';

test('a cgroup that can be made: nothing to say', () => {
  assert.deepEqual(
    hostLimitFindings({ isRoot: true, enforcement: 'cgroup', cgroupVersion: 1, hasUserSystemd: false }),
    [],
  );
});

test('a user on cgroup v1: the watchdog, and root or a delegated v2 subtree for a kernel limit', () => {
  const [finding] = hostLimitFindings({
    isRoot: false,
    enforcement: 'watchdog',
    cgroupVersion: 1,
    reason: '/sys/fs/cgroup/memory is not writable by uid 1000',
    hasUserSystemd: false,
  });
  assert.equal(finding?.code, 'host-limit-watchdog');
  assert.match(
    finding?.message ?? '',
    /as this user \(not root\) \(\/sys\/fs\/cgroup\/memory is not writable by uid 1000\); headroom run enforces host_memory with its watchdog/,
  );
  assert.match(finding?.fixes?.[0] ?? '', /run headroom as root, or in a cgroup v2 subtree delegated to you/);
});

test('a user on cgroup v2 with a systemd user manager: systemd-run --user --scope', () => {
  const [finding] = hostLimitFindings({
    isRoot: false,
    enforcement: 'watchdog',
    cgroupVersion: 2,
    reason: 'x does not delegate the memory controller',
    hasUserSystemd: true,
  });
  assert.equal(
    finding?.fixes?.[0],
    'for a kernel limit on the whole run: systemd-run --user --scope -p MemoryMax=16G headroom run -c headroom.yaml',
  );
});
