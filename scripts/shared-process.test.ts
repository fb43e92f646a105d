// npm test's shared processes: which test files may share a node process (scripts/shared-process.ts), and
// the runner on the build running them several to one with every test named, counted and located as alone.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { groupFiles, whyAlone } from './shared-process.js';

const dir = mkdtempSync(join(tmpdir(), 'headroom-shared-process-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `files` (path under `dir` -> source) and returns `dir`'s path of the first. */
function tree(name: string, files: Record<string, string>): string {
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, name, path, '..'), { recursive: true });
    writeFileSync(join(dir, name, path), source);
  }
  return join(dir, name, Object.keys(files)[0] as string);
}

const plainTest = "import { test } from 'node:test';\ntest('t', () => {});\n";

test('a file whose tests and imports leave the process as they found it may share one', () => {
  const file = tree('clean', {
    'a.test.ts': `import { f } from './lib/f.js';\n${plainTest}`,
    'lib/f.ts': "import { g } from './g.js';\nexport const f = () => g(process.env.HOME);\n",
    'lib/g.ts': 'export const g = (x: unknown) => x;\n',
  });
  assert.equal(whyAlone(file), null);
});

test('a file that changes or reads its process, or starts processes, runs alone', () => {
  const cases: Record<string, string> = {
    "process.env.X = '1';": 'process.env.X =',
    'delete process.env.X;': 'delete process.env',
    "process.chdir('/');": 'process.chdir',
    "import { spawnSync } from 'node:child_process';": 'node:child_process',
    "await runHeadroom(['run']);": 'runHeadroom',
    'beforeEach(() => {});': 'beforeEach(',
    'after(() => {});': 'after(',
    "test('pid', () => process.pid);": 'process.pid',
    'mock.timers.enable();': 'mock',
    "process.on('exit', () => {});": 'process.on',
  };
  for (const [line, found] of Object.entries(cases)) {
    const file = tree(`own-${Object.keys(cases).indexOf(line)}`, { 'a.test.ts': `${plainTest}${line}\n` });
    assert.equal(whyAlone(file), `its source: ${found}`, line);
  }
  // Indented, a hook is a suite's own.
  assert.equal(
    whyAlone(
      tree('suite-hook', {
        'a.test.ts': `${plainTest}describe('s', () => {\n  beforeEach(() => {});\n});\n`,
      }),
    ),
    null,
  );
});

test('so does a file importing, however deep, a module that starts processes or changes the process', () => {
  const file = tree('deep', {
    'a.test.ts': `import { f } from './lib/f.js';\n${plainTest}`,
    'lib/f.ts': "export { g } from './g.js';\n",
    'lib/g.ts':
      "import { execFileSync } from 'node:child_process';\nexport const g = () => execFileSync('true');\n",
  });
  assert.equal(whyAlone(file), 'lib/g.ts: node:child_process');
  const env = tree('deep-env', {
    'a.test.ts': `import './setup.js';\n${plainTest}`,
    'setup.ts': "process.env.TZ ??= 'UTC';\n",
  });
  assert.equal(whyAlone(env), 'setup.ts: process.env.TZ ??=');
  const prctl = tree('deep-prctl', {
    'a.test.ts': `import type { X } from './x.js';\n${plainTest}`,
    'x.ts': 'const state = prctl(36, 1, 0, 0, 0);\n',
  });
  assert.equal(whyAlone(prctl), 'x.ts: prctl');
});

test('files that may share are taken in runs of at most N, in the order given, each where its first stood', () => {
  const files = ['heavy', 'a', 'b', 'c', 'alone', 'd', 'e'];
  const groups = groupFiles(files, (file) => file !== 'heavy' && file !== 'alone', 2);
  assert.deepEqual(groups, [['heavy'], ['a', 'b'], ['c', 'd'], ['alone'], ['e']]);
  assert.deepEqual(groups.flat().sort(), [...files].sort(), 'every file once');
});

test('the runner on the build runs shareable files in one process, every test named, counted and located', () => {
  const runner = fileURLToPath(new URL('run-tests.ts', import.meta.url));
  const log = join(dir, 'processes.log');
  // Each file notes the files a module they all import has seen in its process.
  writeFileSync(join(dir, 'seen.mjs'), 'export const seen = [];\n');
  const file = (name: string, extra = '', fails = false): string => {
    const path = join(dir, `${name}.test.mjs`);
    const lines = [
      "import { appendFileSync } from 'node:fs';",
      "import { test } from 'node:test';",
      "import { seen } from './seen.mjs';",
      `seen.push('${name}');`,
      `appendFileSync(${JSON.stringify(log)}, seen.join(' ') + '\\n');`,
      `test('${name} passes', () => {});`,
      `test('${name} ends', () => { if (${fails}) throw new Error('${name} fails'); });`,
      extra,
    ];
    writeFileSync(path, lines.join('\n'));
    return path;
  };
  const files = [file('one'), file('two', '', true), file('own', "process.env.OWN = '1';"), file('three')];
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  for (const alone of [false, true]) {
    writeFileSync(log, '');
    const args = [
      ...process.execArgv,
      runner,
      '--built',
      '--concurrency',
      '1',
      ...(alone ? ['--alone'] : []),
    ];
    const run = spawnSync(process.execPath, [...args, ...files], { encoding: 'utf8', env });
    assert.equal(run.status, 1, run.stdout);
    const processes = readFileSync(log, 'utf8').trim().split('\n');
    assert.deepEqual(
      processes,
      alone ? ['one', 'two', 'own', 'three'] : ['one', 'one two', 'one two three', 'own'],
    );
    for (const name of ['one', 'two', 'own', 'three'])
      assert.match(run.stdout, new RegExp(`^ok \\d+ - ${name} passes$`, 'm'));
    assert.match(run.stdout, /^# tests 8$/m);
    assert.match(run.stdout, /^# pass 7$/m);
    const [count, where, why] = run.stdout.trimEnd().split('\n').slice(-3);
    assert.equal(count, '# failing tests: 1');
    assert.match(where ?? '', /^# {3}\S*\/two\.test\.mjs:\d+ two ends$/);
    assert.equal(why, '#     two fails');
  }
});
