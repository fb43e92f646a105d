// The import graph's quick reading (scripts/import-graph.ts): imports by pattern instead of a parse,
// for the suite's cycle check, and the pure core's facts with a parse only where `process` is named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  builtinName,
  type FileImport,
  folderOf,
  isCoreAdapter,
  listSourceFiles,
  pureCoreFolders,
  readSourceFacts,
  resolveImport,
  type SourceFacts,
} from './source-facts.js';

// `import … from '…'`, `export … from '…'`, `import('…')` (3: `typeof`), `import '…'`; 1: the clause;
// 2, 4 or 5: the specifier.
const importPattern =
  /(?:^|[;\n])\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(\btypeof\s+)?\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

// Whole-line comments blanked (a `/*` inside a line, as in `/proc/*/stat`, is left alone).
const withoutComments = (text: string): string =>
  text.replace(/^[ \t]*\/\/.*$/gm, '').replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '');

/**
 * The imports alone, read with a pattern instead of a parse (~100 times faster): what the cycle check of
 * the test suite reads. Comments are blanked first; the fixture tests hold it to the parser's answer.
 */
export function readImportsQuickly(srcRoot: string): SourceFacts[] {
  const files = listSourceFiles(srcRoot);
  const known = new Set(files);
  return files.map((file) => {
    const text = withoutComments(readFileSync(join(srcRoot, file), 'utf8'));
    const imports: FileImport[] = [];
    const builtins = new Set<string>();
    for (const match of text.matchAll(importPattern)) {
      const clause = match[1];
      const specifier = match[2] ?? match[4] ?? match[5]!;
      const named = clause?.match(/^\{([^}]*)\}$/)?.[1];
      const isTypeOnly =
        match[3] !== undefined ||
        (clause !== undefined &&
          (/^type\b/.test(clause) ||
            (named !== undefined &&
              named.trim() !== '' &&
              named
                .split(',')
                .filter((n) => n.trim() !== '')
                .every((n) => /^\s*type\s/.test(n)))));
      const builtin = builtinName(specifier);
      if (builtin !== null && !isTypeOnly) builtins.add(builtin);
      const to = resolveImport(file, specifier, known);
      if (to !== null) imports.push({ from: file, to, isTypeOnly });
    }
    // `process` needs a parse (a local of that name is not the global): readSourceFacts answers it.
    return {
      file,
      imports,
      builtins: [...builtins].sort(),
      usesProcess: false,
      frameworkNames: [],
      isBarrel: false,
    };
  });
}

/**
 * Enough for the core's I/O and the cycles at a fraction of a full parse: every file's imports and
 * built-ins by pattern, and a parse (for `process`) of the core's files and what they reach at run time.
 */
export function readCoreFacts(srcRoot: string): SourceFacts[] {
  const quick = readImportsQuickly(srcRoot);
  const known = new Set(quick.map((f) => f.file));
  const byFile = new Map(quick.map((f) => [f.file, f]));
  const isCore = (file: string) =>
    (pureCoreFolders as readonly string[]).includes(folderOf(file)) && !isCoreAdapter(file);
  const reachable = new Set(quick.filter((f) => isCore(f.file)).map((f) => f.file));
  for (const queue = [...reachable]; queue.length > 0; ) {
    for (const item of byFile.get(queue.shift()!)?.imports ?? [])
      if (!item.isTypeOnly && !reachable.has(item.to)) {
        reachable.add(item.to);
        queue.push(item.to);
      }
  }
  // Only a file that names `process` (or a core file that re-exports: a barrel?) needs the parse.
  const needsParse = (file: string): boolean => {
    const text = withoutComments(readFileSync(join(srcRoot, file), 'utf8'));
    return /(?<![.\w$])process\s*[.[),;]/.test(text) || (isCore(file) && /^export [^;]*\bfrom\s/m.test(text));
  };
  return quick.map((f) =>
    reachable.has(f.file) && needsParse(f.file) ? readSourceFacts({ srcRoot, file: f.file, known }) : f,
  );
}
