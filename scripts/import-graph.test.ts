// The import graph's own checks on small trees written here, then the rule it enforces on src/: no
// folder imports back up into a folder that imports it (issue 24). The folder edges that still close a
// cycle are listed below with the engineer removing each; the list only shrinks.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  analyzeImportGraph,
  buildImportGraph,
  folderCyclesOf,
  folderOf,
  readAllSourceFacts,
  readCoreFacts,
  readImportsQuickly,
  type SourceFacts,
} from './import-graph.js';

const srcRoot = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/**
 * Folder imports that close a cycle and are being removed, `from -> to`, each with who is removing it
 * (issue 24; empty since the last went). Taken out of the graph, no cycle is left; a new cycle fails the
 * test. Delete a line when its import is gone.
 */
const cyclesBeingRemoved: Record<string, string> = {};

const edgeOf = (item: { from: string; to: string }): string =>
  `${folderOf(item.from)} -> ${folderOf(item.to)}`;

function withoutEdges(facts: readonly SourceFacts[], removed: ReadonlySet<string>): SourceFacts[] {
  return facts.map((f) => ({ ...f, imports: f.imports.filter((i) => !removed.has(edgeOf(i))) }));
}

const tree = mkdtempSync(join(tmpdir(), 'import-graph-'));
after(() => rmSync(tree, { recursive: true, force: true }));

function writeTree(name: string, files: Record<string, string>): string {
  const root = join(tree, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('a folder cycle, its lighter side as the import running back up, and the floors of the rest', () => {
  const root = writeTree('cycle', {
    'units.ts': 'export const KiB = 1024;\n',
    'plan/plan.ts':
      "import { KiB } from '../units.js';\nimport type { Log } from '../doctor/types.js';\nexport const plan = KiB;\n",
    'plan/more.ts': "export { plan } from './plan.js';\n",
    'doctor/types.ts': 'export type Log = string;\n',
    'doctor/rules.ts':
      "import { plan } from '../plan/plan.js';\nimport { plan as again } from '../plan/more.js';\nexport const rule = plan + again;\n",
    'cli/main.ts':
      "import '../../examples/workload.mjs';\nexport const load = () => import('../doctor/rules.js');\n",
    'plan/plan.test.ts': "import '../cli/main.js';\n",
  });
  const report = buildImportGraph(root);
  const imports = (facts: SourceFacts[]) => facts.flatMap((f) => f.imports);
  assert.deepEqual(
    imports(readImportsQuickly(root)),
    imports(readAllSourceFacts(root)),
    'the quick reader agrees',
  );
  assert.equal(report.fileCount, 6, 'tests are left out');
  assert.deepEqual(report.folderCycles, [['doctor', 'plan']]);
  assert.deepEqual(report.runtimeFolderCycles, [], 'the import back up is type-only');
  assert.deepEqual(report.mutualFolders, ['doctor <-> plan']);
  assert.deepEqual(
    report.upwardImports.map((e) => [e.from, e.to, e.imports.length]),
    [['plan', 'doctor', 1]],
  );
  assert.deepEqual(report.longestChain, ['cli', 'doctor', 'plan', 'units.ts']);
  assert.equal(report.floors.cli, 4);
  assert.deepEqual(report.outsideImports, [{ file: 'cli/main.ts', imports: ['examples/workload.mjs'] }]);
});

test('pure-core I/O: direct, through an import, a shadowed `process`, adapters and barrels', () => {
  const root = writeTree('io', {
    'estimate/load.ts':
      "import { readText } from '../config/read.js';\nexport const load = (p: string) => readText(p);\n",
    'config/read.ts':
      "import { readFile } from 'node:fs/promises';\nexport const readText = (p: string) => readFile(p, 'utf8');\n",
    'plan/env.ts': 'export const env = () => process.env.HOME;\n',
    'plan/names.ts':
      'export const names = (ps: { process: string }[]) => ps.map((process) => process.process);\nexport type P = typeof process;\n',
    'plan/index.ts': "export { env } from './env.js';\n",
    'fit/io/run.ts': "import { spawn } from 'node:child_process';\nexport const run = spawn;\n",
    'fit/search.ts': "import type { run } from './io/run.js';\nexport type Run = typeof run;\n",
    'verdict/judge.ts': "import * as fs from 'fs';\nexport const exists = fs.existsSync;\n",
  });
  const report = buildImportGraph(root);
  assert.deepEqual(
    report.coreIo.map((f) => [f.file, f.builtins, f.usesProcess, f.through]),
    [
      ['estimate/load.ts', ['node:fs/promises'], false, ['config/read.ts']],
      ['plan/env.ts', [], true, []],
      ['verdict/judge.ts', ['node:fs'], false, []],
    ],
  );
});

test('files naming a framework, outside src/frameworks/', () => {
  const root = writeTree('names', {
    'frameworks/jax.ts': "export const jax = { name: 'jax' };\n",
    'plan/env.ts': "export const isJax = (f: string) => f === 'jax' || f === 'tensorrt-llm';\n",
    'plan/types.ts': "export type Framework = 'torch' | 'other';\n",
    'plan/text.ts': "export const say = 'jax is fine';\n",
  });
  const report = buildImportGraph(root);
  assert.deepEqual(report.frameworkNamingFiles, [
    { file: 'plan/env.ts', names: ['jax', 'tensorrt-llm'] },
    { file: 'plan/types.ts', names: ['torch'] },
  ]);
  assert.equal(report.frameworkNamingFilesByName.jax, 1, 'src/frameworks/jax.ts is not counted');
  assert.equal(report.frameworkNamingFilesByName.torch, 1);
});

test('src/ has no folder cycle but the ones being removed (each named with its engineer)', () => {
  const facts = readImportsQuickly(srcRoot);
  const removed = new Set(Object.keys(cyclesBeingRemoved));
  const left = analyzeImportGraph(srcRoot, withoutEdges(facts, removed));
  const describe = left.upwardImports.flatMap((edge) => edge.imports.map((i) => `${i.from} -> ${i.to}`));
  assert.deepEqual(
    left.folderCycles,
    [],
    `a folder cycle was introduced; the imports that close it:\n${describe.join('\n')}`,
  );
  // Each listed import must still be one that closes a cycle: once it is gone, its line goes too.
  const stale = [...removed].filter((edge) => {
    const others = new Set([...removed].filter((other) => other !== edge));
    const folderCycles = folderCyclesOf(withoutEdges(facts, others));
    const [from, to] = edge.split(' -> ');
    return !folderCycles.some((cycle) => cycle.includes(from!) && cycle.includes(to!));
  });
  assert.deepEqual(stale, [], 'these no longer close a cycle: delete them from cyclesBeingRemoved');
});

test('the pure core (plan, estimate, doctor, fit, verdict) reaches no node:fs, node:child_process or process', () => {
  const facts = readCoreFacts(srcRoot);
  const { coreIo } = analyzeImportGraph(srcRoot, facts);
  const described = coreIo.map(
    (f) =>
      `${f.file}: ${[...f.builtins, ...(f.usesProcess ? ['process'] : [])].join(', ')}${f.through.length > 0 ? ` through ${f.through.join(' -> ')}` : ''}`,
  );
  assert.deepEqual(described, [], 'move the reading into an io/ folder beside the core, or into an adapter');
});
