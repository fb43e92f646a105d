// `npm test`'s runner: the files of scripts/test-files.ts, the costliest first, four a core at a time.
// Node 20's `node --test a b c` sorts the files it is given by path (a long file late in the alphabet
// then runs on alone at the end); node:test's run() starts them in the order given.
//   node scripts/test.mjs [--concurrency N] [--costs FILE] [FILE...]   (npm test: on the test build)
//   node --import tsx scripts/run-tests.ts [...]                        (each test process starts tsx)
// --costs FILE also writes what each file cost (scripts/test-cost-reporter.mjs) to FILE. --built (npm test)
// runs each file's build in .test-build/ (scripts/test-loader.mjs: without module hooks); failures and
// costs still name the `.ts` file.
import { createWriteStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import testCosts from './test-cost-reporter.mjs';
import { orderedTestFiles } from './test-files.js';

/** Runs `files` in the order given, `concurrency` at a time; resolves true when every test passed. */
function runTests(
  files: string[],
  options: { concurrency: number; output: NodeJS.WritableStream; costs?: NodeJS.WritableStream },
): Promise<Failure[]> {
  const stream = run({ files: files.map((file) => resolve(file)), concurrency: options.concurrency });
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      concurrency: { type: 'string', default: String(defaultConcurrency()) },
      costs: { type: 'string' },
      built: { type: 'boolean', default: false },
    },
  });
  const sources = positionals.length > 0 ? positionals : orderedTestFiles();
  const files = values.built ? sources.map(builtTestFile) : sources;
  // Several files at once on a small machine: an idle OpenMP thread (torch's intra-op pool, MKL) spins
  // for work by default (OMP_WAIT_POLICY, OpenMP 4.5 §4.8), burning CPU the other files wait for: a
  // traced tiny-llama step took 1.4-1.9 CPU-s spinning, 0.3-0.7 passive, here at load 12. Passive
  // waiting keeps the same threads (and so the same memory); every test file and child inherits it.
  process.env.OMP_WAIT_POLICY ??= 'PASSIVE';
  const costs = values.costs ? createWriteStream(values.costs) : undefined;
  const failures = await runTests(files, {
    concurrency: Number(values.concurrency),
    output: process.stdout,
    costs,
  });
  process.stdout.write(failureSummary(failures));
  process.exitCode = failures.length === 0 ? 0 : 1;
}
