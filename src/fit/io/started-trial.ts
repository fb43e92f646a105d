// One trial, fit's one adapter: runs the command for one value as a fresh process under the
// supervisor (plan environment, cgroup limit, GPU probe), stops it once --until-line matches,
// --trial-seconds pass or its memory has levelled off, and classifies how it ended from the one
// verdict, the memory kills headroom made, the memory samples taken while it ran (was it still
// rising?) and its address space (RLIMIT_AS). Ctrl-C aborts the trial through the supervisor, which
// stops the whole process tree. A warm trial (warm-start.ts) starts before its value is known and
// waits at the bootstrap's gate until it is released with one.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootVariables, packagedBootstrapDir, withBootstrapPath } from '../../frameworks/bootstrap.js';
import type { LaunchSpec, SuperviseUpdate } from '../../launch/types.js';
import type { GpuProbe } from '../../probe/gpu/types.js';
import { readCgroupUsageBytes } from '../../probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../../probe/host/cgroup-detect.js';
import { supervise } from '../../supervise/supervise.js';
import { formatBytes } from '../../units.js';
import { memoryKillOf } from '../../verdict/memory-kill.js';
import {
  type AddressSpace,
  addressSpaceRoomBytes,
  addressSpaceRoomFraction,
  isAddressSpaceBinding,
  withAddressSpaceLimit,
} from '../address-space.js';
import { classifyTrial } from '../classify.js';
import { describeFailedRank, findFailedRank } from '../launcher.js';
import { findLeak, findRisingMemory, type MemorySample } from '../memory-trend.js';
import { placeholderFor, substituteValue } from '../template.js';
import { type EarlyStop, judgeRunningTrial, type TrialHints } from '../trial-stop.js';
import {
  type CrossedLimit,
  hostNeedBytes,
  type Resource,
  type ResourceLimit,
  type TrialRecord,
} from '../types.js';
import {
  readAddressSpaceLimit,
  readAddressSpaceSize,
  readCpuMs,
  readHeapBytes,
  readPeakAddressSpace,
} from './address-space.js';
import { importsLogVariable, learnedVariable } from './learned-imports.js';
import { relabelWarmTrial } from './relabel-warm-trial.js';
import { forkPidVariable, noForkExitCode, readForkReport, type WarmServer } from './warm-server.js';

/** Everything a trial needs besides its value. */
export interface TrialRunnerOptions {
  /** The process to launch, with `{VAR}` placeholders in its argv. */
  launch: LaunchSpec & { command: string[] };
  variable: string;
  gpuProbe: GpuProbe;
  /** Each trial's run record goes to runsDir/trial-NN-VAR-VALUE. */
  runsDir: string;
  runIdPrefix: string;
  untilLine?: RegExp;
  trialMs?: number;
  /** Full limits, for the margin check. */
  limits: readonly ResourceLimit[];
  marginFraction: number;
  stopGraceMs?: number;
  sampleIntervalMs?: number;
  /** Aborted on Ctrl-C; its reason (a signal name) is forwarded to the trial. */
  signal?: AbortSignal;
  onUpdate?: (update: SuperviseUpdate) => void;
  /** Run every trial until it ends, --until-line or --trial-seconds, even once its answer is known. */
  isFullTrials?: boolean;
  /** How many trials start ahead and wait at the gate for their value (0: none; warm-start.ts). */
  warmDepth?: number;
  /** Where the trial's RLIMIT_AS and address-space peak are read (default /proc). */
  procRoot?: string;
  /** fit's warm interpreter: each trial a fork of it (warm-server.ts); absent: fresh processes. */
  warmServer?: WarmServer | null;
  /** Learn what the trials import (learned-imports.ts), so warm starts and forks import it ahead. */
  learnImports?: boolean;
}

/** What a trial is given of the learned imports: where it records its own, and what others imported. */
export interface TrialImports {
  /** The file this trial's process appends each module it imports to (HEADROOM_FIT_IMPORTS). */
  logFile: string;
  /** A file with the modules other trials imported (JSON), for a fork's server; null: none yet. */
  learnedFile: string | null;
  /** The modules other trials imported, for a warm start's gate. */
  learned: readonly string[];
}

