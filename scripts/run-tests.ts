// `npm test`'s runner: the files of scripts/test-files.ts, the costliest first, four a core at a time, and
// at most one in three of those at once a heavy file (scripts/test-files.ts's heavyTestFiles; --heavy FILE,
// repeated, names others instead): light files take the other slots.
// Node 20's `node --test a b c` sorts the files it is given by path (a long file late in the alphabet
// then runs on alone at the end); node:test's run() starts them in the order given.
//   node scripts/test.mjs [--concurrency N] [--costs FILE] [--heavy FILE]... [--alone] [FILE...]   (npm test: on the test build)
//   node --import tsx scripts/run-tests.ts [...]                        (each test process starts tsx)
// --costs FILE also writes what each file cost (scripts/test-cost-reporter.mjs) to FILE. --built (npm test)
// runs each file's build in .test-build/ (scripts/test-loader.mjs: without module hooks); failures and
// costs still name the `.ts` file. On the build, light files that may share a node process run several to
// one (scripts/shared-process.ts); --alone runs every file in a process of its own.
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { groupFiles, sharedEntrySource, whyAlone } from './shared-process.js';
import testCosts from './test-cost-reporter.mjs';
import { heavyTestFiles, orderedTestFiles, testCostSeconds } from './test-files.js';

/** Runs `files` in the order given, `concurrency` at a time and at most `heavyAtOnce` of the heavy ones
 * (`isHeavy`); resolves with the failing tests. */
function runTests(
  files: string[],
  options: {
    concurrency: number;
    isHeavy: (file: string) => boolean;
    heavyAtOnce: number;
    output: NodeJS.WritableStream;
    costs?: NodeJS.WritableStream;
  },
): Promise<Failure[]> {
  const stream = runEach(files, options);
  const failures: Failure[] = [];
  stream.on('test:fail', (data: FailEvent) => {
    if (data.todo) return;
    // A suite fails when a test inside it does; the test itself is what to name.
    if (data.details?.error?.failureType === 'subtestsFailed') return;
    failures.push({
      where: `${data.file ? relative(process.cwd(), sourceOf(data.file)) : '?'}:${data.line ?? '?'}`,
      name: data.name,
      error: whatWentWrong(data.details?.error),
    });
  });
  // The reporter node --test would pick: spec on a terminal, TAP otherwise.
  const reporter =
    options.output === process.stdout && process.stdout.isTTY ? stream.pipe(new spec()) : stream.compose(tap);
  const done = [finished(reporter.pipe(options.output))];
  if (options.costs) done.push(finished(stream.compose(testCosts).pipe(options.costs)));
  return Promise.all(done).then(() => failures);
}

interface TestEvent {
  type: string;
  data: { nesting: number; file?: string; count?: number; message?: string } & Record<string, unknown>;
}

/**
 * node:test's events of every file, each file run on its own (node:test's run() of one file) so that the
 * next file to start can be chosen: the first of `files` that may start, `concurrency` at a time, at most
 * `heavyAtOnce` heavy files among them (a light file takes a slot a heavy one may not). A file's events
 * come together when it ends; the runs' closing plans and counts (the events that name no file) are
 * summed into one at the end, as one run() of every file would give.
 */
