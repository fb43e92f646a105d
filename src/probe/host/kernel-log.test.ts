import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type KernelRecord,
  kernelLogFrom,
  openKmsg,
  parseDmesg,
  parseKernelOomKills,
  parseKmsgRecord,
} from './kernel-log.js';

// Lines as kernels print them: a cgroup OOM on 6.x (this project's machine), a global OOM on 5.x,
// and the 4.x "Kill process ... or sacrifice child" / "Killed process" pair.
const cgroupOom = [
  'oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/job/headroom-r-x,task_memcg=/job/headroom-r-x,task=node,pid=11151,uid=0',
  'Memory cgroup out of memory: Killed process 11151 (node) total-vm:1154704kB, anon-rss:130048kB, file-rss:34116kB, shmem-rss:0kB, UID:0 pgtables:732kB oom_score_adj:0',
];
const globalOom = [
  'oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/user.slice,task=python3,pid=25315,uid=0',
  'Out of memory: Killed process 25315 (python3) total-vm:53312244kB, anon-rss:31451456kB, file-rss:74816kB',
  'oom_reaper: reaped process 25315 (python3), now anon-rss:0kB, file-rss:74732kB, shmem-rss:12296kB',
];
const oldOom = [
  'Out of memory: Kill process 4242 (python) score 912 or sacrifice child',
  'Killed process 4242 (python) total-vm:2000kB, anon-rss:1000kB, file-rss:0kB',
];

describe('parseKernelOomKills', () => {
  test('one victim per PID, with its memory cgroup from the oom-kill summary', () => {
    assert.deepEqual(
      parseKernelOomKills(cgroupOom).map((k) => [k.pid, k.memcg]),
      [[11151, '/job/headroom-r-x']],
    );
    assert.deepEqual(
      parseKernelOomKills(globalOom).map((k) => [k.pid, k.memcg]),
      [[25315, '/user.slice']],
    );
  });

  test('older kernels: the "Killed process" line names the victim, "Kill process" does not count', () => {
    assert.deepEqual(
      parseKernelOomKills(oldOom).map((k) => k.pid),
      [4242],
    );
  });

  test('other lines name nobody', () => {
    assert.deepEqual(
      parseKernelOomKills([
        'EXT4-fs (vda): mounted filesystem',
        'python invoked oom-killer: gfp_mask=0x14000c0',
      ]),
      [],
    );
  });
});

describe('record formats', () => {
  test('a /dev/kmsg record: sequence number and message, continuation lines dropped', () => {
    assert.deepEqual(
      parseKmsgRecord(
        '6,1234,608957859,-;Memory cgroup out of memory: Killed process 1 (x)\n SUBSYSTEM=memcg\n',
      ),
      {
        order: 1234,
        text: 'Memory cgroup out of memory: Killed process 1 (x)',
      },
    );
    assert.equal(parseKmsgRecord('no semicolon'), undefined);
  });

  test('dmesg lines are ordered by their timestamp in µs', () => {
    const records = parseDmesg(
      '[    1.298409] random: crng reseeded\n[  608.957859] Out of memory: Killed process 7 (x)\n',
    );
    assert.deepEqual(
      records.map((r) => r.order),
      [1_298_409, 608_957_859],
    );
    assert.equal(records[1]?.text, 'Out of memory: Killed process 7 (x)');
  });
});

describe('kernelLogFrom', () => {
  test('reports only victims logged after it was opened', () => {
    const records: KernelRecord[] = [{ order: 1, text: oldOom[1]! }];
    const log = kernelLogFrom('kmsg', () => records);
    assert.ok(log);
    assert.deepEqual(log.readOomKills(), []);
    records.push(...cgroupOom.map((text, i) => ({ order: 2 + i, text })));
    assert.deepEqual(
      log.readOomKills().map((k) => k.pid),
      [11151],
    );
  });

  test('parses again only when an OOM line was added', () => {
    const records: KernelRecord[] = [];
    const log = kernelLogFrom('kmsg', () => records);
    assert.ok(log);
    records.push(...cgroupOom.map((text, i) => ({ order: 1 + i, text })));
    const first = log.readOomKills();
    records.push({ order: 100, text: 'eth0: link up' });
    assert.equal(log.readOomKills(), first, 'no new OOM line: the last parse');
    records.push({ order: 101, text: oldOom[1]! });
    assert.notEqual(log.readOomKills(), first);
  });

  test('an unreadable log gives null', () => {
    assert.equal(
      kernelLogFrom('dmesg', () => null),
      null,
    );
  });

  test('the real /dev/kmsg, when readable, yields ordered records and ends without blocking', (t) => {
    const kmsg = openKmsg();
    const records = kmsg?.read() ?? null;
    kmsg?.close();
    if (records === null) return t.skip('/dev/kmsg is not readable here');
    for (let i = 1; i < records.length; i++) assert.ok(records[i]!.order > records[i - 1]!.order);
  });
});
