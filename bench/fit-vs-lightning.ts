// `npm run bench -- fit-vs-lightning [--calibrate] [--only=cnn/cgroup,cnn/rlimit-as] [--finders=full,fit]
// [--keep=DIR]`: headroom fit beside
// Lightning 2.6's BatchSizeFinder (power and binsearch) on a real PyTorch model
// (examples/fit/torch_train.py, trained by a Lightning Trainer in both cases, so both search the same
// process), under the same true limit:
//  (a) RLIMIT_AS set identically with prlimit(1) around the Python process: PyTorch's CPU allocator
//      then raises "DefaultCPUAllocator: can't allocate memory", which Lightning's finder counts as
//      an out-of-memory (lightning/pytorch/utilities/memory.py is_out_of_cpu_memory) and fit too;
//  (b) a cgroup v1 memory limit (seed 004's "Killed"): the kernel OOM-kills the whole process, so
//      the in-process finder dies with it, while fit runs each value as its own process.
// For each: trials, wall time, the answer as a share of the true largest batch, and whether the
// answer runs a full epoch. The true largest batch of each setting was found once by exhaustive
// search (--calibrate) and is stored in bench/fit-vs-lightning.limits.json with how it was found.
// So that it is one number from run to run, every trained process runs with a fixed glibc mmap
// threshold (trainEnv), and under a cgroup the libraries are read into the page cache outside the
// group before each process starts (warmPageCache): the group's limit is then on what training
// allocates, not also on whichever library pages the process happened to read first.
// fit runs twice: --full-trials (every trial a cold process run to its end, as before #26) and as it
// runs by default (under RLIMIT_AS each trial a fork of one warm interpreter that imported torch and
// Lightning once; under a cgroup fresh processes with warm starts, trials stopped once their memory
// has levelled off); where the default forked, a third time with --fresh-trials, and the two are
// compared value by value (answers, and the pass/fail of every value both tried). The four finders
// of a setting run one after another, Lightning and fit interleaved (power, fit --full-trials,
// binsearch, fit) so the machine's load hits both alike; each row carries the 1-min load average at
// its start and end.
// Each setting's data set holds more samples than any batch the finders reach before their first
// failure: Lightning 2.6.6's _adjust_batch_size returns the batch unchanged once it is >= the data
// set's length (lightning/pytorch/tuner/batch_size_scaling.py), so binsearch retried a failing 256
// forever (its OOM branch ignores `changed` and counts no trial) and power answered the failing 256.
// A Lightning run is still stopped after --lightning-timeout seconds (default 900) and says so.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTable } from '../src/cli/output.js';
import { createMemoryCgroup, type MemoryCgroup, removeCgroup } from '../src/probe/host/cgroup.js';
import { findOwnMemoryCgroup } from '../src/probe/host/cgroup-detect.js';
import { frameworksPython, skipUnlessFrameworks } from '../src/test-helpers/frameworks.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const script = join(repo, 'examples/fit/torch_train.py');
const headroom = join(repo, 'bin/headroom.js');
const limitsFile = join(repo, 'bench/fit-vs-lightning.limits.json');
const MiB = 2 ** 20;

/**
 * What every trained process of the bench (calibration, Lightning, fit and its trials) runs with, so a
 * batch's peak is one number. glibc's dynamic mmap threshold (mallopt(3): it rises to the size of each
 * mmapped chunk freed) kept some freed tensors in the heap, whose layout ASLR draws: a fresh process's
 * peak at a batch moved by tens of MiB from run to run (under RLIMIT_AS the transformer's 177 failed
 * while 184 ran) and the CNN under a cgroup had a hole (127 OOM-killed, 128-130 ran, its 31.75 MiB
 * input under the 32 MiB ceiling). A fixed threshold turns the dynamic one off: every chunk of 4 MiB or
 * more is mmapped and unmapped when freed (VmPeak of the transformer at 170, full epoch: 1298680 and
 * 1298684 kB in two runs; without it 1433732-1439168 kB in three).
 */
const trainEnv = { MALLOC_MMAP_THRESHOLD_: '4194304' };

type Mode = 'rlimit-as' | 'cgroup';
type Model = 'cnn' | 'transformer';

