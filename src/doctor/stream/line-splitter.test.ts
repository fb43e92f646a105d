import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineSplitter } from './line-splitter.js';

function split(chunks: (string | Buffer)[], maxLineChars?: number): string[] {
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => lines.push(line), maxLineChars);
  for (const chunk of chunks) splitter.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  splitter.end();
  return lines;
}

test('lines across chunk boundaries, CRLF, and a last line without newline', () => {
  assert.deepEqual(split(['ab', 'c\r\nde', 'f\ng']), ['abc', 'def', 'g']);
  assert.deepEqual(split(['a\n\nb\n']), ['a', '', 'b']);
});

test('a UTF-8 character split between chunks is decoded whole', () => {
  const bytes = Buffer.from('已杀死\n');
  assert.deepEqual(split([bytes.subarray(0, 2), bytes.subarray(2)]), ['已杀死']);
});

test('an overlong line is cut, the rest skipped, and line numbering kept', () => {
  const long = 'x'.repeat(50);
  assert.deepEqual(split([`${long.slice(0, 20)}`, `${long.slice(20)}\nnext\n`], 10), [
    'x'.repeat(10),
    'next',
  ]);
  assert.deepEqual(split([`${'y'.repeat(30)}\nafter`], 10), ['y'.repeat(10), 'after']);
});
