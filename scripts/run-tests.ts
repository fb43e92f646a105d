// `npm test`'s runner: the files of scripts/test-files.ts, the costliest first, a few at a time. Node 20's
// `node --test a b c` sorts the files it is given by path (a long file late in the alphabet then runs on
// alone at the end); node:test's run() starts them in the order given.
//   node --import tsx scripts/run-tests.ts [--concurrency N] [--costs FILE] [FILE...]
// --costs FILE also writes what each file cost (scripts/test-cost-reporter.mjs) to FILE.
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
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
): Promise<boolean> {
  const stream = run({ files: files.map((file) => resolve(file)), concurrency: options.concurrency });
  let passed = true;
  stream.on('test:fail', (data: { todo?: boolean | string }) => {
    if (!data.todo) passed = false;
  });
  // The reporter node --test would pick: spec on a terminal, TAP otherwise.
  const reporter =
    options.output === process.stdout && process.stdout.isTTY ? stream.pipe(new spec()) : stream.compose(tap);
  const done = [finished(reporter.pipe(options.output))];
  if (options.costs) done.push(finished(stream.compose(testCosts).pipe(options.costs)));
  return Promise.all(done).then(() => passed);
}

function finished(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((done, fail) => {
    stream.on('error', fail);
    // process.stdout never emits 'finish'; the reporter's end is the pipe's 'unpipe'.
    stream.on(stream === process.stdout ? 'unpipe' : 'finish', () => done());
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { concurrency: { type: 'string', default: '4' }, costs: { type: 'string' } },
  });
  const files = positionals.length > 0 ? positionals : orderedTestFiles();
  const costs = values.costs ? createWriteStream(values.costs) : undefined;
  const passed = await runTests(files, {
    concurrency: Number(values.concurrency),
    output: process.stdout,
    costs,
  });
  process.exitCode = passed ? 0 : 1;
}
