// Reads the lines appended to a JSON-lines file since the last read. A line is taken only once
// its newline has been written; what follows the last newline waits (the writer may be mid-line,
// or a crash cut it short). A file that shrank was replaced: it is read again from the start.
// Only a regular file, never through a link, never past maxRecordLinesBytes, no line past 1 MiB.
import { closeSync, readSync } from 'node:fs';
import { maxRecordLinesBytes, openRecordFile } from '../files/read-file.js';

const chunkBytes = 1 << 20;

/** The most read in one call: a follower starting on a long record catches up over several polls. */
const maxReadPerCallBytes = 16 * chunkBytes;

/** A line longer than this is dropped (a record line is a few kilobytes; a file without newlines is not a record). */
const maxLineBytes = 1 << 20;

/** A reader of one append-only file, remembering how far it has read. */
export class JsonlTail {
  private offsetBytes = 0;
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    readonly path: string,
    private readonly maxBytes = maxRecordLinesBytes,
  ) {}

  /** Complete lines appended since the last call (none when the file does not exist yet). */
  readLines(): string[] {
    let opened: ReturnType<typeof openRecordFile>;
    try {
      opened = openRecordFile(this.path);
    } catch {
      // A link, a FIFO, a device: not the record's file, so nothing of it is read.
      return [];
    }
    if (opened === null) return [];
    const { fd } = opened;
    try {
      const sizeBytes = Math.min(opened.sizeBytes, this.maxBytes);
      if (sizeBytes < this.offsetBytes) {
        this.offsetBytes = 0;
        this.pending = Buffer.alloc(0);
      }
      const parts: Buffer[] = [this.pending];
      const untilBytes = Math.min(sizeBytes, this.offsetBytes + maxReadPerCallBytes);
      while (this.offsetBytes < untilBytes) {
        const buffer = Buffer.alloc(Math.min(chunkBytes, untilBytes - this.offsetBytes));
        const read = readSync(fd, buffer, 0, buffer.length, this.offsetBytes);
        if (read === 0) break;
        parts.push(buffer.subarray(0, read));
        this.offsetBytes += read;
      }
      const all = Buffer.concat(parts);
      const end = all.lastIndexOf(0x0a);
      this.pending = end < 0 ? all : all.subarray(end + 1);
      if (this.pending.length > maxLineBytes) this.pending = Buffer.alloc(0);
      if (end < 0) return [];
      // Split bytes only at newlines, so a multi-byte character is never cut in two.
      return all
        .subarray(0, end)
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
    } finally {
      closeSync(fd);
    }
  }

  /** What follows the last newline: a line still being written, or one a crash cut short. */
  rest(): string {
    return this.pending.toString('utf8');
  }
}
