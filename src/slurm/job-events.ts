// What happens to a job, as events in the run record and updates for the renderer: steps Slurm
// started (squeue), the batch script's marker lines (ready, not started, restarts, srun's status),
// and each step's end from sacct, judged by the Slurm step verdict.

import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { OutputReader } from '../doctor/stream/output-reader.js';
import { gpuFactsOf } from '../launch/gpu-facts.js';
import type { Clock, LaunchSpec, ProcessStatus, SuperviseUpdate } from '../launch/types.js';
import { type EventSink, eventSink, type RunRecord } from '../run-record/writer.js';
import type { LogVerdict, Verdict } from '../verdict/types.js';
import { SlurmCommandError, type SlurmCommands } from './commands.js';
import { type AccountingRow, parseAccounting, sacctArgs, srunSteps } from './sacct.js';
import { parseMarker } from './script-prelude.js';
import type { QueuedJob, RunningStep } from './squeue.js';
import { isFinalState } from './states.js';
import { judgeStepEnd, type StepEndFacts } from './step-verdict.js';

/** What the batch script's markers said about one process. */
export interface MarkerFacts {
  srunExitCode: number | null;
  restarts: number;
  notStarted: string | null;
  isReady: boolean;
}

export class JobEvents {
  readonly markers = new Map<string, MarkerFacts>();
  /** sacct's rows, once read; null while unread or when the cluster keeps no accounting. */
  rows: AccountingRow[] | null = null;
  hasAccounting = true;
  private readonly reported = new Set<string>();
  /** Step ID → process name, for every step squeue or sacct has shown. */
  private readonly seen = new Map<string, string>();
  private readonly ended = new Set<string>();
  /** Per process: its log's verdict and the bytes it was read from (the log only grows). */
  private readonly logVerdicts = new Map<
    string,
    { sizeBytes: number; verdict: LogVerdict | null; reader: OutputReader }
  >();
  private batchBytes = 0;
  private pendingReason = '';
  private batchRest = '';
  jobId = '';
  /** Appends to events.jsonl and tells the renderer. */
  readonly event: EventSink;
  isCancelled = false;
  /** Step IDs squeue last listed as running, with their process names. */
  running = new Map<string, string>();
  /** Per process: the most memory sstat saw any of its steps hold. */
  readonly sampledPeaks = new Map<string, number>();
  /** Per process: the most GPU memory sstat saw (only where the cluster gathers `gres/gpumem`). */
  readonly sampledGpuPeaks = new Map<string, number>();

  constructor(
    private readonly options: {
      launches: readonly LaunchSpec[];
      record: RunRecord;
      batchLogPath: string;
      commands: SlurmCommands;
      clock: Clock;
      emit: (update: SuperviseUpdate) => void;
    },
  ) {
    this.event = eventSink(options);
    for (const launch of options.launches)
      this.markers.set(launch.name, { srunExitCode: null, restarts: 0, notStarted: null, isReady: false });
  }

  cancelled(jobId: string): void {
    this.isCancelled = true;
    this.event('signal-forwarded', undefined, `headroom was interrupted: cancelled job ${jobId} (scancel)`, {
      slurmJobId: jobId,
    });
  }

  /** squeue's running steps now: those of headroom's processes are the ones to sample. */
  setRunning(steps: readonly Pick<RunningStep, 'stepId' | 'name'>[]): void {
    this.running = new Map(steps.filter((s) => this.markers.has(s.name)).map((s) => [s.stepId, s.name]));
  }

  /** A step squeue lists for the first time. */
  stepSeen(step: Pick<RunningStep, 'stepId' | 'name' | 'nodes'>): void {
    if (this.seen.has(step.stepId) || !this.markers.has(step.name)) return;
    this.seen.set(step.stepId, step.name);
    this.event('spawn', step.name, `started ${step.name} as step ${step.stepId} on ${step.nodes}`, {
      pid: null,
      slurmStepId: step.stepId,
      node: step.nodes,
    });
  }

