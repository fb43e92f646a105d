#!/usr/bin/env node
// The `headroom` command: the bundled CLI (scripts/bundle-cli.mjs) through a V8 code cache (load-cached.cjs).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('./load-cached.cjs').loadCached(require.resolve('../dist/bin/cli.cjs'));
