import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LineBuffer } from './line-buffer.js';

const text = (bytes: Buffer): string => bytes.toString('utf8');

describe('LineBuffer', () => {
  test('yields whole lines only, joining a line split across chunks', () => {
    const lines = new LineBuffer();
    assert.equal(text(lines.push(Buffer.from('one\ntw'))), 'one\n');
    assert.equal(text(lines.push(Buffer.from('o'))), '');
    assert.equal(text(lines.push(Buffer.from('\nthree\nfo'))), 'two\nthree\n');
    assert.equal(text(lines.flush()), 'fo\n');
    assert.equal(text(lines.flush()), '');
  });

  test('never splits a multi-byte character: lines are cut at newlines only', () => {
    const lines = new LineBuffer();
    const bytes = Buffer.from('héllo wörld\n');
    assert.equal(
      text(lines.push(bytes.subarray(0, 2))) + text(lines.push(bytes.subarray(2))),
      'héllo wörld\n',
    );
  });

  test('a pending line and several new ones decode correctly, multi-byte characters included', () => {
    const lines = new LineBuffer();
    assert.equal(text(lines.push(Buffer.from('ab'))), '');
    assert.equal(text(lines.push(Buffer.from('ç\nhé\nwö\nrest'))), 'abç\nhé\nwö\n');
    assert.equal(text(lines.flush()), 'rest\n');
  });

  test('the chunk may be reused after push', () => {
    const lines = new LineBuffer();
    const chunk = Buffer.from('abc');
    text(lines.push(chunk));
    chunk.fill(0x78);
    assert.equal(text(lines.push(Buffer.from('\n'))), 'abc\n');
  });

  test('cuts a line that grows past the maximum', () => {
    const lines = new LineBuffer(4);
    assert.equal(text(lines.push(Buffer.from('abcdef'))), 'abcdef\n');
  });
});
