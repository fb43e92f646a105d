// The one orchestration of a run, whichever backend launches it: open the record (run.json, plan.json),
// let the backend start the processes in order, sample and follow them to their end, and write
// summary.json from the backend's verdicts with the run's exit code.
import type { RunOrigin } from '../run-record/schema.js';
import { type EventSink, eventSink, openRunRecord, supervisorMeta } from '../run-record/writer.js';
import type { FollowResult, LaunchBackend, LaunchRun } from './backend.js';
import { runExitCode } from './run-exit-code.js';
import type { Clock, ProcessSummary, RunSummary, SuperviseUpdate } from './types.js';

export interface OrchestrateOptions<Process extends ProcessSummary, Extra extends object> {
  backend: LaunchBackend<Process, Extra>;
  runDir: string;
  runId: string;
  /** The processes' names, as run.json lists them. */
  names: string[];
  /** What started the run (run.json), so later advice names the right knob. */
  origin: RunOrigin | null;
  /** Written to plan.json when given. */
  plan?: unknown;
  clock: Clock;
  /** Where headroom's own start time is read (run.json), for the keeper and stale-run checks. */
  procRoot?: string;
  /** The live view: every output chunk, status update and event. */
  output: (update: SuperviseUpdate) => void;
  /** Aborting stops the run; a signal name as reason is forwarded instead of SIGTERM. */
  signal?: AbortSignal;
  /** Called once the record is open with its event sink: what runs beside (the observers) records through it. */
  onRecordOpened?: (event: EventSink) => void;
}

export type OrchestratedSummary<Process extends ProcessSummary, Extra extends object> = RunSummary &
  Extra & { processes: Process[] };

const isSignalName = (value: unknown): value is NodeJS.Signals =>
  typeof value === 'string' && /^SIG[A-Z0-9]+$/.test(value);

/** Runs the backend's processes to their end and returns what summary.json holds. */
export async function orchestrate<Process extends ProcessSummary, Extra extends object>(
  options: OrchestrateOptions<Process, Extra>,
): Promise<OrchestratedSummary<Process, Extra>> {
  const { backend, clock, signal } = options;
  const startedAt = new Date(clock.now()).toISOString();
  const record = openRunRecord(
    options.runDir,
    {
      runId: options.runId,
      startedAt,
      ...supervisorMeta(options.procRoot),
      processes: options.names,
      origin: options.origin,
    },
    { clock },
  );
  let isOutputBroken = false;
  // A renderer that throws must not take the run (and so the children's supervision) down.
  const emit = (update: SuperviseUpdate): void => {
    if (isOutputBroken) return;
    try {
      options.output(update);
    } catch (error) {
      isOutputBroken = true;
      const message = `the output callback failed; live output stopped (${String(error)})`;
      record.appendEvent({ time: new Date(clock.now()).toISOString(), type: 'warning', message });
    }
  };
  const run: LaunchRun = { record, event: eventSink({ record, clock, emit }), emit, clock };
  const stop = (): void => backend.stop(isSignalName(signal?.reason) ? signal.reason : 'SIGTERM');
  let sampling: { stop(): Promise<void> } | undefined;
  try {
    if (options.plan !== undefined) record.writePlan(options.plan);
    options.onRecordOpened?.(run.event);
    // A full disk is a state of the run: said once per file, counted in summary.json, never thrown.
    record.onFirstLoss = (loss) => {
      const why = loss.error === 'ENOSPC' ? 'the disk is full' : loss.error;
      run.event(
        'write-lost',
        undefined,
        `could not write ${loss.file} (${why}); the run goes on, and summary.json counts the bytes lost`,
        { ...loss },
      );
    };
    backend.attach(run);
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) stop();
    sampling = backend.sample(run);
    await backend.start(run);
    const ended: FollowResult<Process, Extra> = await backend.follow(run);
    return record.writeSummary({
      runId: options.runId,
      runDir: options.runDir,
      startedAt,
      endedAt: new Date(clock.now()).toISOString(),
      exitCode: runExitCode(ended.endOrder, ended.isStopped),
      processes: ended.processes,
      ...ended.extra,
    });
  } finally {
    signal?.removeEventListener('abort', stop);
    await sampling?.stop();
    await backend.close();
    record.close();
  }
}
