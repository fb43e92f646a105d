// How headroom reads the files of a run record (doctor, report, serve, the observers): never through
// a link, never anything but a regular file, never blocking on a FIFO, never more than a stated size.
// A record is data someone else may have written: `events.jsonl` as a FIFO would hang a blocking
// open, `summary.json` → /dev/zero would be read until memory runs out.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { HeadroomError } from '../errors.js';
import { formatBytes } from '../units.js';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = constants;

/** The largest JSON file of a record read whole (run.json, plan.json, summary.json, fit.json). */
export const maxRecordJsonBytes = 64 * 1024 * 1024;

/** The most of a JSON-lines file of a record that is read (events.jsonl, samples.jsonl). */
export const maxRecordLinesBytes = 1024 * 1024 * 1024;

/** A record file that headroom will not read: a link, not a regular file, too large, unreadable. */
export class RecordFileError extends HeadroomError {
  constructor(
    readonly path: string,
    why: string,
  ) {
    super({
      code: 'record-file',
      message: `cannot read ${path}: ${why}`,
      hint: 'a run record holds only the regular files headroom wrote; remove what was put in their place',
    });
    this.name = 'RecordFileError';
  }
}

/** What a file that is not a regular one is, in words. */
export function describeFileType(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A record file opened for reading: its descriptor and its size when opened. */
export interface OpenedFile {
  fd: number;
  sizeBytes: number;
}

/**
 * Opens a record file: O_NOFOLLOW (a link is refused), O_NONBLOCK (a FIFO cannot hang the open), then
 * fstat on the descriptor (no race between the check and the read). Null when the file does not exist.
 */
export function openRecordFile(path: string): OpenedFile | null {
  let fd: number;
  try {
    fd = openSync(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP')
      throw new RecordFileError(
        path,
        'it is a symbolic link; headroom does not follow links in a run record',
      );
    if (code === 'EACCES') throw new RecordFileError(path, 'permission denied');
    throw new RecordFileError(path, (error as Error).message);
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    throw new RecordFileError(
      path,
      `it is ${describeFileType(stats)}; headroom reads only regular files in a run record`,
    );
  }
  return { fd, sizeBytes: stats.size };
}

/** The error for a file over its cap, the cap stated. */
export function tooLargeError(path: string, sizeBytes: number, maxBytes: number): RecordFileError {
  return new RecordFileError(
    path,
    `it is ${sizeBytes > maxBytes ? formatBytes(sizeBytes) : `over ${formatBytes(maxBytes)}`}; headroom reads at most ${formatBytes(maxBytes)} of it`,
  );
}

/**
 * Reads a whole record file of at most `maxBytes` (refused when larger, even if it grows while read).
 * Null when it does not exist; RecordFileError for a link, a non-regular file or one too large.
 */
export function readRecordFile(path: string, maxBytes = maxRecordJsonBytes): Buffer | null {
  const opened = openRecordFile(path);
  if (opened === null) return null;
  const { fd, sizeBytes } = opened;
  try {
    if (sizeBytes > maxBytes) throw tooLargeError(path, sizeBytes, maxBytes);
    // One byte past the cap tells a file that grew past it from one that ends there.
    const buffer = Buffer.allocUnsafe(Math.min(sizeBytes, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (buffer.length > maxBytes) throw tooLargeError(path, length, maxBytes);
        break;
      }
      const read = readSync(fd, buffer, length, buffer.length - length, length);
      if (read === 0) break;
      length += read;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
