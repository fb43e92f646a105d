// `node --import ./scripts/test-loader.mjs FILE.ts`: runs TypeScript from the test build in .test-build/
// (scripts/test-build.mjs) instead of tsx, which costs each test process ~0.3 CPU-s to start
// (#24: ~250 test files). npm test (scripts/test.mjs) builds and then runs the suite with it.
// `node --import ./scripts/test-loader.mjs .test-build/X.test.js` (npm test's runner, scripts/run-tests.ts
// --built): the test file's build runs as it is, with no module hooks: each of its imports is a build
// beside it, and each build says its source's URL (scripts/test-loader-hooks.mjs). The hooks' thread
// cost each test process 0.05-0.4 CPU-s (192 small files: 64.5-69.0 CPU-s with it, 48.3 without). A
// process this starts on a `.ts` file (process.execArgv and a `.ts` file or `-e`) gets the hooks; one on
// a build (src/test-helpers/runnable-source.ts) runs it as it is.
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const buildRoot = `${repoRoot}.test-build${sep}`;
const mainFile = process.argv[1] ?? '';
/** A test file's build, run without hooks: its source's path; null for anything else. */
const builtTestSource =
  mainFile.startsWith(buildRoot) && mainFile.endsWith('.test.js')
    ? `${repoRoot}${mainFile.slice(buildRoot.length, -3)}.ts`
    : null;
const testFile = builtTestSource ?? mainFile;
// Any build run as it is (a test file's, or a source's a test starts from the build:
// src/test-helpers/runnable-source.ts): its imports are builds beside it, so it needs no hooks either.
const isBuild = mainFile.startsWith(buildRoot) && mainFile.endsWith('.js');

// npm test runs the package build (dist/, the CLI's bundles) beside the first test files (scripts/test.mjs
// --build): a test file it does not name in HEADROOM_TEST_BESIDE_BUILD waits here until
// HEADROOM_TEST_BUILD_MARKER holds the build's exit code, and stops if the build failed.
const buildMarker = process.env.HEADROOM_TEST_BUILD_MARKER;
if (buildMarker && testFile.endsWith('.test.ts')) {
  const besideBuild = (process.env.HEADROOM_TEST_BESIDE_BUILD ?? '').split(',');
  if (!besideBuild.includes(relative(repoRoot, testFile))) awaitBuild(buildMarker);
}

function awaitBuild(marker) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(marker)) Atomics.wait(pause, 0, 0, 100);
  const code = readFileSync(marker, 'utf8').trim();
  if (code !== '0') {
    process.stderr.write(
      `the package build (npm run build) failed (exit ${code}): this test file needs it\n`,
    );
    process.exit(1);
  }
}

// The V8 regexp settings `headroom` itself runs with (bin/headroom.js; src/linear-pattern.ts's
// linearEngineFlags), set before any test module makes a RegExp: a match that has backtracked 50,000
// times goes on in V8's linear-time engine, with the same answer. So a test runs a pattern as the CLI
// runs it (a doctor pattern backtracking polynomially on long lines cost src/doctor/wrapped.test.ts
// 155 CPU-s without them, 3 with them).
setFlagsFromString('--enable-experimental-regexp-engine');
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

// Stack traces name the `.ts` lines (each build carries an inline source map), as under tsx.
process.setSourceMapsEnabled(true);
if (!isBuild) register('./test-loader-hooks.mjs', import.meta.url);
