#!/usr/bin/env node
// The `headroom` command: the bundled CLI (scripts/bundle-cli.mjs) through a V8 code cache (load-cached.cjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// V8's linear-time RegExp engine and the hand-over to it after 50,000 backtracks (src/linear-pattern.ts)
// are switched on before any bundle is compiled: V8 keys its code caches by the flags, so setting them
// later, only in runs with ready_when, would make every cache written there rejected at the next start.
const v8 = require('node:v8');
v8.setFlagsFromString('--enable-experimental-regexp-engine');
v8.setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
require('./load-cached.cjs').loadCached(require.resolve('../dist/bin/cli.cjs'));
