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
  if (failure.exitCode !== null && failure.exitCode !== 0) return failure.exitCode;
  const signalNumber = failure.signal ? constants.signals[failure.signal as NodeJS.Signals] : undefined;
  if (signalNumber !== undefined) return 128 + signalNumber;
  return ExitCode.problems; // failed without a code of its own (e.g. a dependency never became ready)
}
