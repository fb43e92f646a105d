// Builds every TypeScript file of tsconfig.json's folders into .test-build/ (x.ts -> .test-build/x.js) with
// the transform scripts/test-loader-hooks.mjs names, leaving alone a build newer than its source. What a
// source imports by a relative path that is not another source's build (`./x.json`, `../y.mjs`) is linked
// beside its build, so that a build runs as it is (npm test runs each test file's build without hooks).
//   node scripts/test-build.mjs
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import {
  buildRoot,
  buildStamp,
  builtPathOf,
  repoRoot,
  stampPath,
  transformOptions,
} from './test-loader-hooks.mjs';

function* typeScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      yield* typeScriptFiles(path);
    else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** Builds what is missing or older than its source; resolves to [built, up to date] counts. */
export async function buildTests() {
  const { include } = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));
  const files = include.flatMap((dir) => [...typeScriptFiles(join(repoRoot, dir))]);
  // Made with other options (another Node, another tsconfig): all of it again.
  let stamp = null;
  try {
    stamp = readFileSync(stampPath, 'utf8');
  } catch {}
  if (stamp !== buildStamp) rmSync(buildRoot, { recursive: true, force: true });
  let built = 0;
  await Promise.all(
    files.map(async (path) => {
      const out = builtPathOf(path);
      let outAt = 0;
      try {
        outAt = statSync(out).mtimeMs;
      } catch {}
      if (outAt >= statSync(path).mtimeMs) return;
      const source = readFileSync(path, 'utf8');
      const { code } = await transform(source, transformOptions(path));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, code);
      linkImportedFiles(path, source);
      built++;
    }),
  );
  mkdirSync(buildRoot, { recursive: true });
  writeFileSync(stampPath, buildStamp);
  return [built, files.length - built];
}

// `from './x'`, `import './x'`, `import('./x')`: the relative specifiers a module names.
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.{1,2}\/[^'"\n]+)\1/g;

/** Links each file `path` imports that is not a source with a build (`./x.js` naming `./x.ts`) beside `path`'s build. */
function linkImportedFiles(path, source) {
  for (const [, , specifier] of source.matchAll(relativeImport)) {
    const target = resolve(dirname(path), specifier);
    if (specifier.endsWith('.js') && existsSync(`${target.slice(0, -3)}.ts`)) continue;
    const inside = relative(repoRoot, target);
    if (!existsSync(target) || inside.startsWith(`..${sep}`) || inside.split(sep).includes('node_modules'))
      continue;
    const link = join(buildRoot, inside);
    try {
      lstatSync(link);
      continue; // linked already
    } catch {}
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), target), link);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [built, upToDate] = await buildTests();
  console.log(`test build: ${built} built, ${upToDate} up to date (.test-build/)`);
}
