// The observer process's entry (isolated-observers.ts forks it): serves the dashboard and /metrics
// of one run directory, says where on its IPC channel, and ends when told to or when the headroom
// that started it is gone (the channel closes, whatever killed headroom).
import { type ObserverRequest, type StartedObservers, startObserversHere } from './observers.js';

/** A message from the observer process to headroom. */
export type ObserverMessage =
  | { type: 'listening'; dashboard: StartedObservers['dashboard']; metrics: StartedObservers['metrics'] }
  | {
      type: 'bind-failed';
      what: 'dashboard' | 'metrics';
      address: { host: string; port: number };
      errorCode?: string;
      message: string;
    }
  | { type: 'problem'; message: string };

const send = (message: ObserverMessage, then?: () => void): void => {
  if (process.connected) process.send?.(message, undefined, undefined, () => then?.());
  else then?.();
};

function main(): void {
  if (process.send === undefined) {
    process.stderr.write('headroom observer: run by headroom only (it needs an IPC channel)\n');
    process.exit(2);
  }
  const request = JSON.parse(process.argv[2] ?? '{}') as ObserverRequest;
  let started: StartedObservers | null = null;
  let isClosing = false;
  const close = (): void => {
    if (isClosing) return;
    isClosing = true;
    void (started?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'close') close();
  });
  // headroom ended (or was killed): nobody to serve for.
  process.on('disconnect', close);
  startObserversHere(request, (message) => send({ type: 'problem', message })).then(
    (observers) => {
      started = observers;
      send({ type: 'listening', dashboard: observers.dashboard, metrics: observers.metrics });
    },
    (error: unknown) => {
      const failed = error as {
        what?: 'dashboard' | 'metrics';
        address?: { host: string; port: number };
        errorCode?: string;
      };
      send(
        {
          type: 'bind-failed',
          what: failed.what ?? 'dashboard',
          address: failed.address ?? { host: '?', port: 0 },
          ...(failed.errorCode ? { errorCode: failed.errorCode } : {}),
          message: (error as Error).message,
        },
        () => process.exit(1),
      );
    },
  );
}

main();
