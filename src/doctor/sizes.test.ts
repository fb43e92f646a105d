import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPowerOfTwo, nextPowerOfTwo, parseLogSize } from './sizes.js';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

test('parses the sizes frameworks print', () => {
  assert.equal(parseLogSize('244.00 MiB'), 244 * MiB); // torch format_size
  assert.equal(parseLogSize('0 bytes'), 0);
  assert.equal(parseLogSize('607.00 KiB'), 607 * 1024);
  assert.equal(parseLogSize('3.39GiB'), Math.floor(3.39 * GiB)); // XLA HumanReadableNumBytes
  assert.equal(parseLogSize('153B'), 153);
  assert.equal(parseLogSize('1.25TiB'), Math.floor(1.25 * 1024 ** 4));
  assert.equal(parseLogSize('3.39G'), Math.floor(3.39 * GiB)); // TF cuda_driver, binary
  assert.equal(parseLogSize('53312244kB'), 53312244 * 1024); // the kernel's kB is KiB
  assert.equal(parseLogSize('9.2 GiB'), Math.floor(9.2 * GiB));
  assert.equal(parseLogSize('1,484,688,128'), 1484688128);
  assert.equal(parseLogSize('24GB'), 24e9);
});

test('rejects what is not a size', () => {
  for (const text of ['', 'GiB', '12 apples', '1,2', '-3 MiB'])
    assert.equal(parseLogSize(text), undefined, text);
});

test('powers of two for PhysX settings', () => {
  assert.equal(nextPowerOfTwo(73774744), 2 ** 27);
  assert.equal(nextPowerOfTwo(1484688128), 2 ** 31);
  assert.equal(nextPowerOfTwo(2 ** 20), 2 ** 20);
  assert.equal(formatPowerOfTwo(2 ** 27), '2**27');
  assert.equal(formatPowerOfTwo(5 * 2 ** 15), '163,840');
});
