// One thread copies every child's output pipe into its log, off the supervising loop: the copy runs
// at the speed of `cat` while the loop samples, enforces and answers signals; a full disk costs
// bytes (counted), never the copy. Whole chunks go on to the live view (output-copier.ts) only
// while the view keeps up: each stream's bytes in flight are bounded, what is beyond is skipped.
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { openPipe, setNonBlocking } from '../probe/host/libc.js';

// koffi (the FFI headroom already loads for libc and NVML) gives the thread poll(2).
const koffiPath = createRequire(import.meta.url).resolve('koffi');

/** What the copy thread tells the supervisor about one stream. */
export type CopyEvent =
  | { kind: 'chunk'; bytes: ArrayBuffer; skippedBefore: number }
  | { kind: 'lost'; bytes: number; error: string }
  | { kind: 'end'; skipped: number }
  /** The thread failed: the stream's pipe is still open, for the supervisor to read itself. */
  | { kind: 'failed' };

interface AddCommand {
  kind: 'add';
  id: number;
  readFd: number;
  logFd: number;
  /** Int32 [0]: bytes posted to the live view and not yet taken off by it. */
  inFlight: SharedArrayBuffer;
  maxInFlightBytes: number;
}

type Command = AddCommand | { kind: 'stop'; id: number };

