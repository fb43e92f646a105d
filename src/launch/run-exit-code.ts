// The exit code of `headroom run` (DESIGN "Commands"): 0 when all exited cleanly, 130 when
// interrupted, else the first failure's code, or 128 + its signal's number.
import { constants } from 'node:os';
import { ExitCode } from '../errors.js';
import type { ProcessSummary } from './types.js';

/** Exit code for processes listed in the order they ended. */
export function runExitCode(
  endedInOrder: readonly Pick<ProcessSummary, 'reason' | 'exitCode' | 'signal'>[],
  isInterrupted: boolean,
): number {
  if (isInterrupted) return ExitCode.interrupted;
  const failure = endedInOrder.find((process) => process.reason !== 'exited');
  if (!failure) return ExitCode.ok;
  // An OOM kill in the tree: 137 (128 + SIGKILL, what the victim got), unless the process failed
  // with a code of its own after it (a trainer raising when its DataLoader worker died).
  if (failure.reason === 'oom-killed') {
    const hasOwnCode = failure.signal === null && failure.exitCode !== null && failure.exitCode !== 0;
    return hasOwnCode ? failure.exitCode! : 128 + constants.signals.SIGKILL;
  }
  if (failure.exitCode !== null && failure.exitCode !== 0) return failure.exitCode;
  const signalNumber = failure.signal ? constants.signals[failure.signal as NodeJS.Signals] : undefined;
  if (signalNumber !== undefined) return 128 + signalNumber;
  return ExitCode.problems; // failed without a code of its own (e.g. a dependency never became ready)
}
