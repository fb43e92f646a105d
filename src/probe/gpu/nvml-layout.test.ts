// NVML struct decoding on hand-made buffers: the three process layouts, the sentinel, memory v1 and v2.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  decodeMemoryV1,
  decodeMemoryV2,
  decodeProcessEntries,
  measureStride,
  memoryV2Version,
  newMemoryV2Buffer,
  type ProcessStride,
  strideForDriver,
  strideMarker,
} from './nvml-layout.js';

const MiB = 1024 ** 2;
const totalBytes = 16_000 * MiB;

function entries(stride: ProcessStride, rows: Array<[number, bigint]>, capacity = rows.length): Buffer {
  const buffer = Buffer.alloc(capacity * stride, strideMarker);
  rows.forEach(([pid, used], i) => {
    buffer.fill(0, i * stride, (i + 1) * stride);
    buffer.writeUInt32LE(pid, i * stride);
    buffer.writeBigUInt64LE(used, i * stride + 8);
    if (stride >= 24) buffer.fill(0xff, i * stride + 16, i * stride + 24);
  });
  return buffer;
}

test('memory v2 carries the packed version 0x02000028 and reads reserved apart from used', () => {
  assert.equal(memoryV2Version, 40 | (2 << 24));
  const buffer = newMemoryV2Buffer();
  assert.equal(buffer.readUInt32LE(0), 0x02000028);
  for (const [i, offset] of [8, 16, 24, 32].entries()) buffer.writeBigUInt64LE(BigInt((i + 1) * MiB), offset);
  assert.deepEqual(decodeMemoryV2(buffer), {
    totalBytes: MiB,
    reservedBytes: 2 * MiB,
    freeBytes: 3 * MiB,
    usedBytes: 4 * MiB,
  });
  const v1 = Buffer.alloc(24);
  for (const [i, offset] of [0, 8, 16].entries()) v1.writeBigUInt64LE(BigInt((i + 1) * MiB), offset);
  assert.deepEqual(decodeMemoryV1(v1), {
    totalBytes: MiB,
    freeBytes: 2 * MiB,
    usedBytes: 3 * MiB,
    reservedBytes: null,
  });
});

test('each layout decodes at its own stride; the wrong stride fails the checks', () => {
  const rows: Array<[number, bigint]> = [
    [1234, 512n * BigInt(MiB)],
    [99, 0xffff_ffff_ffff_ffffn],
    [4_194_304, 1n],
  ];
  for (const stride of [16, 24, 32] as const) {
    const buffer = entries(stride, rows);
    assert.deepEqual(decodeProcessEntries({ buffer, count: 3, stride, totalBytes }), [
      { pid: 1234, usedBytes: 512 * MiB },
      { pid: 99, usedBytes: null },
      { pid: 4_194_304, usedBytes: 1 },
    ]);
    for (const wrong of [16, 24, 32] as const) {
      if (wrong !== stride)
        assert.equal(
          decodeProcessEntries({ buffer, count: 3, stride: wrong, totalBytes }),
          undefined,
          `${stride} read as ${wrong}`,
        );
    }
  }
});

test('entries with pid 0, a pid above pid_max or more memory than the card are rejected', () => {
  for (const row of [
    [0, 1n],
    [4_194_305, 1n],
    [7, BigInt(totalBytes) + 1n],
  ] as Array<[number, bigint]>) {
    assert.equal(
      decodeProcessEntries({ buffer: entries(24, [row]), count: 1, stride: 24, totalBytes }),
      undefined,
    );
  }
  assert.equal(
    decodeProcessEntries({ buffer: Buffer.alloc(24), count: 2, stride: 24, totalBytes }),
    undefined,
  );
});

test('the _v3 stride by driver: 32 bytes only on 535.43.02 up to 535.86.x', () => {
  const cases: Array<[string | undefined, number]> = [
    ['510.39.01', 24],
    ['530.30.02', 24],
    ['535.43.02', 32],
    ['535.54.03', 32],
    ['535.86.10', 32],
    ['535.98', 24],
    ['535.104.05', 24],
    ['590.48.01', 24],
    ['610.62', 24],
    [undefined, 24],
  ];
  for (const [version, stride] of cases) assert.equal(strideForDriver(version), stride, version);
});

test('the written stride is measured from the marker bytes left untouched', () => {
  assert.equal(measureStride(entries(32, [[5, 1n]], 4), 1), 32);
  assert.equal(
    measureStride(
      entries(
        24,
        [
          [5, 1n],
          [6, 2n],
        ],
        5,
      ),
      2,
    ),
    24,
  );
  assert.equal(
    measureStride(
      entries(
        16,
        [
          [5, 1n],
          [6, 2n],
        ],
        5,
      ),
      2,
    ),
    16,
  );
  assert.equal(measureStride(Buffer.alloc(10, strideMarker), 0), undefined);
});