/** One setting: a model under one kind of limit, with the true largest batch found by --calibrate. */
interface Setting {
  model: Model;
  mode: Mode;
  limitBytes: number;
  samples: number;
  trueLargest?: number;
  method?: string;
  runs?: EpochRun[];
  calibratedOn?: string;
  /** --spread: full epochs repeated around the true largest batch, round-robin, with the load. */
  spread?: (EpochRun & { load: string; at: string })[];
  /** The largest batch below every batch that ever failed an epoch (calibration and spread runs). */
  reliableLargest?: number;
}

interface EpochRun {
  batch: number;
  ok: boolean;
  seconds: number;
  ending: string;
}

const defaults: Setting[] = [
  { model: 'cnn', mode: 'rlimit-as', limitBytes: 1400 * MiB, samples: 256 },
  { model: 'transformer', mode: 'rlimit-as', limitBytes: 1400 * MiB, samples: 512 },
  { model: 'cnn', mode: 'cgroup', limitBytes: 900 * MiB, samples: 256 },
  { model: 'transformer', mode: 'cgroup', limitBytes: 1000 * MiB, samples: 512 },
];

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  seconds: number;
  /** Seconds from the start to the first stdout line matching `markLine`, when given. */
  markSeconds?: number;
}

/** Runs argv (optionally inside a cgroup: the shell moves itself in before exec), collecting output. */
function runProcess(
  argv: string[],
  options: {
    cwd: string;
    group?: MemoryCgroup;
    markLine?: RegExp;
    env?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<Ran & { isTimedOut: boolean }> {
  const command = options.group
    ? ['sh', '-c', `echo $$ > ${join(options.group.dir, 'cgroup.procs')} && exec "$@"`, 'sh', ...argv]
    : argv;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: options.cwd,
      env: { ...process.env, OMP_NUM_THREADS: '1', PYTHONUNBUFFERED: '1', ...trainEnv, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    let markSeconds: number | undefined;
    let isTimedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            isTimedOut = true;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (markSeconds === undefined && options.markLine?.test(stdout))
        markSeconds = (performance.now() - started) / 1000;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      resolve({ code, signal, stdout, stderr, seconds, markSeconds, isTimedOut });
    });
  });
}

const asLimit = (setting: Setting): string[] =>
  setting.mode === 'rlimit-as' ? ['prlimit', `--as=${setting.limitBytes}`, '--'] : [];

function trainArgv(python: string, setting: Setting, extra: string[]): string[] {
  return [
    ...asLimit(setting),
    python,
    script,
    '--model',
    setting.model,
    '--samples',
    String(setting.samples),
    ...extra,
  ];
}

let scratch = '';
let groupCount = 0;

/**
 * The files a training process of this model reads (every file it maps, every module it imports),
 * listed by one short run outside any cgroup (which also brings them into the page cache).
 */
const libraryFilesOf = new Map<Model, string[]>();
async function listLibraryFiles(python: string, setting: Setting): Promise<string[]> {
  const known = libraryFilesOf.get(setting.model);
  if (known) return known;
  const listFile = join(scratch, `files-${setting.model}.txt`);
  const lister = [
    'import atexit, runpy, sys',
    'def dump():',
    '    names = {line.split()[5] for line in open("/proc/self/maps") if len(line.split()) > 5}',
    '    for module in list(sys.modules.values()):',
    // vars(): a lazy module's __getattr__ (transformers') would import what the run never did.
    '        found = vars(module) if hasattr(module, "__dict__") else {}',
    '        names.update(p for p in (found.get("__file__"), found.get("__cached__")) if isinstance(p, str))',
    `    open(${JSON.stringify(listFile)}, "w").write("\\n".join(sorted(n for n in names if n.startswith("/"))))`,
    'atexit.register(dump)',
    'sys.argv = sys.argv[1:]',
    'runpy.run_path(sys.argv[0], run_name="__main__")',
  ].join('\n');
  const argv = [python, '-c', lister, script, '--model', setting.model, '--samples', '8'];
  const ran = await runProcess([...argv, '--batch-size', '2', '--max-steps', '1'], { cwd: scratch });
  if (!existsSync(listFile)) throw new Error(`could not list the libraries: ${ran.stderr.slice(-1000)}`);
  const files = readFileSync(listFile, 'utf8')
    .split('\n')
    .filter((f) => existsSync(f));
  libraryFilesOf.set(setting.model, files);
  return files;
}

