// One planned process run as a Ray actor, as headroom follows it from the driver's events: its
// attempts, its output through doctor's classifier, its samples' peaks, and the verdict on each end
// through the one judge (src/verdict/judge.ts), with Ray's own words where Ray ended it.

import { OutputReader } from '../../doctor/stream/output-reader.js';
import type { RecordFile, RunRecord } from '../../run-record/writer.js';
import { causeRecordOf } from '../../verdict/cause.js';
import { judgeEnd } from '../../verdict/judge.js';
import type { EndFacts, LauncherEnd, Verdict } from '../../verdict/types.js';
import { gpuFactsOf } from '../gpu-facts.js';
import type { LaunchSpec, ProcessState, ProcessStatus, ProcessSummary } from '../types.js';
import type { DriverEvent, RayError, RayInfeasible, RayNodeFacts } from './driver-events.js';
import type { RayRequest } from './spec.js';

type ExitEvent = Extract<DriverEvent, { event: 'exit' }>;

/** What a Ray run adds to a process's summary line: where it ran and what Ray was asked. */
export interface RayProcessFacts {
  nodeId: string | null;
  nodeIp: string | null;
  pid: number | null;
  numGpus: number;
  numCpus: number;
  memoryBytes: number | null;
  /** The card Ray gave its actor. */
  cudaVisibleDevices: string | null;
  /** What Ray said ended it, if Ray did. */
  rayError: RayError | null;
  /** Why Ray can never place it, if so. */
  infeasible: RayInfeasible | null;
}

export type RayProcessSummary = ProcessSummary & { ray: RayProcessFacts };

/** Ray's words as the judge's launcher fact: its memory monitor is a host-memory kill; the rest is not memory. */
export function launcherEndOf(error: RayError, where: string): LauncherEnd {
  const words = `"${error.message.length > 400 ? `${error.message.slice(0, 400)}…` : error.message}"`;
  const killer = "Ray's memory monitor";
  if (error.kind === 'memory-monitor')
    return { isMemory: true, killer, because: `${killer} killed its actor ${where}: ${words}` };
  if (error.kind === 'node-died')
    return {
      isMemory: false,
      killer: 'Ray',
      because: `its node died ${where} (Ray: ${error.type}): ${words}`,
    };
  return {
    isMemory: false,
    killer: 'Ray',
    because: `its actor's worker died ${where} (Ray: ${error.type}): ${words}`,
  };
}

export class RayProcess {
  state: ProcessState = 'waiting';
  restarts = 0;
  pid: number | null = null;
  node: RayNodeFacts | null = null;
  cudaVisibleDevices: string | null = null;
  cgroup: string | null = null;
  hostLimitProblem: string | null = null;
  firstStartedAt: string | null = null;
  endedAt: string | null = null;
  lastHostBytes: number | null = null;
  lastGpuBytes: number | null = null;
  peakHostBytes = 0;
  peakGpuBytes: number | null = null;
  peakCgroupBytes: number | null = null;
  notStarted: { because: string; infeasible: RayInfeasible | null; isInterrupted: boolean } | null = null;
  last: { exit: ExitEvent; verdict: Verdict } | null = null;
  private reader = new OutputReader();
  private readonly log: RecordFile;

  constructor(
    readonly launch: LaunchSpec,
    readonly request: RayRequest,
    private readonly record: RunRecord,
  ) {
    this.log = record.openLog(launch.name);
  }

  /**
   * Where it runs, for sentences: `on node 192.0.2.2 (4e46b6cb), pid 123`; with no PID, the attempt
   * ended before its start answered (ray-driver.py `started`), and the sentence says so.
   */
  where(): string {
    const node = this.node?.node_id
      ? `node ${this.node.node_ip ?? '?'} (${this.node.node_id.slice(0, 8)})`
      : 'no node';
    return `on ${node}, ${this.pid === null ? 'before its start answered (no PID)' : `pid ${this.pid}`}`;
  }

  started(event: Extract<DriverEvent, { event: 'start' }>, at: string): void {
    this.state = 'running';
    this.pid = event.pid;
    this.node = { node_id: event.node_id, node_ip: event.node_ip, hostname: event.hostname };
    this.cudaVisibleDevices = event.cuda_visible_devices;
    this.cgroup = event.cgroup;
    this.firstStartedAt ??= at;
    this.reader = new OutputReader();
    if (this.launch.hostMemoryBytes !== null && event.cgroup === null)
      this.hostLimitProblem = `no cgroup on the node (${event.cgroup_problem ?? 'not made'}): host_memory is a Ray memory reservation only`;
  }

  output(text: string): void {
    this.log.write(text);
    this.reader.write(text);
  }

  sampled(held: Record<string, unknown>): void {
    if (typeof held.hostBytes === 'number') {
      this.lastHostBytes = held.hostBytes;
      this.peakHostBytes = Math.max(this.peakHostBytes, held.hostBytes);
    }
    if (typeof held.gpuBytes === 'number') {
      this.lastGpuBytes = held.gpuBytes;
      this.peakGpuBytes = Math.max(this.peakGpuBytes ?? 0, held.gpuBytes);
    }
  }

