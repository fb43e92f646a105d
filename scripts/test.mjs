// npm test: builds the tests (scripts/test-build.mjs), then runs scripts/run-tests.ts with every test
// process on the build (scripts/test-loader.mjs) instead of tsx. Arguments go to run-tests.ts.
//   node scripts/test.mjs [--build] [--concurrency N] [--costs FILE] [FILE...]
// --build (npm test): the package's build (`npm run build`: tsc, then the CLI's bundles) first too, run
// beside the test build: tsc keeps one core busy for ~10 s while the test build's esbuild needs ~1.5 CPU-s.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildTests } from './test-build.mjs';

const args = process.argv.slice(2);
const isPackageBuilt = args[0] === '--build';
const packageBuild = isPackageBuilt ? exitCodeOf(spawn('npm', ['run', 'build'], { stdio: 'inherit' })) : 0;
await buildTests();
const buildCode = await packageBuild;
if (buildCode !== 0) process.exit(buildCode);
// An absolute URL: a test that starts node with process.execArgv from another directory finds it too.
const loader = new URL('./test-loader.mjs', import.meta.url).href;
const runner = fileURLToPath(new URL('./run-tests.ts', import.meta.url));
const runnerArgs = isPackageBuilt ? args.slice(1) : args;
const tests = spawnSync(process.execPath, ['--import', loader, runner, ...runnerArgs], { stdio: 'inherit' });
process.exitCode = tests.status ?? 1;

/** The child's exit code (1 when it could not start or was killed by a signal). */
function exitCodeOf(child) {
  return new Promise((done) => {
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}
