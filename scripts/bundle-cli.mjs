// Bundles the CLI (as tsc wrote it to dist/) so that `headroom plan` starts within 1.5x of `node -e 0`
// (bench/startup.ts) instead of resolving some two hundred modules:
// - dist/bin/cli.cjs: the dispatcher (src/cli.ts, main.ts, the registry), which loads a command's
//   bundle only when that command runs;
// - dist/bin/observer.cjs: the process `run` serves its dashboard and /metrics from;
// - dist/cmd/<name>.cjs: one bundle per command, each built on its own, so that what one command needs
//   never rides along with another's (zod's full build, used by `estimate` and `run`, stays out of
//   `plan`); what a command loads lazily (the Slurm planner, NVML) is initialised only when called.
// CommonJS, because bin/load-cached.cjs runs each bundle through a V8 code cache (vm.Script), which
// Node 20 offers for scripts only. yaml, zod and picocolors are inside; koffi (a native addon) and
// prom-client stay in node_modules, required when first used. The library entry (dist/index.js)
// stays tsc's output.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['koffi', 'prom-client'],
  minifySyntax: true,
  minifyWhitespace: true,
  // Modules find assets/ and python/ from their own URL (src/report/page-assets.ts, src/plan/bootstrap-env.ts):
  // both bundle directories are two levels below the package, as dist/<dir>/ is.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};

// Build outputs only: fresh directories keep old bundles and caches from piling up.
for (const dir of ['dist/bin', 'dist/cmd', 'dist/cache']) rmSync(dir, { recursive: true, force: true });

// The registry's `import('./commands/<name>/index.js')` becomes that command's bundle, through the cache.
const commandsAsBundles = {
  name: 'commands-as-bundles',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\/commands\/[a-z-]+\/index\.js$/ }, (args) => ({
      path: args.path.split('/')[2],
      namespace: 'command-bundle',
    }));
    esbuild.onLoad({ filter: /.*/, namespace: 'command-bundle' }, (args) => ({
      contents: `module.exports = require('../../bin/load-cached.cjs').loadCached(require('node:path').join(__dirname, '../cmd/${args.path}.cjs'));`,
      loader: 'js',
      resolveDir: 'dist/bin',
    }));
  },
};

await build({
  ...common,
  entryPoints: ['dist/cli.js'],
  outfile: 'dist/bin/cli.cjs',
  external: [...common.external, '../../bin/load-cached.cjs'],
  plugins: [commandsAsBundles],
});

for (const name of readdirSync('dist/cli/commands')) {
  // A command that reads the registry (completion lists every command's options) loads the others' bundles.
  await build({
    ...common,
    entryPoints: [`dist/cli/commands/${name}/index.js`],
    outfile: `dist/cmd/${name}.cjs`,
    external: [...common.external, '../../bin/load-cached.cjs'],
    plugins: [commandsAsBundles],
  });
}

// The observer process `run` forks for --dashboard/--metrics (src/serve/isolated-observers.ts finds it
// beside dist/cmd/ as dist/bin/observer.cjs).
await build({ ...common, entryPoints: ['dist/serve/observer-process.js'], outfile: 'dist/bin/observer.cjs' });

// koffi and prom-client must be required where they are used, not when a bundle loads.
for (const file of readdirSync('dist/cmd')) {
  const head = readFileSync(`dist/cmd/${file}`, 'utf8').slice(0, 2000);
  if (/require\("(koffi|prom-client)"\)/.test(head))
    throw new Error(`dist/cmd/${file} loads koffi or prom-client at start`);
}
