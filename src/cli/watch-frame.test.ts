// Watch frames from fixed numbers: bars, sparklines, budgets, the "simulated" label, and clipping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { visibleWidth } from './output.js';
import type { GpusResult } from './render-gpus.js';
import {
  type FrameColors,
  renderBar,
  renderSparkline,
  renderWatchFrame,
  type WatchModel,
} from './watch-frame.js';
import { historyLength, nextWatchModel } from './watch-model.js';

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
  intervalMs: 1000,
  clock: '12:00:00',
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
      device: 0,
      usedBytes: 10 * GiB,
      hostBytes: 2 * GiB,
      command: 'python learner.py',
      budgetBytes: 8 * GiB,
      usedBytesHistory: [1, 2],
    },
    { pid: 42, device: 0, usedBytes: 2 * GiB, hostBytes: null, command: null, usedBytesHistory: [] },
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

test('a frame shows devices, processes against budgets, notes, and says simulated', () => {
  const lines = renderWatchFrame(model, { width: 200, height: 50, colors: marked });
  assert.match(lines[0] ?? '', /headroom watch · sim \(simulated\) · every 1000 ms · 12:00:00 · q quits/);
  assert.match(
    lines[2] ?? '',
    /^GPU 0 {2}simulated GPU {2}\[██████████░░░░░░░░░░\]\s+12\.00 GiB \/ 24\.00 GiB\s+50\.0% {2}▁▂▄$/,
  );
  const learner = lines.find((line) => line.includes('learner.py')) ?? '';
  assert.match(learner, /<red>\s+10\.00 GiB<\/red>\s+<red>\[██████████\]<\/red>\s+8\.00 GiB\s+2\.00 GiB/);
  assert.match(lines.find((line) => line.includes('    42')) ?? '', /no budget\s+n\/a\s+\?$/);
  assert.equal(lines.at(-1), 'note: PID 7: in another PID namespace');
});

test('lines are clipped to the width and the frame to the height', () => {
  const narrow = renderWatchFrame(model, { width: 40, height: 50, colors: plain });
  assert.ok(narrow.every((line) => visibleWidth(line) <= 40));
  assert.ok(narrow.some((line) => line.endsWith('…')));
  const short = renderWatchFrame(model, { width: 200, height: 4, colors: plain });
  assert.equal(short.length, 4);
  assert.match(short[3] ?? '', /… \d+ more lines/);
});

test('the model keeps a bounded history per device and per process', () => {
  const result: GpusResult = {
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
    processes: [{ pid: 5, device: 0, usedBytes: GiB, command: 'x', hostBytes: 3 }],
    warnings: [],
  };
  let current: WatchModel | undefined;
  for (let i = 0; i < historyLength + 5; i++) {
    current = nextWatchModel({
      previous: current,
      result,
      intervalMs: 500,
      clock: 't',
      budgets: new Map([[5, 2 * GiB]]),
    });
  }
  assert.equal(current?.devices[0]?.usedFractionHistory.length, historyLength);
  assert.equal(current?.devices[0]?.usedFractionHistory.at(-1), 0.25);
  assert.equal(current?.processes[0]?.usedBytesHistory.length, historyLength);
  assert.equal(current?.processes[0]?.budgetBytes, 2 * GiB);
});
