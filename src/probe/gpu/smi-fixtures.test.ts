// Every recorded nvidia-smi output in ../shared/fixtures/nvidia-smi parses (or fails clearly), and a
// representative set matches the numbers written in the files exactly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { HeadroomError } from '../../errors.js';
import { parseSmiOutput } from './smi-parse.js';
import type { ParsedSmi } from './smi-values.js';
import { listFiles, noSharedMessage, sharedDir } from './test-helpers/shared.js';

const MiB = 1024 ** 2;
const shared = sharedDir();
const fixturesDir = shared ? path.join(shared, 'fixtures', 'nvidia-smi') : undefined;

// Files that are not something headroom can read, and the error they must give instead.
const unreadable: Record<string, RegExp> = {
  'SOURCES.md': /not nvidia-smi output/,
  'other/h100-mig_590.48.01_list-L.txt': /nvidia-smi -L.*no memory/,
  'other/nvml-exported-symbols_590.48.01.txt': /not nvidia-smi output/,
};

const parse = (file: string): ParsedSmi =>
  parseSmiOutput(readFileSync(path.join(fixturesDir ?? '', file), 'utf8'), { file });

test('every nvidia-smi fixture parses with sane numbers, or fails with a located error', async (t) => {
  if (!fixturesDir) return t.skip(noSharedMessage);
  for (const file of listFiles(fixturesDir)) {
    await t.test(file, () => {
      const expectedError = unreadable[file];
      if (expectedError) {
        assert.throws(
          () => parse(file),
          (error: unknown) =>
            error instanceof HeadroomError &&
            error.message.startsWith(file) &&
            expectedError.test(error.message),
        );
        return;
      }
      const text = readFileSync(path.join(fixturesDir, file), 'utf8');
      const parsed = parse(file);
      assertSane(parsed, text);
    });
  }
});

function assertSane(parsed: ParsedSmi, text: string): void {
  assert.ok(parsed.devices.length > 0 || parsed.format === 'compute-apps-csv', 'devices found');
  const indexes = parsed.devices.map((d) => d.index);
  assert.equal(new Set(indexes).size, indexes.length, 'device indexes are unique');
  for (const device of parsed.devices) {
    assert.ok(device.totalBytes > 0 && device.totalBytes % MiB === 0, 'total is whole MiB');
    if (device.usedBytes !== null) assert.ok(device.usedBytes <= device.totalBytes, 'used ≤ total');
    if (device.freeBytes !== null) assert.ok(device.freeBytes <= device.totalBytes, 'free ≤ total');
    const { reservedBytes: reserved, usedBytes: used, freeBytes: free } = device;
    // Since R510 total = reserved + used + free within ±2 MiB; before it total = used + free (SOURCES.md).
    if (typeof reserved === 'number' && used !== null && free !== null) {
      assert.ok(
        Math.abs(device.totalBytes - (reserved + used + free)) <= 2 * MiB,
        'total ≈ reserved + used + free',
      );
    }
    // The figures come from the text itself: each appears in it as a MiB number.
    for (const bytes of [device.totalBytes, device.usedBytes]) {
      if (bytes !== null && !device.isTotalDerived)
        assert.match(text, new RegExp(`\\b${bytes / MiB}( ?MiB)?\\b`));
    }
  }
  for (const process of parsed.processes) {
    assert.ok(Number.isInteger(process.pid) && process.pid > 0, 'pid > 0');
    if (parsed.devices.length > 0)
      assert.ok(indexes.includes(process.device), 'process is on a listed device');
    if (process.usedBytes !== null) assert.match(text, new RegExp(`\\b${process.usedBytes / MiB} ?MiB\\b`));
  }
}

// Numbers read off the files by hand: [index, total MiB, used MiB] and [pid, device, MiB or null].
const expectations: Record<
  string,
  {
    devices: Array<[number, number, number | null]>;
    processes?: Array<[number, number, number | null]>;
    processCount?: number;
    warning?: RegExp;
  }
