// The live view's writer. A terminal that stops reading (Ctrl-S, a frozen SSH session, a pipe to a
// slow reader) must never stall supervision nor grow headroom's memory: writes never block, at most
// `maxQueuedBytes` wait for the reader, and output lines past that are dropped and counted (the
// log files keep every byte). headroom's own events are written whatever the queue holds.
import type { OutputStream } from '../io.js';

/** What the live view may write; droppable text goes first when the reader falls behind. */
export interface LiveWriter {
  /** Writes `text`; `droppable` text is skipped (and counted) while the reader is behind. */
  write(text: string, options?: { droppable?: boolean; lines?: number }): void;
  /** True while the reader is behind: skip what is only nice to have (a status line). */
  isBehind(): boolean;
  /** Before the last words: writes block again, so the summary is not lost at exit. */
  finish(): void;
}

const defaultMaxQueuedBytes = 4 * 1024 * 1024;

interface BlockingHandle {
  setBlocking?: (isBlocking: boolean) => unknown;
}

// Node writes to terminals (and, on Linux, pipes) synchronously: one stalled reader would stop
// the event loop, and with it sampling, limits and Ctrl-C. libuv can make the descriptor
// non-blocking (uv_stream_set_blocking); Node exposes it on the stream's handle.
function setBlocking(stream: OutputStream, isBlocking: boolean): void {
  const handle = (stream as unknown as { _handle?: BlockingHandle })._handle;
  if (typeof handle?.setBlocking === 'function') handle.setBlocking(isBlocking);
}

/** A writer over `stream` that never blocks and keeps at most `maxQueuedBytes` waiting. */
export function createLiveWriter(
  stream: OutputStream,
  options: { maxQueuedBytes?: number; notice?: (dropped: number) => string } = {},
): LiveWriter {
  const maxQueuedBytes = options.maxQueuedBytes ?? defaultMaxQueuedBytes;
  const notice =
    options.notice ??
    ((dropped: number) =>
      `… ${dropped} line(s) of output not shown: the terminal was not reading (the logs have every byte)\n`);
  let isClosed = false;
  let dropped = 0;
  stream.on('error', () => {
    isClosed = true; // a reader that went away (`| head`) ends the live view, not the run
  });
  setBlocking(stream, false);
  const queued = (): number => stream.writableLength ?? 0;
  const isBehind = (): boolean => queued() > maxQueuedBytes;
  return {
    write(text, writeOptions = {}) {
      if (isClosed) return;
      if (writeOptions.droppable && isBehind()) {
        dropped += writeOptions.lines ?? 1;
        return;
      }
      if (dropped > 0 && queued() < maxQueuedBytes / 4) {
        stream.write(notice(dropped));
        dropped = 0;
      }
      stream.write(text);
    },
    isBehind,
    finish() {
      if (isClosed) return;
      if (dropped > 0) stream.write(notice(dropped));
      dropped = 0;
      setBlocking(stream, true);
    },
  };
}
