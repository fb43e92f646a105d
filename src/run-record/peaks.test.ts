// Which exact GPU peak a tree had: its clients' own peaks summed only over those alive together.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exactGpuPeak, gpuPeakOf } from './peaks.js';
import type { ExactPeak } from './schema.js';

const GiB = 1024 ** 3;
const line = (pid: number, gib: number, started: string | undefined, time: string): ExactPeak => ({
  time: `2026-11-26T10:00:${time}Z`,
  ...(started === undefined ? {} : { started: `2026-11-26T10:00:${started}Z` }),
  process: 'workers',
  pid,
  source: 'framework',
  framework: 'jax',
  devices: [{ device: 0, peakBytes: gib * GiB }],
});

describe('exactGpuPeak', () => {
  test('three clients alive together: their peaks are summed', () => {
    const peak = exactGpuPeak([
      line(1, 3, '00.000', '10.000'),
      line(2, 2, '00.500', '10.000'),
      line(3, 1, '01.000', '09.000'),
    ]);
    assert.deepEqual(peak, { bytes: 6 * GiB, source: 'framework', clients: 3 });
  });

  test('clients one after another (joblib running its tasks in turn): the largest one alone', () => {
    const peak = exactGpuPeak([
      line(1, 3, '00.000', '02.000'),
      line(2, 2, '02.100', '04.000'),
      line(3, 4, '04.100', '06.000'),
    ]);
    assert.deepEqual(peak, { bytes: 4 * GiB, source: 'framework', clients: 1 });
  });

  test('overlap in part: the largest set alive at one moment', () => {
    // 1 lives 0–5, 2 lives 1–3, 3 lives 4–8: {1,2} = 5 GiB, {1,3} = 4 GiB.
    const peak = exactGpuPeak([
      line(1, 3, '00.000', '05.000'),
      line(2, 2, '01.000', '03.000'),
      line(3, 1, '04.000', '08.000'),
    ]);
    assert.deepEqual(peak, { bytes: 5 * GiB, source: 'framework', clients: 2 });
  });

  test('a client starting in the millisecond another ended is counted with it (stamps are cut down)', () => {
    const peak = exactGpuPeak([line(1, 3, '00.000', '02.000'), line(2, 2, '02.001', '04.000')]);
    assert.equal(peak?.bytes, 5 * GiB);
  });

  test('lines without a start (older records) are summed as before', () => {
    const peak = exactGpuPeak([line(1, 3, undefined, '02.000'), line(2, 2, undefined, '09.000')]);
    assert.deepEqual(peak, { bytes: 5 * GiB, source: 'framework', clients: 2 });
  });

  test("one client's lines (torch and jax in one process) add up as one client", () => {
    const peak = exactGpuPeak([
      line(7, 1, '00.000', '05.000'),
      { ...line(7, 2, '00.000', '05.000'), framework: 'torch' },
    ]);
    assert.deepEqual(peak, { bytes: 3 * GiB, source: 'framework', clients: 1 });
  });
});

test("gpuPeakOf names how many clients' peaks are in a summary's exact figure", () => {
  const exactPeaks = [line(1, 3, '00.000', '02.000'), line(2, 2, '02.100', '04.000')];
  assert.equal(gpuPeakOf({ peakGpuBytes: 3 * GiB, peakGpuSource: 'framework', exactPeaks })?.clients, 1);
  assert.equal(gpuPeakOf({ peakGpuBytes: 3 * GiB, peakGpuSource: 'sampled', exactPeaks })?.clients, 0);
});
