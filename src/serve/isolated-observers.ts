// Runs the dashboard and /metrics of a supervised run in a process of their own, so that nothing
// they do (descriptors exhausted by a flood of connections, a bug that throws, memory) can reach the
// supervisor: its own descriptor table, heap (capped) and event loop. It only reads the run record
// from disk. If it dies, headroom hears it (`onEvent`, an event in the record) and the run goes on.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ObserverMessage } from './observer-process.js';
import {
  ObserverBindError,
  type ObserverRequest,
  runLastScrapeMaxWaitMs,
  type StartedObservers,
} from './observers.js';

/** The observer process's heap cap: a run's whole record as a report model fits many times over. */
const observerHeapMiB = 512;

/** How long the observer process has to start listening (it loads its bundle and binds; well under a second). */
const startTimeoutMs = 30_000;

/**
 * How long a closing observer has before it is killed: its last read, /metrics' wait for one more
 * scrape (at most runLastScrapeMaxWaitMs) and its servers' close (at most 2 s).
 */
const closeGraceMs = runLastScrapeMaxWaitMs + 3000;

// The entry to fork, wherever this module runs from: the source under tsx (tests), tsc's dist/, or
// the bundled CLI (dist/cmd/<command>.cjs, whose sibling dist/bin/observer.cjs scripts/bundle-cli.mjs builds).
function observerEntry(): { path: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.cjs'))
    return { path: fileURLToPath(new URL('../bin/observer.cjs', here)), execArgv: [] };
  if (here.endsWith('.ts'))
    return { path: fileURLToPath(new URL('./observer-process.ts', here)), execArgv: process.execArgv };
  return { path: fileURLToPath(new URL('./observer-process.js', here)), execArgv: [] };
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts the observers `request` asks for in a child process; resolves once they listen, rejects with
 * ObserverBindError when one cannot. After that, `onEvent` hears each problem they survived and their
 * end if it comes before `close` (then the run goes on without them).
 */
export function startObserversIsolated(
  request: ObserverRequest,
  onEvent: (message: string) => void,
): Promise<StartedObservers> {
  const entry = observerEntry();
  const child: ChildProcess = fork(entry.path, [JSON.stringify(request)], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${observerHeapMiB}`],
    // Its own session: the terminal's Ctrl-C is headroom's to handle; the observer ends with headroom.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  let lastError = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    lastError = `${lastError}${chunk.toString('utf8')}`.slice(-4000);
  });

  const lastLine = (): string => {
    const line = lastError.trim().split('\n').filter(Boolean).at(-1);
    return line ? ` (${line.slice(0, 300)})` : '';
  };
  let isClosing = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let isListening = false;
    // A process that cannot be started (no memory, no PIDs) or never listens: an error, not a wait forever.
    const startTimer = setTimeout(() => {
      reject(new Error(`the observer process did not listen within ${startTimeoutMs / 1000} s${lastLine()}`));
      child.kill('SIGKILL');
    }, startTimeoutMs);
    child.on('error', (error) => {
      lastError = String(error);
      if (!isListening) {
        clearTimeout(startTimer);
        reject(new Error(`cannot start the observer process: ${error.message}`));
      }
    });
    child.on('message', (message: ObserverMessage) => {
      if (message.type === 'problem') onEvent(`observer: ${message.message}`);
      else if (message.type === 'bind-failed') {
        clearTimeout(startTimer);
        reject(new ObserverBindError(message.what, message.address, message.errorCode, message.message));
      } else if (message.type === 'listening' && !isListening) {
        isListening = true;
        clearTimeout(startTimer);
        // The run keeps headroom alive; the observer never does.
        child.unref();
        child.channel?.unref();
        (child.stderr as { unref?: () => void } | null)?.unref?.();
        resolve({ dashboard: message.dashboard, metrics: message.metrics, close });
      }
    });
    child.once('exit', (code, signal) => {
      if (!isListening) {
        clearTimeout(startTimer);
        reject(
          new Error(`the observer process ${describeExit(code, signal)} before it listened${lastLine()}`),
        );
        return;
      }
      if (!isClosing)
        onEvent(
          `observer: the dashboard and /metrics stopped: their process ${describeExit(code, signal)}${lastLine()}; the run goes on without them`,
        );
    });
  });

  async function close(): Promise<void> {
    if (isClosing) return exited;
    isClosing = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send({ type: 'close' }, () => undefined);
    const timer = setTimeout(() => child.kill('SIGKILL'), closeGraceMs);
    await exited;
    clearTimeout(timer);
  }
}