/**
 * Reads every library file through, from the bench's own cgroup, before a process starts in a limited
 * one. cgroup v1 charges a page of page cache to the group of the process that first brings it in
 * (Documentation/admin-guide/cgroup-v1/memory.rst, 2.3): a trial that imported torch while its
 * libraries were not cached was charged for them and OOM-killed at a smaller batch than one that found
 * them cached (the transformer under 1000 MiB: 226 calibrated, 278 and 280 ran epochs a day later).
 * Resident beforehand, they are never charged to the limited group (40 KiB of cache charged to a group
 * whose process imported torch and Lightning and trained two steps), so its limit is on what the
 * training itself allocates.
 */
function warmPageCache(files: readonly string[]): void {
  const buffer = Buffer.alloc(4 * MiB);
  for (const file of files) {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      continue;
    }
    try {
      while (readSync(fd, buffer, 0, buffer.length, null) > 0) {}
    } finally {
      closeSync(fd);
    }
  }
}

/** A fresh cgroup at the setting's limit, for one process (removed after), the libraries cached first. */
async function withGroup<T>(
  python: string,
  setting: Setting,
  run: (group?: MemoryCgroup) => Promise<T>,
): Promise<T> {
  if (setting.mode !== 'cgroup') return run(undefined);
  warmPageCache(await listLibraryFiles(python, setting));
  const own = findOwnMemoryCgroup();
  if (!own.ok) throw new Error(`no cgroup: ${own.reason}`);
  const made = createMemoryCgroup({
    parent: own.location,
    name: `headroom-bench-fvl-${process.pid}-${++groupCount}`,
    limitBytes: setting.limitBytes,
  });
  if (!made.ok) throw new Error(`no cgroup: ${made.reason}`);
  return await run(made.group).finally(() => removeCgroup(made.group));
}

/** Does `batch` train a full epoch under the setting's limit? */
async function runsFullEpoch(python: string, setting: Setting, batch: number) {
  const ran = await withGroup(python, setting, (group) =>
    runProcess(trainArgv(python, setting, ['--batch-size', String(batch)]), { cwd: scratch, group }),
  );
  const ok = ran.code === 0 && /epoch done/.test(ran.stdout);
  const ending = ok
    ? 'epoch done'
    : ran.signal
      ? `killed by ${ran.signal}`
      : /DefaultCPUAllocator: can't allocate memory/.test(ran.stderr)
        ? "DefaultCPUAllocator: can't allocate memory"
        : `exit ${ran.code}`;
  return { ok, seconds: Math.round(ran.seconds * 10) / 10, ending };
}

/**
 * The true largest batch, found by running full epochs: from a start (the stored true largest, else 32)
 * by steps that double up to a failure (or down to a pass), bisection to a pass next to a failure,
 * then every value in a window around it (±window), so a boundary that is not monotone shows, and the
 * pass and the failure next to it once more each, so a boundary that moves from run to run shows; the
 * answer is the largest value under which every run of every tried value ran. Earlier runs are not
 * reused (they ran under what the bench ran then).
 */
