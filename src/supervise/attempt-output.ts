// What a running attempt's output means to the supervisor: lines for the renderer, the
// ready_when match that lets dependents start, and every line into doctor's classifier (the one
// judge of what output says; its verdict is taken when the attempt ends).

import { compileLinearPattern } from '../linear-pattern.js';
import type { Attempt, LiveProcess, RunContext } from './run-context.js';

/** The part of a line `ready_when` is matched against. */
export const maxReadyLineChars = 4096;

/** Marks the process ready, once; dependents waiting on it may start. */
export function markReady(context: RunContext, live: LiveProcess, line?: string): void {
  if (live.isReady) return;
  live.isReady = true;
  context.readiness.markReady(live.spec.name);
  if (line !== undefined)
    context.event('ready', live.spec.name, `ready: "${line}" matched ${live.spec.readyWhen}`);
}

/** A handler for whole lines of `attempt`'s output, as bytes (valid only during the call). */
export function handleOutput(
  context: RunContext,
  live: LiveProcess,
  attempt: Attempt,
): (lines: Buffer) => void {
  const { name, readyWhen } = live.spec;
  // Linear time per line (checked when the config was read): a line cannot stall the loop.
  const readyPattern = readyWhen === undefined ? null : compileLinearPattern(readyWhen);
  return (lines) => {
    // The classifier reads the bytes; the renderer and ready_when read text.
    attempt.output.write(lines);
    const text = lines.toString('utf8');
    context.emit({ kind: 'output', name, text });
    if (readyPattern && !live.isReady) {
      // Each line is tested once, and only its first part: a user's pattern over a megabyte line
      // could backtrack for minutes while Ctrl-C waits.
      const line = text.split('\n').find((l) => readyPattern.test(l.slice(0, maxReadyLineChars)));
      if (line !== undefined) markReady(context, live, line.slice(0, maxReadyLineChars));
    }
  };
}
