// The trial runner: one trial per call of the search, each a fresh process (started-trial.ts), with
// the next trials started warm ahead of it when warm starts are on (warm-start.ts); `close` stops the
// ones the search never needed.

import { isAddressSpaceBinding } from '../address-space.js';
import type { TrialHints } from '../trial-stop.js';
import type { Resource, TrialRecord } from '../types.js';
import { createLearnedImports } from './learned-imports.js';
import {
  type StartedTrial,
  startTrial,
  type TrialImports,
  type TrialRunnerOptions,
} from './started-trial.js';

export type { TrialRunnerOptions } from './started-trial.js';

/** The runner: one trial per call, and `close` to stop the trials still warming when the search ends. */
export interface TrialRunner {
  /** `fresh`: a fresh process even where trials are forks (the answer checked in a layout of its own). */
  (value: number, index: number, hints?: TrialHints, mode?: { fresh?: boolean }): Promise<TrialRecord>;
  close(): Promise<void>;
  /** Why warm starts (or forked trials) stopped, when they did. */
  warmStartProblem(): string | null;
  /** What trial `index` holds before its value (a warm start at its gate, its imports in), when it can be read. */
  baseBytesOf(index: number): Promise<Partial<Record<Resource, number>> | undefined>;
}

/** How long the search waits for a warm start to finish its imports at the gate before it reads its memory. */
const gateWaitMs = 30_000;
/** How often a running trial's imports so far are read for the trials waiting at their gate. */
const learnPollMs = 250;

/**
 * Where trials are forks: the index a fresh process started ahead for the answer's fresh check is
 * started under (its gate and imports log apart from the forks'); its record takes the search's index.
 */
const freshAheadIndex = 1000;