async function calibrate(python: string, setting: Setting, window = 2): Promise<Setting> {
  const runs: NonNullable<Setting['runs']> = [];
  const attempt = async (batch: number) => {
    const result = await runsFullEpoch(python, setting, batch);
    runs.push({ ...result, batch });
    process.stdout.write(
      `  calibrate ${keyOf(setting)} batch ${batch}: ${result.ending} (${result.seconds} s, load ${loadNow()})\n`,
    );
    return result.ok;
  };
  const start = setting.trueLargest ?? 32;
  let low = 0;
  let high = 0;
  let step = Math.max(2, Math.round(start / 32));
  if (await attempt(start)) {
    low = start;
    while (await attempt(low + step)) {
      low += step;
      step *= 2;
    }
    high = low + step;
  } else {
    high = start;
    for (;;) {
      const below = Math.max(1, high - step);
      if (await attempt(below)) {
        low = below;
        break;
      }
      if (below === 1) throw new Error(`${keyOf(setting)}: batch 1 fails`);
      high = below;
      step *= 2;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await attempt(middle)) low = middle;
    else high = middle;
  }
  for (let batch = Math.max(1, low - window); batch <= low + window; batch++) {
    if (!runs.some((r) => r.batch === batch)) await attempt(batch);
  }
  // A pass above a failure (the boundary is not monotone): every batch below the first failure too.
  const firstFail = () => Math.min(...runs.filter((r) => !r.ok).map((r) => r.batch));
  for (let batch = largestBelowFirstFailure(runs) + 1; batch < firstFail(); batch++) await attempt(batch);
  // The boundary once more: does the same pass pass and the same failure fail?
  const boundary = largestBelowFirstFailure(runs);
  await attempt(boundary);
  await attempt(boundary + 1);
  const sorted = [...runs].sort((a, b) => a.batch - b.batch);
  const trueLargest = largestBelowFirstFailure(sorted);
  return {
    ...setting,
    trueLargest,
    method: `full epochs (${setting.samples} samples) under ${Object.entries(trainEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(
        ' ',
      )}${setting.mode === 'cgroup' ? ', the libraries read into the page cache outside the group before each run' : ''}: from ${start} by doubling steps to a failure, bisection to adjacent, then every batch in ±${window} of the largest pass and every batch between the largest pass below the first failure and it, then that pass and the failure next to it once more; the largest batch below the first failure of any run`,
    runs: sorted,
    calibratedOn: new Date().toISOString().slice(0, 10),
    spread: [],
    reliableLargest: undefined,
  };
}

interface FinderRun {
  trials: number;
  seconds: number | null;
  answer: number | null;
  epoch: string;
  /** The 1-min load average when the run started and when it ended. */
  load?: string;
}

const loadNow = (): string => (loadavg()[0] ?? 0).toFixed(1);

/** Runs one finder and notes the load average around it. */
async function withLoad<T extends FinderRun>(run: () => Promise<T>): Promise<T> {
  const before = loadNow();
  const ran = await run();
  return { ...ran, load: `${before}-${loadNow()}` };
}

let lightningTimeoutMs = 900_000;
/** --keep=DIR: each fit's --json output is kept there (the scratch directory is removed). */
let keepDir: string | null = null;
/** --finders=power,full,binsearch,fit,fresh: which finders of a row run (default: all). */
let finders: string[] | null = null;
const runs = (finder: string): boolean => finders === null || finders.includes(finder);

/**
 * Lightning's BatchSizeFinder in one process (init 2, 3 steps per trial, its default max_trials 25,
 * max_val 8192), stopped after --lightning-timeout.
 */
async function runLightning(
  python: string,
  setting: Setting,
  mode: 'power' | 'binsearch',
): Promise<FinderRun> {
  const argv = trainArgv(python, setting, ['--batch-size', '2', '--finder', mode, '--margin', '0']);
  const ran = await withGroup(python, setting, (group) =>
    runProcess(argv, { cwd: scratch, group, markLine: /"finder_result"/, timeoutMs: lightningTimeoutMs }),
  );
  const lines = ran.stdout.split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
  const trials = lines.filter((l) => 'trial' in l).length;
  const answer = lines.find((l) => 'finder_result' in l)?.finder_result as number | undefined;
  const epoch =
    ran.code === 0 && /epoch done/.test(ran.stdout)
      ? 'yes'
      : ran.isTimedOut
        ? `no: stopped by the bench after ${Math.round(lightningTimeoutMs / 1000)} s${answer === undefined ? ' during the search' : ''}`
        : ran.signal
          ? `no: the process was killed (${ran.signal})${answer === undefined ? ' during the search' : ''}`
          : answer === undefined
            ? `no answer: exit ${ran.code}`
            : `no: ${/DefaultCPUAllocator/.test(ran.stderr) ? "DefaultCPUAllocator: can't allocate memory" : `exit ${ran.code}`}`;
  return {
    trials,
    seconds: ran.markSeconds ?? (answer === undefined ? ran.seconds : null),
    answer: answer ?? null,
    epoch,
  };
}

