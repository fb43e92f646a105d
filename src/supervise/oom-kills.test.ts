// Naming OOM kills against the cgroup's counter, with the two read in either order: the kernel log
// read before the counter moves (a kill named first, counted after) is still one kill.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { KernelOomKill } from '../probe/host/kernel-log.js';
import { newAttempt } from './attempt.js';
import { checkOomKills } from './oom-kills.js';
import type { LiveProcess, RunContext } from './run-context.js';

const dir = mkdtempSync(join(tmpdir(), 'headroom-oom-kills-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const setCounter = (n: number) =>
  writeFileSync(join(dir, 'memory.oom_control'), `oom_kill_disable 0\nunder_oom 0\noom_kill ${n}\n`);

function setUp() {
  setCounter(0);
  const kills: KernelOomKill[] = [];
  const events: { type: string; fields: Record<string, unknown> }[] = [];
  let monotonic = 0;
  const context = {
    clock: { now: () => 1_000 + monotonic, monotonicMs: () => monotonic },
    kernelLog: { source: 'kmsg', readOomKills: () => kills, close: () => {} },
    attributedKills: new Set<string>(),
    event: (type: string, _name: string, _message: string, fields: Record<string, unknown>) =>
      events.push({ type, fields }),
  } as unknown as RunContext;
  const group = { dir, version: 1 } as const;
  const attempt = newAttempt(4242, 0, group as never, 0);
  const live = {
    spec: { name: 'hog', hostMemoryBytes: 128 * 2 ** 20, onOomKill: 'warn' },
    group,
    oomKills: [],
  } as unknown as LiveProcess;
  const kill: KernelOomKill = {
    pid: 4242,
    processName: 'node',
    memcg: `/headroom/${dir.split('/').at(-1)}`,
    rssBytes: 130 * 2 ** 20,
    anonRssBytes: 128 * 2 ** 20,
    isCgroupLimit: true,
    line: 'oom-kill:constraint=CONSTRAINT_MEMCG,...,task=node,pid=4242,uid=0',
  };
  const check = (isFinal = false) => checkOomKills(context, live, attempt, { isFinal });
  const advance = (ms: number) => {
    monotonic += ms;
  };
  return { kills, kill, events, attempt, check, advance };
}

test('a kill read in the kernel log before the counter moved is one kill, named by the kernel', () => {
  const { kills, kill, events, attempt, check, advance } = setUp();
  kills.push(kill);
  check();
  setCounter(1);
  advance(2_000);
  check();
  check(true);
  assert.equal(attempt.countedOomKills, 1);
  assert.deepEqual(
    attempt.oomKills.map((k) => `${k.pid}/${k.source}`),
    ['4242/kernel-log'],
  );
  assert.equal(events.filter((e) => e.type === 'oom-kill').length, 1);
});

test('a kill counted before its kernel line is read is one kill, named by the kernel once the line comes', () => {
  const { kills, kill, attempt, check, advance } = setUp();
  setCounter(1);
  check();
  assert.equal(attempt.unnamedOomKills, 1);
  advance(500);
  kills.push(kill);
  check();
  check(true);
  assert.deepEqual(
    attempt.oomKills.map((k) => `${k.pid}/${k.source}`),
    ['4242/kernel-log'],
  );
});

test('a counted kill the kernel log never names is named from the tree once overdue', () => {
  const { attempt, check, advance } = setUp();
  setCounter(1);
  check();
  advance(2_000);
  check();
  assert.deepEqual(
    attempt.oomKills.map((k) => k.source),
    ['tree'],
  );
  assert.equal(attempt.unnamedOomKills, 0);
});