// The thread's body, run from its source text (so the bundled CLI needs no file for it): waits in
// poll(2) on every stream's non-blocking pipe and on the wake pipe (a new command), as `cat` waits in
// read(2): woken by data, not by a timer, so the child's pipe is drained as it fills and the thread
// costs nothing while the child is quiet. Writes the log and posts chunks (holding back the latest
// while the view is full, skipping older ones). poll's timeout is bounded: a held chunk is offered
// again, and Node can stop the thread at exit (it cannot interrupt a native call).
function copyLoop(
  fs: typeof import('node:fs'),
  threads: typeof import('node:worker_threads'),
  koffi: typeof import('koffi'),
): void {
  const { control, wakeFd } = threads.workerData as { control: MessagePort; wakeFd: number };
  const poll = koffi.load('libc.so.6').func('int poll(void *fds, unsigned long nfds, int timeout)') as (
    fds: Buffer,
    count: number,
    timeoutMs: number,
  ) => number;
  // struct pollfd (poll.h): int fd; short events; short revents. POLLIN 1, POLLERR 8, POLLHUP 16.
  const pollIn = 1;
  const pollEntryBytes = 8;
  const readBytes = 1024 * 1024;
  let buffer: Uint8Array = new Uint8Array(readBytes);
  const wakeBuffer = Buffer.alloc(256);
  // Per stream per round: one fast writer cannot hold up another's copy.
  const roundBytes = 8 * 1024 * 1024;
  type Stream = AddCommand & {
    counter: Int32Array;
    skipped: number;
    held: { bytes: Uint8Array; length: number } | null;
  };
  const streams = new Map<number, Stream>();
  // The poll set is rebuilt only when a stream comes or goes (poll itself rewrites every revents).
  let pollSet = Buffer.alloc(pollEntryBytes * 8);
  let polled: [number, Stream][] = [];
  let isPollSetStale = true;
  const port = threads.parentPort!;
  const post = (id: number, stream: Stream, bytes: ArrayBuffer): void => {
    Atomics.add(stream.counter, 0, bytes.byteLength);
    port.postMessage({ id, event: { kind: 'chunk', bytes, skippedBefore: stream.skipped } }, [bytes]);
    stream.skipped = 0;
  };
  // Posts the chunk held back while the view was full, once it has room (or at the end, always):
  // the view is never left without the output's last part, where a traceback is.
  const release = (id: number, stream: Stream, isEnd: boolean): void => {
    const held = stream.held;
    if (!held || (!isEnd && Atomics.load(stream.counter, 0) + held.length > stream.maxInFlightBytes)) return;
    stream.held = null;
    post(id, stream, held.bytes.buffer.slice(0, held.length) as ArrayBuffer);
  };
  const end = (id: number): void => {
    const stream = streams.get(id);
    if (!stream) return;
    release(id, stream, true);
    streams.delete(id);
    isPollSetStale = true;
    try {
      fs.closeSync(stream.readFd);
    } catch {}
    port.postMessage({ id, event: { kind: 'end', skipped: stream.skipped } });
  };
  // Reads what the pipe holds (up to a round), writes it to the log, hands it on to the view.
  const copy = (id: number, stream: Stream): void => {
    for (let copied = 0; copied < roundBytes; ) {
      let n: number;
      try {
        n = fs.readSync(stream.readFd, buffer, 0, buffer.length, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return;
        n = 0; // a read error ends the stream like EOF
      }
      if (n === 0) {
        end(id);
        return;
      }
      copied += n;
      for (let done = 0; done < n; ) {
        try {
          done += fs.writeSync(stream.logFd, buffer, done, n - done);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          if (code === 'EAGAIN' || code === 'EINTR') continue;
          port.postMessage({ id, event: { kind: 'lost', bytes: n - done, error: code } });
          break;
        }
      }
      release(id, stream, false);
      if (!stream.held && Atomics.load(stream.counter, 0) + n <= stream.maxInFlightBytes) {
        post(id, stream, buffer.buffer.slice(0, n) as ArrayBuffer);
      } else {
        // The view is full: this chunk waits in place of the one that waited before (now skipped),
        // whose buffer takes the next read (no copy of each chunk behind a firehose writer).
        const spare = stream.held?.bytes ?? new Uint8Array(readBytes);
        if (stream.held) stream.skipped += stream.held.length;
        stream.held = { bytes: buffer, length: n };
        buffer = spare;
      }
      // A read short of the buffer emptied the pipe: back to poll rather than a read that fails.
      if (n < buffer.length) return;
    }
  };
  for (;;) {
    for (let m = threads.receiveMessageOnPort(control); m; m = threads.receiveMessageOnPort(control)) {
      const command = m.message as Command;
      if (command.kind === 'add') {
        streams.set(command.id, {
          ...command,
          counter: new Int32Array(command.inFlight),
          skipped: 0,
          held: null,
        });
        isPollSetStale = true;
      } else end(command.id);
    }
    if (isPollSetStale) {
      polled = [...streams];
      if (pollSet.length < pollEntryBytes * (polled.length + 1))
        pollSet = Buffer.alloc(pollEntryBytes * 2 * (polled.length + 1));
      [wakeFd, ...polled.map(([, stream]) => stream.readFd)].forEach((fd, i) => {
        pollSet.writeInt32LE(fd, i * pollEntryBytes);
        pollSet.writeInt16LE(pollIn, i * pollEntryBytes + 4);
      });
      isPollSetStale = false;
    }
    const isHolding = polled.some(([, stream]) => stream.held !== null);
    poll(pollSet, polled.length + 1, isHolding ? 5 : 20);
    if (pollSet.readInt16LE(6) !== 0) {
      try {
        while (fs.readSync(wakeFd, wakeBuffer, 0, wakeBuffer.length, null) === wakeBuffer.length);
      } catch {} // EAGAIN: drained
    }
    polled.forEach(([id, stream], i) => {
      // Data, its end (POLLHUP) or an error: the read says which.
      if (pollSet.readInt16LE((i + 1) * pollEntryBytes + 6) !== 0) copy(id, stream);
      else release(id, stream, false);
    });
  }
}

/** The run's copy thread: streams are added and stopped by id; events come back to each stream's listener. */
export class CopyThread {
  private readonly worker: Worker;
  private readonly control: MessagePort;
  /** A byte written here wakes the thread from poll for a new command. */
  private readonly wakeWriteFd: number | null;
  private readonly listeners = new Map<number, (event: CopyEvent) => void>();
  private nextId = 1;
  /** Set when the thread failed: its streams were ended, and new ones are refused. */
  failure: Error | null = null;
  /** Resolves once the thread runs its loop (or has failed): its start-up is then off a child's time. */
  readonly ready: Promise<void>;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.control = port1;
    this.control.unref();
    const wake = openPipe(4096);
    this.wakeWriteFd =
      wake && setNonBlocking(wake.readFd) && setNonBlocking(wake.writeFd) ? wake.writeFd : null;
    // A transpiler may wrap inner functions in a `__name` helper (esbuild's keepNames): give it one.
    const source = `const __name = (f) => f; (${copyLoop.toString()})(require('node:fs'), require('node:worker_threads'), require(${JSON.stringify(koffiPath)}))`;
    this.worker = new Worker(source, {
      eval: true,
      workerData: { control: port2, wakeFd: wake?.readFd ?? -1 },
      transferList: [port2],
    });
    this.worker.on('message', ({ id, event }: { id: number; event: CopyEvent }) => {
      const listener = this.listeners.get(id);
      if (event.kind === 'end') this.listeners.delete(id);
      listener?.(event);
    });
    const fail = (error: Error): void => {
      this.failure ??= error;
      for (const [id, listener] of this.listeners) {
        this.listeners.delete(id);
        listener({ kind: 'failed' });
      }
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the copy thread exited (${code})`)));
    // Held until it runs (a start awaiting `ready` must not see the process exit), then never what
    // keeps headroom alive (unref after the listeners: adding one refs it).
    this.ready = new Promise<void>((resolve) => {
      for (const event of ['online', 'error', 'exit']) this.worker.once(event, () => resolve());
    }).then(() => {
      this.worker.unref();
    });
  }

  /** Copies `readFd` (made non-blocking by the caller) into `logFd` until EOF or stop(); returns the stream's id. */
  add(stream: Omit<AddCommand, 'kind' | 'id'>, listener: (event: CopyEvent) => void): number | null {
    if (this.failure) return null;
    const id = this.nextId++;
    this.listeners.set(id, listener);
    this.command({ kind: 'add', id, ...stream });
    return id;
  }

  /** Ends a stream now (its pipe may still be held by a process that left the tree). */
  stop(id: number): void {
    this.command({ kind: 'stop', id });
  }

  private command(command: Command): void {
    this.control.postMessage(command);
    if (this.wakeWriteFd === null) return; // no wake pipe: the thread sees it within poll's 20 ms
    try {
      writeSync(this.wakeWriteFd, 'w');
    } catch {} // EAGAIN: the pipe already holds a wake the thread has not read
  }
}

let shared: CopyThread | null = null;

/** The process's copy thread, started on first use (and again after a failure). */
export function copyThread(): CopyThread {
  if (!shared || shared.failure) shared = new CopyThread();
  return shared;
}
