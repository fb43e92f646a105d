// npm test's runner: files start in the order given (costliest first), not sorted by path as Node 20's
// `node --test FILES` does; a failing test fails the run (exit 1); --costs gets the cost reporter's JSON.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { builtTestFile, defaultConcurrency, heavyAtOnce, sourceOf } from './run-tests.js';

const runner = fileURLToPath(new URL('run-tests.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'headroom-run-tests-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const started = join(dir, 'started.txt');

/** A test file that notes its name when it starts; `fails` makes its one test fail. */
function testFile(name: string, fails = false): string {
  const file = join(dir, `${name}.test.mjs`);
  const lines = [
    "import { appendFileSync } from 'node:fs';",
    "import { test } from 'node:test';",
    `appendFileSync(${JSON.stringify(started)}, '${name}\\n');`,
    `test('${name}', () => { if (${fails}) throw new Error('${name} fails'); });`,
  ];
  writeFileSync(file, lines.join('\n'));
  return file;
}

/** The runner as npm test starts it, outside this file's own test run (NODE_TEST_CONTEXT unset), in an
 * environment without OMP_WAIT_POLICY (the runner sets it); on the loader this file runs on (the suite's
 * test build, or tsx), which its test processes then start on too. */
function runTests(args: string[]): { code: number | null; stdout: string } {
  const { NODE_TEST_CONTEXT: _, OMP_WAIT_POLICY: __, ...env } = process.env;
  const run = spawnSync(process.execPath, [...process.execArgv, runner, ...args], { encoding: 'utf8', env });
  return { code: run.status, stdout: run.stdout };
}

test('files start in the order given, not by path; every one runs; --costs writes the costs', () => {
  const files = ['zeta', 'alpha', 'mid'].map((name) => testFile(name));
  const costs = join(dir, 'costs.json');
  const { code, stdout } = runTests(['--concurrency', '1', '--costs', costs, ...files]);
  assert.equal(code, 0, stdout);
  assert.deepEqual(readFileSync(started, 'utf8').trim().split('\n'), ['zeta', 'alpha', 'mid']);
  assert.match(stdout, /^# pass 3$/m);
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(costs, 'utf8'))), ['note', 'measuredAt', 'seconds']);
});

test('a failing test fails the run', () => {
  const { code, stdout } = runTests([testFile('good'), testFile('bad', true)]);
  assert.equal(code, 1, stdout);
  assert.match(stdout, /^not ok \d+ - bad$/m);
  assert.match(stdout, /^# pass 1$/m);
  // CI keeps only the log's tail: it ends naming the failing test, where it is and why.
  const [count, where, why] = stdout.trimEnd().split('\n').slice(-3);
  assert.equal(count, '# failing tests: 1');
  assert.match(where ?? '', /^# {3}\S*bad\.test\.mjs:\d+ bad$/);
  assert.equal(why, '#     bad fails');
});

test("every test file runs with OpenMP's passive waiting", () => {
  const file = join(dir, 'omp.test.mjs');
  writeFileSync(
    file,
    [
      "import assert from 'node:assert/strict';",
      "import { test } from 'node:test';",
      "test('omp', () => assert.equal(process.env.OMP_WAIT_POLICY, 'PASSIVE'));",
    ].join('\n'),
  );
  const { code, stdout } = runTests([file]);
  assert.equal(code, 0, stdout);
  assert.match(stdout, /^# pass 1$/m);
});

test('four files a core at once, at most 16', () => {
  assert.equal(defaultConcurrency(1), 4);
  assert.equal(defaultConcurrency(2), 8);
  assert.equal(defaultConcurrency(16), 16);
});

test('at most one heavy file in three at once: a light file later in the order takes the slot', () => {
  const log = join(dir, 'heavy-log.txt');
  writeFileSync(log, '');
  // A heavy file ends only once the light file `light` has started, so two heavy files started together
  // would both be running then; one at a time, the second starts after the first has ended.
  const file = (name: string, waitFor?: string): string => {
    const path = join(dir, `${name}.test.mjs`);
    const lines = [
      "import { appendFileSync, readFileSync } from 'node:fs';",
      "import { test } from 'node:test';",
      `const log = ${JSON.stringify(log)};`,
      `appendFileSync(log, 'start ${name}\\n');`,
      `test('${name}', async () => {`,
      waitFor === undefined
        ? ''
        : `  for (let i = 0; !readFileSync(log, 'utf8').includes('start ${waitFor}\\n'); i++) {
    if (i > 3000) throw new Error('${waitFor} never started');
    await new Promise((done) => setTimeout(done, 10));
  }`,
      `  appendFileSync(log, 'end ${name}\\n');`,
      '});',
    ];
    writeFileSync(path, lines.join('\n'));
    return path;
  };
  const heavy = [file('heavy1', 'light'), file('heavy2', 'light')];
  const light = [file('light'), file('other')];
  // Three at once: one of them heavy.
  const args = ['--concurrency', '3', '--heavy', heavy[0] as string, '--heavy', heavy[1] as string];
  const { code, stdout } = runTests([...args, ...heavy, ...light]);
  assert.equal(code, 0, stdout);
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  const [first, second] = lines.filter((line) => line.startsWith('start heavy')).map((l) => l.slice(6));
  assert.ok(
    lines.indexOf(`end ${first}`) < lines.indexOf(`start ${second}`),
    `the second heavy file started before the first ended:\n${lines.join('\n')}`,
  );
  // One run's plan and counts, every file's tests in them.
  assert.equal(stdout.match(/^1\.\.\d+$/gm)?.join(), '1..4');
  assert.match(stdout, /^# tests 4$/m);
  assert.match(stdout, /^# pass 4$/m);
  assert.equal(heavyAtOnce(8), 3);
  assert.equal(heavyAtOnce(4), 2);
  assert.equal(heavyAtOnce(1), 1);
});

test("--built runs a test file's build in .test-build/; a failure or cost names the .ts file", () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const built = builtTestFile('src/units.test.ts');
  assert.equal(built, join(root, '.test-build', 'src', 'units.test.js'));
  assert.equal(sourceOf(built), join(root, 'src', 'units.test.ts'));
  assert.equal(sourceOf(join(dir, 'x.test.mjs')), join(dir, 'x.test.mjs'));
  assert.equal(
    builtTestFile(join(dir, 'x.test.ts')),
    join(dir, 'x.test.ts'),
    'outside the repository: as it is',
  );
});
