// What `headroom run` does around a run, whichever backend launches it (run-local.ts, run-slurm.ts):
// a run directory, the plan's tables, the dashboard and /metrics, the live view, the stop signals, and
// the summary as the command's data.

import type { RunSummary, SuperviseUpdate } from '../../../launch/types.js';
import type { EventSink } from '../../../run-record/writer.js';
import type { CommandIo } from '../../io.js';
import { type Colors, colorsFor } from '../../output.js';
import { dashboardAddress, metricsAddress, startRunObservers } from '../../shared/observers.js';
import { createRunRenderer } from '../../shared/render-run.js';
import { newRunDir } from '../../shared/run-dirs.js';

/** What one backend's run needs from the command once the run directory and the live view exist. */
export interface BackendRunInputs {
  runDir: string;
  runId: string;
  /** Where the live view and headroom's own notes go (stderr under --json). */
  stream: NodeJS.WritableStream;
  output: (update: SuperviseUpdate) => void;
  /** Aborted by the first stop signal (reason: the signal to forward). */
  signal: AbortSignal;
  /** Aborted by a second stop signal where the backend can hurry (local: kill at once). */
  killSignal: AbortSignal;
  onRecordOpened: (event: EventSink) => void;
}

/** A run about to be launched: what to show first, and how its backend runs it. */
export interface PreparedRun<Summary extends RunSummary = RunSummary> {
  /** The live view's rows, in order. */
  names: string[];
  /** Checks the run directory before anything is written (Slurm cannot log to a path with %). */
  checkRunDir?(runDir: string): void;
  /** What is printed before the run starts: the plan's tables, the script check. */
  preamble(colors: Colors): string;
  /** The signals that stop the run (and not headroom alone: the children have sessions of their own). */
  stopSignals: readonly NodeJS.Signals[];
  /** What a second stop signal does: local kills every tree at once; Slurm can only say what it waits for. */
  onSecondSignal(say: (line: string) => void, kill: () => void, signal: NodeJS.Signals): void;
  run(inputs: BackendRunInputs): Promise<Summary>;
  /** Releases what preparing took (the GPU probe); called once. */
  close(): Promise<void>;
}

export interface LaunchFlags {
  runDir?: string;
  dashboard?: number | true;
  host?: string;
  metrics?: string | true;
  json: boolean;
}

/** Runs a prepared run under the command's flags; the summary and its exit code. */
export async function launchPrepared<Summary extends RunSummary>(
  prepare: () => Promise<PreparedRun<Summary>>,
  flags: LaunchFlags,
  io: CommandIo,
): Promise<{ data: Summary; exitCode: number }> {
  // Flags are checked before anything is planned, written or asked of a cluster.
  const dashboard = dashboardAddress(flags.dashboard, flags.host);
  const metrics = metricsAddress(flags.metrics);
  const prepared = await prepare();
  try {
    const { id: runId, dir: runDir } = newRunDir({ runDir: flags.runDir, cwd: io.cwd });
    prepared.checkRunDir?.(runDir);
    // With --json, stdout carries only the summary; the live view goes to stderr.
    const stream = flags.json ? io.stderr : io.stdout;
    stream.write(prepared.preamble(colorsFor(stream, io.env)));
    const say = (line: string): void => void stream.write(`${line}\n`);
    // The dashboard and /metrics read the run record as it is written (src/observe/), in a process of
    // their own (a flood of connections cannot take the run down); what happens to them is an event of
    // the run, held until the record is open.
    const { observers, onRecordOpened } = await startRunObservers({ runDir, dashboard, metrics, say });
    const renderer = createRunRenderer({ stream, env: io.env, names: prepared.names });
    const controller = new AbortController();
    const killer = new AbortController();
    const onSignal = (signal: NodeJS.Signals): void => {
      // Children get SIGINT for Ctrl-C (their KeyboardInterrupt clean-up), SIGTERM for the rest:
      // SIGQUIT would make Python dump core, SIGHUP means nothing to a process in its own session.
      if (!controller.signal.aborted) controller.abort(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
      else if (!killer.signal.aborted) prepared.onSecondSignal(say, () => killer.abort(signal), signal);
    };
    for (const signal of prepared.stopSignals) process.on(signal, onSignal);
    try {
      const summary = await prepared.run({
        runDir,
        runId,
        stream,
        output: (update) => renderer.update(update),
        signal: controller.signal,
        killSignal: killer.signal,
        onRecordOpened,
      });
      renderer.finish();
      return { data: summary, exitCode: summary.exitCode };
    } finally {
      for (const signal of prepared.stopSignals) process.off(signal, onSignal);
      await observers.close();
    }
  } finally {
    await prepared.close();
  }
}
