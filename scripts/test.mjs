// npm test: builds the tests (scripts/test-build.mjs), then runs scripts/run-tests.ts --built: every test
// file's build from .test-build/ (scripts/test-loader.mjs), not tsx. Arguments go to run-tests.ts.
//   node scripts/test.mjs [--build] [--concurrency N] [--costs FILE] [FILE...]
// --build (npm test): the package's build too (`npm run build`'s commands: tsc, then the CLI's bundles; its
// output on stderr), run beside the test build and the first test files. tsc runs with --noCheck: the
// same JavaScript (declarations differ only in the order of union members), 7 CPU-s instead of 12;
// type-checking is `npm run typecheck` (`npm run check` and CI's .ci/run run it), not npm test.
// The files named below start at once; every other test file waits for the build in the test loader.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTests } from './test-build.mjs';

// Files that need nothing the package build writes (each passed with dist/ removed): they run headroom
// in-process from src/ and Python from python/. The costliest files, which the runner starts first.
const besideBuild = [
  'src/cli/commands/fit/fit-ranks.test.ts',
  'src/cli/commands/run/seed-000-ray.test.ts',
  'src/trace/helper.test.ts',
  'test/framework-logs/framework-logs.test.ts',
  'src/cli/commands/fit/fit-torch.test.ts',
  'src/fit/io/warm-server.test.ts',
];

const args = process.argv.slice(2);
const isPackageBuilt = args[0] === '--build';
const runnerArgs = isPackageBuilt ? args.slice(1) : args;
const env = { ...process.env };
let packageBuild = Promise.resolve(0);
let markerDir = null;
if (isPackageBuilt) {
  markerDir = mkdtempSync(join(tmpdir(), 'headroom-test-build-'));
  const marker = join(markerDir, 'exit-code');
  env.HEADROOM_TEST_BUILD_MARKER = marker;
  env.HEADROOM_TEST_BESIDE_BUILD = besideBuild.join(',');
  // package.json's build script as it is, but for tsc's --noCheck; run as npm would (node_modules/.bin
  // on the PATH), without npm's own start-up.
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const buildCommand = scripts.build
    .split(' && ')
    .map((command) => (command.startsWith('tsc ') ? `${command} --noCheck` : command))
    .join(' && ');
  const build = spawn('sh', ['-c', buildCommand], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` },
  });
  packageBuild = exitCodeOf(build).then((code) => {
    // Whole or not at all: a waiting test file reads it as soon as it exists.
    writeFileSync(`${marker}.part`, String(code));
    renameSync(`${marker}.part`, marker);
    return code;
  });
}
await buildTests();
// An absolute URL: a test that starts node with process.execArgv from another directory finds it too.
const loader = new URL('./test-loader.mjs', import.meta.url).href;
const runner = fileURLToPath(new URL('./run-tests.ts', import.meta.url));
// --built: each test file's build runs as it is, without module hooks (scripts/test-loader.mjs).
const tests = spawn(process.execPath, ['--import', loader, runner, '--built', ...runnerArgs], {
  stdio: 'inherit',
  env,
});
const [buildCode, testsCode] = await Promise.all([packageBuild, exitCodeOf(tests)]);
if (markerDir) rmSync(markerDir, { recursive: true, force: true });
if (buildCode !== 0) process.stderr.write(`npm run build failed (exit ${buildCode})\n`);
process.exitCode = buildCode !== 0 ? buildCode : testsCode;

/** The child's exit code (1 when it could not start or was killed by a signal). */
function exitCodeOf(child) {
  return new Promise((done) => {
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}
