// npm test: builds the tests (scripts/test-build.mjs), then runs scripts/run-tests.ts with every test
// process on the build (scripts/test-loader.mjs) instead of tsx. Arguments go to run-tests.ts.
//   node scripts/test.mjs [--concurrency N] [--costs FILE] [FILE...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildTests } from './test-build.mjs';

await buildTests();
// An absolute URL: a test that starts node with process.execArgv from another directory finds it too.
const loader = new URL('./test-loader.mjs', import.meta.url).href;
const runner = fileURLToPath(new URL('./run-tests.ts', import.meta.url));
const tests = spawnSync(process.execPath, ['--import', loader, runner, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exitCode = tests.status ?? 1;
