// The module hooks of scripts/test-loader.mjs: a `.ts` module is loaded from its build in .test-build/
// (scripts/test-build.mjs wrote it, the same esbuild transform tsx makes), so that a test process does not
// start tsx and esbuild of its own. A module's URL stays its `.ts` path (import.meta.url finds fixtures
// beside it) and its inline source map points stack traces at the `.ts` lines. A `.ts` file with no build,
// or one edited since, is transformed here the same way (esbuild loaded only then).
// A build says its source's URL wherever it runs from (import.meta.url is replaced by it, and the source
// map's root is the source's folder): npm test runs each test file's build itself, with no hooks at all
// (scripts/test-loader.mjs).
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const buildRoot = join(repoRoot, '.test-build');

const tsconfig = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'));

/** esbuild's transform of one `.ts` file: tsx 4's options for an ES module (its dist/index-*.mjs), less
 * minifyWhitespace so that a test's reported line is near its source line. */
export function transformOptions(path) {
  return {
    loader: 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    keepNames: true,
    sourcemap: 'inline',
    sourcesContent: false,
    // The `.ts` file, from its own folder wherever the build runs (the build's own URL, or the source's).
    sourcefile: basename(path),
    sourceRoot: pathToFileURL(`${dirname(path)}/`).href,
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(path).href) },
    tsconfigRaw: { compilerOptions: tsconfig.compilerOptions },
  };
}

/** What every build in .test-build/ was made with; a build made otherwise is not used. */
export const buildStamp = JSON.stringify({
  ...transformOptions(join(repoRoot, 'x.ts')),
  sourcefile: undefined,
});
export const stampPath = join(buildRoot, 'options.json');
function readBuildStamp() {
  try {
    return readFileSync(stampPath, 'utf8');
  } catch {
    return null;
  }
}
const isBuildUsable = readBuildStamp() === buildStamp;

/** Where the build of `path` lives, or null for a file outside the repository or inside node_modules. */
export function builtPathOf(path) {
  const inside = relative(repoRoot, path);
  if (inside.startsWith(`..${sep}`) || inside.split(sep).includes('node_modules')) return null;
  return join(buildRoot, inside.replace(/\.ts$/, '.js'));
}

function modifiedMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

let esbuild;
async function compiled(path) {
  const built = isBuildUsable ? builtPathOf(path) : null;
  const builtAt = built === null ? null : modifiedMs(built);
  if (builtAt !== null && builtAt >= (modifiedMs(path) ?? Number.POSITIVE_INFINITY))
    return readFileSync(built, 'utf8');
  esbuild ??= await import('esbuild');
  return (await esbuild.transform(readFileSync(path, 'utf8'), transformOptions(path))).code;
}

const relativeOrAbsolute = /^(\.{1,2}\/|\/|file:)/;

/** `./x.js` names `./x.ts` when only the `.ts` file exists (TypeScript's NodeNext imports). */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !relativeOrAbsolute.test(specifier)) throw error;
    if (!specifier.endsWith('.js')) throw error;
    return nextResolve(`${specifier.slice(0, -3)}.ts`, context).catch(() => {
      throw error;
    });
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  return { format: 'module', source: await compiled(fileURLToPath(url)), shortCircuit: true };
}
