// The import graph over src/ (issue 24's measure): folder-level cycles, the floors of the folder tower
// and the imports that run back up it, the pure core's I/O imports, and how many files name a framework.
//   node --import tsx scripts/import-graph.ts [--json] [--src DIR]   (npm run import-graph)
// Production files only: *.test.ts and test-helpers/ are left out (tests may reach anywhere).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One import statement (static, re-export or dynamic) between two files under src/. */
export interface FileImport {
  from: string;
  to: string;
  /** `import type` / `export type`: erased at build time, but still a dependency of the design. */
  isTypeOnly: boolean;
}

export interface SourceFacts {
  /** Paths relative to src/, with `/`. */
  file: string;
  imports: FileImport[];
  /** Node built-ins imported (`node:fs`, `fs/promises`, …), normalised to `node:NAME`. */
  builtins: string[];
  /** Whether the file reads the global `process` (env, argv, pid, exit, signals). */
  usesProcess: boolean;
  /** Framework names written as string literals (a switch or a literal type on the name). */
  frameworkNames: string[];
  /** Only re-exports (`export … from`): a public surface, not code of its own. */
  isBarrel: boolean;
  /** Relative imports that leave src/ (`../../examples/…`): what the library needs from outside itself. */
  outsideImports?: string[];
}

/** The names a framework profile owns (src/frameworks/); a literal of one elsewhere is a switch on it. */
export const frameworkNames = [
  'jax',
  'torch',
  'pytorch',
  'tensorflow',
  'vllm',
  'sglang',
  'tensorrt-llm',
] as const;

/** The pure core (DESIGN "Layers and data flow"): data in, data out, no file, process or environment. */
export const pureCoreFolders = ['plan', 'estimate', 'doctor', 'fit', 'verdict'] as const;

/**
 * Where a core folder keeps its adapters beside the core: a file named `*.io.ts` or under an `io/` or
 * `adapters/` folder reads the machine on the core's behalf and is not held to the core's rule.
 */
export const isCoreAdapter = (file: string): boolean =>
  /(^|\/)(io|adapters)\//.test(file) || /\.io\.ts$/.test(file);

const ioBuiltins = new Set(['node:fs', 'node:fs/promises', 'node:child_process']);

const toPosix = (path: string): string => path.split(sep).join('/');

/** Every production .ts file under `srcRoot` (relative, `/`-separated, sorted). */
export function listSourceFiles(srcRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-helpers' && entry.name !== 'node_modules') walk(path);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !/\.d\.ts$/.test(entry.name)
      )
        files.push(toPosix(relative(srcRoot, path)));
    }
  };
  walk(srcRoot);
  return files.sort();
}