  /** Judges one ended attempt; records what doctor's classifier made of its output. */
  ended(exit: ExitEvent, options: { at: string; isStopping: boolean }): Verdict {
    this.state = 'ended';
    this.endedAt = options.at;
    // The driver reports this attempt's own PID and node: none where the attempt died before its start
    // answered (and Ray's message named no node), so an earlier attempt's are not carried over.
    this.pid = exit.pid;
    this.node = exit.node;
    if (typeof exit.peak_cgroup_bytes === 'number')
      this.peakCgroupBytes = Math.max(this.peakCgroupBytes ?? 0, exit.peak_cgroup_bytes);
    const log = this.reader.verdict();
    this.record.appendDiagnoses({
      time: options.at,
      process: this.launch.name,
      attempt: exit.attempt + 1,
      lineCount: this.reader.lineCount,
      skippedBytes: 0,
      diagnoses: this.reader.finish().map((d) => ({ ...d })),
    });
    const facts: EndFacts = {
      name: this.launch.name,
      pid: exit.pid,
      exitCode: exit.exit_code,
      signal: exit.signal,
      spawnError: exit.spawn_error,
      headroomKill: null,
      launcherEnd: exit.ray_error ? launcherEndOf(exit.ray_error, this.where()) : null,
      isInterrupted: options.isStopping || (exit.stop_signal ?? null) !== null,
      stopSignal: exit.stop_signal ?? null,
      wasKilledAfterGrace: exit.killed_after_grace ?? false,
      cgroupOomKills: exit.cgroup_oom_kills ?? null,
      hostLimitBytes: this.launch.hostMemoryBytes,
      oomKills: [],
      // The nodes' kernel logs are out of the driver's reach.
      isKernelLogReadable: false,
      wasStoppedForOomKill: false,
      onOomKill: this.launch.onOomKill ?? 'stop',
      log,
      ...gpuFactsOf(this.launch),
      gpuBudgetBytes: this.launch.gpuBudgetBytes,
      sampleAtFailure: null,
    };
    const verdict = judgeEnd(facts);
    this.last = { exit, verdict };
    return verdict;
  }

  status(): ProcessStatus {
    return {
      name: this.launch.name,
      state: this.state,
      pid: this.state === 'running' ? this.pid : null,
      restarts: this.restarts,
      hostBytes: this.lastHostBytes,
      hostLimitBytes: this.launch.hostMemoryBytes,
      gpuBytes: this.lastGpuBytes,
      gpuBudgetBytes: this.launch.gpuBudgetBytes,
    };
  }

  /**
   * Its summary line once the run is over; `driverEnd` is the verdict's words for a process the driver
   * never said the end of (`the Ray driver exited with code 0 before it said how this process ended`).
   */
  summary(fallbackEndedAt: string, isStopped: boolean, driverEnd: string): RayProcessSummary {
    const verdict: Verdict =
      (this.state === 'ended' ? this.last?.verdict : undefined) ??
      (this.notStarted
        ? {
            reason: this.notStarted.isInterrupted ? 'interrupted' : 'failed',
            confidence: 'certain',
            because: this.notStarted.because,
          }
        : {
            reason: isStopped ? 'interrupted' : 'failed',
            confidence: 'possible',
            because: driverEnd,
          });
    const exit = this.state === 'ended' ? this.last?.exit : undefined;
    const launch = this.launch;
    return {
      name: launch.name,
      reason: verdict.reason,
      confidence: verdict.confidence,
      because: verdict.because,
      exitCode: exit?.exit_code ?? null,
      signal: exit?.signal ?? null,
      restarts: this.restarts,
      peakHostBytes: Math.max(this.peakHostBytes, this.peakCgroupBytes ?? 0),
      peakHostSource:
        this.peakCgroupBytes !== null && this.peakCgroupBytes >= this.peakHostBytes ? 'cgroup' : 'sampled',
      peakGpuBytes: this.peakGpuBytes,
      peakGpuSource: this.peakGpuBytes === null ? null : 'sampled',
      peakSampledGpuBytes: this.peakGpuBytes,
      peakCgroupBytes: this.peakCgroupBytes,
      hostLimitBytes: launch.hostMemoryBytes,
      hostEnforcement: launch.hostMemoryBytes === null ? 'none' : this.cgroup ? 'cgroup' : 'none',
      gpuBudgetBytes: launch.gpuBudgetBytes,
      oomKills: [],
      budgetExceeded: null,
      cgroupEscapes: [],
      hostLimitProblem: this.hostLimitProblem,
      cause: causeRecordOf(verdict.cause),
      log: this.record.logEntry(launch.name),
      startedAt: this.firstStartedAt,
      endedAt: this.endedAt ?? fallbackEndedAt,
      ray: {
        nodeId: this.node?.node_id ?? null,
        nodeIp: this.node?.node_ip ?? null,
        pid: this.pid,
        numGpus: this.request.numGpus,
        numCpus: this.request.numCpus,
        memoryBytes: this.request.memoryBytes,
        cudaVisibleDevices: this.cudaVisibleDevices,
        rayError: exit?.ray_error ?? null,
        infeasible: this.notStarted?.infeasible ?? null,
      },
    };
  }

  close(): void {
    this.log.close();
  }
}
