// A child's stdout and stderr share one pipe; the copy thread (copy-thread.ts) copies it into the
// log, off the supervising loop, and hands chunks on to the live view (renderer, ready_when,
// doctor's classifier), which is fed here in slices between which timers and signals run (sampling,
// Ctrl-C). The copy never stops the child: a write the disk refuses is counted by the record, and
// the pipe is read on. Behind a writer faster than the live view, the view skips output (the log
// keeps it all). Without libc (no pipe2) the child gets Node's two pipes, copied on this thread.
import { closeSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { LineBuffer } from '../files/line-buffer.js';
import { hasLibc, openPipe, setNonBlocking } from '../probe/host/libc.js';
import type { RecordFile } from '../run-record/writer.js';
import { type CopyEvent, copyThread } from './copy-thread.js';

/** The pipe's buffer: a child writes on while the copy thread serves another stream. */
const pipeBufferBytes = 1024 * 1024;
/** The live view's backlog bound; beyond it output is skipped by the view (not by the log). */
export const maxBacklogBytes = 4 * 1024 * 1024;
/** What the live view keeps of its backlog when the run is being stopped: the end says why. */
const stoppingBacklogBytes = 1024 * 1024;
/** Time the live view takes per slice before it yields to timers and signals. */
const sliceMs = 10;
/**
 * After feeding for t ms, the live view rests `restFactor` × t (all streams together), so it takes at
 * most a tenth of a core from a child that writes as fast as it can: on a small machine that core is
 * the child's and the copy's (at 3, a quarter, the CLI copied 200 MB at 0.70× `cat`; at 9, 0.78–0.86×).
 * Behind such a writer the view skips output (the log has it all; doctor reads a skipped log whole).
 */
const restFactor = 9;
/** When the live view (every copier of this process) may feed again, on performance.now()'s clock. */
let viewRestsUntilMs = 0;

/** Where a child's output goes: one pipe's write end for both, or Node's two pipes without libc. */
export type ChildOutput = { fd: number; readFd: number } | 'pipe';

/** A pipe for a child's output (its read end kept here); 'pipe' where libc is not there. */
export function openChildOutput(): ChildOutput {
  const pipe = openPipe(pipeBufferBytes);
  if (pipe && setNonBlocking(pipe.readFd)) return { fd: pipe.writeFd, readFd: pipe.readFd };
  if (pipe) {
    closeSync(pipe.readFd);
    closeSync(pipe.writeFd);
  }
  return 'pipe';
}

/**
 * Starts the copy thread (where children get its pipe) and resolves once it runs: before the first
 * child, so the thread's start-up (~0.1 s of CPU in a fresh headroom) does not compete with a child.
 */
export function prepareOutputCopy(): Promise<void> {
  return hasLibc() ? copyThread().ready : Promise.resolve();
}

interface Chunk {
  bytes: Buffer;
  /** Counted in the copy thread's bytes in flight: taken off when fed. */
  isInFlight: boolean;
}

export class OutputCopier {
  private readonly queue: Chunk[] = [];
  private queuedBytes = 0;
  private lines = new LineBuffer();
  private isScheduled = false;
  private isEnded = false;
  private onEnded: (() => void) | null = null;
  private drained: (() => void) | null = null;
  private inFlight: Int32Array | null = null;
  private stop: () => void = () => {};
  /** Bytes the live view skipped (the log has them). */
  skippedBytes = 0;

  private constructor(
    private readonly log: RecordFile,
    private readonly onLines: (lines: Buffer) => void,
  ) {}

  /** Follows the output of a child spawned with `output`; closes the write end headroom holds. */
  static follow(
    output: ChildOutput,
    child: { stdout: Readable | null; stderr: Readable | null },
    log: RecordFile,
    onLines: (lines: Buffer) => void,
  ): OutputCopier {
    const copier = new OutputCopier(log, onLines);
    if (output === 'pipe') {
      copier.readStreams([child.stdout, child.stderr].filter((s): s is Readable => s !== null));
      return copier;
    }
    closeSync(output.fd); // the child holds its own copy: EOF comes when the last writer closes it
    const inFlight = new SharedArrayBuffer(4);
    const thread = copyThread();
    const id = thread.add(
      { readFd: output.readFd, logFd: log.fd, inFlight, maxInFlightBytes: maxBacklogBytes },
      (event) => {
        // The thread failed: read the pipe here rather than let the child block on a full pipe.
        if (event.kind === 'failed')
          copier.readStreams([new Socket({ fd: output.readFd, readable: true, writable: false })]);
        else copier.onCopyEvent(event);
      },
    );
    if (id === null) {
      closeSync(output.readFd);
      copier.end();
    } else {
      copier.inFlight = new Int32Array(inFlight);
      copier.stop = () => thread.stop(id);
    }
    return copier;
  }

  private onCopyEvent(event: Exclude<CopyEvent, { kind: 'failed' }>): void {
    if (event.kind === 'lost') this.log.countLost(event.bytes, event.error);
    else if (event.kind === 'end') {
      this.skippedBytes += event.skipped;
      this.end();
    } else {
      if (event.skippedBefore > 0) this.skip(event.skippedBefore);
      this.enqueue({ bytes: Buffer.from(event.bytes), isInFlight: true });
    }
  }

  // Node's pipes, read and copied on this thread (no libc).
  private readStreams(sources: Readable[]): void {
    let open = sources.length;
    if (open === 0) this.end();
    for (const source of sources) {
      source.on('data', (bytes: Buffer) => {
        this.log.write(bytes);
        this.enqueue({ bytes, isInFlight: false });
        this.trimBacklog(maxBacklogBytes);
      });
      source.on('error', () => {}); // the end of this source either way
      source.once('close', () => {
        open -= 1;
        if (open === 0) this.end();
      });
    }
    this.stop = () => {
      for (const source of sources) source.destroy();
    };
  }

  private enqueue(chunk: Chunk): void {
    this.queue.push(chunk);
    this.queuedBytes += chunk.bytes.length;
    this.schedule();
  }

  private end(): void {
    this.isEnded = true;
    this.onEnded?.();
    this.schedule();
  }

  private skip(bytes: number): void {
    this.skippedBytes += bytes;
    this.lines = new LineBuffer(); // the line in progress lost its start
  }

  private take(): Chunk {
    const chunk = this.queue.shift()!;
    this.queuedBytes -= chunk.bytes.length;
    if (chunk.isInFlight && this.inFlight) Atomics.sub(this.inFlight, 0, chunk.bytes.length);
    return chunk;
  }

  private trimBacklog(keepBytes: number): void {
    if (this.queuedBytes <= keepBytes) return;
    let dropped = 0;
    while (this.queuedBytes > keepBytes && this.queue.length > 1) dropped += this.take().bytes.length;
    this.skip(dropped);
  }

  private schedule(delayMs = 0): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    const feed = (): void => this.feedSlice();
    if (delayMs > 0) setTimeout(feed, delayMs);
    else setImmediate(feed);
  }

  private feedSlice(): void {
    this.isScheduled = false;
    const startMs = performance.now();
    // Resting (after this or another stream's slice) while the child still writes: come back then.
    if (!this.isEnded && startMs < viewRestsUntilMs) {
      this.schedule(Math.max(1, viewRestsUntilMs - startMs));
      return;
    }
    while (this.queue.length > 0 && performance.now() - startMs < sliceMs) {
      const whole = this.lines.push(this.take().bytes);
      if (whole.length > 0) this.onLines(whole);
    }
    const endMs = performance.now();
    viewRestsUntilMs = endMs + restFactor * (endMs - startMs);
    // Still behind a writer: the rest leaves the CPU to it (the view skips instead).
    if (this.queue.length > 0) {
      this.schedule(this.isEnded ? 0 : restFactor * (endMs - startMs));
      return;
    }
    if (!this.isEnded || !this.drained) return;
    const rest = this.lines.flush();
    if (rest.length > 0) this.onLines(rest);
    this.drained();
    this.drained = null;
  }

  /**
   * After the child's tree has ended: waits up to `waitMs` for the pipe's end (a process that
   * escaped the tree may still hold it: then the copy stops here), feeds the live view what is left
   * (only its last part when `isStopping`), and closes the log.
   */
  async finish(options: { waitMs: number; isStopping: boolean }): Promise<void> {
    if (!this.isEnded) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => this.stop(), options.waitMs);
        this.onEnded = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (options.isStopping) this.trimBacklog(stoppingBacklogBytes);
    await new Promise<void>((resolve) => {
      this.drained = resolve;
      this.schedule();
    });
    this.log.close();
  }
}
