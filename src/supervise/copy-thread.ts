// One thread copies every child's output pipe into its log, off the supervising loop: the copy runs
// at the speed of `cat` while the loop samples, enforces and answers signals; a full disk costs
// bytes (counted), never the copy. Whole chunks go on to the live view (output-copier.ts) only
// while the view keeps up: each stream's bytes in flight are bounded, what is beyond is skipped.
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

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

// The thread's body, run from its source text (so the bundled CLI needs no file for it): reads
// every stream's non-blocking pipe in turn, writes the log, posts chunks (holding back the latest
// while the view is full, skipping older ones); sleeps when all are idle
// (0.25 ms, growing to 20 ms) until data comes or the supervisor wakes it with a new command.
function copyLoop(fs: typeof import('node:fs'), threads: typeof import('node:worker_threads')): void {
  const { control, wake } = threads.workerData as { control: MessagePort; wake: SharedArrayBuffer };
  const port = threads.parentPort!;
  const wakeWord = new Int32Array(wake);
  const buffer = new Uint8Array(1024 * 1024);
  // Per stream per round: one fast writer cannot hold up another's copy.
  const roundBytes = 8 * 1024 * 1024;
  type Stream = AddCommand & { counter: Int32Array; skipped: number; held: ArrayBuffer | null };
  const streams = new Map<number, Stream>();
  const post = (id: number, stream: Stream, bytes: ArrayBuffer): void => {
    Atomics.add(stream.counter, 0, bytes.byteLength);
    port.postMessage({ id, event: { kind: 'chunk', bytes, skippedBefore: stream.skipped } }, [bytes]);
    stream.skipped = 0;
  };
  // Posts the chunk held back while the view was full, once it has room (or at the end, always):
  // the view is never left without the output's last part, where a traceback is.
  const release = (id: number, stream: Stream, isEnd: boolean): void => {
    const held = stream.held;
    if (!held || (!isEnd && Atomics.load(stream.counter, 0) + held.byteLength > stream.maxInFlightBytes))
      return;
    stream.held = null;
    post(id, stream, held);
  };
  const end = (id: number): void => {
    const stream = streams.get(id);
    if (!stream) return;
    release(id, stream, true);
    streams.delete(id);
    try {
      fs.closeSync(stream.readFd);
    } catch {}
    port.postMessage({ id, event: { kind: 'end', skipped: stream.skipped } });
  };
  let idleMs = 0.25;
  for (;;) {
    for (let m = threads.receiveMessageOnPort(control); m; m = threads.receiveMessageOnPort(control)) {
      const command = m.message as Command;
      if (command.kind === 'add')
        streams.set(command.id, {
          ...command,
          counter: new Int32Array(command.inFlight),
          skipped: 0,
          held: null,
        });
      else end(command.id);
    }
    let hasMoved = false;
    for (const [id, stream] of streams) {
      release(id, stream, false);
      for (let copied = 0; copied < roundBytes; ) {
        let n: number;
        try {
          n = fs.readSync(stream.readFd, buffer, 0, buffer.length, null);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break;
          n = 0; // a read error ends the stream like EOF
        }
        if (n === 0) {
          end(id);
          break;
        }
        hasMoved = true;
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
        const bytes = buffer.buffer.slice(0, n);
        if (!stream.held && Atomics.load(stream.counter, 0) + n <= stream.maxInFlightBytes) {
          post(id, stream, bytes);
          continue;
        }
        // The view is full: this chunk waits in place of the one that waited before (now skipped).
        if (stream.held) stream.skipped += stream.held.byteLength;
        stream.held = bytes;
      }
    }
    if (hasMoved) {
      idleMs = 0.25;
      continue;
    }
    // A writer that paused is likely to write again soon: short sleeps (a 1 MiB pipe holds ~5 ms
    // of a fast writer), growing to 20 ms for a quiet one.
    Atomics.wait(wakeWord, 0, 0, idleMs);
    idleMs = Math.min(20, idleMs * 1.5);
  }
}

/** The run's copy thread: streams are added and stopped by id; events come back to each stream's listener. */
export class CopyThread {
  private readonly worker: Worker;
  private readonly control: MessagePort;
  private readonly wakeWord = new Int32Array(new SharedArrayBuffer(4));
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
    // A transpiler may wrap inner functions in a `__name` helper (esbuild's keepNames): give it one.
    const source = `const __name = (f) => f; (${copyLoop.toString()})(require('node:fs'), require('node:worker_threads'))`;
    this.worker = new Worker(source, {
      eval: true,
      workerData: { control: port2, wake: this.wakeWord.buffer },
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
    Atomics.store(this.wakeWord, 0, 1);
    Atomics.notify(this.wakeWord, 0);
    Atomics.store(this.wakeWord, 0, 0);
  }
}

let shared: CopyThread | null = null;

/** The process's copy thread, started on first use (and again after a failure). */
export function copyThread(): CopyThread {
  if (!shared || shared.failure) shared = new CopyThread();
  return shared;
}