/** headroom fit (the built CLI) over the same command, margin 0, --max 8192 as Lightning's max_val. */
async function runFit(
  python: string,
  setting: Setting,
  how: 'full' | 'fresh' | 'default',
): Promise<FinderRun & { fit: Record<string, unknown> }> {
  const runDir = join(scratch, `fit-${setting.model}-${setting.mode}-${how}-${Date.now()}`);
  const limit = setting.mode === 'cgroup' ? ['--host-memory', `${setting.limitBytes}B`] : [];
  const argv = [
    process.execPath,
    headroom,
    'fit',
    '--json',
    '--margin',
    '0',
    '--max',
    '8192',
    '--run-dir',
    runDir,
    ...limit,
    ...(how === 'full' ? ['--full-trials'] : how === 'fresh' ? ['--fresh-trials'] : []),
    '--',
    ...trainArgv(python, setting, ['--batch-size', '{batch}']),
  ];
  // fit makes its trials' cgroups itself: the libraries are cached before it starts, as before every other process.
  if (setting.mode === 'cgroup') warmPageCache(await listLibraryFiles(python, setting));
  const ran = await runProcess(argv, { cwd: scratch, env: { NO_COLOR: '1' } });
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(join(keepDir, `${setting.model}-${setting.mode}-${how}-${Date.now()}.json`), ran.stdout);
  }
  let fit: Record<string, unknown> = {};
  try {
    fit = JSON.parse(ran.stdout);
  } catch {
    throw new Error(`fit gave no JSON (exit ${ran.code}): ${ran.stderr.slice(-2000)}`);
  }
  const answer = typeof fit.best === 'number' && fit.best > 0 ? fit.best : null;
  const epoch =
    answer === null ? 'no answer' : (await runsFullEpoch(python, setting, answer)).ok ? 'yes' : 'no';
  const trials = Array.isArray(fit.trials) ? fit.trials.length : 0;
  return { trials, seconds: ran.seconds, answer, epoch, fit };
}

/** Stores these settings in the limits file, over the ones stored with the same key (the file is read again first). */
function writeSettings(changed: readonly Setting[]): void {
  const settings = readSettings().map((s) => changed.find((c) => keyOf(c) === keyOf(s)) ?? s);
  const machine = 'the project machine: 2 cores, 24 GiB, shared';
  writeFileSync(limitsFile, `${JSON.stringify({ machine, settings }, null, 2)}\n`);
  process.stdout.write(`wrote ${limitsFile}\n`);
}

function readSettings(): Setting[] {
  if (!existsSync(limitsFile)) return defaults;
  const stored = JSON.parse(readFileSync(limitsFile, 'utf8')).settings as Setting[];
  // A default setting not stored yet is calibrated on the next run.
  return [...stored, ...defaults.filter((d) => !stored.some((s) => keyOf(s) === keyOf(d)))];
}

/** The largest batch that passed below the smallest batch that ever failed, over every run given. */
function largestBelowFirstFailure(runs: readonly EpochRun[]): number {
  const firstFail = Math.min(...runs.filter((r) => !r.ok).map((r) => r.batch));
  return Math.max(...runs.filter((r) => r.ok && r.batch < firstFail).map((r) => r.batch));
}

/**
 * The true limit's own run-to-run spread: every batch from 4 under the true largest to 1 over it,
 * run `repeats` times round-robin (so the load of the moment is spread over them), each a full epoch.
 */
async function measureSpread(python: string, setting: Setting, repeats: number): Promise<Setting> {
  const center = setting.trueLargest ?? 0;
  const spread = [...(setting.spread ?? [])];
  for (let round = 0; round < repeats; round++) {
    for (let batch = center - 4; batch <= center + 1; batch++) {
      const load = loadNow();
      const result = await runsFullEpoch(python, setting, batch);
      spread.push({ batch, ...result, load: `${load}-${loadNow()}`, at: new Date().toISOString() });
      process.stdout.write(
        `  spread ${keyOf(setting)} batch ${batch}: ${result.ending} (${result.seconds} s, load ${load})\n`,
      );
    }
  }
  const reliableLargest = largestBelowFirstFailure([...(setting.runs ?? []), ...spread]);
  return { ...setting, spread, reliableLargest };
}

const keyOf = (setting: Setting): string => `${setting.model}/${setting.mode}`;

