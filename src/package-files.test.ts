// The published package is whole: every relative import in a file it ships (dist/, bin/, examples/)
// points at a file it also ships. The library and the example workloads both import the simulated card's
// protocol from assets/sim-card/sim-gpu.mjs (the library never imports examples/); this keeps that sound
// when package.json "files" or the layout changes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './probe/gpu/test-helpers/shared.js';

const notBuilt = existsSync(join(repoRoot, 'dist', 'index.js'))
  ? undefined
  : 'needs the built package: run npm run build (npm test does)';

/** The relative specifiers of a JavaScript or declaration file: static imports, re-exports, import(). */
function relativeImports(source: string): string[] {
  const specifiers = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g);
  return [...specifiers].map((m) => m[1]!);
}

test('every relative import in a shipped file resolves to a shipped file', { skip: notBuilt }, () => {
  // What `npm pack` would publish (package.json "files" plus what npm always adds).
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const packed = new Set(
    (JSON.parse(output) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path),
  );
  assert.ok(packed.has('dist/index.js'), 'the package ships dist/');
  const missing: string[] = [];
  let checked = 0;
  for (const path of packed) {
    if (!/\.(?:m?js|cjs|d\.ts|d\.mts)$/.test(path)) continue;
    for (const specifier of relativeImports(readFileSync(join(repoRoot, path), 'utf8'))) {
      const target = posix.normalize(posix.join(dirname(path), specifier));
      checked += 1;
      // A declaration's import of `x.mjs` is typed by `x.d.mts` beside it.
      const candidates = path.endsWith('.ts') ? [target, target.replace(/\.mjs$/, '.d.mts')] : [target];
      if (!candidates.some((c) => packed.has(c))) missing.push(`${path} imports ${specifier}`);
    }
  }
  assert.ok(checked > 100, `only ${checked} relative imports found: the pattern no longer matches`);
  assert.deepEqual(missing, []);
});

test('the library reaches the simulated card protocol inside the package', { skip: notBuilt }, () => {
  const compiled = readFileSync(join(repoRoot, 'dist', 'probe', 'gpu', 'sim-backend.js'), 'utf8');
  assert.ok(relativeImports(compiled).includes('../../../assets/sim-card/sim-gpu.mjs'));
});