> = {
  'xml/tesla-t4_515.105.01.xml': {
    devices: [[0, 15360, 1032]],
    processes: [
      [675, 0, 22],
      [5762, 0, 1005],
    ],
  },
  'xml/rtx-pro-6000-blackwell-maxq_590.44.01.xml': {
    devices: [[0, 97887, 65720]],
    processes: [[116860, 0, 65710]],
  },
  'xml/a100-sxm4-40gb-mig_510.47.03.xml': { devices: [[0, 40960, 38]], processes: [] },
  'xml/rtx-2080-x2_590.44.01.xml': {
    devices: [
      [0, 8192, 1],
      [1, 8192, 1],
    ],
    processes: [],
  },
  'xml/grid-p4-1q-vgpu_513.46.xml': { devices: [[0, 1024, 807]], processCount: 13 },
  'xml/gt-1030_470.74.xml': { devices: [[0, 1998, 875]], processCount: 10 },
  'xml/rtx-3080_595.58.03.xml': {
    devices: [[0, 10240, 9184]],
    processes: [],
    warning: /9184 MiB in use by processes not listed/,
  },
  'csv/compute-apps_h100-mig_590.48.01_load.csv': {
    devices: [],
    processes: [
      [21180, 0, 2296],
      [21181, 0, 1272],
      [21198, 0, 7484],
    ],
  },
  'csv/compute-apps_h100_590.48.01_idle-empty.csv': { devices: [], processes: [] },
  'csv/compute-apps_rtx-2080-super-win_610.62_load.csv': { devices: [], processCount: 21 },
  'csv/query-gpu-all-fields_h100-mig_590.48.01_load.csv': { devices: [[0, 81559, 11125]] },
  'csv/query-gpu-all-fields_l40s_595.80_idle.csv': { devices: [[0, 46068, 0]] },
  'csv/query-gpu-loop_rtx-a6000-x2.csv': {
    devices: [
      [0, 49140, 25073],
      [1, 49140, 15],
    ],
  },
  'csv/query-gpu-loop-repeated-header_rtx-2070.csv': { devices: [[0, 8192, 604]] },
  'csv/query-gpu-loop-truncated_h100-nvl.csv': {
    devices: [[0, 95830, 90098]],
    warning: /h100-nvl\.csv:106: the file ends in the middle/,
  },
  'csv/query-gpu-noheader_a100-sxm4-80gb.csv': { devices: [[0, 81920, null]] },
  'csv/query-gpu_tesla-p100-pcie-16gb.csv': { devices: [[0, 16383, 0]], warning: /no memory\.total column/ },
  'table/h100-mig_590.48.01_load.txt': {
    devices: [[0, 81559, 11125]],
    processes: [
      [21180, 0, 2296],
      [21181, 0, 1272],
      [21198, 0, 7484],
    ],
  },
  'table/h200-mig_590.48.01_load.txt': {
    devices: [[0, 143771, 16959]],
    processes: [
      [12249, 0, 2194],
      [12250, 0, 1170],
      [12267, 0, 13526],
    ],
  },
  'table/l40s_580.95.05_1proc.txt': { devices: [[0, 46068, 657]], processes: [[212480, 0, 644]] },
  'table/rtx-2080-super-win_610.62_load.txt': { devices: [[0, 8192, 1366]], processCount: 21 },
  'table/rtx-5060-win_576.88_bom.txt': { devices: [[0, 8151, 2590]], processCount: 27 },
  'table/tesla-p100-pcie-12gb_470.82.01_idle.txt': { devices: [[0, 12198, 0]], processes: [] },
  'table/gtx-1080-ti-x7_580.126.09_hidden-procs.txt': {
    devices: [0, 1, 2, 3, 4, 5, 6].map((i) => [i, 11264, i === 3 ? 235 : 3]),
    processes: [],
    warning: /GPU 3: 235 MiB/,
  },
  'table/rtx-3090_535.161.07_empty-process-list.txt': { devices: [[0, 24576, 404]], processes: [] },
  'other/h100-mig_590.48.01_load_q.txt': {
    devices: [[0, 81559, 11125]],
    processes: [
      [21180, 0, 2296],
      [21181, 0, 1272],
      [21198, 0, 7484],
    ],
  },
  'other/rtx-4090-wsl2_537.13.txt': {
    devices: [[0, 24564, 2136]],
    processes: [
      [20, 0, null],
      [20, 0, null],
      [23, 0, null],
    ],
  },
};

test('fixture numbers match the files exactly', async (t) => {
  if (!fixturesDir) return t.skip(noSharedMessage);
  for (const [file, expected] of Object.entries(expectations)) {
    await t.test(file, () => {
      const parsed = parse(file);
      const devices = parsed.devices.map((d) => [
        d.index,
        d.totalBytes / MiB,
        d.usedBytes === null ? null : d.usedBytes / MiB,
      ]);
      assert.deepEqual(devices, expected.devices);
      const processes = parsed.processes.map((p) => [
        p.pid,
        p.device,
        p.usedBytes === null ? null : p.usedBytes / MiB,
      ]);
      if (expected.processes) assert.deepEqual(processes, expected.processes);
      if (expected.processCount !== undefined) {
        assert.equal(processes.length, expected.processCount);
        if (/win|grid|wsl/.test(file))
          assert.ok(
            processes.every((p) => p[2] === null),
            'WDDM: memory not available',
          );
      }
      if (expected.warning) assert.match(parsed.warnings.join('\n'), expected.warning);
    });
  }
});
