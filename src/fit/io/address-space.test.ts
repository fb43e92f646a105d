// fit under an address-space limit (RLIMIT_AS, set around the trial by prlimit(1) as `ulimit -v` would):
// the trial's /proc/PID/limits is read, the limit becomes the host budget where it is tighter than the
// host limit, each trial's need is its address-space peak (VmPeak), and a refused allocation
// (Python's MemoryError, ENOMEM) is attributed to that limit. Real processes, real limits.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { noGpuProbe } from '../../probe/gpu/types.js';
import { frameworksPython, skipUnlessFrameworks } from '../../test-helpers/frameworks.js';
import { summarizeFit } from '../result.js';
import { runSearch } from '../search.js';
import { strategies } from '../strategies.js';
import { hostNeedBytes } from '../types.js';
import { readAddressSpaceLimit, readCpuMs, readHeapBytes, readPeakAddressSpace } from './address-space.js';
import { createTrialRunner } from './run-trial.js';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const scratch = mkdtempSync(join(tmpdir(), 'headroom-fit-as-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const noPrlimit =
  spawnSync('prlimit', ['--version']).status === 0 && spawnSync('python3', ['--version']).status === 0
    ? undefined
    : 'needs prlimit (util-linux) and python3';

describe('reading /proc/PID/limits and VmPeak', () => {
  test('the soft RLIMIT_AS in bytes, unlimited as null; VmPeak in bytes', () => {
    const procRoot = join(scratch, 'proc');
    mkdirSync(join(procRoot, '42'), { recursive: true });
    writeFileSync(
      join(procRoot, '42', 'limits'),
      [
        'Limit                     Soft Limit           Hard Limit           Units     ',
        'Max stack size            8388608              unlimited            bytes     ',
        'Max address space         1468006400           2000000000           bytes     ',
      ].join('\n'),
    );
    writeFileSync(join(procRoot, '42', 'status'), 'Name:\tpython\nVmPeak:\t 1234 kB\nVmSize:\t 1000 kB\n');
    assert.equal(readAddressSpaceLimit(42, procRoot), 1468006400);
    assert.equal(readPeakAddressSpace(42, procRoot), 1234 * 1024);
    assert.equal(readAddressSpaceLimit(43, procRoot), null);
    // This process runs without one (as the test machine does), and has an address space.
    assert.equal(readAddressSpaceLimit(process.pid), null);
    assert.ok((readPeakAddressSpace(process.pid) ?? 0) > 0);
  });

  test('the heap is the size of the [heap] mapping in /proc/PID/maps; none (an exiting process) is null', () => {
    const procRoot = join(scratch, 'proc-maps');
    mkdirSync(join(procRoot, '42'), { recursive: true });
    mkdirSync(join(procRoot, '43'), { recursive: true });
    writeFileSync(
      join(procRoot, '42', 'maps'),
      [
        '55d0c4a00000-55d0c4a21000 r--p 00000000 08:01 1234    /usr/bin/python3.12',
        '55d0c5a4e000-55d0d0e8f000 rw-p 00000000 00:00 0                          [heap]',
        '7f0000000000-7f0008000000 rw-p 00000000 00:00 0 ',
        '',
      ].join('\n'),
    );
    writeFileSync(join(procRoot, '43', 'maps'), '');
    assert.equal(readHeapBytes(42, procRoot), 0x55d0d0e8f000 - 0x55d0c5a4e000);
    assert.equal(readHeapBytes(43, procRoot), null);
    assert.equal(readHeapBytes(44, procRoot), null);
    // Read in chunks up to the heap's line: one far down, across a chunk's end, and one last without a newline.
    mkdirSync(join(procRoot, '45'), { recursive: true });
    const before = Array.from(
      { length: 333 },
      (_, i) =>
        `7f00${String(i).padStart(8, '0')}-7f01${String(i).padStart(8, '0')} r--p 00000000 08:01 1 /usr/lib/lib${i}.so`,
    );
    writeFileSync(
      join(procRoot, '45', 'maps'),
      [...before, '7f1000000000-7f1000400000 rw-p 00000000 00:00 0 [heap]'].join('\n'),
    );
    assert.equal(readHeapBytes(45, procRoot), 0x400000);
  });

  test('the heap read up to its line is the [heap] of the whole maps, in a real PyTorch process', {
    skip: skipUnlessFrameworks('torch'),
  }, async () => {
    const child = spawn(
      frameworksPython() as string,
      [
        '-c',
        'import torch, sys; x = [torch.ones(1024) for _ in range(4096)]; print("ready", flush=True); sys.stdin.read()',
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => child.stdout?.once('data', resolve));
    const pid = child.pid as number;
    const line =
      readFileSync(`/proc/${pid}/maps`, 'utf8')
        .split('\n')
        .find((l) => l.endsWith('[heap]')) ?? '';
    const [start, end] = line.split(' ')[0]?.split('-') ?? [];
    const whole = Number.parseInt(end ?? '', 16) - Number.parseInt(start ?? '', 16);
    assert.equal(readHeapBytes(pid), whole);
    assert.ok(whole > 4 * MiB, `${whole}`);
    child.stdin?.end();
    await new Promise((resolve) => child.on('close', resolve));
  });
});

describe('a fit under RLIMIT_AS', { skip: noPrlimit }, () => {
  test('the limit is the host budget, the need the address space, and a MemoryError is the limit’s', async () => {
    writeFileSync(
      join(scratch, 'train.py'),
      'import sys, time\nbatch = bytearray(b"\\x01") * (int(sys.argv[1]) * 2**20)\ntime.sleep(0.3)\nprint("done", flush=True)\n',
    );
    // 300 MiB of address space, under a 4 GiB host limit: the address space binds first.
    const limits = [{ resource: 'host' as const, limitBytes: 4 * GiB, source: 'flag' as const }];
    const runTrial = createTrialRunner({
      launch: {
        name: 'train',
        command: ['prlimit', `--as=${300 * MiB}`, '--', 'python3', join(scratch, 'train.py'), '{batch}'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
        hostMemoryBytes: null,
        gpuBudgetBytes: null,
        restart: 'no',
        maxRestarts: 0,
        dependsOn: [],
        enforce: 'warn',
      },
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir: join(scratch, 'fit'),
      runIdPrefix: `fitas${process.pid}`,
      limits,
      marginFraction: 0,
      sampleIntervalMs: 50,
      stopGraceMs: 1000,
    });
    const search = await runSearch({
      strategy: strategies.guided,
      bounds: { minValue: 1, maxValue: 4096, limits },
      runTrial,
    });
    await runTrial.close();
    assert.equal(search.end, 'settled');
    // The limit the trials were judged against is the one the search aimed at: RLIMIT_AS less the room
    // kept at margin 0 (1%, assumed: no value ran twice), one owner (address-space.ts withAddressSpaceLimit).
    const room = Math.round(300 * MiB * 0.01);
    assert.deepEqual(search.limits, [
      {
        resource: 'host',
        limitBytes: 300 * MiB - room,
        source: 'rlimit-as',
        roomBytes: room,
        roomSource: 'assumed',
      },
    ]);
    const trace = search.trials.map((t) => `${t.value} ${t.reason}`).join(', ');
    // Aimed where the judge draws the line, no trial is spent on a batch refused by the room alone but
    // the boundary's one (aimed at RLIMIT_AS itself, the bench's CNN spent two: 114, 113 before 111).
    assert.ok(search.trials.filter((t) => t.reason === 'over-limit').length <= 1, trace);
    const [first] = search.trials;
    assert.deepEqual(
      [first?.addressSpace?.limitBytes, first?.addressSpace?.isHostLimit],
      [300 * MiB, true],
      JSON.stringify(first),
    );
    // The need is the address space, above the resident memory it holds.
    assert.ok((first?.addressSpace?.peakBytes ?? 0) > (first?.peakHostBytes ?? 0), JSON.stringify(first));
    const result = summarizeFit({
      variable: 'batch',
      strategy: 'guided',
      trials: search.trials,
      end: search.end,
      limits: search.limits,
      marginFraction: 0,
    });
    // Settled: the largest pass and the first failure within 1% (history.ts).
    assert.equal(
      result.isBoundarySettled,
      true,
      JSON.stringify(search.trials.map((t) => [t.value, t.outcome])),
    );
    // Python's own footprint is well under 300 MiB: the first failure lies above 200 MiB of batch.
    assert.ok((result.firstFailing ?? 0) > 200 && (result.firstFailing ?? 0) < 300, `${result.firstFailing}`);
    const failed = search.trials.find((t) => t.value === result.firstFailing);
    assert.equal(failed?.outcome, 'memory');
    // A value that ran within 1% of the limit is too big too (address-space.ts addressSpaceRoomFraction).
    // Stopped as soon as its need passed the judged limit (its answer known), or run to its end.
    const pattern =
      failed?.reason === 'over-limit'
        ? failed.crossedLimit
          ? /^headroom stopped it once its need reached .+, over the 297 MiB it is judged against \(its answer was known\); its address-space need .+ is within 3 MiB \(1%, assumed: no spread measured above it\) of RLIMIT_AS 300 MiB: runs of one value spread that much, so another run of it can be refused$/
          : /^it ran, but its address-space need .+ is within 3 MiB \(1%, assumed: no spread measured above it\) of RLIMIT_AS 300 MiB: runs of one value spread that much, so another run of it can be refused$/
        : /^an allocation past its address-space limit failed \(RLIMIT_AS 300 MiB, from \/proc\/PID\/limits; its address space peaked at .+\): /;
    assert.match(failed?.because ?? '', pattern);
    // A refused allocation, where one was tried, is the limit's.
    for (const refused of search.trials.filter((t) => t.outcome === 'memory' && t.reason !== 'over-limit')) {
      assert.match(
        refused.because,
        /^an allocation past its address-space limit failed \(RLIMIT_AS 300 MiB, from \/proc\/PID\/limits; its address space peaked at .+\): /,
      );
    }
    // Guided aimed with the address-space line: a handful of trials, not a doubling from 1.
    assert.ok(search.trials.length <= 8, search.trials.map((t) => t.value).join(' '));
  });
});

// glibc gives back the heap's free top (malloc's automatic trim, M_TRIM_THRESHOLD) when tensors under its
// mmap threshold are freed; a run that gives it back only after its largest allocation peaks that much
// higher. So under RLIMIT_AS a trial's need counts the heap it had given back before its peak.
describe('a real PyTorch trial under RLIMIT_AS', { skip: noPrlimit ?? skipUnlessFrameworks('torch') }, () => {
  test('the heap given back before the peak is read and counted in the need', async () => {
    writeFileSync(
      join(scratch, 'heap.py'),
      [
        'import json, sys, time, torch',
        'def heap():',
        '    for line in open("/proc/self/maps"):',
        '        if line.endswith("[heap]\\n"):',
        '            start, end = line.split()[0].split("-")',
        '            return int(end, 16) - int(start, 16)',
        '# 64 tensors of 1 MiB, under the fixed 4 MiB mmap threshold: they grow the heap (brk).',
        'small = [torch.ones(256 * 1024) for _ in range(64)]',
        'most = heap()',
        'time.sleep(1.5)',
        '# Freed: the heap gives its top back, unless something allocated since sits on it.',
        'del small',
        'time.sleep(1.5)',
        '# The peak, an mmapped tensor of {batch} MiB.',
        'big = torch.ones(int(sys.argv[1]) * 2**18)',
        'print(json.dumps({"most": most, "atPeak": heap()}), flush=True)',
        'time.sleep(1.5)',
      ].join('\n'),
    );
    const limits = [{ resource: 'host' as const, limitBytes: 16 * GiB, source: 'flag' as const }];
    const runTrial = createTrialRunner({
      launch: {
        name: 'heap',
        command: [
          'prlimit',
          `--as=${4 * GiB}`,
          '--',
          frameworksPython() as string,
          join(scratch, 'heap.py'),
          '{batch}',
        ],
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          OMP_NUM_THREADS: '1',
          MALLOC_MMAP_THRESHOLD_: String(4 * MiB),
        },
        hostMemoryBytes: null,
        gpuBudgetBytes: null,
        restart: 'no',
        maxRestarts: 0,
        dependsOn: [],
        enforce: 'warn',
      },
      variable: 'batch',
      gpuProbe: noGpuProbe,
      runsDir: join(scratch, 'fit-heap'),
      runIdPrefix: `fitheap${process.pid}`,
      limits,
      marginFraction: 0,
      isFullTrials: true,
      sampleIntervalMs: 100,
      stopGraceMs: 1000,
    });
    const trial = await runTrial(256, 1);
    await runTrial.close();
    const space = trial.addressSpace;
    assert.equal(trial.outcome, 'pass', JSON.stringify(trial));
    // What the script saw of its own heap: the most it held, and what it held at its peak. Which run
    // gives the top back (about 60 MiB) and which does not (0: the peak holds it) is the run's draw.
    const seen = JSON.parse(readFileSync(join(trial.runDir ?? '', 'logs', 'heap.log'), 'utf8')) as {
      most: number;
      atPeak: number;
    };
    const given = space?.heapGivenBackBytes ?? -1;
    assert.ok(
      Math.abs(given - (seen.most - seen.atPeak)) <= 2 * MiB,
      `fit: ${given / MiB} MiB given back; the script: ${(seen.most - seen.atPeak) / MiB} MiB`,
    );
    assert.equal(hostNeedBytes(trial), (space?.peakBytes ?? 0) + given);
  });
});

test('a process’s CPU time, from /proc/PID/stat (a command name with spaces and parentheses too)', () => {
  const root = mkdtempSync(join(tmpdir(), 'headroom-proc-cpu-'));
  mkdirSync(join(root, '42'));
  // proc(5): pid (comm) state ppid ... utime stime cutime cstime (fields 14-17), in clock ticks.
  writeFileSync(
    join(root, '42', 'stat'),
    '42 (py thon) x) S 1 42 42 0 -1 4194304 100 0 0 0 250 50 7 3 20 0 1 0 100 1000 10\n',
  );
  assert.equal(readCpuMs(42, root), 3100);
  assert.equal(readCpuMs(43, root), null);
  rmSync(root, { recursive: true, force: true });
  const own = readCpuMs(process.pid);
  assert.ok(own !== null && own >= 0, `this process's own CPU time: ${own}`);
});