/**
 * fit's wall beside Lightning's for the same answer quality: against each Lightning run whose answer
 * is at most fit's and runs an epoch (fit found as much or more in that time), or else says that
 * Lightning's answer was worse or killed.
 */
function compareWalls(fitRun: FinderRun, lightning: Record<string, FinderRun | null>): string {
  return Object.entries(lightning)
    .flatMap(([who, run]) => {
      if (!run || fitRun.seconds === null) return [];
      const ratio = run.seconds ? ` (fit/${who} wall ${(fitRun.seconds / run.seconds).toFixed(2)})` : '';
      if (run.answer === null) return [`${who} gave no answer${ratio}`];
      if (run.epoch !== 'yes') return [`${who}'s ${run.answer} fails the epoch${ratio}`];
      if (fitRun.answer !== null && run.answer >= fitRun.answer)
        return [`${who} found ${run.answer} >= fit's ${fitRun.answer}${ratio}`];
      return [`${who} found ${run.answer} < fit's ${fitRun.answer}${ratio}`];
    })
    .join('; ');
}

type FitRun = FinderRun & { fit: Record<string, unknown> };

/** `1 13.2s, 14 4.1s, 127 held-at-limit 4.2s, 131 oom-killed 2.4s`: each trial's value, how it ended (a pass plain), seconds. */
function trialTrace(run: FitRun): string {
  const trials = (run.fit.trials ?? []) as {
    value: number;
    outcome: string;
    reason: string;
    seconds: number;
  }[];
  return trials
    .map((t) => `${t.value}${t.outcome === 'pass' ? '' : ` ${t.reason}`} ${t.seconds.toFixed(1)}s`)
    .join(', ');
}

/** The forked fit beside the same fit with fresh processes: answers, walls, and each value both tried. */
function compareTrials(forked: FitRun, fresh: FitRun): string {
  const outcomes = (run: FitRun) =>
    new Map(
      ((run.fit.trials ?? []) as { value: number; ok: boolean }[]).map((t) => [t.value, t.ok] as const),
    );
  const a = outcomes(forked);
  const b = outcomes(fresh);
  const both = [...a.keys()].filter((v) => b.has(v));
  const differ = both.filter((v) => a.get(v) !== b.get(v));
  const wall = forked.seconds && fresh.seconds ? `, wall ${(forked.seconds / fresh.seconds).toFixed(2)}` : '';
  return `forked vs fresh trials: answers ${forked.answer ?? '-'} / ${fresh.answer ?? '-'}${wall}; ${both.length} values tried by both, ${differ.length === 0 ? 'every pass/fail the same' : `pass/fail differs at ${differ.join(', ')}`}`;
}

