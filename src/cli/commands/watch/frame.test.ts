// Watch frames from fixed numbers: bars, sparklines, budgets, the "simulated" label, and clipping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { programName, type WatchSample } from '../../../probe/readings/watch-sample.js';
import { visibleWidth } from '../../output.js';
import { type FrameColors, renderBar, renderSparkline, renderWatchFrame, type WatchModel } from './frame.js';
import { historyLength, nextSortKey, nextWatchModel, type SortKey, sortProcesses } from './model.js';

const GiB = 1024 ** 3;
const plain: FrameColors = {
  bold: (s) => s,
  dim: (s) => s,
  red: (s) => s,
  yellow: (s) => s,
  green: (s) => s,
};
const marked: FrameColors = { ...plain, red: (s) => `<red>${s}</red>` };

const model: WatchModel = {
  source: 'sim',
  simulated: true,
  isHostOnly: false,
  intervalMs: 1000,
  clock: '12:00:00',
  sortKey: 'gpu',
  host: { totalBytes: 64 * GiB, usedBytes: 16 * GiB, usedFractionHistory: [0.25] },
  devices: [
    {
      index: 0,
      name: 'simulated GPU',
      totalBytes: 24 * GiB,
      usedBytes: 12 * GiB,
      usedFractionHistory: [0, 0.25, 0.5],
    },
  ],
  processes: [
    {
      pid: 41,
      name: 'learner',
      device: 0,
      usedBytes: 10 * GiB,
      hostBytes: 2 * GiB,
      command: 'python learner.py',
      budgetBytes: 8 * GiB,
      usedBytesHistory: [1, 2],
      hostBytesHistory: [2, 1],
    },
    {
      pid: 42,
      name: '?',
      device: 0,
      usedBytes: 2 * GiB,
      hostBytes: null,
      command: null,
      usedBytesHistory: [],
      hostBytesHistory: [],
    },
  ],
  warnings: ['PID 7: in another PID namespace'],
};

test('bars and sparklines', () => {
  assert.equal(renderBar(0.5, 10), '[█████░░░░░]');
  assert.equal(renderBar(1.7, 4), '[████]');
  assert.equal(renderBar(-1, 4), '[░░░░]');
  assert.equal(renderSparkline([0, 0.5, 1], 10, 1), '▁▄█');
  assert.equal(renderSparkline([1, 2, 3, 4], 2), '▆█');
  assert.equal(renderSparkline([0, 0], 5), '▁▁');
});

test('a frame shows the host, devices, named processes against budgets, notes, and says simulated', () => {
  const lines = renderWatchFrame(model, { width: 200, height: 50, colors: marked });
  assert.match(
    lines[0] ?? '',
    /headroom watch · sim \(simulated\) · every 1000 ms · 12:00:00 · sort: gpu \(s\) · q quits/,
  );
  assert.match(
    lines[2] ?? '',
    /^host {3}RAM\s+\[█████░░░░░░░░░░░░░░░\]\s+16\.00 GiB \/ 64\.00 GiB\s+25\.0% {2}▂$/,
  );
  assert.match(
    lines[3] ?? '',
    /^GPU 0 {2}simulated GPU {2}\[██████████░░░░░░░░░░\]\s+12\.00 GiB \/ 24\.00 GiB\s+50\.0% {2}▁▂▄$/,
  );
  assert.match(
    lines[5] ?? '',
    /GPU\s+PID\s+NAME\s+GPU MEM\s+BUDGET\s+GPU HIST\s+HOST MEM\s+HOST HIST\s+COMMAND/,
  );
  const learner = lines.find((line) => line.includes('learner.py')) ?? '';
  assert.match(
    learner,
    /^\s+0\s+41 {2}learner\s+<red>\s+10\.00 GiB<\/red>\s+<red>\[██████████\]<\/red>\s+8\.00 GiB {2}▄█\s+2\.00 GiB {2}█▄/,
  );
  assert.match(lines.find((line) => line.includes('    42')) ?? '', /no budget\s+n\/a\s+\?$/);
  assert.equal(lines.at(-1), 'note: PID 7: in another PID namespace');
});

