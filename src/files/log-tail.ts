// Follows a log file the child writes itself. The child's stdout and stderr ARE the log file, so
// its speed never depends on headroom; the live view reads the file back (page cache) behind it.
// Measured here: a pipe drained by Node made a 200 MB writer ~2x slower than writing to a file.
// Lines are handed on as bytes, so doctor's classifier reads them without decoding (byte-classifier.ts).
import { closeSync, openSync, readSync } from 'node:fs';
import { LineBuffer } from './line-buffer.js';

export interface LogTail {
  /** Reads to the end, hands over the unterminated last line, and stops. */
  close(): void;
}

const chunkBytes = 1024 * 1024;
// Per poll: 20 MiB/s at 50 ms, more than a terminal can show. Reading faster behind a fast writer
// takes CPU and page-cache bandwidth from it (measured like bench/run-output.ts on a 2-core machine:
// 4 MiB a poll made the writer 10-20% slower than 1 MiB); the rest is read on later polls or at close.
const maxBytesPerPoll = chunkBytes;

/**
 * Follows `path` from byte `fromBytes`, handing whole lines (bytes ending in `\n`) to `onLines`
 * every `pollMs`; the bytes are only valid during the call.
 */
export function tailLog(options: {
  path: string;
  fromBytes: number;
  pollMs: number;
  onLines: (lines: Buffer) => void;
}): LogTail {
  const { path, pollMs, onLines } = options;
  const fd = openSync(path, 'r');
  const buffer = Buffer.allocUnsafe(chunkBytes);
  const lines = new LineBuffer();
  let positionBytes = options.fromBytes;
  let isClosed = false;

  const read = (limitBytes: number): void => {
    let readBytes = 0;
    while (readBytes < limitBytes) {
      const bytes = readSync(fd, buffer, 0, buffer.length, positionBytes);
      if (bytes === 0) return;
      positionBytes += bytes;
      readBytes += bytes;
      const whole = lines.push(buffer.subarray(0, bytes));
      if (whole.length > 0) onLines(whole);
    }
  };
  const timer = setInterval(() => read(maxBytesPerPoll), pollMs);

  return {
    close: () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(timer);
      try {
        read(Number.POSITIVE_INFINITY);
        const rest = lines.flush();
        if (rest.length > 0) onLines(rest);
      } finally {
        closeSync(fd);
      }
    },
  };
}
