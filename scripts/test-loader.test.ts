// The test loader (scripts/test-loader.mjs) runs TypeScript as tsx would: `./b.js` finds `b.ts`, a
// module's URL is its `.ts` file, a stack trace names the `.ts` line, and a file without a build is
// transformed on the spot; builds live in .test-build/ under the file's own path.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { buildRoot, builtPathOf, repoRoot } from './test-loader-hooks.mjs';

const loader = new URL('./test-loader.mjs', import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'headroom-test-loader-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a .ts file outside the build: ./b.js is b.ts, import.meta.url is the .ts file, the stack names the .ts line', () => {
  writeFileSync(
    join(dir, 'a.ts'),
    [
      "import { fail } from './b.js';",
      'interface Told {',
      '  url: string;',
      '}',
      'const told: Told = { url: import.meta.url };',
      'console.log(told.url);',
      'fail();',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'b.ts'),
    [
      'type Reason = string;',
      '',
      'export function fail(): never {',
      "  const reason: Reason = 'from line 5';",
      '  throw new Error(reason);',
      '}',
      '',
    ].join('\n'),
  );
  const run = spawnSync(process.execPath, ['--import', loader, join(dir, 'a.ts')], { encoding: 'utf8' });
  assert.equal(run.status, 1, run.stderr);
  assert.equal(run.stdout.trim(), `file://${join(dir, 'a.ts')}`);
  assert.match(run.stderr, /Error: from line 5/);
  assert.ok(run.stderr.includes(`${join(dir, 'b.ts')}:5:9`), run.stderr);
});

test('builds mirror the repository under .test-build/; nothing outside it or in node_modules is built', () => {
  assert.equal(builtPathOf(join(repoRoot, 'src', 'units.ts')), join(buildRoot, 'src', 'units.js'));
  assert.equal(
    builtPathOf(fileURLToPath(import.meta.url)),
    join(buildRoot, 'scripts', 'test-loader.test.js'),
  );
  assert.equal(builtPathOf(join(dir, 'a.ts')), null);
  assert.equal(builtPathOf(join(repoRoot, 'node_modules', 'x', 'y.ts')), null);
});

test("a test process has the CLI's V8 regexp settings: the linear engine is there, a hostile match ends", () => {
  // `^(a+)+$` against 40 `a`s and a `!` backtracks for hours in the usual engine alone; with the
  // hand-over (bin/headroom.js's flags) it ends, false as before.
  const file = join(dir, 'regexp.ts');
  writeFileSync(
    file,
    [
      "console.log(new RegExp('a', 'l').flags);",
      "console.log(/^(a+)+$/.test(`${'a'.repeat(40)}!`));",
      '',
    ].join('\n'),
  );
  const run = spawnSync(process.execPath, ['--import', loader, file], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(run.stdout.trim().split('\n'), ['l', 'false']);
});

test("beside npm test's package build, a test file waits for it unless named; a failed build stops it", async () => {
  // The file says whether the build's marker was there when it began.
  const file = join(dir, 'gate.test.ts');
  writeFileSync(
    file,
    "import { existsSync } from 'node:fs';\nconsole.log(existsSync(process.env.HEADROOM_TEST_BUILD_MARKER ?? '') ? 'built' : 'absent');\n",
  );
  const start = (marker: string, besideBuild = '') => {
    const env = {
      ...process.env,
      HEADROOM_TEST_BUILD_MARKER: marker,
      HEADROOM_TEST_BESIDE_BUILD: besideBuild,
    };
    const child = spawn(process.execPath, ['--import', loader, file], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    const ended = new Promise<number | null>((done) => child.on('close', done));
    return { ended, output: () => ({ stdout, stderr }) };
  };
  // Not named: it begins only once the build has written its exit code.
  const waits = start(join(dir, 'built'));
  await delay(1000);
  writeFileSync(join(dir, 'built'), '0');
  assert.equal(await waits.ended, 0, waits.output().stderr);
  assert.equal(waits.output().stdout.trim(), 'built');
  // Named: it begins at once (the marker never appears).
  const named = start(join(dir, 'never'), ['src/x.test.ts', relative(repoRoot, file)].join(','));
  assert.equal(await named.ended, 0, named.output().stderr);
  assert.equal(named.output().stdout.trim(), 'absent');
  // The build failed: the file does not run.
  writeFileSync(join(dir, 'failed'), '2');
  const failed = start(join(dir, 'failed'));
  assert.equal(await failed.ended, 1);
  assert.equal(failed.output().stdout, '');
  assert.match(failed.output().stderr, /the package build \(npm run build\) failed \(exit 2\)/);
});

test("npm test's way: a test file's build runs as it is, without hooks, its imports the builds and files beside it", () => {
  // scripts/test-files.test.ts imports a build (./test-files.js) and a plain module (./test-cost-reporter.mjs,
  // linked into .test-build/ by the test build); its import.meta.url is still its source's.
  const built = builtPathOf(fileURLToPath(new URL('./test-files.test.ts', import.meta.url)));
  assert.ok(built);
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', loader, built], { encoding: 'utf8', env });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /^# fail 0$/m);
  assert.doesNotMatch(run.stdout, /^# pass 0$/m);
});
