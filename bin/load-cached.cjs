'use strict';
// Loads one bundle of the CLI (dist/bin/cli.cjs, dist/cmd/<command>.cjs) through a V8 code cache, so that
// `headroom plan` starts within 1.5x of `node -e 0` on Node 20 (bench/startup.ts), where
// module.enableCompileCache (Node 22.1+) does not exist. The cache of a bundle is written once, when the
// process ends, so it holds the functions the command actually ran; it sits in dist/cache/ beside the
// bundles (the same owner and permissions as the code it caches), keyed by the bundle's size and mtime
// and this Node's version. V8 rejects a cache from another version or other flags, and then the bundle
// is compiled as usual and the cache rewritten. A cache that cannot be read or written is no error.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

const cacheDir = path.join(__dirname, '..', 'dist', 'cache');

const pendingCaches = [];

function writePendingCaches() {
  for (const { script, cacheFile } of pendingCaches.splice(0)) {
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      const partial = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, cacheFile);
    } catch {}
  }
}

/** Runs the CommonJS bundle `file` and returns its exports. */
function loadCached(file) {
  const source = fs.readFileSync(file, 'utf8');
  const stats = fs.statSync(file);
  const key = `${path.basename(file)}-${stats.size}-${Math.floor(stats.mtimeMs)}-${process.version}-${process.arch}.v8cache`;
  const cacheFile = path.join(cacheDir, key);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    pendingCaches.push({ script, cacheFile });
    // One listener for every bundle loaded (`completion` loads them all).
    if (pendingCaches.length === 1) process.once('beforeExit', writePendingCaches);
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

module.exports = { loadCached };
