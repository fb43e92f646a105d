// Small /proc files read into one reused buffer: procfs reports every file as 0 bytes long, so a
// generic reader sizes, allocates and decodes each time; a sample reads hundreds of these a second.
import { closeSync, openSync, readSync } from 'node:fs';

/** Large enough for a stat line (~300 bytes) and smaps_rollup (~1 KiB); longer files are cut here. */
export const procReadBuffer = Buffer.allocUnsafe(16 * 1024);

/** Reads a held file again from its start (seq_read_iter regenerates it at offset 0, fs/seq_file.c); -1 when it fails. */
export function rereadFd(fd: number): number {
  try {
    return readSync(fd, procReadBuffer, 0, procReadBuffer.length, 0);
  } catch {
    return -1; // ESRCH once its process has ended, even if the PID was reused (fs/proc/base.c get_pid_task)
  }
}

/** Opens and reads `path` into `procReadBuffer`; the byte count, or -1 when it cannot be read. */
export function readProcFile(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return -1;
  }
  try {
    return rereadFd(fd);
  } finally {
    closeSync(fd);
  }
}

/** Opens `path` to be held and reread; undefined when it cannot be opened. */
export function openProcFile(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch {
    return undefined;
  }
}

/** A decimal integer (optionally negative) in `bytes[start, end)`; NaN when there is none. */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
  let at = start;
  const isNegative = bytes[at] === 0x2d; // '-'
  if (isNegative) at++;
  if (at >= end) return Number.NaN;
  let value = 0;
  for (; at < end; at++) {
    const digit = (bytes[at] ?? 0) - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return isNegative ? -value : value;
}
