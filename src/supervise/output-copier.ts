// A child's stdout and stderr share one pipe; headroom copies it into the log and hands whole lines
// to the live view (renderer, ready_when, doctor's classifier). The copy never stops the child: a
// write the disk refuses is counted by the record, not retried, and the pipe is read on. The live
// view is fed in slices between which timers and signals run (sampling, Ctrl-C), from a backlog
// with a bound: behind a writer faster than it, it skips the oldest output (the log keeps it all).
import { closeSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { openPipe } from '../probe/host/libc.js';
import type { RecordFile } from '../run-record/writer.js';
import { LineBuffer } from './line-buffer.js';

/** The pipe's buffer: a child writes on while headroom is busy for a moment (a sample, a slice). */
const pipeBufferBytes = 1024 * 1024;
/** The live view's backlog bound; what is older is skipped (measured: ~0.1 s of the classifier). */
export const maxBacklogBytes = 16 * 1024 * 1024;
/** What the live view keeps of its backlog when the run is being stopped: the end says why. */
const stoppingBacklogBytes = 1024 * 1024;
/** Time the live view takes per slice before it yields to timers and signals. */
const sliceMs = 10;

/** Where a child's output goes: one pipe's write end for both, or Node's two pipes without libc. */
export type ChildOutput = { fd: number; readFd: number } | 'pipe';

/** A pipe for a child's output (its read end kept here); 'pipe' where libc is not there. */
export function openChildOutput(): ChildOutput {
  const pipe = openPipe(pipeBufferBytes);
  return pipe ? { fd: pipe.writeFd, readFd: pipe.readFd } : 'pipe';
}

export class OutputCopier {
  private readonly sources: Readable[];
  private readonly queue: Buffer[] = [];
  private queuedBytes = 0;
  private lines = new LineBuffer();
  private isScheduled = false;
  private openSources: number;
  private drained: (() => void) | null = null;
  /** Bytes the live view skipped (the log has them). */
  skippedBytes = 0;
  /** Bytes the child wrote. */
  copiedBytes = 0;

  constructor(
    sources: Readable[],
    private readonly log: RecordFile,
    private readonly onLines: (lines: Buffer) => void,
  ) {
    this.sources = sources;
    this.openSources = sources.length;
    for (const source of sources) {
      source.on('data', (chunk: Buffer) => this.take(chunk));
      source.on('error', () => {}); // EOF or an error: either way the end of this source
      source.once('close', () => {
        this.openSources -= 1;
        this.schedule();
      });
    }
  }

  /** Reads the output of a child spawned with `output`; closes the write end headroom holds. */
  static follow(
    output: ChildOutput,
    child: { stdout: Readable | null; stderr: Readable | null },
    log: RecordFile,
    onLines: (lines: Buffer) => void,
  ): OutputCopier {
    if (output === 'pipe') {
      const sources = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
      return new OutputCopier(sources, log, onLines);
    }
    closeSync(output.fd); // the child holds its own copy: EOF comes when the last writer closes it
    return new OutputCopier(
      [new Socket({ fd: output.readFd, readable: true, writable: false })],
      log,
      onLines,
    );
  }

  private take(chunk: Buffer): void {
    this.copiedBytes += chunk.length;
    this.log.write(chunk);
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    this.trimBacklog(maxBacklogBytes);
    this.schedule();
  }

  private trimBacklog(keepBytes: number): void {
    if (this.queuedBytes <= keepBytes) return;
    while (this.queuedBytes > keepBytes && this.queue.length > 1) {
      const dropped = this.queue.shift()!;
      this.queuedBytes -= dropped.length;
      this.skippedBytes += dropped.length;
    }
    this.lines = new LineBuffer(); // the line in progress lost its start
  }

  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => this.feedSlice());
  }

  private feedSlice(): void {
    this.isScheduled = false;
    const startMs = performance.now();
    while (this.queue.length > 0 && performance.now() - startMs < sliceMs) {
      const chunk = this.queue.shift()!;
      this.queuedBytes -= chunk.length;
      const whole = this.lines.push(chunk);
      if (whole.length > 0) this.onLines(whole);
    }
    if (this.queue.length > 0) {
      this.schedule();
      return;
    }
    if (this.openSources > 0 || !this.drained) return;
    const rest = this.lines.flush();
    if (rest.length > 0) this.onLines(rest);
    this.drained();
    this.drained = null;
  }

  /**
   * After the child's tree has ended: waits up to `waitMs` for the pipe's end (a process that
   * escaped the tree may still hold it: then it is closed here), feeds the live view what is left
   * (only its last part when `isStopping`), and closes the log.
   */
  async finish(options: { waitMs: number; isStopping: boolean }): Promise<void> {
    const done = new Promise<void>((resolve) => {
      this.drained = resolve;
    });
    const timer = setTimeout(() => {
      for (const source of this.sources) source.destroy();
    }, options.waitMs);
    if (options.isStopping) this.trimBacklog(stoppingBacklogBytes);
    this.schedule();
    try {
      await done;
    } finally {
      clearTimeout(timer);
      this.log.close();
    }
  }
}