test('host only: the RAM line and each tree with its name, host memory and history', () => {
  const hostOnly: WatchModel = {
    ...model,
    source: 'none',
    simulated: false,
    isHostOnly: true,
    sortKey: 'host',
    devices: [],
    processes: [{ ...model.processes[0]!, device: null, usedBytes: null, usedBytesHistory: [] }],
    warnings: [],
  };
  const lines = renderWatchFrame(hostOnly, { width: 200, height: 50, colors: plain });
  assert.match(lines[0] ?? '', /host only \(no GPU backend\) · every 1000 ms · 12:00:00 · sort: host/);
  assert.match(lines[2] ?? '', /^host {3}RAM/);
  assert.match(lines[4] ?? '', /^\s+PID {2}NAME\s+HOST MEM {2}HOST HIST\s+COMMAND$/);
  assert.match(lines[5] ?? '', /^\s+41 {2}learner\s+2\.00 GiB {2}█▄\s+python learner\.py$/);
});

test('sorting: by memory descending, names and PIDs ascending; s cycles the keys', () => {
  const rows = [
    { ...model.processes[0]!, pid: 3, name: 'b', usedBytes: 1, hostBytes: 9 },
    { ...model.processes[0]!, pid: 1, name: 'c', usedBytes: 5, hostBytes: null },
    { ...model.processes[0]!, pid: 2, name: 'a', usedBytes: null, hostBytes: 3 },
  ];
  const order = (key: SortKey): number[] => sortProcesses(rows, key).map((p) => p.pid);
  assert.deepEqual(order('gpu'), [1, 3, 2]);
  assert.deepEqual(order('host'), [3, 2, 1]);
  assert.deepEqual(order('name'), [2, 3, 1]);
  assert.deepEqual(order('pid'), [1, 2, 3]);
  assert.deepEqual(
    [nextSortKey('gpu'), nextSortKey('host'), nextSortKey('name'), nextSortKey('pid')],
    ['host', 'name', 'pid', 'gpu'],
  );
});

test('a process is named after its script when run by an interpreter', () => {
  assert.equal(programName('python3 train.py --lr 3e-4'), 'train.py');
  assert.equal(programName('/usr/bin/node /app/fake-sim.mjs'), 'fake-sim.mjs');
  assert.equal(programName('python -m torch.distributed.run'), 'python');
  assert.equal(programName('/opt/isaac/isaac-sim.sh --headless'), 'isaac-sim.sh');
  assert.equal(programName(null), '?');
});

test('lines are clipped to the width and the frame to the height', () => {
  const narrow = renderWatchFrame(model, { width: 40, height: 50, colors: plain });
  assert.ok(narrow.every((line) => visibleWidth(line) <= 40));
  assert.ok(narrow.some((line) => line.endsWith('…')));
  const short = renderWatchFrame(model, { width: 200, height: 4, colors: plain });
  assert.equal(short.length, 4);
  assert.match(short[3] ?? '', /… \d+ more lines/);
});

test('the model keeps a bounded history per device, per process and for the host', () => {
  const sample: WatchSample = {
    source: 'nvml',
    simulated: false,
    devices: [
      {
        index: 0,
        name: 'L40S',
        uuid: null,
        totalBytes: 4 * GiB,
        usedBytes: GiB,
        freeBytes: 3 * GiB,
        simulated: false,
      },
    ],
    processes: [
      { pid: 5, name: 'x', device: 0, usedBytes: GiB, command: 'x', hostBytes: 3, budgetBytes: 2 * GiB },
    ],
    host: { totalBytes: 8 * GiB, usedBytes: 2 * GiB },
    warnings: [],
  };
  let current: WatchModel | undefined;
  for (let i = 0; i < historyLength + 5; i++) {
    current = nextWatchModel({ previous: current, sample, intervalMs: 500, clock: 't', sortKey: 'gpu' });
  }
  assert.equal(current?.devices[0]?.usedFractionHistory.length, historyLength);
  assert.equal(current?.devices[0]?.usedFractionHistory.at(-1), 0.25);
  assert.equal(current?.processes[0]?.usedBytesHistory.length, historyLength);
  assert.equal(current?.processes[0]?.hostBytesHistory.at(-1), 3);
  assert.equal(current?.processes[0]?.budgetBytes, 2 * GiB);
  assert.equal(current?.host?.usedFractionHistory.length, historyLength);
  assert.equal(current?.host?.usedFractionHistory.at(-1), 0.25);
});
