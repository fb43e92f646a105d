// npm test runs light test files several to one node process (scripts/run-tests.ts --built): starting a
// test file's process (node, node:test, then the modules it imports: zod, yaml, the doctor's tables) costs
// 0.1-0.3 CPU-s, more than most small files' tests take (#24: the 147 files this picked at main 1105d72
// took 42.1 / 42.5 CPU-s one to a process and 14.8 / 15.0 twelve to a process, the same 1433 tests
// passing; cpuacct, load 11-21; 48 to a process now: filesPerProcess). A file shares a process only where nothing in it can tell: its tests (and the
// helpers and modules it imports) leave the process as they found it.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * What in a test file's own source keeps it in a process of its own: it starts processes or threads
 * (children may outlive a test and a supervisor reads the process tree), runs commands in-process
 * (`run`, `fit` and `serve` make the process a child subreaper and install signal handlers), changes the
 * process (environment, directory, exit code, listeners, stdio, V8's stack settings, mocks, globals),
 * reads it (its pid, argv, execArgv, memory or CPU, /proc/self), or has top-level hooks (a top-level
 * `beforeEach` would run before the other files' tests too).
 */
const ownPattern = new RegExp(
  [
    'node:child_process|node:worker_threads|node:cluster|runHeadroom',
    String.raw`process\.(on|once|prependListener|prependOnceListener|addListener|removeAllListeners|off|removeListener|emit|chdir|umask|exit|exitCode|kill|abort|setUncaughtExceptionCaptureCallback|setSourceMapsEnabled)\b`,
    String.raw`process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=|&&=)|delete process\.env|Object\.assign\(process\.env|process\.env\s*=[^=]`,
    String.raw`\bmock\b|globalThis\.|\bglobal\.`,
    String.raw`process\.(stdout|stderr|stdin)\.\w+\s*=[^=]|console\.\w+\s*=[^=]`,
    String.raw`process\.(argv|execArgv|pid|ppid|title|memoryUsage|resourceUsage|cpuUsage)|/proc/self|Error\.(stackTraceLimit|prepareStackTrace)`,
    String.raw`setFlagsFromString|^(before|after|beforeEach|afterEach)\s*\(`,
  ].join('|'),
  'm',
);

/** What in a module a test file imports (its helpers, the product) keeps the file in a process of its own:
 * it starts processes or threads, installs process listeners, changes the environment or directory, or
 * calls prctl (src/probe/host/subreaper.ts). */
const importedPattern = new RegExp(
  [
    String.raw`node:child_process|node:worker_threads|node:cluster|\bprctl\b`,
    String.raw`process\.(on|once|prependListener|prependOnceListener|addListener|chdir|umask|exitCode|setUncaughtExceptionCaptureCallback)\b`,
    String.raw`process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=|&&=)|delete process\.env|Object\.assign\(process\.env`,
  ].join('|'),
  'm',
);

/** Static relative imports of a module's source (`import ... from './x.js'`, `export ... from`, bare
 * `import './x.js'`), as the source files they name; dynamic `import()` is not followed (a file that runs
 * commands in-process is kept alone by its own source). */
function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  const pattern =
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gms;
  for (const match of source.matchAll(pattern)) {
    const named = resolve(dirname(file), (match[1] ?? match[2]) as string);
    found.push(named.endsWith('.js') ? `${named.slice(0, -3)}.ts` : named);
  }
  return found;
}

/**
 * Why the test file `file` (absolute) needs a node process of its own, or null when it may share one with
 * other such files. `read` gives a module's source, or null where there is none (a `.js` import of a
 * file that is `.js` itself is tried as such).
 */
export function whyAlone(file: string, read: (path: string) => string | null = readSource): string | null {
  const source = read(file);
  if (source === null) return 'no source';
  const own = source.match(ownPattern);
  if (own) return `its source: ${own[0].trim()}`;
  const seen = new Set<string>();
  const pending = importsOf(file, source);
  while (pending.length > 0) {
    const module = pending.pop() as string;
    if (seen.has(module)) continue;
    seen.add(module);
    const text = read(module) ?? read(module.replace(/\.ts$/, '.js'));
    if (text === null) continue;
    const found = text.match(importedPattern);
    if (found) return `${relative(dirname(file), module)}: ${found[0].trim()}`;
    pending.push(...importsOf(module, text));
  }
  return null;
}

function readSource(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Files at most in one shared process: the 149 light files at main 579f155 took 15.6-15.9 CPU-s 12 to a
 * process (13 processes), 12.9-13.0 at 24, 10.9-11.1 at 48 (4 processes, 6.4 s of wall), 10.6 at 96 (8.1 s
 * of wall: two long processes); files that share a process share the modules they load. */
export const filesPerProcess = 48;

/**
 * The runner's list with the files that may share a process (`mayShare`) taken in runs of
 * `filesPerProcess` (in the order given) into groups; each group stands where its first file stood.
 * Every other file is a group of one.
 */
export function groupFiles(
  files: readonly string[],
  mayShare: (file: string) => boolean,
  perProcess = filesPerProcess,
): string[][] {
  const groups: string[][] = [];
  let open: string[] | null = null;
  for (const file of files) {
    if (!mayShare(file)) {
      groups.push([file]);
      continue;
    }
    if (open === null || open.length >= perProcess) {
      open = [];
      groups.push(open);
    }
    open.push(file);
  }
  return groups;
}

/**
 * The source of a test file that runs `files` (absolute paths of builds) one after another in its
 * process, each file's tests named and located as when it runs alone; a file that fails to load fails
 * as a test named by the file, as node:test names a file that fails alone.
 */
export function sharedEntrySource(files: readonly string[], nameOf: (file: string) => string): string {
  const lines = [
    '// scripts/run-tests.ts: these test files in one process (scripts/shared-process.ts).',
    "import { test } from 'node:test';",
    "import { pathToFileURL } from 'node:url';",
  ];
  for (const file of files)
    lines.push(
      `try { await import(pathToFileURL(${JSON.stringify(file)}).href); } catch (error) { test(${JSON.stringify(nameOf(file))}, () => { throw error; }); }`,
    );
  return `${lines.join('\n')}\n`;
}
