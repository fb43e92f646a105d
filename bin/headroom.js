#!/usr/bin/env node
// The `headroom` command: the bundled CLI (scripts/bundle-cli.mjs) through a V8 code cache (load-cached.cjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// V8's linear-time RegExp engine (src/linear-pattern.ts) is switched on before any bundle is compiled:
// V8 keys its code caches by the flags, so setting it later, only in runs with ready_when, would make
// every cache written there rejected at the next start.
require('node:v8').setFlagsFromString('--enable-experimental-regexp-engine');
require('./load-cached.cjs').loadCached(require.resolve('../dist/bin/cli.cjs'));
