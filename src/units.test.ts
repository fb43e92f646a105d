import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatBytes, formatGiB, formatPercent, parseBytes, parseDurationMs, parsePercent } from './units.js';

const GiB = 1024 ** 3;

test('IEC and SI units are both accepted, with or without a space, any case', () => {
  assert.equal(parseBytes('24GiB'), 24 * GiB);
  assert.equal(parseBytes('24 gib'), 24 * GiB);
  assert.equal(parseBytes('24GB'), 24e9);
  assert.equal(parseBytes('512MiB'), 512 * 1024 ** 2);
  assert.equal(parseBytes('1.5GiB'), 1.5 * GiB);
  assert.equal(parseBytes('.5 TiB'), 0.5 * 1024 ** 4);
  assert.equal(parseBytes('4096'), 4096);
  assert.equal(parseBytes('100kB'), 100_000);
  assert.equal(parseBytes('3Gi'), 3 * GiB);
});

test('malformed sizes are undefined, not NaN or zero', () => {
  for (const bad of ['', 'GiB', '24 parsecs', '-1GiB', '1e9', '24 GiB extra', '30%']) {
    assert.equal(parseBytes(bad), undefined, bad);
  }
});

test('percents become fractions', () => {
  assert.equal(parsePercent('30%'), 0.3);
  assert.equal(parsePercent('12.5 %'), 0.125);
  assert.equal(parsePercent('30'), undefined);
});

test('printing is IEC and says so', () => {
  assert.equal(formatBytes(24 * GiB), '24.00 GiB');
  assert.equal(formatBytes(512 * 1024 ** 2), '512 MiB');
  assert.equal(formatBytes(1536), '1.5 KiB');
  assert.equal(formatBytes(12), '12 B');
  assert.equal(formatBytes(-2 * GiB), '-2.00 GiB');
  assert.equal(formatGiB(7730941132), '7.20');
  assert.equal(formatPercent(0.3), '30.0%');
});

test('durations: ms, s, m or plain seconds', () => {
  assert.deepEqual(
    ['500ms', '10s', '2m', '1.5', ' 3 s '].map(parseDurationMs),
    [500, 10_000, 120_000, 1500, 3000],
  );
  for (const bad of ['soon', '', '-1s', '1h']) assert.equal(parseDurationMs(bad), undefined, bad);
});
