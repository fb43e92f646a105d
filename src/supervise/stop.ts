// Asking one process's tree to stop: the run's stop path (Ctrl-C, SIGTERM) and GPU enforcement.
import { formatDuration } from './format.js';
import type { Attempt, RunContext, StopCause } from './run-context.js';
import { stopTree } from './terminate.js';

/** Starts stopping `attempt` (signal, grace, SIGKILL) unless it has ended or is already stopping. */
export function requestStop(
  context: RunContext,
  name: string,
  attempt: Attempt,
  options: { signal: NodeJS.Signals; headroomKill?: string; cause?: StopCause },
): void {
  if (attempt.isExited || attempt.stopping) return;
  if (options.headroomKill) attempt.headroomKill = options.headroomKill;
  attempt.stopCause = options.cause ?? (options.headroomKill ? 'headroom' : 'interrupt');
  const { stopGraceMs: graceMs, clock, procRoot } = context;
  attempt.stopping = stopTree({
    tree: attempt,
    signal: options.signal,
    graceMs,
    clock,
    procRoot,
    skipGrace: context.skipGraceSignal,
  }).then(({ signalledPids, killedPids }) => {
    if (killedPids.length > 0) {
      const message = context.skipGraceSignal.aborted
        ? `stopped at once (a second stop request): sent SIGKILL to pid ${killedPids.join(', ')}`
        : `still running ${formatDuration(graceMs)} after ${options.signal}: sent SIGKILL to pid ${killedPids.join(', ')}`;
      context.event('kill-after-grace', name, message, { pids: killedPids });
    }
    return { signal: options.signal, signalledPids, killedPids };
  });
  context.event(
    'signal-forwarded',
    name,
    `sent ${options.signal} to ${name}'s process group (pid ${attempt.pid})`,
    {
      signal: options.signal,
      pid: attempt.pid,
    },
  );
}
