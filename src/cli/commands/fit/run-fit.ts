// `headroom fit -- CMD ...{batch}...`: the largest value of a knob that fits, found by running the
// command as fresh supervised trials; progress on stderr, the result is the command's data.
import { join } from 'node:path';
import { readAddressSpaceLimit } from '../../../fit/io/address-space.js';
import { createTrialRunner } from '../../../fit/io/run-trial.js';
import { startWarmServer, type WarmServer } from '../../../fit/io/warm-server.js';
import { type Launcher, launcherArgv } from '../../../fit/launcher.js';
import { type FitResult, summarizeFit } from '../../../fit/result.js';
import { runSearch } from '../../../fit/search.js';
import { strategies } from '../../../fit/strategies.js';
import type { ResourceLimit } from '../../../fit/types.js';
import {
  findPythonScript,
  prlimitAddressSpace,
  warmDepthFor,
  whyNoForkedTrials,
  whyNoWarmStart,
} from '../../../fit/warm-start.js';
import { fitRecordName, writeFitRecord } from '../../../fit-record/fit-record.js';
import { formatBytes } from '../../../units.js';
import type { CommandInput } from '../../command.js';
import type { CommandIo } from '../../io.js';
import { defaultFitsDir, newRunDir } from '../../shared/run-dirs.js';
import { checkFitRange, checkLauncher, type fitOptions } from './checks.js';
import { fitJson } from './fit-json.js';
import { createFitProgress } from './progress.js';
import { prepareFit } from './setup.js';

// fit.json beside the trials (the same fields as --json), for doctor FIT_DIR and report FIT_DIR.
function writeRecord(fitDir: string, result: FitResult): void {
  try {
    writeFitRecord(fitDir, fitJson(result) as FitResult);
  } catch (error) {
    result.warnings.push(`could not write ${join(fitDir, fitRecordName)}: ${(error as Error).message}`);
  }
}

function describeLauncher(launcher: Launcher, prefix: readonly string[]): string {
  const shared =
    launcher.nprocPerNode > 1
      ? `; ranks on one card share its budget, each capped at its part (gpu_clients ${launcher.nprocPerNode})`
      : '';
  return `each trial is the whole ${launcher.nprocPerNode}-rank job (${prefix.join(' ')} …): it fails if any rank fails, it runs to its end (ranks level off while they import and meet), and the value is per rank${shared}`;
}

// Where a trial's RLIMIT_AS took the place of the host limit, say so.
function addressSpaceNote(limits: readonly ResourceLimit[]): string[] {
  const limit = limits.find((l) => l.source === 'rlimit-as');
  if (!limit) return [];
  const full = limit.limitBytes + (limit.roomBytes ?? 0);
  const room = limit.roomBytes
    ? `; judged, and aimed at, less ${formatBytes(limit.roomBytes)} kept free (${Number(((limit.roomBytes / full) * 100).toFixed(2))}% of it, ${limit.roomSource === 'measured' ? "measured: the widest spread between this search's runs of one value" : 'assumed: no value ran twice with a wider spread'}): ${formatBytes(limit.limitBytes)}`
    : '';
  return [
    `host limit: the trials' address-space limit, RLIMIT_AS ${formatBytes(full)} (read from /proc/PID/limits: ulimit -v, prlimit --as): tighter than the host limit, so allocations past it fail first; each trial's need is its address-space peak (VmPeak)${room}`,
  ];
}

// How many trials warm up ahead (warm-start.ts), and the note that says so or why not.
function chooseWarmDepth(options: {
  options: CommandInput<typeof fitOptions>['options'];
  argv: string[];
  launcher: Launcher | null;
  setup: { launch: { hostMemoryBytes: number | null }; availableBytes: number | null };
}): { depth: number; note: string | null } {
  const { fullTrials, coldStarts } = options.options;
  if (fullTrials || coldStarts || options.launcher) return { depth: 0, note: null };
  const why = whyNoWarmStart(options.argv, options.options.var);
  if (why) return { depth: 0, note: `trials start cold: ${why}` };
  const depth = warmDepthFor({
    availableBytes: options.setup.availableBytes,
    hostLimitBytes: options.setup.launch.hostMemoryBytes,
  });
  return depth === 0
    ? {
        depth,
        note: 'trials start cold: too little memory free beside the host limit to start the next ones early',
      }
    : {
        depth,
        note: `warm starts: the next ${depth} trial${depth > 1 ? 's' : ''} start early and wait after the script's imports, and what earlier trials imported later on, for their value (--cold-starts to not)`,
      };
}