export function runEach(
  files: string[],
  options: { concurrency: number; isHeavy: (file: string) => boolean; heavyAtOnce: number },
): PassThrough {
  const merged = new PassThrough({ objectMode: true });
  // run()'s stream also emits each event by its type (the failures above listen so).
  const put = (event: TestEvent): void => {
    merged.write(event);
    merged.emit(event.type, event.data);
  };
  const pending = [...files];
  const counts = new Map<string, number>();
  let planned = 0;
  let running = 0;
  let heavyRunning = 0;
  const started = performance.now();
  const close = (): void => {
    put({ type: 'test:plan', data: { nesting: 0, count: planned } });
    counts.set('duration_ms', performance.now() - started);
    for (const [name, count] of counts)
      put({ type: 'test:diagnostic', data: { nesting: 0, message: `${name} ${count}` } });
    merged.end();
  };
  const startNext = (): void => {
    while (running < options.concurrency) {
      const index = pending.findIndex((file) => !options.isHeavy(file) || heavyRunning < options.heavyAtOnce);
      if (index < 0) return;
      const [file] = pending.splice(index, 1) as [string];
      const heavy = options.isHeavy(file);
      running += 1;
      if (heavy) heavyRunning += 1;
      const events: TestEvent[] = [];
      const stream = run({ files: [resolve(file)], concurrency: 1 });
      stream.on('data', (event: TestEvent) => {
        const { nesting, file: from, count, message } = event.data;
        if (nesting === 0 && from === undefined && event.type === 'test:plan') {
          planned += count ?? 0;
          return;
        }
        const figure = message?.match(/^(\w+) (\d+(?:\.\d+)?)$/);
        if (nesting === 0 && from === undefined && event.type === 'test:diagnostic' && figure) {
          counts.set(figure[1] as string, (counts.get(figure[1] as string) ?? 0) + Number(figure[2]));
          return;
        }
        events.push(event);
      });
      stream.on('end', () => {
        for (const event of events) put(event);
        running -= 1;
        if (heavy) heavyRunning -= 1;
        if (running === 0 && pending.length === 0) close();
        else startNext();
      });
    }
  };
  // After the caller's reporters are in place.
  if (files.length === 0) setImmediate(close);
  else startNext();
  return merged;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const buildRoot = join(repoRoot, '.test-build');

/** The build of a test file of this repository in .test-build/ (scripts/test-build.mjs), which npm test
 * runs; any other file as it is. */
export function builtTestFile(file: string): string {
  const inside = relative(repoRoot, resolve(file));
  if (!file.endsWith('.ts') || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return file;
  return join(buildRoot, inside.replace(/\.ts$/, '.js'));
}

/** The `.ts` file a build in .test-build/ was made from; any other path as it is. */
export function sourceOf(file: string): string {
  return file.startsWith(`${buildRoot}${sep}`)
    ? join(repoRoot, file.slice(buildRoot.length + 1).replace(/\.js$/, '.ts'))
    : file;
}

interface FailEvent {
  name: string;
  file?: string;
  line?: number;
  todo?: boolean | string;
  details?: { error?: Error & { failureType?: string; cause?: unknown } };
}

interface Failure {
  where: string;
  name: string;
  error: string;
}

/** The first lines that say what went wrong (an assertion's first line only names its kind); node:test
 * wraps a test's own error as the cause. */
function whatWentWrong(error: (Error & { cause?: unknown }) | undefined): string {
  const inner = error?.cause instanceof Error ? error.cause : error;
  const lines = (inner?.message ?? String(inner)).split('\n').filter((line) => line.trim() !== '');
  return lines.slice(0, 3).join(' / ').slice(0, 400);
}

/** TAP comments after the report, so a log's tail (all CI keeps) names every failing test. */
export function failureSummary(failures: Failure[]): string {
  if (failures.length === 0) return '';
  const lines = [`# failing tests: ${failures.length}`];
  for (const failure of failures)
    lines.push(`#   ${failure.where} ${failure.name}`, `#     ${failure.error}`);
  return `${lines.join('\n')}\n`;
}

function finished(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((done, fail) => {
    stream.on('error', fail);
    // process.stdout never emits 'finish'; the reporter's end is the pipe's 'unpipe'.
    stream.on(stream === process.stdout ? 'unpipe' : 'finish', () => done());
  });
}

/**
 * Test files at once: four a core, at most 16. A file spends most of its time waiting (on its children,
 * a Ray or Slurm cluster, a browser, a trial's samples): while running, files used 0.2-0.7 of a core
 * each (cpuacct, npm test at main 3fb04c6). On this repository's 2-core machine the 12 costliest files
 * took 158 s at 4 at once (1.2 cores busy) and 142 s at 8; the 228 files under 5 s each, 88 s at 4 and
 * 69-71 s at 8 (a cpu cgroup with the largest cpu.shares, the machine's other work at load 21-37).
 * The cap keeps a larger machine's memory in hand: the heaviest files hold 0.5-3 GiB apiece.
 */
export function defaultConcurrency(cores = availableParallelism()): number {
  return Math.min(16, 4 * cores);
}

/**
 * Heavy files (scripts/test-files.ts's heavyTestFiles) at once: one in three of the files at once, at
 * least one; the other slots go to light files. At 8 at once (2 cores) that is 3: the five heavy files
 * still end well before the suite does (their seconds in test-costs.json: 343 of the 967 of every file over
 * 1 s, so about 115 s at 3 at once against a suite of 220-245 s), so none runs on alone at the end.
 */
export function heavyAtOnce(concurrency: number): number {
  return Math.max(1, Math.ceil(concurrency / 3));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      concurrency: { type: 'string', default: String(defaultConcurrency()) },
      costs: { type: 'string' },
      built: { type: 'boolean', default: false },
      heavy: { type: 'string', multiple: true, default: [...heavyTestFiles] },
      alone: { type: 'boolean', default: false },
    },
  });
  const sources = positionals.length > 0 ? positionals : orderedTestFiles();
  const built = values.built ? sources.map(builtTestFile) : sources;
  // On the build, light files that may share a process run several to one (scripts/shared-process.ts);
  // --alone: each file in a process of its own.
  const shared = values.built && !values.alone ? sharedProcesses(built) : { files: built, dir: null };
  const files = shared.files;
  // Several files at once on a small machine: an idle OpenMP thread (torch's intra-op pool, MKL) spins
  // for work by default (OMP_WAIT_POLICY, OpenMP 4.5 §4.8), burning CPU the other files wait for: a
  // traced tiny-llama step took 1.4-1.9 CPU-s spinning, 0.3-0.7 passive, here at load 12. Passive
  // waiting keeps the same threads (and so the same memory); every test file and child inherits it.
  process.env.OMP_WAIT_POLICY ??= 'PASSIVE';
  const costs = values.costs ? createWriteStream(values.costs) : undefined;
  const heavy = new Set(values.heavy.map((file) => resolve(repoRoot, file)));
  const concurrency = Number(values.concurrency);
  const failures = await runTests(files, {
    concurrency,
    isHeavy: (file) => heavy.has(sourceOf(resolve(file))),
    heavyAtOnce: heavyAtOnce(concurrency),
    output: process.stdout,
    costs,
  });
  if (shared.dir) rmSync(shared.dir, { recursive: true, force: true });
  process.stdout.write(failureSummary(failures));
  process.exitCode = failures.length === 0 ? 0 : 1;
}

/** Files under 2 s in a full run (scripts/test-costs.json) that scripts/shared-process.ts lets share a
 * process, as entries in a fresh folder of .test-build/ that each run several; the runner's list with
 * those entries in their files' places. */
function sharedProcesses(files: string[]): { files: string[]; dir: string | null } {
  const seconds = testCostSeconds();
  const mayShare = (file: string): boolean => {
    const source = sourceOf(resolve(file));
    return (seconds[relative(repoRoot, source)] ?? 0) < 2 && whyAlone(source) === null;
  };
  const groups = groupFiles(files, mayShare);
  if (groups.every((group) => group.length === 1)) return { files, dir: null };
  mkdirSync(buildRoot, { recursive: true });
  const dir = mkdtempSync(join(buildRoot, '.shared-'));
  const entries = groups.map((group, index) => {
    if (group.length === 1) return group[0] as string;
    const entry = join(dir, `${index}.test.js`);
    const builds = group.map((file) => resolve(file));
    writeFileSync(
      entry,
      sharedEntrySource(builds, (file) => relative(repoRoot, sourceOf(file))),
    );
    return entry;
  });
  return { files: entries, dir };
}