export async function main(args: string[]): Promise<void> {
  const skip = skipUnlessFrameworks('torch', 'lightning');
  const python = frameworksPython();
  if (skip || !python) {
    process.stdout.write(`skipped: ${skip}\n`);
    return;
  }
  // --only=cnn/cgroup,cnn/rlimit-as: the settings to run, in that order (default: all).
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const timeout = args.find((a) => a.startsWith('--lightning-timeout='));
  if (timeout) lightningTimeoutMs = Number(timeout.slice('--lightning-timeout='.length)) * 1000;
  keepDir = args.find((a) => a.startsWith('--keep='))?.slice('--keep='.length) ?? null;
  finders =
    args
      .find((a) => a.startsWith('--finders='))
      ?.slice('--finders='.length)
      .split(',') ?? null;
  scratch = mkdtempSync(join(tmpdir(), 'headroom-bench-fvl-'));
  mkdirSync(scratch, { recursive: true });
  try {
    let settings = readSettings();
    const isChosen = (setting: Setting): boolean => !only || only.includes(keyOf(setting));
    // --calibrate: the chosen settings again; otherwise only those without a true limit yet.
    const toCalibrate = settings.filter((s) =>
      args.includes('--calibrate') ? isChosen(s) : s.trueLargest === undefined,
    );
    if (toCalibrate.length > 0) {
      // In --only's order, each stored as soon as it is done.
      const order = only ? only.flatMap((key) => toCalibrate.filter((s) => keyOf(s) === key)) : toCalibrate;
      for (const setting of order) {
        const calibrated = await calibrate(python, setting);
        settings = settings.map((s) => (keyOf(s) === keyOf(calibrated) ? calibrated : s));
        writeSettings([calibrated]);
      }
      if (args.includes('--calibrate')) return;
    }
    // --spread=R: R more full epochs of each batch around the true largest, stored with the limits.
    const repeats = Number(args.find((a) => a.startsWith('--spread='))?.slice('--spread='.length) ?? 0);
    if (repeats > 0) {
      const measured: Setting[] = [];
      for (const setting of settings)
        measured.push(isChosen(setting) ? await measureSpread(python, setting, repeats) : setting);
      writeSettings(measured.filter(isChosen));
      return;
    }
    const rows: string[][] = [];
    const ratios: string[] = [];
    const chosen = only ? only.flatMap((key) => settings.filter((s) => keyOf(s) === key)) : settings;
    for (const setting of chosen) {
      const trueLargest = setting.trueLargest ?? 0;
      const row = (who: string, run: FinderRun) => {
        rows.push([
          `${setting.model} ${setting.mode}`,
          String(trueLargest),
          who,
          String(run.trials),
          run.seconds === null ? '-' : run.seconds.toFixed(1),
          run.answer === null ? '-' : String(run.answer),
          run.answer === null ? '-' : (run.answer / trueLargest).toFixed(3),
          run.answer === null || !setting.reliableLargest
            ? '-'
            : (run.answer / setting.reliableLargest).toFixed(3),
          run.epoch,
          run.load ?? '-',
        ]);
        // Each row as it comes: the whole bench takes minutes.
        process.stdout.write(`  ${rows.at(-1)?.join(' | ')}\n`);
      };
      // Interleaved, so the load hits Lightning and fit alike.
      const power = runs('power') ? await withLoad(() => runLightning(python, setting, 'power')) : null;
      if (power) row('lightning power', power);
      const before = runs('full') ? await withLoad(() => runFit(python, setting, 'full')) : null;
      if (before) row('fit --full-trials', before);
      const binsearch =
        setting.mode === 'cgroup' || !runs('binsearch')
          ? null
          : await withLoad(() => runLightning(python, setting, 'binsearch'));
      if (binsearch) row('lightning binsearch', binsearch);
      const after = runs('fit') ? await withLoad(() => runFit(python, setting, 'default')) : null;
      if (after) row('fit', after);
      // Where fit's trials were forks of its warm interpreter: the same fit with fresh processes, trial by trial.
      const isForked =
        (after?.fit.trials as { forked?: unknown }[] | undefined)?.some((t) => t.forked) === true;
      const fresh = isForked && runs('fresh') ? await withLoad(() => runFit(python, setting, 'fresh')) : null;
      if (fresh) row('fit --fresh-trials', fresh);
      const quality = (run: FinderRun) => (run.answer === null ? '-' : (run.answer / trueLargest).toFixed(3));
      const ratio =
        (after && before
          ? `${keyOf(setting)}: fit/--full-trials wall ${(after.seconds! / before.seconds!).toFixed(2)} (answers ${quality(after)} / ${quality(before)} of true); `
          : `${keyOf(setting)}: `) +
        (after ? `fit beside Lightning: ${compareWalls(after, { power, binsearch })}; ` : '') +
        (after && fresh ? `${compareTrials(after, fresh)}; ` : '') +
        (before ? `--full-trials: ${trialTrace(before)}; ` : '') +
        (after
          ? `fit: ${trialTrace(after)}${after.fit.baseBytes ? ` (gate ${JSON.stringify(after.fit.baseBytes)})` : ''}; `
          : '') +
        `load ${[power, before, binsearch, after, fresh].flatMap((r) => (r?.load ? [r.load] : [])).join(', ')}`;
      ratios.push(ratio);
      process.stdout.write(`  ${ratio}\n`);
    }
    const headers = [
      'setting',
      'true',
      'finder',
      'trials',
      'wall s',
      'answer',
      'answer/true',
      'answer/reliable',
      'full epoch',
      'load',
    ];
    const columns = headers.map((header, i) => ({
      header,
      align: i === 0 || i === 2 || i === 8 ? ('left' as const) : ('right' as const),
    }));
    process.stdout.write(`${renderTable(columns, rows)}\n\n${ratios.join('\n')}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