  /** The job's state for the status line; why it waits, once per reason (squeue's %r). */
  jobState(job: QueuedJob): void {
    if (job.state === 'PENDING' && job.reason !== this.pendingReason) {
      this.pendingReason = job.reason;
      this.options.emit({
        kind: 'output',
        name: 'slurm',
        text: `job ${job.jobId} is pending (${job.reason})\n`,
      });
    }
    const running = new Set(this.seen.values());
    const processes: ProcessStatus[] = this.options.launches.map((launch) => ({
      name: launch.name,
      state: this.ended.has(launch.name) ? 'ended' : running.has(launch.name) ? 'running' : 'waiting',
      pid: null,
      restarts: this.markers.get(launch.name)?.restarts ?? 0,
      hostBytes: null,
      hostLimitBytes: launch.hostMemoryBytes,
      gpuBytes: null,
      gpuBudgetBytes: launch.gpuBudgetBytes,
    }));
    if (job.state === 'PENDING' || processes.length > 0) this.options.emit({ kind: 'status', processes });
  }

  /** Reads what the batch script printed since the last call: markers become events, the rest output. */
  readBatchOutput(): void {
    const { batchLogPath } = this.options;
    if (!existsSync(batchLogPath)) return;
    const fd = openSync(batchLogPath, 'r');
    const chunks: Buffer[] = [];
    try {
      const buffer = Buffer.allocUnsafe(64 * 1024);
      for (let bytes = readSync(fd, buffer, 0, buffer.length, this.batchBytes); bytes > 0; ) {
        chunks.push(Buffer.from(buffer.subarray(0, bytes)));
        this.batchBytes += bytes;
        bytes = readSync(fd, buffer, 0, buffer.length, this.batchBytes);
      }
    } finally {
      closeSync(fd);
    }
    if (chunks.length === 0) return;
    const text = this.batchRest + Buffer.concat(chunks).toString('utf8');
    const lines = text.split('\n');
    this.batchRest = lines.pop() ?? '';
    const other: string[] = [];
    for (const line of lines) if (!this.onMarker(line)) other.push(line);
    // srun's and slurmstepd's own messages (an OOM kill, a step that cannot start) are worth seeing.
    if (other.length > 0) this.options.emit({ kind: 'output', name: 'slurm', text: `${other.join('\n')}\n` });
  }

  private onMarker(line: string): boolean {
    const marker = parseMarker(line);
    const facts = marker && this.markers.get(marker.name);
    if (!marker || !facts) return false;
    if (marker.kind === 'end') facts.srunExitCode = marker.exitCode;
    if (marker.kind === 'ready') {
      facts.isReady = true;
      this.event('ready', marker.name, `ready: a line of ${marker.name}'s log matched its ready_when`);
    }
    if (marker.kind === 'not-started') {
      facts.notStarted = `dependency ${marker.because}`;
      this.event('not-started', marker.name, `not started: dependency ${marker.because}`);
    }
    if (marker.kind === 'restart') {
      facts.restarts = marker.attempt;
      this.ended.delete(marker.name);
      this.event('restart', marker.name, `restart ${marker.attempt} in ${marker.delaySeconds} s`, {
        restart: marker.attempt,
        delayMs: marker.delaySeconds * 1000,
      });
    }
    return true;
  }

  /** Reads sacct; false when the cluster keeps no accounting (sacct says it is disabled). */
  async readAccounting(): Promise<boolean> {
    if (!this.hasAccounting) return false;
    try {
      this.rows = parseAccounting(await this.options.commands.run('sacct', sacctArgs(this.jobId)));
      return true;
    } catch (error) {
      if (error instanceof SlurmCommandError && /accounting storage is disabled/i.test(error.stderr)) {
        this.hasAccounting = false;
        this.event(
          'warning',
          undefined,
          "sacct: Slurm accounting storage is disabled; steps are judged by srun's exit status",
        );
        return false;
      }
      throw error;
    }
  }