function resolveImport(fromFile: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = toPosix(join(dirname(fromFile), specifier));
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`];
  candidates.push(`${base}/index.ts`);
  return candidates.find((c) => known.has(c)) ?? null;
}

function builtinName(specifier: string): string | null {
  if (specifier.startsWith('node:')) return specifier;
  // Bare built-in names (`fs`, `child_process`) are the same modules.
  const bare = [
    'fs',
    'fs/promises',
    'child_process',
    'os',
    'path',
    'process',
    'net',
    'http',
    'worker_threads',
  ];
  return bare.includes(specifier) ? `node:${specifier}` : null;
}

const bindsName = (name: ts.BindingName, wanted: string): boolean =>
  ts.isIdentifier(name)
    ? name.text === wanted
    : name.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, wanted));

const declaresInList = (list: ts.ForInitializer | undefined, wanted: string): boolean =>
  list !== undefined &&
  ts.isVariableDeclarationList(list) &&
  list.declarations.some((d) => bindsName(d.name, wanted));

// Whether `scope` itself declares `wanted` (a parameter, a variable of its block, a loop or catch variable).
function declaresName(scope: ts.Node, wanted: string): boolean {
  if (ts.isFunctionLike(scope)) return scope.parameters.some((p) => bindsName(p.name, wanted));
  if (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope))
    return declaresInList(scope.initializer, wanted);
  if (ts.isCatchClause(scope))
    return scope.variableDeclaration !== undefined && bindsName(scope.variableDeclaration.name, wanted);
  if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isCaseClause(scope) || ts.isDefaultClause(scope))
    return scope.statements.some(
      (s) =>
        (ts.isVariableStatement(s) && declaresInList(s.declarationList, wanted)) ||
        ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === wanted),
    );
  return false;
}

function isInTypePosition(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isTypeNode(at) && !ts.isExpressionWithTypeArguments(at)) return true;
    if (ts.isStatement(at)) return false;
  }
  return false;
}

// An identifier `process` that names the global: not a property name, not a declaration, not a type,
// and not shadowed by a local of that name in any enclosing scope.
function isGlobalProcess(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) && parent.right === node) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) return false;
  if (ts.isExportSpecifier(parent)) return false;
  if (isInTypePosition(node)) return false;
  for (let scope: ts.Node | undefined = parent; scope; scope = scope.parent)
    if (declaresName(scope, 'process')) return false;
  return true;
}

/** Reads one file's imports, built-ins, use of `process` and framework-name literals. */
export function readSourceFacts(options: {
  srcRoot: string;
  file: string;
  known: ReadonlySet<string>;
}): SourceFacts {
  const { srcRoot, file, known } = options;
  const text = readFileSync(join(srcRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imports: FileImport[] = [];
  const builtins = new Set<string>();
  const names = new Set<string>();
  const outside = new Set<string>();
  let usesProcess = false;
  const onSpecifier = (specifier: string, isTypeOnly: boolean): void => {
    const builtin = builtinName(specifier);
    if (builtin !== null) {
      if (!isTypeOnly) builtins.add(builtin);
      if (builtin === 'node:process' && !isTypeOnly) usesProcess = true;
      return;
    }
    const to = resolveImport(file, specifier, known);
    if (to !== null) imports.push({ from: file, to, isTypeOnly });
    const target = toPosix(join(dirname(file), specifier));
    if (specifier.startsWith('.') && target.startsWith('../')) outside.add(target.replace(/^(\.\.\/)+/, ''));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const isTypeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      onSpecifier(node.moduleSpecifier.text, isTypeOnly);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      onSpecifier(node.moduleSpecifier.text, node.isTypeOnly);
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      onSpecifier(node.arguments[0].text, false);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) onSpecifier(literal.text, true);
    }
    if (ts.isStringLiteralLike(node) && (frameworkNames as readonly string[]).includes(node.text)) {
      names.add(node.text);
    }
    if (ts.isIdentifier(node) && node.text === 'process' && isGlobalProcess(node)) usesProcess = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    file,
    imports,
    builtins: [...builtins].sort(),
    usesProcess,
    frameworkNames: [...names].sort(),
    outsideImports: [...outside].sort(),
    isBarrel:
      source.statements.length > 0 &&
      source.statements.every((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined),
  };
}

/** The folder a file belongs to: its first directory under src/, or the file itself at the top. */
export const folderOf = (file: string): string => {
  const slash = file.indexOf('/');
  return slash < 0 ? file.replace(/\.tsx?$/, '.ts') : file.slice(0, slash);
};

export interface FolderEdge {
  from: string;
  to: string;
  /** The file-level imports that make it, `a.ts -> b.ts`. */
  imports: FileImport[];
}

export interface ImportGraphReport {
  srcRoot: string;
  fileCount: number;
  folderCount: number;
  /** Each folder cycle (a strongly connected set of folders, two or more), sorted names. */
  folderCycles: string[][];
  /** Folder edges that run back up: removing them leaves the folders a tower; the lighter side of each cycle. */
  upwardImports: FolderEdge[];
  upwardImportCount: number;
  /** Floors of the tower (1 = imports no other folder) and the longest chain of folders. */
  floors: Record<string, number>;
  floorCount: number;
  longestChain: string[];
  /**
   * Pure-core files that import node:fs / node:child_process or read `process`, themselves or through
   * what they import at run time (`through`: the chain to the nearest file that does).
   */
  coreIo: { file: string; builtins: string[]; usesProcess: boolean; through: string[] }[];
  /** Files outside src/frameworks/ that write a framework's name as a literal. */
  frameworkNamingFiles: { file: string; names: string[] }[];
  frameworkNamingFileCount: number;
  /** Per framework name: how many files outside src/frameworks/ write it (what adding one like it touches). */
  frameworkNamingFilesByName: Record<string, number>;
  /** Counted again with type-only imports left out (what runs, not what is described). */
  runtimeFolderCycles: string[][];
  /** Files of src/ importing a file outside it (`probe/gpu/sim-backend.ts -> examples/…`). */
  outsideImports: { file: string; imports: string[] }[];
  /** Two folders that import each other directly (`a <-> b`), and those that do so at run time. */
  mutualFolders: string[];
  runtimeMutualFolders: string[];
}

function stronglyConnected(nodes: readonly string[], edges: ReadonlyMap<string, Set<string>>): string[][] {
  // Tarjan's algorithm; the graph is a few dozen folders.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        onStack.delete(top);
        component.push(top);
        if (top === node) break;
      }
      components.push(component.sort());
    }
  };
  for (const node of nodes) if (!indices.has(node)) connect(node);
  return components;
}

function folderEdges(imports: readonly FileImport[]): Map<string, FolderEdge> {
  const edges = new Map<string, FolderEdge>();
  for (const item of imports) {
    const from = folderOf(item.from);
    const to = folderOf(item.to);
    if (from === to) continue;
    const key = `${from}\u0000${to}`;
    const edge = edges.get(key) ?? { from, to, imports: [] };
    edge.imports.push(item);
    edges.set(key, edge);
  }
  return edges;
}

const adjacency = (edges: Iterable<FolderEdge>): Map<string, Set<string>> => {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) next.set(edge.from, (next.get(edge.from) ?? new Set()).add(edge.to));
  return next;
};

// Within one cycle, the order of folders (lowest floor first) whose upward edges carry the fewest
// imports: every order for small cycles, else the order that puts the most-imported folder lowest.
function orderCycle(members: readonly string[], edges: ReadonlyMap<string, FolderEdge>): string[] {
  const weight = (from: string, to: string): number => edges.get(`${from}\u0000${to}`)?.imports.length ?? 0;
  const cost = (order: readonly string[]): number => {
    let sum = 0;
    for (let low = 0; low < order.length; low++)
      for (let high = low + 1; high < order.length; high++) sum += weight(order[low]!, order[high]!);
    return sum;
  };
  if (members.length <= 7) {
    let best: string[] = [...members];
    let bestCost = cost(best);
    const permute = (prefix: string[], rest: string[]): void => {
      if (rest.length === 0) {
        const c = cost(prefix);
        if (c < bestCost) [best, bestCost] = [prefix, c];
        return;
      }
      for (const item of rest)
        permute(
          [...prefix, item],
          rest.filter((r) => r !== item),
        );
    };
    permute([], [...members]);
    return best;
  }
  const importedBy = (folder: string): number =>
    members.reduce((sum, other) => sum + weight(other, folder), 0);
  return [...members].sort((a, b) => importedBy(b) - importedBy(a));
}

const doesIo = (f: SourceFacts): boolean => f.usesProcess || f.builtins.some((b) => ioBuiltins.has(b));

// The shortest chain of run-time imports from `file` to a file that does I/O (itself: a chain of one).
function nearestIo(file: string, byFile: ReadonlyMap<string, SourceFacts>): string[] | null {
  const cameFrom = new Map<string, string | null>([[file, null]]);
  for (const queue = [file]; queue.length > 0; ) {
    const at = queue.shift()!;
    const f = byFile.get(at);
    if (!f) continue;
    if (doesIo(f)) {
      const chain: string[] = [];
      for (let step: string | null = at; step !== null; step = cameFrom.get(step) ?? null)
        chain.unshift(step);
      return chain;
    }
    for (const item of f.imports)
      if (!item.isTypeOnly && !cameFrom.has(item.to)) {
        cameFrom.set(item.to, at);
        queue.push(item.to);
      }
  }
  return null;
}

/** The folder cycles alone (sets of two or more folders), cheaper than the whole report. */
export function folderCyclesOf(facts: readonly SourceFacts[]): string[][] {
  const folders = [...new Set(facts.map((f) => folderOf(f.file)))].sort();
  const edges = folderEdges(facts.flatMap((f) => f.imports));
  return stronglyConnected(folders, adjacency(edges.values())).filter((c) => c.length > 1);
}

/** Builds the report from every file's facts. */
export function analyzeImportGraph(srcRoot: string, facts: readonly SourceFacts[]): ImportGraphReport {
  const allImports = facts.flatMap((f) => f.imports);
  const folders = [...new Set(facts.map((f) => folderOf(f.file)))].sort();
  const edges = folderEdges(allImports);
  const components = stronglyConnected(folders, adjacency(edges.values()));
  const folderCycles = components
    .filter((c) => c.length > 1)
    .sort((a, b) => a.join().localeCompare(b.join()));
  const runtimeEdges = folderEdges(allImports.filter((i) => !i.isTypeOnly));
  const runtimeFolderCycles = stronglyConnected(folders, adjacency(runtimeEdges.values()))
    .filter((c) => c.length > 1)
    .sort((a, b) => a.join().localeCompare(b.join()));
  // An edge runs back up when, inside its cycle, it goes from a lower folder to a higher one.
  const upward = new Set<string>();
  for (const cycle of folderCycles) {
    const order = orderCycle(cycle, edges); // order[0] is the lowest
    for (let low = 0; low < order.length; low++)
      for (let high = low + 1; high < order.length; high++) {
        const key = `${order[low]}\u0000${order[high]}`;
        if (edges.has(key)) upward.add(key);
      }
  }
  const upwardImports = [...upward].map((key) => edges.get(key)!);
  const downward = [...edges.entries()].filter(([key]) => !upward.has(key)).map(([, edge]) => edge);
  const below = adjacency(downward);
  const floors: Record<string, number> = {};
  const chainOf = new Map<string, string[]>();
  const floorOf = (folder: string, seen: Set<string>): number => {
    if (floors[folder] !== undefined) return floors[folder];
    seen.add(folder);
    let best: string[] = [];
    for (const next of below.get(folder) ?? []) {
      if (seen.has(next)) continue; // cannot happen once upward edges are out; kept as a guard
      floorOf(next, seen);
      const chain = chainOf.get(next) ?? [];
      if (chain.length > best.length) best = chain;
    }
    seen.delete(folder);
    chainOf.set(folder, [folder, ...best]);
    floors[folder] = best.length + 1;
    return floors[folder];
  };
  for (const folder of folders) floorOf(folder, new Set());
  const longestChain = [...chainOf.values()].reduce((a, b) => (b.length > a.length ? b : a), []);
  const byFile = new Map(facts.map((f) => [f.file, f]));
  const coreIo = facts
    .filter(
      (f) =>
        (pureCoreFolders as readonly string[]).includes(folderOf(f.file)) &&
        !isCoreAdapter(f.file) &&
        !f.isBarrel,
    )
    .flatMap((f) => {
      const chain = nearestIo(f.file, byFile);
      if (chain === null) return [];
      const doer = facts.find((d) => d.file === chain.at(-1))!;
      const builtins = doer.builtins.filter((b) => ioBuiltins.has(b));
      return [{ file: f.file, builtins, usesProcess: doer.usesProcess, through: chain.slice(1) }];
    });
  const frameworkNamingFiles = facts
    .filter((f) => folderOf(f.file) !== 'frameworks' && f.frameworkNames.length > 0)
    .map((f) => ({ file: f.file, names: f.frameworkNames }));
  const mutual = (from: ReadonlyMap<string, FolderEdge>): string[] =>
    [...from.values()]
      .filter((edge) => edge.from < edge.to && from.has(`${edge.to}\u0000${edge.from}`))
      .map((edge) => `${edge.from} <-> ${edge.to}`)
      .sort();
  return {
    srcRoot,
    fileCount: facts.length,
    folderCount: folders.length,
    folderCycles,
    upwardImports,
    upwardImportCount: upwardImports.reduce((sum, edge) => sum + edge.imports.length, 0),
    floors,
    floorCount: longestChain.length,
    longestChain,
    coreIo,
    frameworkNamingFiles,
    frameworkNamingFileCount: frameworkNamingFiles.length,
    frameworkNamingFilesByName: Object.fromEntries(
      frameworkNames.map((name) => [name, frameworkNamingFiles.filter((f) => f.names.includes(name)).length]),
    ),
    runtimeFolderCycles,
    outsideImports: facts
      .filter((f) => (f.outsideImports ?? []).length > 0)
      .map((f) => ({ file: f.file, imports: f.outsideImports ?? [] })),
    mutualFolders: mutual(edges),
    runtimeMutualFolders: mutual(runtimeEdges),
  };
}

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

/** Reads every production file under `srcRoot`. */
export function readAllSourceFacts(srcRoot: string): SourceFacts[] {
  const files = listSourceFiles(srcRoot);
  const known = new Set(files);
  return files.map((file) => readSourceFacts({ srcRoot, file, known }));
}

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
