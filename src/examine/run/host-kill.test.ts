import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { OomKillRecord, SampledMember } from '../../run-record/schema.js';
import { explainHostKill, growthOf } from './host-kill.js';
import type { MemoryPoint, RunProcess } from './types.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

const kill = (atMs: number): OomKillRecord => ({
  pid: 4242,
  command: '/usr/bin/python3 train.py',
  rssBytes: 300 * MiB,
  atMs,
  role: 'worker',
  roleText: 'DataLoader worker',
  source: 'kernel-log',
});

/** A tree sampled every second: a main process and `workers` workers, each as `worker(t)` says. */
function series(options: {
  seconds: number;
  main: (t: number) => number;
  workers: number;
  worker: (t: number) => number;
}): MemoryPoint[] {
  return Array.from({ length: options.seconds }, (_, t) => {
    const members: SampledMember[] = [
      { pid: 100, role: 'main', rssBytes: options.main(t), pssBytes: options.main(t) },
      ...Array.from({ length: options.workers }, (_, k) => ({
        pid: 101 + k,
        role: 'worker' as const,
        rssBytes: options.worker(t),
        pssBytes: options.worker(t),
      })),
    ];
    return {
      timeMs: t * 1000,
      hostBytes: members.reduce((s, m) => s + m.pssBytes, 0),
      gpuBytes: null,
      members,
    };
  });
}

const process = (points: MemoryPoint[], kills: OomKillRecord[]): RunProcess => ({
  name: 'train',
  end: { reason: 'oom-killed', confidence: 'certain', because: 'killed', hostLimitBytes: 1.5 * GiB },
  endedAt: undefined,
  log: 'logs/train.log',
  attempts: 1,
  oomKills: kills,
  memoryKill: null,
  lastSample: undefined,
  lastSeenSample: undefined,
  gpuClients: null,
  series: points,
});

describe('growthOf', () => {
  test('a climb that goes on after start-up is steady; a ramp that levels off is not', () => {
    const climbing = series({
      seconds: 60,
      main: () => 300 * MiB,
      workers: 4,
      worker: (t) => (50 + 4 * t) * MiB,
    });
    assert.equal(growthOf(climbing)?.isSteady, true);
    const levelled = series({
      seconds: 60,
      main: () => 300 * MiB,
      workers: 4,
      worker: (t) => Math.min(50 + 20 * t, 250) * MiB,
    });
    assert.equal(growthOf(levelled)?.isSteady, false);
  });

  test('a run shorter than 20 s is all start-up: no growth is read from it', () => {
    const short = series({
      seconds: 15,
      main: () => 300 * MiB,
      workers: 4,
      worker: (t) => (50 + 10 * t) * MiB,
    });
    assert.equal(growthOf(short), undefined);
  });
});

describe('explainHostKill', () => {
  test('workers holding most of the tree and growing: fewer workers, numpy storage, no bigger limit', () => {
    const points = series({
      seconds: 60,
      main: () => 300 * MiB,
      workers: 4,
      worker: (t) => (50 + 4 * t) * MiB,
    });
    const { causeText, fixes } = explainHostKill({
      process: process(points, [kill(59_500)]),
      origin: { kind: 'config', file: '/work/headroom.yaml' },
      limitBytes: 1.5 * GiB,
    });
    assert.match(causeText, /DataLoader worker pid 4242/);
    assert.match(causeText, /the main process 300 MiB PSS and 4 worker\(s\) 1\.12 GiB PSS \(79%/);
    assert.match(causeText, /kept growing at 960\.0 MiB\/min/);
    const text = fixes.map((f) => f.fix).join('\n');
    assert.match(text, /fewer workers: 4 → 2 .*frees about 572 MiB/);
    assert.match(text, /numpy arrays, Arrow or a memory-mapped file/);
    assert.match(text, /a higher limit only postpones the kill/);
    assert.doesNotMatch(text, /host_memory: \d/);
    for (const fix of fixes) assert.ok(fix.because.length > 0, fix.fix);
  });

  test('a bounded need above the limit: room to measure it, named the way the run was started', () => {
    const points = series({ seconds: 30, main: () => 900 * MiB, workers: 0, worker: () => 0 });
    const adHoc = explainHostKill({
      process: process(points, [kill(29_000)]),
      origin: { kind: 'ad-hoc', argv: ['python', 'train.py'] },
      limitBytes: GiB,
    });
    const fix = adHoc.fixes.map((f) => f.fix).join('\n');
    assert.match(fix, /headroom run --host-memory 2GiB -- …/);
    assert.doesNotMatch(fix, /headroom\.yaml|host_memory:/);
    const fromConfig = explainHostKill({
      process: process(points, [kill(29_000)]),
      origin: { kind: 'config', file: '/w/headroom.yaml' },
      limitBytes: GiB,
    });
    assert.match(fromConfig.fixes[0]!.fix, /host_memory: 2GiB for train in \/w\/headroom\.yaml/);
  });

  test('a fit trial: the value is too big, and no limit below what it needed is proposed', () => {
    const points = series({ seconds: 3, main: (t) => (100 + 50 * t) * MiB, workers: 0, worker: () => 0 });
    const { fixes } = explainHostKill({
      process: process(points, [kill(2_500)]),
      origin: { kind: 'fit-trial', variable: 'batch', value: 24 },
      limitBytes: 256 * MiB,
    });
    assert.match(fixes[0]!.fix, /batch=24 is too big for this limit/);
    for (const f of fixes) {
      for (const m of f.fix.matchAll(/--host-memory (\d+)(MiB|GiB)/g)) {
        const bytes = Number(m[1]) * (m[2] === 'GiB' ? GiB : MiB);
        assert.ok(bytes >= 256 * MiB, f.fix);
      }
    }
  });

  test('killed before the first sample: says nothing was measured, and asks for far more room', () => {
    const { causeText, fixes } = explainHostKill({
      process: process([], [kill(100)]),
      origin: null,
      limitBytes: 64 * MiB,
    });
    assert.match(causeText, /before the first sample/);
    assert.match(fixes[0]!.fix, /256MiB/);
  });
});