  /** Reports the end of every step sacct shows as over and that was not reported yet. */
  async accountEndedSteps(): Promise<void> {
    if (!(await this.readAccounting())) return;
    for (const row of srunSteps(this.rows ?? [])) {
      const stepId = `${row.jobId}.${row.step}`;
      if (!isFinalState(row.state) || this.reported.has(stepId) || !this.markers.has(row.name)) continue;
      this.stepSeen({ stepId, name: row.name, nodes: row.nodes });
      this.reported.add(stepId);
      this.ended.add(row.name); // until a restart marker says otherwise
      const attribution = this.judge(row.name, row);
      this.event('exit', row.name, `${row.name} ended: ${attribution.reason} (${attribution.because})`, {
        pid: null,
        slurmStepId: stepId,
        exitCode: row.exitCode,
        ...attribution,
      });
      if (attribution.reason === 'oom-killed')
        this.event('oom', row.name, attribution.because, { kind: 'host' });
    }
  }

  /** The verdict on a process's last attempt (`row`), or on one that has no accounting row. */
  judge(name: string, row: AccountingRow | undefined): Verdict {
    return judgeStepEnd(this.stepFacts(name, row));
  }

  /** What is known of a process's last attempt (`row`), or of one that has no accounting row. */
  stepFacts(name: string, row: AccountingRow | undefined): StepEndFacts {
    const launch = this.options.launches.find((l) => l.name === name);
    const facts = this.markers.get(name);
    const notStarted =
      facts?.notStarted ??
      (row || facts?.srunExitCode != null
        ? null
        : this.isCancelled
          ? 'headroom was interrupted first'
          : `Slurm never ran it (see slurm/batch.log in the run directory)`);
    return {
      accounting: row ?? null,
      srunExitCode: facts?.srunExitCode ?? null,
      hostLimitBytes: launch?.hostMemoryBytes ?? null,
      isInterrupted: this.isCancelled,
      notStarted,
      log: this.readLog(name),
      onOomKill: launch?.onOomKill ?? 'stop',
      name,
      ...gpuFactsOf(launch),
    };
  }

  /**
   * The step's log through doctor's classifier, read in chunks (bounded memory), as a local run reads
   * output; read again only when it has grown (each ended step and the summary ask).
   */
  private readLog(name: string): LogVerdict | null {
    const path = this.options.record.logPath(name);
    if (!existsSync(path)) return null;
    const fd = openSync(path, 'r');
    try {
      const known = this.logVerdicts.get(name);
      if (known && known.sizeBytes === fstatSync(fd).size) return known.verdict;
      const reader = new OutputReader();
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      let position = 0;
      for (let bytes = readSync(fd, buffer, 0, buffer.length, position); bytes > 0; ) {
        reader.write(buffer.subarray(0, bytes)); // bytes: a character cut between chunks stays whole
        position += bytes;
        bytes = readSync(fd, buffer, 0, buffer.length, position);
      }
      const verdict = reader.verdict();
      this.logVerdicts.set(name, { sizeBytes: position, verdict, reader });
      return verdict;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * What doctor's classifier made of a process's log, written to the record (diagnoses.jsonl) as a local
   * run writes it, so `doctor RUN_DIR` reads it instead of the log; once the job has ended. A restarted
   * process's log holds every attempt: that one is left to be read whole, as a local one is.
   */
  recordDiagnoses(name: string): void {
    const attempts = this.attempts(name).length;
    if (attempts > 1 || (this.markers.get(name)?.restarts ?? 0) > 0) return;
    this.readLog(name);
    const read = this.logVerdicts.get(name);
    if (!read) return;
    this.options.record.appendDiagnoses({
      time: new Date(this.options.clock.now()).toISOString(),
      process: name,
      attempt: 1,
      lineCount: read.reader.lineCount,
      skippedBytes: 0,
      // Plain copies: the record's schema is loose (a newer headroom's fields still read).
      diagnoses: read.reader.finish().map((d) => ({ ...d })),
    });
  }

  /** Steps sacct lists for `name`, oldest first. */
  attempts(name: string): AccountingRow[] {
    return srunSteps(this.rows ?? []).filter((row) => row.name === name);
  }
}