const tailLineCount = 12;
/** How often a trial under RLIMIT_AS has its address-space peak and heap read besides its samples. */
const fastReadMs = 20;
const pageBytes = 4096;
const summaryLineCount = 80;

const oomKillOf = (event: Record<string, unknown>) => ({
  pid: typeof event.pid === 'number' ? event.pid : null,
  ...(typeof event.rank === 'number' ? { rank: event.rank } : {}),
  ...(typeof event.localRank === 'number' ? { localRank: event.localRank } : {}),
});

// A memory failure under an address-space limit that binds first is that limit's refusal.
function describeAddressSpaceFailure(addressSpace: AddressSpace): string {
  const peak =
    addressSpace.peakBytes === null
      ? ''
      : `; its address space peaked at ${formatBytes(addressSpace.peakBytes)}`;
  return `an allocation past its address-space limit failed (RLIMIT_AS ${formatBytes(addressSpace.limitBytes)}, from /proc/PID/limits${peak})`;
}

// A trial that ran on while its cgroup's peak reached the limit: the kernel reclaimed (page cache) to keep it
// under (memory.max_usage_in_bytes stops at memory.limit_in_bytes; memory.failcnt counts those hits), so
// its peak is the limit, not its need (one at 127 of a CNN at 900 MiB read exactly 900 MiB, and the line
// through it sent the search doubling past a boundary it had already found).
function isPeakAtCgroupLimit(
  peakCgroupBytes: number | null | undefined,
  limitBytes: number | null,
  outcome: string,
): boolean {
  if (peakCgroupBytes == null || limitBytes === null) return false;
  // The kernel keeps the limit in whole pages (memory.limit_in_bytes is rounded down to one).
  return (outcome === 'pass' || outcome === 'over-margin') && peakCgroupBytes >= limitBytes - pageBytes;
}

