import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync } from 'node:fs';
import { test } from 'node:test';
import { openProcFile, parseDecimal, procReadBuffer, rereadFd } from './proc-read.js';

test('parseDecimal reads signed integers from bytes and refuses anything else', () => {
  const bytes = Buffer.from('12 -3 x 4a ');
  assert.equal(parseDecimal(bytes, 0, 2), 12);
  assert.equal(parseDecimal(bytes, 3, 5), -3);
  assert.ok(Number.isNaN(parseDecimal(bytes, 6, 7)));
  assert.ok(Number.isNaN(parseDecimal(bytes, 8, 10)));
  assert.ok(Number.isNaN(parseDecimal(bytes, 2, 2)));
});

test('a held /proc/PID/stat reads afresh while its process lives, and fails once it has ended', async () => {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  const fd = openProcFile(`/proc/${child.pid}/stat`);
  assert.ok(fd !== undefined);
  try {
    const length = rereadFd(fd);
    assert.ok(procReadBuffer.toString('latin1', 0, length).startsWith(`${child.pid} (sleep) `));
    // Read again from its start (a new sleep's counters may still tick, so compare the head, not the length).
    const again = rereadFd(fd);
    assert.ok(again > 0 && procReadBuffer.toString('latin1', 0, again).startsWith(`${child.pid} (sleep) `));
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await ended;
    // ESRCH: the file belongs to the process, so a reused PID can never be read through it.
    assert.equal(rereadFd(fd), -1);
  } finally {
    closeSync(fd);
  }
});
