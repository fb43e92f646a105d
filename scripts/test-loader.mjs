// `node --import ./scripts/test-loader.mjs FILE.ts`: runs TypeScript from the test build in .test-build/
// (scripts/test-build.mjs) instead of tsx, which costs each test process ~0.3 CPU-s to start
// (#24: ~250 test files). npm test (scripts/test.mjs) builds and then runs the suite with it.
import { register } from 'node:module';

// Stack traces name the `.ts` lines (each build carries an inline source map), as under tsx.
process.setSourceMapsEnabled(true);
register('./test-loader-hooks.mjs', import.meta.url);
