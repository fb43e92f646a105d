// The import graph's analysis (scripts/import-graph.ts) over every file's facts: folder cycles, the
// floors of the folder tower and the imports that run back up it, the pure core's I/O (direct or through
// what it imports), the files naming a framework, and the imports leaving src/.
import {
  type FileImport,
  folderOf,
  frameworkNames,
  ioBuiltins,
  isCoreAdapter,
  pureCoreFolders,
  type SourceFacts,
} from './source-facts.js';

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