/** A function that runs one trial per call. */
export function createTrialRunner(given: TrialRunnerOptions): TrialRunner {
  const options = { ...given };
  const warmDepth = options.isFullTrials ? 0 : (options.warmDepth ?? 0);
  const warming = new Map<number, StartedTrial>();
  let warmProblem: string | null = null;
  // Learned only where something imports ahead: warm starts at their gate, or the warm interpreter.
  const learned =
    options.learnImports && (warmDepth > 0 || options.warmServer)
      ? createLearnedImports(options.runsDir)
      : null;
  const importsOf = (index: number): TrialImports | null =>
    learned
      ? { logFile: learned.logFileOf(index), learnedFile: learned.file(), learned: learned.names() }
      : null;
  // After a trial: what it imported goes to the trials waiting at their gate.
  const learnFrom = (index: number): void => {
    if (!learned?.learnFrom(index)) return;
    for (const trial of warming.values()) trial.offerImports(learned.names());
  };
  // While a trial runs, what it has imported so far goes to them too: offered only once it ended, the
  // next trial's gate imported Lightning after trial 1 and the search waited on it, 2.9-6.9 s in every
  // fit of the bench (fit-vs-lightning, 13:34-14:06 UTC).
  const learnWhileRunning = (index: number): (() => void) => {
    if (!learned || warmDepth === 0) return () => {};
    const timer = setInterval(() => {
      if (warming.size > 0 && learned.peek(index))
        for (const trial of warming.values()) trial.offerImports(learned.names());
    }, learnPollMs);
    return () => clearInterval(timer);
  };

  // Keeps the next `warmDepth` trials warming after trial `index`.
  const warmAhead = (index: number): void => {
    if (warmDepth === 0 || warmProblem !== null || options.signal?.aborted) return;
    for (let next = index + 1; next <= index + warmDepth; next++) {
      if (!warming.has(next)) warming.set(next, startTrial(options, next, null, importsOf(next)));
    }
  };

  // A warm start that ended at the gate (its start-up failed, or its imports alone ran out of
  // memory): the value runs cold, and so does every later trial.
  const giveUpWarmStarts = async (trial: StartedTrial): Promise<void> => {
    warmProblem = `trial ${trial.index}'s warm start ended before its value was given; it and the rest ran cold`;
    await Promise.all([trial, ...warming.values()].map((t) => t.discard()));
    warming.clear();
  };

  // Where trials are forks, a fresh process waits at its gate once a memory failure is known (the
  // search is near its end): the answer's fresh check then costs its run, not also its imports
  // (cold, the bench's CNN under RLIMIT_AS spent 12.7 and 13.2 s on two checks, a fork ~5 s).
  let freshAhead: StartedTrial | null = null;
  const prepareFreshCheck = (record: TrialRecord): void => {
    if (freshAhead !== null || record.outcome !== 'memory' || !options.warmServer?.isAlive()) return;
    if (options.signal?.aborted) return;
    freshAhead = startTrial(
      { ...options, warmServer: null },
      freshAheadIndex,
      null,
      importsOf(freshAheadIndex),
    );
  };
  const runFreshCheck = async (value: number, index: number, hints?: TrialHints): Promise<TrialRecord> => {
    const ahead = freshAhead;
    freshAhead = null;
    if (ahead && !ahead.hasEnded()) {
      const record = await ahead.release(value, hints, index);
      learnFrom(freshAheadIndex);
      // Failed fresh: the search's later values run fresh too (search.ts), the next one warm.
      if (record) prepareFreshCheck(record);
      if (record) return record;
    } else if (ahead) await ahead.discard();
    const record = (await startTrial(
      { ...options, warmServer: null },
      index,
      value,
      importsOf(index),
    ).release(value, hints)) as TrialRecord;
    learnFrom(index);
    prepareFreshCheck(record);
    return record;
  };

  // A forked trial whose client found no server (it died): this trial and the rest run fresh.
  const runForked = async (value: number, index: number, hints?: TrialHints): Promise<TrialRecord | null> => {
    const record = await startTrial(options, index, value, importsOf(index)).release(value, hints);
    learnFrom(index);
    if (record) return record;
    warmProblem = `trial ${index}'s warm interpreter was gone; it and the rest ran as fresh processes`;
    options.warmServer = null;
    return null;
  };

  const run = async (
    value: number,
    index: number,
    hints?: TrialHints,
    mode?: { fresh?: boolean },
  ): Promise<TrialRecord> => {
    if (mode?.fresh && options.warmServer?.isAlive()) return runFreshCheck(value, index, hints);
    if (options.warmServer?.isAlive()) {
      const record = await runForked(value, index, hints);
      if (record) prepareFreshCheck(record);
      if (record) return record;
    }
    const warm = warming.get(index);
    warming.delete(index);
    if (warm && !warm.hasEnded()) {
      const released = warm.release(value, hints);
      warmAhead(index);
      const stopLearning = learnWhileRunning(index);
      const record = await released.finally(stopLearning);
      learnFrom(index);
      if (record) return record;
    }
    if (warm) await giveUpWarmStarts(warm);
    const record = startTrial(options, index, value, importsOf(index)).release(value, hints);
    warmAhead(index);
    const stopLearning = learnWhileRunning(index);
    const ended = (await record.finally(stopLearning)) as TrialRecord;
    learnFrom(index);
    return ended;
  };
  return Object.assign(run, {
    close: async () => {
      await Promise.all([...warming.values(), ...(freshAhead ? [freshAhead] : [])].map((t) => t.discard()));
      freshAhead = null;
      warming.clear();
      learned?.close();
    },
    warmStartProblem: () => warmProblem,
    baseBytesOf: async (index: number) => {
      // Forks: the warm interpreter imports what the trials learned now (the next fork would wait on
      // it anyway), and its address space is what each fork holds before its value; a base only where
      // the address space is what trials are judged by (a fork's RSS is not its server's).
      const learnedFile = learned?.file();
      if (options.warmServer?.isAlive() && learnedFile) {
        const server = await options.warmServer.preimport(learnedFile);
        const isJudged =
          server?.limitBytes != null && isAddressSpaceBinding(server.limitBytes, options.limits);
        return server && isJudged ? { host: server.sizeBytes } : undefined;
      }
      // Waiting costs no wall time: a warm start imports what it was offered before its value runs anyway.
      const host = (await warming.get(index)?.gateHostBytes(gateWaitMs)) ?? null;
      return host === null ? undefined : { host };
    },
  });
}