// fit's warm interpreter when the trials can be its forks (whyNoForkedTrials), and the note that says so or why not.
async function chooseWarmServer(options: {
  options: CommandInput<typeof fitOptions>['options'];
  argv: string[];
  launcher: Launcher | null;
  setup: { launch: { env: Record<string, string>; cwd?: string | undefined }; limits: ResourceLimit[] };
}): Promise<{ server: WarmServer | null; note: string | null }> {
  // Forks only when asked: a fork's heap is its interpreter's, so it neither grows nor gives back heap
  // as a fresh process does, and under RLIMIT_AS (the one limit forks are for) that moves the peak
  // (address-space.ts heapGivenBackBytes): the bench's CNN ran 119 and 120 as forks, and a fresh
  // process failed both (12 trials, 66.6 s, where warm-started fresh trials took 6, 33.4 s).
  const { fullTrials, freshTrials, forkedTrials } = options.options;
  if (!forkedTrials || fullTrials || freshTrials || options.launcher) return { server: null, note: null };
  // A command that is no Python script or module: the warm starts' note already says why trials start cold.
  if (typeof findPythonScript(options.argv) === 'string') return { server: null, note: null };
  const why = whyNoForkedTrials({
    argv: options.argv,
    variable: options.options.var,
    addressSpaceLimitBytes: prlimitAddressSpace(options.argv) ?? readAddressSpaceLimit(process.pid),
    limits: options.setup.limits,
  });
  const python = findPythonScript(options.argv);
  if (why || typeof python === 'string')
    return { server: null, note: `each trial is a fresh process: ${why}` };
  try {
    const server = await startWarmServer({
      command: options.argv,
      python,
      env: options.setup.launch.env,
      cwd: options.setup.launch.cwd,
    });
    return {
      server,
      note: `warm trials: each trial is a fork of one interpreter that imported ${server.imports.join(', ') || 'nothing'} once (${server.startSeconds} s), and what earlier trials imported later on before it forked the next, under the trials' address-space limit, with the trial's argv, environment, directory and stdio (--fresh-trials to not)`,
    };
  } catch (error) {
    return { server: null, note: `each trial is a fresh process: ${(error as Error).message}` };
  }
}

/** Runs the search; resolves with the result and its exit code (0 an answer, 1 none, 2 a non-memory failure). */
export async function runFit(
  { options, rest: argv }: CommandInput<typeof fitOptions>,
  io: CommandIo,
): Promise<{ data: FitResult; exitCode: number }> {
  const { minValue, maxValue } = checkFitRange(options, argv);
  const launcher = checkLauncher(options);
  // Each trial is the whole job: the launcher starts every rank, and the trial fails if any rank does.
  const command = launcher ? launcherArgv(launcher, argv) : argv;
  const { id: fitId, dir: runsDir } = newRunDir({
    runDir: options.runDir,
    parentDir: defaultFitsDir,
    cwd: io.cwd,
  });
  const setup = await prepareFit(command, { ...options, gpuClients: launcher?.nprocPerNode }, io);
  if (launcher)
    setup.notes.unshift(describeLauncher(launcher, command.slice(0, command.length - argv.length)));
  const variable = options.var;
  const progress = createFitProgress({ stream: io.stderr, env: io.env, variable, limits: setup.limits });
  // A stop signal aborts the trial in progress through the supervisor, which stops its whole tree.
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => controller.abort(signal);
  const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of stopSignals) process.on(signal, onSignal);
  const warm = await chooseWarmServer({ options, argv: command, launcher, setup });
  if (warm.note) setup.notes.push(warm.note);
  const warmDepth = warm.server
    ? { depth: 0, note: null }
    : chooseWarmDepth({ options, argv: command, launcher, setup });
  if (warmDepth.note) setup.notes.push(warmDepth.note);
  const runTrial = createTrialRunner({
    launch: setup.launch,
    variable,
    gpuProbe: setup.probe,
    runsDir,
    runIdPrefix: fitId,
    untilLine: options.untilLine,
    trialMs: options.trialSeconds,
    limits: setup.limits,
    marginFraction: options.margin,
    signal: controller.signal,
    // A launcher's ranks start after its agent and import and rendezvous before they grow: the tree's
    // memory levels off there first, so its trials are never judged early (a CI run saw trials called
    // levelled off at 142-189 MiB while the ranks were still importing torch).
    isFullTrials: options.fullTrials || launcher !== null,
    warmDepth: warmDepth.depth,
    warmServer: warm.server,
    learnImports: true,
    onUpdate: (update) => progress.update(update),
  });
  try {
    const { trials, end, limits, baseBytes } = await runSearch({
      strategy: strategies[options.strategy],
      bounds: { minValue, maxValue, limits: setup.limits, marginFraction: options.margin },
      runTrial,
      baseBytesFor: runTrial.baseBytesOf,
      onTrialStart: (value, index) => progress.start(value, index),
      onTrialEnd: (trial, index) => progress.end(trial, index),
      signal: controller.signal,
    });
    const result = summarizeFit({
      variable,
      strategy: options.strategy,
      trials,
      end,
      limits,
      marginFraction: options.margin,
      minValue,
      maxValue,
      effectiveTarget: options.effective,
      launcher,
      baseBytes,
      notes: [
        ...setup.notes,
        ...(runTrial.warmStartProblem() ? [runTrial.warmStartProblem() as string] : []),
        ...addressSpaceNote(limits),
        `trial records: ${runsDir}; the answer and every trial: ${join(runsDir, fitRecordName)}`,
      ],
    });
    writeRecord(runsDir, result);
    return { data: result, exitCode: result.exitCode };
  } finally {
    await runTrial.close();
    await warm.server?.stop();
    for (const signal of stopSignals) process.off(signal, onSignal);
    await setup.probe.close();
  }
}
