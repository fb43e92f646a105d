// The built CLI runs each bundle through a V8 code cache (bin/load-cached.cjs): written once, used after,
// and a damaged or foreign cache is rejected by V8 and rewritten, never a wrong or failed run.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, runCli } from './cli.js';

const seed = join(repoRoot, 'examples', 'rl-isaac', 'headroom.yaml');
const cacheDir = join(repoRoot, 'dist', 'cache');

test('a damaged code cache is rejected and rewritten; the command runs as ever', () => {
  const first = runCli(['plan', '-c', seed, '--json']);
  assert.equal(first.code, 0, first.stderr);
  const cache = readdirSync(cacheDir).find((name) => name.startsWith('plan.cjs-'));
  assert.ok(cache, `no plan cache in ${cacheDir}`);
  const garbage = Buffer.alloc(4096, 7);
  writeFileSync(join(cacheDir, cache), garbage);
  const again = runCli(['plan', '-c', seed, '--json']);
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(JSON.parse(again.stdout), JSON.parse(first.stdout));
  assert.notDeepEqual(readFileSync(join(cacheDir, cache)), garbage, 'the cache was written again');
});
