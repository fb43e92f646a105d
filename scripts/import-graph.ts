// The import graph over src/ (issue 24's measure): folder-level cycles, the floors of the folder tower
// and the imports that run back up it, the pure core's I/O imports, and how many files name a framework.
//   node --import tsx scripts/import-graph.ts [--json] [--src DIR]   (npm run import-graph)
// Production files only: *.test.ts and test-helpers/ are left out (tests may reach anywhere).
// Its parts: import-graph/source-facts.ts reads a file, import-graph/quick-read.ts reads imports by
// pattern, import-graph/analyze.ts builds the report; this file prints it.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeImportGraph, type ImportGraphReport } from './import-graph/analyze.js';
import { readAllSourceFacts } from './import-graph/source-facts.js';

export {
  analyzeImportGraph,
  type FolderEdge,
  folderCyclesOf,
  type ImportGraphReport,
} from './import-graph/analyze.js';
export { readCoreFacts, readImportsQuickly } from './import-graph/quick-read.js';
export {
  type FileImport,
  folderOf,
  frameworkNames,
  isCoreAdapter,
  listSourceFiles,
  pureCoreFolders,
  readAllSourceFacts,
  readSourceFacts,
  type SourceFacts,
} from './import-graph/source-facts.js';

/** Reads every production file under `srcRoot` and analyses the graph. */
export function buildImportGraph(srcRoot: string): ImportGraphReport {
  return analyzeImportGraph(srcRoot, readAllSourceFacts(srcRoot));
}

/** The report as text: figures first, then the lists behind them. */
export function renderImportGraph(report: ImportGraphReport): string {
  const lines = [
    `import graph of ${report.srcRoot}: ${report.fileCount} files in ${report.folderCount} folders`,
    `folder cycles (sets of folders tied by import cycles): ${report.folderCycles.length}`,
    ...report.folderCycles.map((c) => `  ${c.length} folders: ${c.join(', ')}`),
    `  (without type-only imports: ${report.runtimeFolderCycles.length})`,
    `folders importing each other: ${report.mutualFolders.length} (${report.mutualFolders.join(', ')})`,
    `  at run time: ${report.runtimeMutualFolders.length} (${report.runtimeMutualFolders.join(', ')})`,
    `floors: ${report.floorCount} (${report.longestChain.join(' -> ')})`,
    `imports running back up: ${report.upwardImportCount}`,
    ...report.upwardImports.flatMap((edge) => [
      `  ${edge.from} -> ${edge.to}`,
      ...edge.imports.map((i) => `    ${i.from} -> ${i.to}${i.isTypeOnly ? ' (type)' : ''}`),
    ]),
    `pure-core files doing I/O (node:fs, node:child_process, process): ${report.coreIo.length}`,
    ...report.coreIo.map(
      (f) =>
        `  ${f.file}: ${[...f.builtins, ...(f.usesProcess ? ['process'] : [])].join(', ')}${f.through.length > 0 ? ` (through ${f.through.join(' -> ')})` : ''}`,
    ),
    `imports leaving src/: ${report.outsideImports.length} (of examples/: ${
      report.outsideImports.filter((f) => f.imports.some((i) => i.startsWith('examples/'))).length
    }; the library may use shipped assets/, never the examples)`,
    ...report.outsideImports.map((f) => `  ${f.file} -> ${f.imports.join(', ')}`),
    `files outside src/frameworks/ naming a framework: ${report.frameworkNamingFileCount} (${Object.entries(
      report.frameworkNamingFilesByName,
    )
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')})`,
    ...report.frameworkNamingFiles.map((f) => `  ${f.file}: ${f.names.join(', ')}`),
  ];
  return `${lines.join('\n')}\n`;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--src');
  const srcRoot = resolve(
    at >= 0 && args[at + 1] ? args[at + 1]! : join(dirname(fileURLToPath(import.meta.url)), '..', 'src'),
  );
  const report = buildImportGraph(srcRoot);
  process.stdout.write(
    args.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : renderImportGraph(report),
  );
}