// How long a warm start's imports took before it waited at the gate (its `ready` file says).
function readStartupMs(readyFile: string): number | undefined {
  try {
    const seconds = JSON.parse(readFileSync(readyFile, 'utf8')).seconds;
    return typeof seconds === 'number' ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

// "1%, assumed" or "1.3%, measured: the spread of the search's runs of one value".
function roomSaid(addressSpace: AddressSpace): string {
  const share = `${Number((((addressSpace.roomBytes ?? 0) / addressSpace.limitBytes) * 100).toFixed(2))}%`;
  return addressSpace.roomSource === 'measured'
    ? `${share}, measured: the widest spread between this search's runs of one value`
    : `${share}, assumed: no spread measured above it`;
}

/** A trial's process, started cold with its value or warm at the gate, and its record once it ends. */
export interface StartedTrial {
  index: number;
  runDir: string;
  /** True once the process has ended (before its release: the warm start failed). */
  hasEnded(): boolean;
  /**
   * Gives the trial its value (a warm one leaves the gate) and resolves with its record; null when a
   * warm one had ended at the gate. `asIndex`: the search's index it runs as, where it was started
   * ahead under another (its record is named by it).
   */
  release(value: number, hints: TrialHints | undefined, asIndex?: number): Promise<TrialRecord | null>;
  /** Stops an unreleased trial and removes its record. */
  discard(): Promise<void>;
  /** Gives a warm trial still at its gate the modules other trials imported, to import while it waits. */
  offerImports(names: readonly string[]): void;
  /**
   * A warm trial waiting at its gate with no value yet: its host memory by a sample taken once its
   * imports (the offered ones too) were in — part of every value's need. Waits up to `timeoutMs` for
   * that; null when it ended, was released, or did not get there in time.
   */
  gateHostBytes(timeoutMs: number): Promise<number | null>;
}

/** The bootstrap first on PYTHONPATH with `more` actions added (`fit-gate` last: it runs after the rest). */
function bootEnv(env: Record<string, string>, more: readonly string[]): Record<string, string> {
  const actions = (env[bootVariables.actions] ?? '').split(',').filter((a) => a !== '' && !more.includes(a));
  return {
    ...env,
    PYTHONPATH: withBootstrapPath(packagedBootstrapDir, env.PYTHONPATH),
    [bootVariables.actions]: [...actions, ...more].join(','),
  };
}

/**
 * The quick exit (the bootstrap's `fit-exit`, fit_exit.py): the process ends with its known exit status
 * once its program and atexit handlers are done, without Python's teardown (about 2 s of a warm PyTorch
 * and Lightning trial's 5). Not for --full-trials, which run as before #26.
 */
function exitActions(options: Pick<TrialRunnerOptions, 'isFullTrials'>): string[] {
  return options.isFullTrials ? [] : ['fit-exit'];
}

/** The gate's variables for a warm trial: the bootstrap first on PYTHONPATH, `fit-gate` last. */
function gateEnv(
  env: Record<string, string>,
  gateDir: string,
  imports: TrialImports | null,
  more: readonly string[],
): Record<string, string> {
  return {
    ...bootEnv(env, [...more, ...(imports ? ['fit-imports', 'fit-gate'] : ['fit-gate'])]),
    HEADROOM_FIT_GATE: gateDir,
    ...(imports ? { [importsLogVariable]: imports.logFile } : {}),
  };
}

// A trial's environment for learning its imports: a fresh process records them through the bootstrap,
// a fork records them itself and its server imports what others did.
function importsEnv(
  env: Record<string, string>,
  imports: TrialImports | null,
  isForked: boolean,
  more: readonly string[],
): Record<string, string> {
  if (isForked)
    return imports
      ? {
          ...env,
          [importsLogVariable]: imports.logFile,
          ...(imports.learnedFile ? { [learnedVariable]: imports.learnedFile } : {}),
        }
      : env;
  if (!imports) return more.length > 0 ? bootEnv(env, more) : env;
  return { ...bootEnv(env, [...more, 'fit-imports']), [importsLogVariable]: imports.logFile };
}

// Written whole (renamed into place): the gate reads it once it exists.
function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** Starts one trial: cold with its value, or warm (coldValue null) to wait at the gate for it. */
export function startTrial(
  options: TrialRunnerOptions,
  index: number,
  coldValue: number | null,
  imports: TrialImports | null = null,
): StartedTrial {
  const isWarm = coldValue === null;
  // A forked trial: the supervised process is the server's client; the script runs in its fork.
  const isForked = !isWarm && options.warmServer?.isAlive() === true;
  const trialStop = new AbortController();
  let stoppedBy: 'until-line' | 'time-limit' | null = null;
  let earlyStop: EarlyStop | null = null;
  let crossedLimit: CrossedLimit | null = null;
  let memoryKill: Resource | null = null;
  let hints: TrialHints | undefined;
  let releasedAtMs: number | null = isWarm ? null : performance.now();
  let endedAtMs: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  // The process's samples from its start; a warm one's program begins once it has left the gate.
  const samples: MemorySample[] = [];
  // A fork's program starts once the server has forked it (reported below): before that the server
  // imports what earlier trials imported, and only the client, level at a few MiB, is sampled.
  let programStartMs: number | null = isWarm || isForked ? null : performance.now();
  let startupMs: number | undefined;
  // The root process's RLIMIT_AS (prlimit, ulimit -v, or the script's own setrlimit) and VmPeak.
  let addressSpaceLimit: number | null = null;
  let addressSpacePeak: number | null = null;
  // The heap's largest size so far and in the last reading, and the most the peak and the heap given
  // back before it came to (AddressSpace heapGivenBackBytes: that, less the peak).
  let heapMax: number | null = null;
  let lastHeap: number | null = null;
  let worstPeak: number | null = null;
  const heapGivenBack = (): number =>
    worstPeak === null || addressSpacePeak === null ? 0 : Math.max(0, worstPeak - addressSpacePeak);
  // The room the trial is judged with under a binding RLIMIT_AS (the search's, from its hints; the assumed
  // one before it has any), carried on its AddressSpace so that withAddressSpaceLimit, the one owner of
  // the limit judged against, takes it off for the verdict, the early stop and the search's aim alike.
  const roomOf = (limitBytes: number): Pick<AddressSpace, 'roomBytes' | 'roomSource'> => {
    const room = hints?.addressSpaceRoom ?? {
      fraction: addressSpaceRoomFraction,
      source: 'assumed' as const,
    };
    const bytes = addressSpaceRoomBytes(limitBytes, options.marginFraction, room);
    return bytes > 0 ? { roomBytes: bytes, roomSource: room.source } : {};
  };
  const readPeakAndHeap = (pid: number): void => {
    const previousPeak = addressSpacePeak ?? 0;
    const peak = readPeakAddressSpace(pid, options.procRoot);
    if (peak !== null) addressSpacePeak = Math.max(peak, addressSpacePeak ?? 0);
    // Only under an address-space limit: there the heap's trim moves the peak (address-space.ts).
    const heap = addressSpaceLimit === null ? null : readHeapBytes(pid, options.procRoot);
    if (heap === null) return;
    // A new peak: the heap it rose with (the smaller of the readings around the rise) against the most
    // the heap had held before it. Growth after the peak is no part (a run's imports come before its steps).
    if (peak !== null && peak > previousPeak) {
      const given = heapMax === null ? 0 : Math.max(0, heapMax - Math.min(heap, lastHeap ?? heap));
      worstPeak = Math.max(worstPeak ?? 0, peak + given);
    }
    heapMax = Math.max(heap, heapMax ?? 0);
    lastHeap = heap;
  };
  // Under RLIMIT_AS the peak and the heap are read every few ms as well as with each sample: the heap's
  // trim can come within a fraction of a second of its growth (a sample every 200 ms missed one).
  let trialPid: number | null = null;
  let fastReader: NodeJS.Timeout | undefined;
  let forkedPid: number | null = null;
  let cpuMs: number | null = null;
  const readAddressSpace = (clientPid: number): void => {
    if (isForked && forkedPid === null) {
      const report = readForkReport(forkFile);
      if (report && 'pid' in report) {
        forkedPid = report.pid;
        programStartMs ??= performance.now();
      }
    }
    // A forked trial's limit and peak are its fork's (the client's are a small interpreter's).
    const pid = isForked ? forkedPid : clientPid;
    if (pid === null) return;
    cpuMs = readCpuMs(pid, options.procRoot);
    addressSpaceLimit = readAddressSpaceLimit(pid, options.procRoot) ?? addressSpaceLimit;
    readPeakAndHeap(pid);
    trialPid = pid;
    if (addressSpaceLimit !== null && fastReader === undefined && endedAtMs === null)
      fastReader = setInterval(() => {
        if (trialPid !== null) readPeakAndHeap(trialPid);
      }, fastReadMs);
  };
  const stop = (why: 'until-line' | 'time-limit'): void => {
    if (trialStop.signal.aborted) return;
    stoppedBy = why;
    trialStop.abort('SIGTERM');
  };
  const onInterrupt = (): void => {
    if (!trialStop.signal.aborted) trialStop.abort(options.signal?.reason ?? 'SIGTERM');
  };
  options.signal?.addEventListener('abort', onInterrupt, { once: true });
  if (options.signal?.aborted) onInterrupt();
  const startTimer = (): void => {
    if (options.trialMs !== undefined) timer = setTimeout(() => stop('time-limit'), options.trialMs);
  };
  if (!isWarm) startTimer();
  const tail: string[] = [];
  // torchrun prints its failure summary (about 20 lines) last; the OOM kills name a rank's PID.
  const lastLines: string[] = [];
  const oomKills: { pid: number | null; rank?: number; localRank?: number | null }[] = [];
  const output = (update: SuperviseUpdate): void => {
    const isReleased = releasedAtMs !== null;
    if (isReleased) options.onUpdate?.(update);
    if (update.kind === 'event') memoryKill ??= memoryKillOf(update.event);
    if (update.kind === 'event' && update.event.type === 'oom-kill') oomKills.push(oomKillOf(update.event));
    const status = update.kind === 'status' ? update.processes[0] : undefined;
    if (status?.state === 'running' && status.pid !== null) readAddressSpace(status.pid);
    // The gate writes `ready` after the imports and leaves as soon as it has its value.
    if (isReleased && programStartMs === null && status && existsSync(readyFile)) {
      programStartMs = performance.now();
      startupMs = readStartupMs(readyFile);
    }
    // Samples up to the stop: what the memory did while the trial was left to run.
    if (status?.state === 'running' && !trialStop.signal.aborted) {
      // Under an address-space limit that binds first, the address space is what is judged.
      const isAddressSpace =
        addressSpaceLimit !== null && isAddressSpaceBinding(addressSpaceLimit, options.limits);
      const running: AddressSpace | null =
        isAddressSpace && addressSpaceLimit !== null
          ? {
              limitBytes: addressSpaceLimit,
              peakBytes: addressSpacePeak,
              isHostLimit: true,
              heapGivenBackBytes: heapGivenBack(),
              ...roomOf(addressSpaceLimit),
            }
          : null;
      // Its need: the peak and the heap it had given back by then (another run may hold it at its peak).
      const hostBytes = running
        ? hostNeedBytes({ peakHostBytes: null, peakCgroupBytes: null, addressSpace: running })
        : status.hostBytes;
      // Its level is judged on the tree's own memory (trial-stop.ts); under a binding address-space
      // limit on the need itself, which is what is judged there.
      const ownHostBytes = running ? hostBytes : (status.ownHostBytes ?? null);
      samples.push({ atMs: performance.now(), hostBytes, ownHostBytes, gpuBytes: status.gpuBytes, cpuMs });
      // At margin 0 a need past the limit it is judged against is over-limit whatever follows (the peak
      // and the heap given back only grow): the trial ends now, killed, as its answer is known.
      const judgedHost = running ? withAddressSpaceLimit(options.limits, running)[0] : undefined;
      if (
        judgedHost &&
        hostBytes !== null &&
        hostBytes > judgedHost.limitBytes &&
        options.marginFraction === 0 &&
        !options.isFullTrials &&
        releasedAtMs !== null
      ) {
        crossedLimit = { resource: 'host', needBytes: hostBytes, limitBytes: judgedHost.limitBytes };
        trialStop.abort('SIGKILL');
        return;
      }
      const judged =
        hints && !options.isFullTrials && programStartMs !== null
          ? judgeRunningTrial({
              samples,
              hints,
              // The address-space limit is the host limit it is judged against (its noise, its room):
              // against the default host limit (GiBs) a fork levelled 69 MiB under its line's peak and
              // 52 MiB under RLIMIT_AS passed as within the noise.
              limits: running ? withAddressSpaceLimit(options.limits, running) : options.limits,
              countFromMs: programStartMs,
              startupMs,
              isAddressSpace,
            })
          : null;
      if (judged) {
        earlyStop = judged;
        // Killed: its answer is known, and a clean stop costs the step in flight and the interpreter's
        // teardown (Lightning takes SIGTERM only at the next step's end: ~1.5 s and ~2 s on the bench's CNN).
        trialStop.abort('SIGKILL');
      }
    }
    // After this tick's sample: only a later one was surely taken with every import in.
    if (isWarm && !isReleased && gateInAtMs === null && status?.state === 'running' && isGateIn()) {
      gateInAtMs = performance.now();
      gatePid = status.pid;
    }
    if (update.kind !== 'output') return;
    const lines = update.text.split('\n').slice(0, -1);
    tail.push(...lines);
    tail.splice(0, Math.max(0, tail.length - tailLineCount));
    lastLines.push(...lines);
    lastLines.splice(0, Math.max(0, lastLines.length - summaryLineCount));
    if (isReleased && options.untilLine && lines.some((line) => options.untilLine?.test(line)))
      stop('until-line');
  };
  // The record's name: the index it was started as, or the one it was released as.
  let recordIndex = index;
  const name = (value: number | string) =>
    join(options.runsDir, `trial-${String(recordIndex).padStart(2, '0')}-${options.variable}-${value}`);
  const runDir = name(isWarm ? 'warm' : coldValue);
  const gateDir = join(options.runsDir, `.gate-${String(index).padStart(2, '0')}`);
  const readyFile = join(gateDir, 'ready');
  const forkFile = join(options.runsDir, `.fork-${String(index).padStart(2, '0')}.json`);
  if (isWarm) mkdirSync(gateDir, { recursive: true });
  // How many learned imports were offered to the gate (it only grows: fit offers what a running trial has
  // imported so far, then more), and when the gate had every import in (its `ready` file, rewritten with
  // `learnedCount` once the offered ones are in).
  let offeredCount = 0;
  let gateInAtMs: number | null = null;
  let gatePid: number | null = null;
  const isGateIn = (): boolean => {
    try {
      const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as {
        learned?: boolean;
        learnedCount?: number;
      };
      return offeredCount === 0 || (ready.learned === true && (ready.learnedCount ?? 0) >= offeredCount);
    } catch {
      return false;
    }
  };
  const offerImports = (names: readonly string[]): void => {
    if (!isWarm || releasedAtMs !== null || endedAtMs !== null || names.length <= offeredCount) return;
    offeredCount = names.length;
    gateInAtMs = null;
    try {
      writeWhole(join(gateDir, 'learned'), JSON.stringify(names));
    } catch {
      // The gate is gone (the process ended): nothing to offer.
    }
  };
  if (imports) offerImports(imports.learned);
  const startedMs = performance.now();
  const valued = isWarm
    ? options.launch.command
    : substituteValue(options.launch.command, options.variable, coldValue);
  const command = isForked && options.warmServer ? options.warmServer.trialCommand(valued) : valued;
  const env = isWarm
    ? gateEnv(options.launch.env, gateDir, imports, exitActions(options))
    : importsEnv(
        isForked ? { ...options.launch.env, [forkPidVariable]: forkFile } : options.launch.env,
        imports,
        isForked,
        exitActions(options),
      );
  const ended = supervise({
    runDir,
    runId: `${options.runIdPrefix}-t${index}`,
    processes: [{ ...options.launch, command, env }],
    gpuProbe: options.gpuProbe,
    origin: { kind: 'fit-trial', variable: options.variable, value: coldValue ?? 0 },
    sampleIntervalMs: options.sampleIntervalMs ?? 200,
    stopGraceMs: options.stopGraceMs ?? 5000,
    outputPollMs: 50,
    output,
    signal: trialStop.signal,
  }).finally(() => {
    endedAtMs = performance.now();
    clearTimeout(timer);
    clearInterval(fastReader);
    options.signal?.removeEventListener('abort', onInterrupt);
    if (isWarm) rmSync(gateDir, { recursive: true, force: true });
  });
  // What the client wrote: the fork's pid, or why the server forked nothing (then the trial runs fresh).
  const forkReport = (): ReturnType<typeof readForkReport> => {
    const report = isForked ? readForkReport(forkFile) : null;
    rmSync(forkFile, { force: true });
    return report;
  };
  // An unreleased warm trial that fails must not be an unhandled rejection; release() sees it again.
  ended.catch(() => {});

  const release = async (
    value: number,
    given: TrialHints | undefined,
    asIndex?: number,
  ): Promise<TrialRecord | null> => {
    hints = given;
    if (asIndex !== undefined) recordIndex = asIndex;
    if (isWarm) {
      const message = JSON.stringify({
        placeholder: placeholderFor(options.variable),
        value: String(value),
      });
      writeFileSync(join(gateDir, 'go.tmp'), message);
      renameSync(join(gateDir, 'go.tmp'), join(gateDir, 'go'));
      releasedAtMs = performance.now();
      startTimer();
    }
    const summary = await ended;
    if (isWarm && endedAtMs !== null && releasedAtMs !== null && endedAtMs <= releasedAtMs) return null;
    const forked = forkReport();
    if (
      isForked &&
      (forked === null || 'error' in forked) &&
      summary.processes[0]?.exitCode === noForkExitCode
    ) {
      rmSync(runDir, { recursive: true, force: true });
      return null;
    }
    const finalDir = isWarm
      ? relabelWarmTrial({
          from: runDir,
          to: name(value),
          placeholder: placeholderFor(options.variable),
          value,
        })
      : runDir;
    const process = summary.processes[0];
    if (!process) throw new Error('the supervisor returned no process for the trial');
    // The need is read from the samples and the cgroup's peak, whichever the summary presents as the peak.
    const hostNeed = hostNeedBytes({
      peakHostBytes: process.sampledHost?.hostBytes ?? process.peakHostBytes,
      peakCgroupBytes: process.peakCgroupBytes,
    });
    const addressSpace: AddressSpace | null =
      addressSpaceLimit === null
        ? null
        : {
            limitBytes: addressSpaceLimit,
            peakBytes: addressSpacePeak,
            isHostLimit: isAddressSpaceBinding(addressSpaceLimit, options.limits),
            ...(heapMax === null ? {} : { heapGivenBackBytes: heapGivenBack() }),
            // At margin 0 under a binding RLIMIT_AS, a run that ended within the room of the limit is
            // judged too big: a byte past the limit is refused, and runs of one value spread about that much.
            ...(isAddressSpaceBinding(addressSpaceLimit, options.limits) ? roomOf(addressSpaceLimit) : {}),
          };
    const judgedLimits = withAddressSpaceLimit(options.limits, addressSpace);
    const noiseRoom = addressSpace?.roomBytes ?? 0;
    const peakBytes = {
      // Under a binding RLIMIT_AS: the address-space peak and the heap it gave back (hostNeedBytes).
      host: addressSpace?.isHostLimit
        ? hostNeedBytes({ peakHostBytes: null, peakCgroupBytes: null, addressSpace })
        : hostNeed,
      gpu: process.peakGpuBytes,
    };
    // A warm start's climb and rise are its program's, after the gate (its imports are not a leak).
    const ran = samples.filter((sample) => sample.atMs >= (programStartMs ?? Number.POSITIVE_INFINITY));
    const rising = stoppedBy ? findRisingMemory(isWarm ? ran : samples) : null;
    const leak = findLeak(isWarm ? ran : samples);
    const hostLimitBytes = options.launch.hostMemoryBytes;
    const isHeld = isPeakAtCgroupLimit(process.peakCgroupBytes, hostLimitBytes, 'pass');
    const verdict = classifyTrial({
      reason: process.reason,
      because: process.because,
      stoppedBy,
      earlyStop,
      crossedLimit,
      memoryKill,
      rising,
      leak,
      peakBytes,
      limits: judgedLimits,
      marginFraction: options.marginFraction,
      heapGivenBackBytes: addressSpace?.isHostLimit ? (addressSpace.heapGivenBackBytes ?? null) : null,
      heldAtLimit:
        isHeld && hostLimitBytes !== null
          ? {
              limitBytes: hostLimitBytes,
              expectedBytes: hints?.expectedPeakBytes.host ?? null,
              noiseFraction: hints?.noiseFraction ?? 0,
            }
          : null,
    });
    // A multi-rank job's failure is one rank's: name it (torchrun's summary, the OOM kill's victim).
    const failedRank = verdict.ok ? null : findFailedRank({ oomKills, outputLines: lastLines });
    const releasedMs = releasedAtMs ?? startedMs;
    // A run that ended, judged too big only by the room kept: says so in place of the limit it did not cross.
    const heapGiven = addressSpace?.heapGivenBackBytes ?? 0;
    const noiseSaid =
      noiseRoom > 0 &&
      addressSpace !== null &&
      verdict.reason === 'over-limit' &&
      (peakBytes.host ?? 0) <= addressSpace.limitBytes
        ? `${crossedLimit ? '' : 'it ran, but '}its address-space need ${formatBytes(peakBytes.host ?? 0)} (its peak${heapGiven > 0 ? ` and the ${formatBytes(heapGiven)} its heap had given back before it` : ''}) is within ${formatBytes(noiseRoom)} (${roomSaid(addressSpace)}) of RLIMIT_AS ${formatBytes(addressSpace.limitBytes)}: runs of one value spread that much, so another run of it can be refused`
        : null;
    const crossedSaid = crossedLimit
      ? `headroom stopped it once its need reached ${formatBytes(crossedLimit.needBytes)}, over the ${formatBytes(crossedLimit.limitBytes)} it is judged against (its answer was known); `
      : '';
    const limitSaid =
      addressSpace?.isHostLimit &&
      verdict.outcome === 'memory' &&
      memoryKill === null &&
      process.reason !== 'oom-killed' &&
      verdict.reason !== 'over-limit'
        ? `${describeAddressSpaceFailure(addressSpace)}: `
        : '';
    return {
      value,
      ok: verdict.ok,
      reason: verdict.reason,
      peakHostBytes: process.peakHostBytes,
      peakGpuBytes: process.peakGpuBytes,
      seconds: Math.round((performance.now() - releasedMs) / 10) / 100,
      peakCgroupBytes: process.peakCgroupBytes,
      outcome: verdict.outcome,
      because: `${failedRank ? `${describeFailedRank(failedRank)}: ` : ''}${crossedSaid}${limitSaid}${noiseSaid ?? verdict.because}`,
      ...(failedRank ? { failedRank } : {}),
      isSettled: verdict.isSettled,
      rising: verdict.isSettled ? null : (verdict.rising ?? null),
      leak,
      stoppedEarly: earlyStop,
      ...(crossedLimit ? { crossedLimit } : {}),
      ...(addressSpace ? { addressSpace } : {}),
      ...(isPeakAtCgroupLimit(process.peakCgroupBytes, options.launch.hostMemoryBytes, verdict.outcome)
        ? { isHostPeakAtLimit: true }
        : {}),
      ...(isWarm ? { warmStart: { warmedSeconds: Math.round((releasedMs - startedMs) / 10) / 100 } } : {}),
      ...(forked && 'pid' in forked
        ? { forked: { pid: forked.pid, ...(forked.problem ? { problem: forked.problem } : {}) } }
        : {}),
      runDir: finalDir,
      ...(verdict.ok ? {} : { outputTail: [...tail] }),
    };
  };
  const discard = async (): Promise<void> => {
    trialStop.abort('SIGTERM');
    await ended.catch(() => undefined);
    rmSync(runDir, { recursive: true, force: true });
  };
  // The need is the smaller of Σ PSS + swap and the cgroup's charge (types.ts hostNeedBytes): what is
  // held at the gate is read in both, and the smaller taken, so it is part of the need in either.
  const gateNeedBytes = (sampledBytes: number): number => {
    // Under an RLIMIT_AS that binds, the need is address space: what the gate holds is its size now
    // (VmSize, as a fork's server's), not its cgroup's charge (a few hundred MiB of the CNN's ~860 MiB
    // put the line's base far under trial 1's peak, and trial 2 at batch 2).
    const isAddressSpace =
      addressSpaceLimit !== null && isAddressSpaceBinding(addressSpaceLimit, options.limits);
    if (isAddressSpace && gatePid !== null)
      return readAddressSpaceSize(gatePid, options.procRoot) ?? sampledBytes;
    const group = gatePid === null ? null : findOwnMemoryCgroup({ pid: gatePid, procRoot: options.procRoot });
    const charged = group?.ok ? readCgroupUsageBytes(group.location) : null;
    return charged === null ? sampledBytes : Math.min(sampledBytes, charged);
  };
  const gateHostBytes = async (timeoutMs: number): Promise<number | null> => {
    const until = performance.now() + timeoutMs;
    while (isWarm && releasedAtMs === null && endedAtMs === null) {
      const last = samples.at(-1);
      if (gateInAtMs !== null && last && last.atMs > gateInAtMs && last.hostBytes !== null)
        return gateNeedBytes(last.hostBytes);
      if (performance.now() >= until) return null;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  };
  return { index, runDir, hasEnded: () => endedAtMs !== null, release, discard, offerImports, gateHostBytes };
}
