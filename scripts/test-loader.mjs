// `node --import ./scripts/test-loader.mjs FILE.ts`: runs TypeScript from the test build in .test-build/
// (scripts/test-build.mjs) instead of tsx, which costs each test process ~0.3 CPU-s to start
// (#24: ~250 test files). npm test (scripts/test.mjs) builds and then runs the suite with it.
import { register } from 'node:module';
import { setFlagsFromString } from 'node:v8';

// The V8 regexp settings `headroom` itself runs with (bin/headroom.js; src/linear-pattern.ts's
// linearEngineFlags), set before any test module makes a RegExp: a match that has backtracked 50,000
// times goes on in V8's linear-time engine, with the same answer. So a test runs a pattern as the CLI
// runs it (a doctor pattern backtracking polynomially on long lines cost src/doctor/wrapped.test.ts
// 155 CPU-s without them, 3 with them).
setFlagsFromString('--enable-experimental-regexp-engine');
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

// Stack traces name the `.ts` lines (each build carries an inline source map), as under tsx.
process.setSourceMapsEnabled(true);
register('./test-loader-hooks.mjs', import.meta.url);
